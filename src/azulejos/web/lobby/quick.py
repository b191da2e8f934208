"""Quick match (docs/api.md, "Quick match"): a signed-in account asks for a game with some
settings and is paired with others who asked for the same settings, within a rating band that
widens while they wait.

The rating is the account's openskill ordinal (``mu - 3 sigma``, :mod:`azulejos.play.ratings`)
in the pool of the settings' player count and wall side (a new player: 0), read when asked.
The band is ``BAND_START`` either side, wider by ``BAND_STEP`` every ``BAND_EVERY`` seconds of
waiting; two requests can be paired when their ratings differ by no more than the narrower of
their two bands (each player's band must take the other in). A game of 3 or 4 players needs
every pair of its players within their bands.

Pairing happens when a request is made and whenever a waiting player asks how it stands (the
browser asks every two seconds; a request whose player stopped asking for
:data:`SEEK_TIMEOUT` seconds is not paired: its page is gone): the longest-waiting requests
that fit are taken, and one conditional update moves them all from ``waiting`` to ``matched`` or none (another process
pairing one of them at the same moment makes the update fail, and nothing changes). The
process that paired them makes the game.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from azulejos.play.ratings import Rating, initial

from ..protocol import GameError
from .settings import parse_settings
from .store import LobbySeat, Seek

if TYPE_CHECKING:
    from ..accounts.service import SignedIn
    from .service import LobbyService

#: The rating band: ``BAND_START`` ordinal points either side, ``BAND_STEP`` more every
#: ``BAND_EVERY`` seconds waited (openskill ordinals: a new player is at 0, one game moves a
#: rating by a few points).
BAND_START = 10.0
BAND_STEP = 2.5
BAND_EVERY = 10.0
#: A waiting request whose player has not asked how it stands for this long is not paired
#: (its page is gone; the browser asks every 2 seconds).
SEEK_TIMEOUT = 30.0


def band(waited: float) -> float:
    """How far from a request's rating its band reaches after ``waited`` seconds."""
    return BAND_START + BAND_STEP * int(max(0.0, waited) // BAND_EVERY)


def fits(a: Seek, b: Seek, now: float) -> bool:
    """Two requests may be paired: each rating within the other's band."""
    return abs(a.rating - b.rating) <= min(band(now - a.created), band(now - b.created))


def pool_of(players: int, variant: str) -> str:
    return f"{players}-{variant}"


def _ticket(value: Any) -> str:
    if not isinstance(value, str) or not value or len(value) > 32:
        raise GameError("unknown_ticket", "there is no such quick-match request", 404)
    return value


class QuickMatch:
    """Quick-match requests of a :class:`~.service.LobbyService`."""

    def __init__(self, lobby: LobbyService) -> None:
        self.lobby = lobby
        self.store = lobby.store
        self.run = lobby.run

    async def rating(self, profile_id: str, players: int, variant: str) -> float:
        store = self.lobby.games.profiles.store
        ratings: dict[str, tuple[Rating, int]] = (
            {} if store is None else await self.run(store.ratings, profile_id))
        got = ratings.get(pool_of(players, variant))
        return (got[0] if got else initial()).ordinal

    async def seek(self, who: SignedIn, data: Any) -> dict[str, Any]:
        """Ask for a quick match (an earlier waiting request of the account is cancelled)."""
        settings = parse_settings(data)
        await self.lobby.check_may_play(who, settings)
        a = who.account
        seek = Seek(secrets.token_urlsafe(12), a.account_id, a.profile_id, a.name,
                    settings.key, settings.to_json(),
                    await self.rating(a.profile_id, settings.players, settings.variant),
                    self.lobby.now(), "waiting", None)
        await self.run(self.store.seek, seek)
        await self._pair(seek)
        return await self.status(who, seek.ticket)

    async def _mine(self, who: SignedIn, ticket: Any) -> Seek:
        got: Seek | None = await self.run(self.store.get_seek, _ticket(ticket))
        if got is None or got.account_id != who.account.account_id:
            # another account's ticket answers as an unknown one
            raise GameError("unknown_ticket", "there is no such quick-match request", 404)
        return got

    async def status(self, who: SignedIn, ticket: Any) -> dict[str, Any]:
        """How a request stands: ``waiting`` (with the band now), ``matched`` (with the game
        once it is made, and a seat token of the account's own) or ``cancelled``. A waiting
        request is tried for a pairing first."""
        seek = await self._mine(who, ticket)
        if seek.status == "waiting":
            await self.run(self.store.seen, seek.ticket, self.lobby.now())
            if await self._pair(seek):
                seek = await self._mine(who, ticket)
        now = self.lobby.now()
        out: dict[str, Any] = {
            "ticket": seek.ticket, "status": seek.status, **seek.settings,
            "rating": round(seek.rating, 3), "waited": round(max(0.0, now - seek.created), 3),
            "band": band(now - seek.created) if seek.status == "waiting" else None,
            "lobby": seek.lobby_id, "game": None, "seat": None, "token": None,
        }
        if seek.status == "matched" and seek.lobby_id is not None:
            pg = await self.lobby.public_game(seek.lobby_id)
            if pg.status == "starting" and await self.lobby.recover(pg.lobby_id):
                pg = await self.lobby.public_game(seek.lobby_id)  # its pairer died: made here
            you = await self.lobby.seat_of(who.account.account_id, pg)
            if pg.status == "started" and you is not None:
                out |= {"game": pg.game_id, "seat": you["seat"], "token": you["token"]}
        return out

    async def cancel(self, who: SignedIn, ticket: Any) -> dict[str, Any]:
        """Cancel a waiting request; ``already_matched`` (409) once it was paired."""
        seek = await self._mine(who, ticket)
        if not await self.run(self.store.cancel, seek.ticket, who.account.account_id):
            seek = await self._mine(who, ticket)
            if seek.status == "matched":
                raise GameError("already_matched", "this request was paired already: open "
                                "its game", 409, {"lobby": seek.lobby_id})
            raise GameError("not_waiting", "this request is no longer waiting", 409)
        return await self.status(who, seek.ticket)

    async def _pair(self, me: Seek) -> bool:
        """Pair ``me`` with the longest-waiting requests that fit (see the module text) and
        make the game; False if there were not enough, or another process took one first."""
        players = int(me.settings["players"])
        now = self.lobby.now()
        waiting: list[Seek] = await self.run(self.store.waiting, me.settings_key,
                                             now - SEEK_TIMEOUT)
        group = [me]
        for other in waiting:
            if len(group) == players:
                break
            if other.ticket == me.ticket or any(g.account_id == other.account_id for g in group):
                continue
            if all(fits(other, g, now) for g in group):
                group.append(other)
        if len(group) < players:
            return False
        order = list(group)
        secrets.SystemRandom().shuffle(order)  # who sits first (and starts): by chance
        seats = [LobbySeat(i, s.account_id, s.profile_id, s.name) for i, s in enumerate(order)]
        lobby_id = secrets.token_urlsafe(8)
        if not await self.run(self.store.pair, [s.ticket for s in group], lobby_id, "quick",
                              me.settings, seats, now):
            return False
        await self.lobby.start(lobby_id)
        return True
