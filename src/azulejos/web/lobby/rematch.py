"""Rematches (docs/api.md, "Rematch"): after a public game (lobby or quick match) ends, a seat
offers a rematch; once every seat took it, a new public game with the same settings and the
same players is made, the seats turned by one so that another player starts, and every seat's
page is told (a websocket ``rematch`` message, here and on the other processes; the page also
asks now and then, for processes that share no bus). A seat declining ends the offer; so does
an offer nobody took within :data:`OFFER_SECONDS`. A seat that left the game (resigned, out of
time) may still take part: it is the player's account that plays the next game.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection

from ..protocol import GameError
from ..views import Access
from .settings import settings_of
from .store import LobbySeat, PublicGame, Rematch

if TYPE_CHECKING:
    from .service import LobbyService

log = logging.getLogger("azulejos.web")

#: An offer nobody else took within this many seconds has ended.
OFFER_SECONDS = 600.0


class Rematches:
    """Rematch offers of a :class:`~.service.LobbyService`."""

    def __init__(self, lobby: LobbyService) -> None:
        self.lobby = lobby
        self.store = lobby.store
        self.run = lobby.run
        lobby.games.notice_hooks["rematch"] = self._noticed

    async def _public(self, access: Access) -> tuple[PublicGame, int | None]:
        """The public game of ``access``'s game and the seat it holds (None: a spectator)."""
        pg: PublicGame | None = await self.run(self.store.of_game, access.game_id)
        if pg is None:
            raise GameError("no_rematch", "only games from the lobby or a quick match can be "
                            "played again", 409)
        held = access.seats | access.left
        seat = min(held) if access.role == "seat" and len(held) == 1 else None
        return pg, seat

    def _json(self, rm: Rematch | None) -> dict[str, Any]:
        if rm is None:
            return {"status": "none", "offered_by": None, "accepted": [], "game": None}
        status = rm.status
        if status == "open" and self.lobby.now() - rm.created > OFFER_SECONDS:
            status = "declined"
        return {"status": "open" if status == "starting" else status,
                "offered_by": None if status == "declined" else rm.offered_by,
                "accepted": sorted(rm.seats) if status == "open" else [],
                "game": None}

    async def state(self, access: Access) -> dict[str, Any]:
        """The offer of ``access``'s game (``none``, ``open``, ``declined``, ``started``); once
        started, for a seat: the new game, its seat there and a seat token of its own."""
        pg, seat = await self._public(access)
        rm: Rematch | None = await self.run(self.store.rematch, access.game_id)
        if rm is not None and rm.status == "starting" and rm.lobby_id is not None:
            # its maker died after the last vote? made here after the lobby's wait
            await self.lobby.recover(rm.lobby_id)
            if await self.run(self.store.link_rematches):
                rm = await self.run(self.store.rematch, access.game_id)
        out = self._json(rm)
        out |= {"seat": None, "token": None}
        if rm is not None and rm.status == "started" and rm.lobby_id is not None:
            new = await self.lobby.public_game(rm.lobby_id)
            out["game"] = new.game_id
            if seat is not None and new.game_id is not None:
                account = pg.seats[seat].account_id
                mine = next((i for i, s in enumerate(new.seats) if s.account_id == account),
                            None)
                if mine is not None:
                    out["seat"] = mine
                    out["token"] = await self.lobby.token_for(account, new.game_id, mine)
        return out

    async def offer(self, access: Access) -> dict[str, Any]:
        """Offer a rematch, or take the one offered; the game is made when every seat took
        it."""
        pg, seat = await self._public(access)
        if seat is None:
            raise GameError("spectator", "only a player at a seat can ask for a rematch", 403)
        live = await self.lobby.games.get(access.game_id)
        if live.status != "over":
            raise GameError("not_over", "a rematch can be asked for once the game has ended",
                            409)
        # the same checks as joining a public game (a fair-play wait before a rated one)
        await self.lobby.check_may_play(pg.seats[seat].profile_id, settings_of(pg.settings))
        rm: Rematch | None = await self.run(self.store.rematch, access.game_id)
        if rm is not None and rm.status == "open" and self._json(rm)["status"] == "declined":
            await self.run(self.store.decline, access.game_id)  # expired: a new offer now
        lobby_id, write = self._next(pg)
        outcome = await self.run(self.store.vote, access.game_id, seat, pg.players,
                                 self.lobby.now(), (lobby_id, write))
        if outcome == "full":
            try:
                await self.lobby.start(lobby_id)
            except Exception:
                await self.run(self.store.close_starting, lobby_id)
                await self.run(self.store.rematch_started, access.game_id, None)
                raise
            log.info("game %s: rematch made (public game %s)", pg.game_id, lobby_id)
            await self.run(self.store.rematch_started, access.game_id, lobby_id)
        self._tell(access.game_id)
        return await self.state(access)

    async def decline(self, access: Access) -> dict[str, Any]:
        """End the open offer (any seat may)."""
        _pg, seat = await self._public(access)
        if seat is None:
            raise GameError("spectator", "only a player at a seat can decline a rematch", 403)
        if not await self.run(self.store.decline, access.game_id):
            raise GameError("no_offer", "no rematch is on offer in this game", 409)
        self._tell(access.game_id)
        return await self.state(access)

    def _next(self, pg: PublicGame) -> tuple[str, Callable[[Connection], None]]:
        """The new public game's id and the writer of its row (in ``starting``; written with
        the vote that fills the rematch): the same settings, the seats turned by one (the
        second player sits first and starts)."""
        n = len(pg.seats)
        turned = [pg.seats[(k + 1) % n] for k in range(n)]
        seats = [LobbySeat(k, s.account_id, s.profile_id, s.name) for k, s in enumerate(turned)]
        lobby_id = secrets.token_urlsafe(8)
        settings = settings_of(pg.settings).to_json()
        now = self.lobby.now()

        def write(conn: Connection) -> None:
            self.store.create(lobby_id, "rematch", settings, n, None, now, "starting", seats,
                              conn)

        return lobby_id, write

    # -- telling the pages ---------------------------------------------------------------------
    def _tell(self, game_id: str) -> None:
        """The offer changed: the pages here and on the other processes are told."""
        self.lobby.games.bus.publish("rematch", game_id)
        self._send_here(game_id)

    async def _noticed(self, game_id: str, _version: int) -> None:
        self._send_here(game_id)

    def _send_here(self, game_id: str) -> None:
        """A ``rematch`` message to this process's viewers of the game: they ask
        ``GET /api/games/{id}/rematch`` for the offer (and a seated page for its token)."""
        self.lobby.games.tell_viewers(game_id, {"type": "rematch", "game": game_id})
