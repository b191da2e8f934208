"""Wait or bot (issue 28, item 2; docs/api.md, "Wait or bot"): when a person's turn runs out
in a game where other seats are people, those people are offered the choice: wait (the player
may still move, and the offer stays open) or hand the seat to the stand-in bot now. Nobody
choosing within the grace time (:func:`.clocks.grace_seconds`) is the bot. A hot-seat game and a
game of one person against bots hand the seat to the bot at once, as before.

The offer is kept in the game's row (schema revision 0010) and written by conditional updates
naming the game's version, so with several server processes it is opened once, a move stored
meanwhile wins, and the bot's take-over is the same ``leave`` (reason ``timeout``) as ever:
of a choice and the default, exactly one applies it.
"""

from __future__ import annotations

import logging
from typing import Any

from .clock_store import Due
from .clocks import Offer, grace_seconds
from .live import Live
from .protocol import GameError
from .service_base import ServiceBase
from .views import Access

log = logging.getLogger("azulejos.web")

#: The choices of ``POST /api/games/{id}/timeout``.
CHOICES = ("wait", "bot")


class OverduePart(ServiceBase):
    """The wait-or-bot offers of :class:`~azulejos.web.service.GameService`."""

    async def _overdue(self, d: Due) -> int:
        """Seat ``d.seat`` of game ``d.game_id`` ran out of time at ``d.version``: offer the
        other people the choice, or (nobody to ask) hand the seat to the bot. 1 if a seat was
        handed to the bot here."""
        try:
            live = await self.get(d.game_id)
        except GameError:
            return 0
        clock = live.host.clock
        if not live.others_choose(d.seat) or clock is None or clock.turn is None:
            return int(await self._time_out(d.game_id, d.seat, d.version))
        deadline = clock.turn.deadline if clock.turn.deadline is not None else self.now()
        offer = Offer(d.seat, d.version, "open", deadline + grace_seconds(clock.spec))
        async with self._lock(d.game_id):
            if live.version != d.version:
                return 0  # moved on meanwhile
            opened = True
            if self.clock_store is not None:
                opened = await self._db(self.clock_store.open_offer, d.game_id, offer)
            if opened:
                live.offer = offer
        if opened:
            self.bus.publish("seats", d.game_id)  # the other processes read it again
            self._broadcast(live)
        return 0

    async def _load_offer(self, live: Live) -> None:
        if self.clock_store is not None:
            live.offer = await self._db(self.clock_store.offer, live.game_id)

    def _defaulted_here(self, now: float) -> list[Due]:
        """The open offers of the games held here nobody answered by ``now`` (no database)."""
        out = []
        for gid, live in list(self._games.items()):
            o = live.offer
            if (o is not None and o.state == "open" and o.version == live.version
                    and o.until is not None and o.until <= now):
                out.append(Due(gid, o.version, o.seat))
        return out

    async def choose_timeout(self, access: Access, choice: Any) -> dict[str, Any]:
        """Another player's answer to the offer (``"wait"`` or ``"bot"``): refused for a
        spectator, the overdue player, a seat that left, no offer, or an offer already closed
        (the player moved, or the bot took the seat)."""
        if choice not in CHOICES:
            raise GameError("malformed", "'choice' must be \"wait\" or \"bot\"")
        if access.role != "seat" or not access.seats:
            raise GameError("not_a_player", "only another player of this game may choose to "
                            "wait or to hand the seat to the bot", 403)
        gid = access.game_id
        async with self._lock(gid):
            live = await self._fresh(gid)
            if live.expired is not None:
                raise GameError("expired", "this game expired: nobody had moved for too long",
                                409)
            await self._load_offer(live)
            offer = live.offer
            if not access.seats - set(live.session.left):
                raise GameError("not_a_player", "only another player of this game may choose "
                                "to wait or to hand the seat to the bot", 403)
            if offer is None or offer.version != live.version or offer.seat in live.session.left:
                raise GameError("no_offer", "nobody is out of time here now (the player moved, "
                                "or the bot plays the seat already)", 409)
            if offer.seat in access.seats:
                raise GameError("overdue_player", "your time ran out: you may still move, and "
                                "the other players choose whether to wait", 403)
            if choice == "wait":
                waited = Offer(offer.seat, offer.version, "wait", None)
                if self.clock_store is not None and not await self._db(
                        self.clock_store.wait, gid, offer.version, offer.seat):
                    raise GameError("no_offer", "nobody is out of time here now (the player "
                                    "moved, or the bot plays the seat already)", 409)
                live.offer = waited
        if choice == "wait":
            self.bus.publish("seats", gid)
            self._broadcast(live)
            return {"choice": "wait", "seat": offer.seat}
        if not await self._time_out(gid, offer.seat, offer.version):
            raise GameError("no_offer", "nobody is out of time here now (the player moved, or "
                            "the bot plays the seat already)", 409)
        return {"choice": "bot", "seat": offer.seat}
