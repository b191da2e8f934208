"""The lobby's service: public games opened, listed, joined and left; the game made when the
last seat is taken (docs/api.md, "Lobby"). Quick match (:mod:`.quick`) and rematches
(:mod:`.rematch`) make their public games through :meth:`LobbyService.start`.

A public game has no invitations: its seats are taken by signed-in accounts, and its game is
made only once every seat is taken (nobody moves or runs a clock before that), each seat
claimed for its account's profile. Each player then gets a seat token of their own, as another
device of the account would (``/api/games/{id}/seat-token``): the lobby keeps no seat token.
The game's spectator token is kept and shown to anyone: public games can be watched.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..profile_store import Profile
from ..protocol import GameError
from ..storage import token_digest
from ..tokens import new_token
from .settings import GameSettings, parse_settings, settings_of
from .store import LobbySeat, PublicGame, SqlLobby

if TYPE_CHECKING:
    from ..accounts.service import AccountService, SignedIn
    from ..service import GameService

log = logging.getLogger("azulejos.web")

#: Open public games one account may sit in at once.
MAX_OPEN = 3
#: Public games a lobby listing shows (open ones, and live ones to watch).
LISTED = 100
#: An open public game expires this long (seconds) after it was opened, its free seats not
#: all taken: the lobby stops listing it, and its players are told (docs/api.md, "Lobby").
OPEN_FOR = 30 * 60.0
#: A public game in ``starting`` unchanged this long (seconds) has lost the process making its
#: game: whichever process looks next makes it (making one takes well under a second).
STUCK_AFTER = 60.0


def _check_id(value: Any) -> str:
    if not isinstance(value, str) or not value or len(value) > 32:
        raise GameError("unknown_lobby", "there is no such public game", 404)
    return value


def _not_expired(pg: PublicGame) -> None:
    if pg.status == "expired":
        minutes = round(OPEN_FOR / 60)
        raise GameError("lobby_expired", f"this public game expired: nobody took its free "
                        f"seats within {minutes} minutes", 409, {"minutes": minutes})


class LobbyService:
    """Public games (see the module text) over the game service and the accounts."""

    def __init__(self, games: GameService, accounts: AccountService, store: SqlLobby,
                 now: Callable[[], float] = time.time) -> None:
        self.games = games
        self.accounts = accounts
        self.store = store
        self.run = games.profiles.run
        self.now = now
        #: Checked before an account opens, joins or seeks a public game or takes a rematch,
        #: with its profile's id and the game's settings (the fair-play waits hook in here:
        #: raise a GameError to refuse; docs/api.md, "Lobby").
        self.may_play: list[Callable[[str, GameSettings], Any]] = []

    async def check_may_play(self, who: SignedIn | str, settings: GameSettings) -> None:
        """Run the :attr:`may_play` checks for ``who`` (signed in, or its profile's id)."""
        profile = who if isinstance(who, str) else who.account.profile_id
        for check in self.may_play:
            got = check(profile, settings)
            if asyncio.iscoroutine(got):
                await got

    # -- reading -------------------------------------------------------------------------------
    @staticmethod
    def public_json(pg: PublicGame) -> dict[str, Any]:
        return {
            "id": pg.lobby_id, "kind": pg.kind, "status": pg.status,
            **settings_of(pg.settings).to_json(),
            "seats": [{"seat": i, "name": s.name, "profile": s.profile_id}
                      for i, s in enumerate(pg.seats)],
            "free": max(0, pg.players - len(pg.seats)),
            "created": pg.created,
            "expires": pg.created + OPEN_FOR if pg.status == "open" else None,
            "game": pg.game_id if pg.status == "started" else None,
            "spectator_token": pg.spectator if pg.status == "started" else None,
        }

    async def listing(self) -> dict[str, Any]:
        """The open public games (oldest first) and the live ones to watch (newest first)."""
        open_games = await self.run(self.store.open_games, LISTED, self.now() - OPEN_FOR)
        live = await self.run(self.store.live_games, LISTED)
        return {"open": [self.public_json(g) for g in open_games],
                "live": [self.public_json(g) for g in live]}

    async def public_game(self, lobby_id: Any) -> PublicGame:
        got: PublicGame | None = await self.run(self.store.get, _check_id(lobby_id))
        if got is None:
            raise GameError("unknown_lobby", "there is no such public game", 404)
        if got.status == "open" and got.created < self.now() - OPEN_FOR:
            await self.run(self.store.expire, self.now() - OPEN_FOR, got.lobby_id)
            return await self.public_game(lobby_id)
        return got

    async def token_for(self, account_id: str, game_id: str, seat: int) -> str:
        """A new seat token of the account's seat (kept as a digest; revoked with the account's
        sessions, as every further seat token is)."""
        token = new_token()
        await self.run(self.accounts.store.add_seat_token, token_digest(token), game_id, seat,
                       account_id)
        return token

    async def status(self, who: SignedIn | None, lobby_id: Any) -> dict[str, Any]:
        """A public game as the lobby lists it; ``you``: a seated account's seat, and once the
        game is made a seat token of its own (null: not signed in, or not seated)."""
        pg = await self.public_game(lobby_id)
        if pg.status == "starting" and await self.recover(pg.lobby_id):
            pg = await self.public_game(lobby_id)
        out = self.public_json(pg)
        out["you"] = None if who is None else await self.seat_of(who.account.account_id, pg)
        return out

    async def seat_of(self, account_id: str, pg: PublicGame) -> dict[str, Any] | None:
        seat = next((i for i, s in enumerate(pg.seats) if s.account_id == account_id), None)
        if seat is None:
            return None
        if pg.status != "started" or pg.game_id is None:
            return {"seat": seat, "token": None}
        return {"seat": seat, "token": await self.token_for(account_id, pg.game_id, seat)}

    # -- opening, joining, leaving -------------------------------------------------------------
    async def open(self, who: SignedIn, data: Any) -> dict[str, Any]:
        """Open a public game with the account in its first seat."""
        settings = parse_settings(data)
        await self.check_may_play(who, settings)
        if await self.run(self.store.open_count, who.account.account_id,
                          self.now() - OPEN_FOR) >= MAX_OPEN:
            raise GameError("too_many_open", f"an account may wait in at most {MAX_OPEN} open "
                            "public games: leave one first", 409, {"max": MAX_OPEN})
        lobby_id = secrets.token_urlsafe(8)
        me = LobbySeat(0, who.account.account_id, who.account.profile_id, who.account.name)
        await self.run(self.store.create, lobby_id, "open", settings.to_json(),
                       settings.players, who.account.account_id, self.now(), "open", [me])
        log.info("public game %s opened", lobby_id)
        return await self.status(who, lobby_id)

    async def join(self, who: SignedIn, lobby_id: Any) -> dict[str, Any]:
        """Take a free seat; the game is made when this was the last one."""
        pg = await self.public_game(lobby_id)
        _not_expired(pg)
        settings = settings_of(pg.settings)
        await self.check_may_play(who, settings)
        seat = LobbySeat(-1, who.account.account_id, who.account.profile_id, who.account.name)
        outcome = await self.run(self.store.join, pg.lobby_id, seat, self.now(),
                                 self.now() - OPEN_FOR)
        if outcome == "already":
            raise GameError("already_seated", "you already sit at this game", 409)
        if outcome == "no_seat":
            raise GameError("no_free_seat", "every seat of this game is taken", 409)
        if outcome == "not_open":
            raise GameError("not_open", "this game is no longer open (it started or was "
                            "closed)", 409)
        if outcome == "full":
            try:
                await self.start(pg.lobby_id, start_player=secrets.randbelow(pg.players))
            except Exception:
                await self.run(self.store.reopen, pg.lobby_id, who.account.account_id)
                raise
        return await self.status(who, pg.lobby_id)

    async def leave(self, who: SignedIn, lobby_id: Any) -> dict[str, Any]:
        """Give up one's seat of an open public game (the creator leaving closes it)."""
        pg = await self.public_game(lobby_id)
        _not_expired(pg)
        outcome = await self.run(self.store.leave, pg.lobby_id, who.account.account_id)
        if outcome == "not_seated":
            raise GameError("not_seated", "you do not sit at this game", 409)
        if outcome == "not_open":
            raise GameError("not_open", "this game is no longer open (it started or was "
                            "closed)", 409)
        return await self.status(who, pg.lobby_id)

    # -- making the game -----------------------------------------------------------------------
    async def start(self, lobby_id: str, start_player: int = 0) -> str:
        """Make the game of a public game in ``starting``: every seat a person's, claimed for
        its account's profile (so that its account can open it on any device), rated if its
        settings say so. The game's id."""
        pg = await self.public_game(lobby_id)
        settings = settings_of(pg.settings)
        created = await self.games.create(settings.request(start_player), None, settings.rated,
                                          None)
        gid: str = created["game"]
        for spec, person in zip(created["seats"], pg.seats, strict=True):
            await self.games.claim(gid, spec["invite"], None,
                                   Profile(person.profile_id, person.name, 0.0))
        if not await self.run(self.store.started, lobby_id, gid, created["spectator_token"]):
            # another process made it first (this one was taken for gone): that game is the
            # public game's; this one, nobody's to play, ends with the expiry of games
            now = await self.public_game(lobby_id)
            log.warning("public game %s: game %s made twice; %s is its game", lobby_id, gid,
                        now.game_id)
            if now.game_id is None:
                raise GameError("not_open", "this game is no longer open (it started or was "
                                "closed)", 409)
            return now.game_id
        log.info("public game %s started as game %s", lobby_id, gid)
        return gid

    # -- stuck and stale public games (the parts' pass, web/parts.py) -------------------------
    async def tick(self) -> None:
        """Expire the open public games past :data:`OPEN_FOR`; make the games of those stuck
        in ``starting`` (see :meth:`recover`)."""
        expired = await self.run(self.store.expire, self.now() - OPEN_FOR)
        if expired:
            log.info("%d open public games expired", len(expired))
        for lobby_id in await self.run(self.store.stuck, self.now() - STUCK_AFTER):
            await self.recover(lobby_id)
        await self.run(self.store.link_rematches)  # those made here for a rematch

    async def recover(self, lobby_id: str) -> bool:
        """Make the game of a public game stuck in ``starting`` for :data:`STUCK_AFTER`
        seconds (the process that took its last seat, or paired it, died before making its
        game), if this process is the one that takes it (docs/api.md, "Lobby"). True: made."""
        now = self.now()
        if not await self.run(self.store.take_stuck, lobby_id, now - STUCK_AFTER, now):
            return False
        pg = await self.public_game(lobby_id)
        first = secrets.randbelow(pg.players) if pg.kind in ("open", "ladder") else 0
        try:
            gid = await self.start(lobby_id, start_player=first)
        except Exception:
            log.exception("public game %s: its game could not be made; tried again later",
                          lobby_id)
            return False
        log.info("public game %s was stuck in starting: game %s made here", lobby_id, gid)
        return True
