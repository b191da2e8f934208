"""The game service's clocks: the host's clock (``play/clocks.py``) stored in the database
(``web/clock_store.py``) before anyone is told, and the loop that times out turns out of time
over every server process."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from azulejos.play import Pending

from .clock_store import Due
from .clocks import ClockSpec, GameClock, clock_json
from .live import Live
from .protocol import GameError
from .service_base import ServiceBase

log = logging.getLogger("azulejos.web")


class ClocksPart(ServiceBase):
    """The clocks of :class:`~azulejos.web.service.GameService`."""

    # -- clocks (web/clocks.py, web/clock_store.py) -----------------------------------------
    def _clock_view(self, live: Live) -> dict[str, Any] | None:
        return clock_json(live.host.clock, live.players, self.now(), live.offer)

    async def _save_clock(self, gid: str, version: int, clock: GameClock,
                          charged: int | None = None) -> bool:
        if self.clock_store is not None:
            return await self._db(self.clock_store.save, gid, version, clock, charged)
        return True

    async def _clock_created(self, live: Live, spec: ClockSpec | None) -> None:
        """Give a new game its clock (the request's, else the server's per-move default)."""
        if spec is None:
            spec = (ClockSpec("move", max(1, round(self.turn_seconds))) if self.turn_seconds > 0
                    else None)
        if spec is None or not spec.runs:
            return
        now = self.now()
        clock = GameClock.new(spec, live.players).begin(live.version, live.host.timed_seat(), now)
        await self._save_clock(live.game_id, live.version, clock)
        live.host.clock = clock

    async def _load_clock(self, live: Live) -> None:
        if self.clock_store is None:
            return
        live.offer = await self._db(self.clock_store.offer, live.game_id)
        await self._load_expiry(live)
        await self._load_vacations(live)
        clock = await self._db(self.clock_store.load, live.game_id, live.players)
        if clock is None:
            live.host.clock = None
            return
        if clock.turn is None or clock.turn.version != live.version:
            # The turn of this version was not stored (its writer stopped between the move and
            # the clock): it is timed from now.
            clock = clock.begin(live.version, live.host.timed_seat(), self.now())
            await self._save_clock(live.game_id, live.version, clock, -1)
        live.host.clock = clock

    def _out_of_time(self, gid: str, seat: int, version: int) -> None:
        """A person's move after their deadline is refused (one made before it wins): the
        seat passes to the stand-in bot at once (once this move's lock is released)."""
        task = asyncio.get_running_loop().create_task(self._time_out_soon(gid, seat, version))
        self._notice_tasks.add(task)
        task.add_done_callback(self._notice_tasks.discard)

    async def _time_out_soon(self, gid: str, seat: int, version: int) -> None:
        await self._time_out(gid, seat, version)

    async def _time_out(self, gid: str, seat: int, version: int) -> bool:
        """Seat ``seat`` of game ``gid`` ran out of time at ``version``: it leaves (reason
        ``timeout``) unless the game moved on meanwhile. True if this call applied it."""
        try:
            await self._leave(gid, seat, version, frozenset({seat}), "timeout")
        except GameError:
            return False  # the game moved on meanwhile (a move in time, or another process)
        return True

    async def _clock_moved(self, live: Live, pending: Pending) -> GameClock | None:
        """A change of ``live`` was stored (not yet adopted): the host charges the turn that
        ended to its seat and starts the next; stored for the new version before anyone is
        told. The new clock (None: no clock)."""
        if live.host.clock is None:
            return None
        new, charged = live.host.next_clock(pending, self.now())
        if new is None:
            return None
        try:
            await self._save_clock(live.game_id, pending.fork.version, new,
                                   -1 if charged is None else charged)
        except Exception:
            log.exception("game %s: the clock could not be stored", live.game_id)
        return new

    async def _clock_claimed(self, live: Live) -> None:
        """The last person seat was claimed: the turn's clock starts now."""
        gid = live.game_id
        if live.host.clock is None:
            return
        async with self._lock(gid):
            clock = live.host.clock
            seat = live.host.timed_seat()
            if clock is None or seat is None or (clock.turn is not None and clock.turn.seat is not None):
                return
            new = clock.begin(live.version, seat, self.now())
            if await self._save_clock(gid, live.version, new):
                live.host.clock = new

    async def _restart_turn(self, gid: str) -> None:
        """Time a stranded game's turn from now (see :meth:`ClockStore.stranded`)."""
        async with self._lock(gid):
            live = self._games.get(gid)
            clock = live.host.clock if live is not None else None
            if live is not None and clock is not None and clock.turn is not None \
                    and clock.turn.version == live.version:
                return  # stored here meanwhile (the query ran while this process moved it)
            self._games.pop(gid, None)
            try:
                await self.get(gid)  # loading it times its turn (_load_clock)
            except GameError:
                pass

    async def _clock_loop(self) -> None:
        while True:
            await asyncio.sleep(self.clock_interval)
            try:
                await self.check_clocks()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the game clocks failed")

    async def heartbeat(self) -> float:
        """Write this process's heartbeat; if every server was down (the stored beat is
        older than two beat intervals), the outage is added to every running turn, exactly
        once over every process (:meth:`ClockStore.beat`), and the clocks held here are
        read again. The seconds added (0: none)."""
        if self.clock_store is None or self.heartbeat_interval <= 0:
            return 0.0
        now = self.now()
        gap = await self._db(self.clock_store.beat, self._pid, now, 2 * self.heartbeat_interval)
        self._last_beat = now
        if gap > 0:
            log.warning("the servers were down for %.1f s: every running clock was given "
                        "that time back", gap)
            for gid in list(self._games):
                async with self._lock(gid):
                    live = self._games.get(gid)
                    if live is not None:
                        await self._load_clock(live)
        return gap

    async def _beat_due(self, now: float) -> None:
        if self.heartbeat_interval > 0 and (
                self._last_beat is None or now - self._last_beat >= self.heartbeat_interval
                or now < self._last_beat):
            await self.heartbeat()

    async def check_clocks(self, now: float | None = None) -> int:
        """Time out every turn out of time at ``now`` (default: the time source): the
        stored turns of every process's games (one indexed query), so that the clock
        survives restarts and works across processes. The person leaves with reason
        ``timeout`` and the stand-in bot plays on; the leave names the version the turn was
        timed on, so a move stored meanwhile wins and only one process applies it. Returns
        the number of seats timed out here."""
        await self._beat_due(self.now() if now is None else now)
        now = self.now() if now is None else now
        if self.clock_store is not None:
            for gid in await self._db(self.clock_store.stranded):
                await self._restart_turn(gid)
            await self.sweep_vacations(now)  # vacations' turns stand still, ended ones run
            due = await self._db(self.clock_store.due, now)
            defaulted = await self._db(self.clock_store.defaulted, now)
        else:
            due = []
            for gid, live in list(self._games.items()):
                clock = live.host.clock
                if clock is None:
                    continue
                turn = clock.turn
                seat = clock.due(turn.version, now) if turn is not None else None
                offered = live.offer is not None and turn is not None \
                    and live.offer.version == turn.version
                if turn is not None and seat is not None and not offered:
                    due.append(Due(gid, turn.version, seat))
            defaulted = self._defaulted_here(now)
        await self._expiry_due(now)
        done = 0
        for d in due:
            done += await self._overdue(d)  # the others choose, or the bot takes the seat
        for d in defaulted:
            done += await self._time_out(d.game_id, d.seat, d.version)  # nobody chose
        return done
