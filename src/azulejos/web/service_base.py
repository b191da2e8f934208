"""What every part of the game service holds: its stores, bus, pools and limits, and the games
held in memory (loaded from the database when asked for, the least recently used forgotten
first). The parts (:mod:`.service` and the ``service_*`` modules) build on it."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from azulejos.agents import Budget
from azulejos.play import Pending, Session, SessionError
from azulejos.play.store import VersionConflict

from .bus import Bus, LocalBus, PgBus, bus_for
from .clock_store import ClockStore, Due
from .clocks import GameClock
from .fairplay.service import FairPlay
from .fairplay.store import SqlFairPlay
from .limits import Limits
from .live import Live
from .presence import Presence
from .profile_store import SqlProfiles
from .profiles import ProfileService
from .protocol import GameError
from .scheduler import BotScheduler
from .storage import GameStore, SqlStore, TokenGrant, seat_marks
from .tokens import Subscriber, new_seed
from .views import Access

log = logging.getLogger("azulejos.web")
T = TypeVar("T")

class ServiceBase:
    """The state of :class:`~azulejos.web.service.GameService` and its games in memory."""

    def __init__(
        self,
        store: GameStore,
        *,
        bot_seconds: float = 1.0,
        bot_delay: float = 0.0,
        bot_workers: int = 2,
        sync_interval: float = 1.0,
        cache_size: int = 2000,
        seeds: Callable[[], int] = new_seed,
        limits: Limits | None = None,
        turn_seconds: float = 0.0,
        bus: Bus | None = None,
        now: Callable[[], float] = time.time,
        clock_interval: float = 1.0,
        heartbeat_interval: float = 5.0,
    ) -> None:
        self.store = store
        #: How the server processes on this database tell each other what changed
        #: (PostgreSQL: LISTEN/NOTIFY; otherwise local, and other writers are polled for).
        self.bus: Bus = bus if bus is not None else (
            bus_for(store.url) if isinstance(store, SqlStore) else LocalBus())
        #: A stored change's ``move`` notice goes out in the change's own write where the
        #: database can (PostgreSQL: the write's statement NOTIFYs, so no second round trip,
        #: and a process that hears it can read the change); else the bus publishes it.
        self._moves_in_writes = (isinstance(self.bus, PgBus) and isinstance(store, SqlStore)
                                 and store.notify_on_append(self.bus.channel,
                                                            self.bus.move_payload))
        self.presence = Presence()
        self._notice_tasks: set[asyncio.Task[None]] = set()
        #: Handlers of bus notices of kinds the service's own parts do not know (web/lobby/)
        self.notice_hooks: dict[str, Callable[[str, int], Awaitable[None]]] = {}
        self._presence_task: asyncio.Task[None] | None = None
        self.limits = limits or Limits()
        # -- clocks (web/clocks.py) --
        #: The clock of a game created without one: this many seconds per move (0: none).
        self.turn_seconds = turn_seconds
        #: The wall-clock time source of the clocks (tests pass a simulated one).
        self.now = now
        #: How often the clock loop looks for turns out of time (0: never; call check_clocks).
        self.clock_interval = clock_interval
        self.clock_store = ClockStore(store.engine) if isinstance(store, SqlStore) else None
        self._clock_task: asyncio.Task[None] | None = None
        #: How often this process writes the servers' heartbeat (0: never): an outage longer
        #: than two beats is added to the running turns (:meth:`ClockStore.beat`).
        self.heartbeat_interval = heartbeat_interval
        self._pid = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"[:64]
        self._last_beat: float | None = None
        self.seeds = seeds
        self.bot_seconds = bot_seconds
        self.bot_delay = bot_delay
        self.sync_interval = sync_interval
        self.cache_size = cache_size
        # SQLite takes one writer at a time. With several threads, this process's writers met
        # inside SQLite's busy handler, which sleeps up to 100 ms a try: under load some moves
        # waited seconds (docs/performance.md, "Third pass"). One thread takes them in turn.
        one_writer = isinstance(store, SqlStore) and store.backend == "sqlite"
        self._db_pool = ThreadPoolExecutor(1 if one_writer else 8, thread_name_prefix="azulejos-db")
        self.bots = BotScheduler(bot_workers)
        self._games: OrderedDict[str, Live] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self._subs: dict[str, set[Subscriber]] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        #: Games whose bot loop here gives way: another process stored a newer change, so
        #: it plays the bots (whoever stored the latest change runs them).
        self._yielded: set[str] = set()
        self._grants: OrderedDict[str, TokenGrant] = OrderedDict()
        self._sync_task: asyncio.Task[None] | None = None
        self._stalled: dict[str, int] = {}
        self.moves_accepted = 0
        #: Told of each change stored here, after it is shown (on the event loop; they must
        #: return at once: e-mail, ``web/mail/notifier.py``, hands its work to a thread).
        self.commit_hooks: list[Callable[[Live], None]] = []
        #: Player profiles, their statistics and ratings (:mod:`.profiles`).
        self.profiles = ProfileService(
            SqlProfiles(store.engine) if isinstance(store, SqlStore) else None, self._db)
        #: Fair play (web/fairplay/): honest ratings, fair-play waits, reports, suspensions.
        self.fairplay = FairPlay(SqlFairPlay(store.engine) if isinstance(store, SqlStore)
                                 else None, self._db, lambda: self.now(), self)
        self.profiles.fair = self.fairplay

    @property
    def db_executor(self) -> ThreadPoolExecutor:
        """The threads the database work runs in (one on SQLite: its one writer)."""
        return self._db_pool

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db_pool, fn, *args)

    async def _persist(self, session: Session, p: Pending) -> None:
        """``session.persist(p)``: on the event loop when the store takes the write at once
        (:meth:`SqlStore.append_soon`), else in a database thread; ``stale`` as there."""
        store = session.store
        if isinstance(store, SqlStore):
            try:
                if await store.append_soon(session.game_id, p.base, p.events, p.secret,
                                           p.status) is not None:
                    return
            except VersionConflict:
                raise SessionError("stale", "the game moved on meanwhile: reload the view") from None
        await self._db(session.persist, p)

    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    @property
    def held(self) -> list[str]:
        """The games held in memory, least recently used first."""
        return list(self._games)

    def _unused(self, gid: str) -> bool:
        """Nobody watches the game here, no bot plays in it and no change to it is under way."""
        lock = self._locks.get(gid)
        return not self._subs.get(gid) and gid not in self._bots and not (lock and lock.locked())

    def _forget(self, gid: str) -> None:
        """Drop a game held in memory (it is loaded again from the database when asked for)."""
        del self._games[gid]
        self._locks.pop(gid, None)

    async def get(self, game_id: str) -> Live:
        live = self._games.get(game_id)
        if live is not None:
            self._games.move_to_end(game_id)
            return live
        return await self._load(game_id)

    async def _fresh(self, game_id: str) -> Live:
        """The game, reloaded first if another server process stored a move, a rename or a
        claim that this one has not seen: games watched here by websocket are kept fresh by
        the bus (or the sync loop), games read only over HTTP are checked against the stored
        version and seats (one small query)."""
        live = self._games.get(game_id)
        if live is not None and not self._subs.get(game_id):
            stamp = (await self._db(self.store.stamps, [game_id])).get(game_id)
            if stamp is not None and (stamp.version != live.version
                                      or stamp.marks != seat_marks(live.seats)
                                      or stamp.paused != live.paused):
                self._games.pop(game_id, None)  # moved on, renamed, claimed, (un)paused there
        return await self.get(game_id)

    async def _load(self, game_id: str) -> Live:
        stored = await self._db(self.store.load, game_id)
        if stored is None:
            raise GameError("unknown_game", "there is no such game", 404)
        try:
            live = Live.from_stored(stored, self.store, Budget(seconds=self.bot_seconds))
        except (ValueError, TypeError, KeyError, IndexError) as e:
            # A stored game this server cannot replay (a row damaged, or written by hand): it
            # is refused, never half-loaded, and the other games go on (start-up included).
            log.error("game %s cannot be replayed from the database: %s", game_id, e)
            raise GameError("damaged_game", "this game's stored record cannot be replayed",
                            500) from None
        await self._load_clock(live)
        self._remember(live)
        return live

    # -- what the parts provide (service.py, service_*.py) -----------------------------------
    def _remember(self, live: Live) -> None:
        raise NotImplementedError

    async def _apply(self, access: Access, version: int, text: str) -> int:
        raise NotImplementedError

    def _broadcast(self, live: Live) -> None:
        raise NotImplementedError

    def _committed(self, live: Live) -> None:
        raise NotImplementedError

    def _kick_bots(self, live: Live) -> None:
        raise NotImplementedError

    def _bot_to_move(self, live: Live) -> int | None:
        raise NotImplementedError

    async def _leave(self, gid: str, seat: int, version: int | None, by: frozenset[int],
                     reason: str) -> dict[str, Any]:
        raise NotImplementedError

    def _clock_view(self, live: Live) -> dict[str, Any] | None:
        raise NotImplementedError

    async def _time_out(self, gid: str, seat: int, version: int) -> bool:
        raise NotImplementedError

    async def _overdue(self, d: Due) -> int:
        raise NotImplementedError

    def _defaulted_here(self, now: float) -> list[Due]:
        raise NotImplementedError

    def _dress(self, live: Live, view: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    async def _expiry_due(self, now: float) -> None:
        raise NotImplementedError

    async def _load_expiry(self, live: Live) -> None:
        raise NotImplementedError

    async def _load_clock(self, live: Live) -> None:
        raise NotImplementedError

    async def _load_vacations(self, live: Live) -> None:
        raise NotImplementedError

    async def sweep_vacations(self, now: float | None = None, ended: Any = None) -> set[str]:
        raise NotImplementedError

    async def sync_vacations(self, ids: list[str]) -> None:
        raise NotImplementedError

    async def _clock_moved(self, live: Live, pending: Pending) -> GameClock | None:
        raise NotImplementedError

    async def _clock_claimed(self, live: Live) -> None:
        raise NotImplementedError

    async def chat_noticed(self, gid: str, seq: int) -> None:
        raise NotImplementedError

    async def chat_sync(self, game_ids: list[str]) -> None:
        raise NotImplementedError
