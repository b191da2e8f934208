"""Games nobody has touched for a set time expire (issue 28, item 4; docs/api.md, "Expiry"):
untimed games after 30 days without a move, timed ones after three times a turn's whole time
(at least a day, at most 30 days: :func:`.clocks.expiry_seconds`). An expired game leaves play:
its status is ``expired``, its bots stop (the all-bot game cap no longer counts it), every
action on it is refused with ``expired`` (409), and its view says when it expired."""

from __future__ import annotations

import logging
from typing import Any

from .live import Live
from .service_base import ServiceBase

log = logging.getLogger("azulejos.web")

#: How often a process looks for games to expire (seconds of the time source).
EXPIRY_INTERVAL = 60.0


class ExpiryPart(ServiceBase):
    """The expiry of :class:`~azulejos.web.service.GameService`'s idle games."""

    _last_expiry: float | None = None

    async def expire_games(self, now: float | None = None) -> list[str]:
        """Expire every game in play (every process's) nobody moved in for its clock's expiry
        at ``now`` (default: the time source); the games expired here."""
        if self.clock_store is None:
            return []
        now = self.now() if now is None else now
        self._last_expiry = now
        done = await self._db(self.clock_store.expire, now)
        for gid in done:
            log.info("game %s expired: nobody had moved for its clock's expiry", gid)
            live = self._games.get(gid)
            if live is not None:
                live.expire(now)
                task = self._bots.get(gid)
                if task is not None:
                    task.cancel()
                self._broadcast(live)
            self.bus.publish("seats", gid)  # the other processes read it again
        return done

    async def _expiry_due(self, now: float) -> None:
        if self._last_expiry is None or not 0 <= now - self._last_expiry < EXPIRY_INTERVAL:
            await self.expire_games(now)

    async def _load_expiry(self, live: Live) -> None:
        if self.clock_store is not None:
            at = await self._db(self.clock_store.expired, live.game_id)
            if at is not None:
                live.expire(at)

    def _dress(self, live: Live, view: dict[str, Any]) -> dict[str, Any]:
        """Add what the clocks say to a view or a "my games" line: ``clock``, and
        ``expired`` (when the game expired, null: it did not; an expired game is nobody's
        turn and has no legal moves)."""
        view["clock"] = self._clock_view(live)
        view["expired"] = None if live.expired is None else round(live.expired, 3)
        if live.expired is not None:
            view["to_move"] = False
            if "legal" in view:
                view["legal"] = []
        return view
