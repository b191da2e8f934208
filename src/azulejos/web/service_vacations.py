"""The game service's side of vacation days (:mod:`.vacations`; docs/api.md, "Vacation"):
at each round of the clock loop (and at once when an account starts or ends a vacation) the
turn-based turns of players on vacation stop, the vacations that came to their end are
closed and their turns run again; the games touched are read again here and the other
processes are told (the bus's ``seats`` notice)."""

from __future__ import annotations

import logging

from .live import Live
from .service_base import ServiceBase
from .vacation_store import Ended, VacationStore

log = logging.getLogger("azulejos.web")


class VacationsPart(ServiceBase):
    """Vacations in the clocks of :class:`~azulejos.web.service.GameService`."""

    @property
    def vacation_store(self) -> VacationStore | None:
        store = getattr(self, "_vacation_store", None)
        if store is None and self.clock_store is not None:
            store = self._vacation_store = VacationStore(self.clock_store.engine)
        return store

    async def _load_vacations(self, live: Live) -> None:
        vs = self.vacation_store
        got = {} if vs is None else await self._db(vs.of_game, live.game_id, self.now())
        live.vacations = {seat: round(until, 3) for seat, until in got.items()}

    async def sync_vacations(self, ids: list[str]) -> None:
        """Where no bus tells of another process's vacation changes (SQLite: the polling loop),
        read the vacations of the games ``ids`` watched here again when the vacations' mark
        moved, and show those whose seats' tags changed."""
        vs = self.vacation_store
        if vs is None:
            return
        mark = await self._db(vs.mark)
        seen = getattr(self, "_vacations_seen", None)
        self._vacations_seen = mark
        if seen is None or seen == mark:
            return
        for gid in ids:
            live = self._games.get(gid)
            if live is None or self._lock(gid).locked():
                continue
            before = live.vacations
            async with self._lock(gid):
                await self._load_vacations(live)
            if live.vacations != before:
                self._broadcast(live)

    async def sweep_vacations(self, now: float | None = None,
                              ended: Ended | None = None) -> set[str]:
        """Close the vacations come to their end by ``now`` (and ``ended``, one just ended
        early), run their turns again, stop the turns of players on vacation; the games whose
        clock or seats changed are shown again. Those games."""
        vs = self.vacation_store
        if vs is None:
            return set()
        now = self.now() if now is None else now
        touched: set[str] = set()
        closed = await self._db(vs.close_due, now)
        for e in ([ended] if ended is not None else []) + closed:
            touched.update(await self._db(vs.resume, e))
        touched.update(await self._db(vs.pause, now))
        for gid in sorted(touched):
            await self.vacation_changed(gid)
        return touched

    async def vacation_changed(self, gid: str) -> None:
        """A vacation changed game ``gid``'s clock or seats: read them again, show them, and
        tell the other processes."""
        live = self._games.get(gid)
        if live is not None:
            async with self._lock(gid):
                live = self._games.get(gid)
                if live is not None:
                    await self._load_clock(live)
            if live is not None:
                self._broadcast(live)
        self.bus.publish("seats", gid)
