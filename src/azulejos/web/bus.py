"""How server processes on one database tell each other what changed: the bus.

A :class:`Notice` is small: a game id, what kind of change (``move``, ``seats``, ``presence``,
``ask``, ``bye``), the game's version and the process it comes from (``origin``); for
``presence`` also the seats that process has online. The receiver reloads whatever it needs
from the database - a notice is never the data itself.

Two buses:

- :class:`LocalBus` - one process (SQLite, or a PostgreSQL server run alone): publishing
  reaches nobody else; the service keeps polling the database (``shared`` is False).
- :class:`PgBus` - PostgreSQL ``LISTEN``/``NOTIFY`` on channel :data:`CHANNEL` (psycopg 3 async
  connections: one listens, one sends). It reconnects after a lost connection (with back-off)
  and says whether it is listening (``shared``), so the service falls back to polling while
  it is not.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

log = logging.getLogger("azulejos.web.bus")

#: The PostgreSQL notification channel.
CHANNEL = "azulejos"
#: The kinds of notice.
KINDS = ("move", "seats", "presence", "ask", "bye", "resync", "chat", "rematch", "hello")
#: Notices waiting to be sent before new ones are dropped (the others poll meanwhile).
MAX_QUEUE = 10000


@dataclass(frozen=True, slots=True)
class Notice:
    """One change, as small as it gets (a PostgreSQL payload is at most 8000 bytes)."""

    kind: str
    game_id: str
    version: int = 0
    origin: str = ""
    seats: tuple[int, ...] = field(default=())

    def dumps(self) -> str:
        data: dict[str, Any] = {"k": self.kind, "g": self.game_id, "o": self.origin}
        if self.version:
            data["v"] = self.version
        if self.seats:
            data["s"] = list(self.seats)
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> Notice | None:
        """The notice of a payload; None for anything malformed (never raises)."""
        try:
            data = json.loads(text)
            kind, gid, origin = data["k"], data["g"], data["o"]
            version = data.get("v", 0)
            seats = data.get("s", [])
            if (kind not in KINDS or not isinstance(gid, str) or not isinstance(origin, str)
                    or type(version) is not int or not isinstance(seats, list)
                    or not all(type(s) is int for s in seats)):
                return None
            return cls(kind, gid, version, origin, tuple(seats))
        except (ValueError, KeyError, TypeError, RecursionError):
            return None


#: What a bus hands each notice from another process to (called on the event loop).
Handler = Callable[[Notice], None]


class Bus(Protocol):
    """Publish a change to the other server processes; receive theirs."""

    #: This process's id in the notices it sends (its own come back and are skipped).
    origin: str

    @property
    def shared(self) -> bool:
        """True while notices reach (and come from) the other processes."""
        ...

    @property
    def settled(self) -> bool:
        """False while the other processes may not know this one yet (it polls meanwhile)."""
        ...

    async def start(self, handler: Handler) -> None: ...

    def publish(self, kind: str, game_id: str, version: int = 0,
                seats: tuple[int, ...] = ()) -> None:
        """Send a notice (never blocks, never raises: a notice that cannot be sent is
        dropped, and the others catch up by polling)."""
        ...

    async def stop(self) -> None: ...


def new_origin() -> str:
    return secrets.token_hex(6)


class LocalBus:
    """One process: nobody else to tell (the service polls the database for other writers)."""

    def __init__(self) -> None:
        self.origin = new_origin()
        self.published = 0

    @property
    def shared(self) -> bool:
        return False

    @property
    def settled(self) -> bool:
        return True

    async def start(self, handler: Handler) -> None:
        del handler

    def publish(self, kind: str, game_id: str, version: int = 0,
                seats: tuple[int, ...] = ()) -> None:
        del kind, game_id, version, seats
        self.published += 1

    async def stop(self) -> None:
        return None


class PgBus:
    """PostgreSQL LISTEN/NOTIFY between the server processes on one database."""

    def __init__(self, conninfo: str, *, channel: str = CHANNEL, check_every: float = 10.0,
                 max_backoff: float = 5.0) -> None:
        self.conninfo = conninfo
        self.channel = channel
        self.origin = new_origin()
        self.check_every = check_every
        self.max_backoff = max_backoff
        self._listening = False
        self._handler: Handler | None = None
        self._queue: asyncio.Queue[str] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        #: Whether another server process may be listening: a move's notice is sent only then
        #: (:meth:`move_payload`). True until the database says otherwise: set by any notice
        #: from another process, and by each check of the database's bus connections.
        self.others = True
        self._seen_others = 0.0  # (loop time) the last notice from another process
        self._shared_from = 0.0  # (loop time) the end of the grace after each LISTEN
        self.received = 0
        self.sent = 0
        self.dropped = 0
        self.reconnects = 0

    @property
    def shared(self) -> bool:
        return self._listening

    @property
    def settled(self) -> bool:
        """False for ``1.5 * check_every`` after each LISTEN: a process that had found itself
        alone sends no move notices until it hears this one's ``hello`` or checks the
        database again (at most ``check_every`` later), so this one polls meanwhile as if
        not shared (docs/scaling.md)."""
        return asyncio.get_running_loop().time() >= self._shared_from

    async def start(self, handler: Handler) -> None:
        self._handler = handler
        self._queue = asyncio.Queue(MAX_QUEUE)
        ready = asyncio.Event()
        self._tasks = [asyncio.create_task(self._listen(ready)), asyncio.create_task(self._send())]
        # Wait for the first attempt to LISTEN, so that a server ready to serve is also
        # listening (if the database is not reachable, go on: the service polls, this retries).
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ready.wait(), 5.0)

    def publish(self, kind: str, game_id: str, version: int = 0,
                seats: tuple[int, ...] = ()) -> None:
        if self._queue is None:
            return
        try:
            self._queue.put_nowait(Notice(kind, game_id, version, self.origin, seats).dumps())
        except asyncio.QueueFull:
            self.dropped += 1

    def move_payload(self, game_id: str, version: int) -> str | None:
        """The payload of this process's ``move`` notice, for a store that sends it in the
        move's own write (:meth:`~azulejos.web.storage.SqlStore.notify_on_append`); None (no
        notice) while no other server process listens (:attr:`others`)."""
        if not self.others:
            return None
        return Notice("move", game_id, version, self.origin).dumps()

    async def _check_others(self, conn: Any) -> None:
        """Whether another process's bus on this channel is connected to the database (its
        connections are named by :attr:`application_name`), or was heard from lately."""
        prefix = self._peer_prefix
        cur = await conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE left(application_name, %s) = %s"
            " AND application_name <> %s", (len(prefix), prefix, self.application_name))
        row = await cur.fetchone()
        recent = asyncio.get_running_loop().time() - self._seen_others < self.check_every
        self.others = bool(row and row[0]) or recent

    async def stop(self) -> None:
        # Let the last notices (this process's "bye") go out: at most a second.
        deadline = asyncio.get_running_loop().time() + 1.0
        while (self._queue is not None and not self._queue.empty() and self._listening
               and asyncio.get_running_loop().time() < deadline):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.02)
        for t in self._tasks:
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks = []
        self._listening = False

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.conninfo, autocommit=True, application_name=self.application_name)

    @property
    def application_name(self) -> str:
        """How this bus's connections are named in ``pg_stat_activity``."""
        return self._peer_prefix + self.origin

    @property
    def _peer_prefix(self) -> str:
        """How every bus's connections on this channel are named, before its origin (at most
        50 characters: PostgreSQL keeps 63 of a name)."""
        return f"azulejos-bus-{self.channel}-"[:50]

    async def _listen(self, ready: asyncio.Event) -> None:
        from psycopg import sql

        backoff = 0.1
        first = True
        while True:
            conn: Any = None
            try:
                conn = await self._connect()
                await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                self._listening = True
                self._shared_from = asyncio.get_running_loop().time() + 1.5 * self.check_every
                await self._check_others(conn)
                if self._queue is not None:  # the others: notify this one's moves from now on
                    with contextlib.suppress(asyncio.QueueFull):
                        self._queue.put_nowait(Notice("hello", "", 0, self.origin).dumps())
                backoff = 0.1
                ready.set()
                if not first:
                    self.reconnects += 1
                    # Notices may have been missed while down: the service catches up.
                    self._deliver(Notice("resync", "", 0, ""))
                first = False
                own = f'"o":"{self.origin}"'  # this process's own notices come back too
                while True:
                    async for n in conn.notifies(timeout=self.check_every):
                        self.received += 1
                        if own in n.payload:
                            continue  # skipped before parsing: one per move made here
                        notice = Notice.loads(n.payload)
                        if notice is not None and notice.origin != self.origin:
                            self.others = True
                            self._seen_others = asyncio.get_running_loop().time()
                            if notice.kind != "hello":
                                self._deliver(notice)
                    await self._check_others(conn)  # (also: is the connection alive?)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if self._listening or first:
                    log.warning("the notification listener lost the database (%s): polling "
                                "until it is back", e)
                self._listening = False
                first = False
                ready.set()  # the first attempt is decided: the service starts polling
                await asyncio.sleep(backoff)
                backoff = min(self.max_backoff, backoff * 2)
            finally:
                self._listening = False
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()

    def _deliver(self, notice: Notice) -> None:
        if self._handler is None:
            return
        try:
            self._handler(notice)
        except Exception:
            log.exception("a notice could not be handled: %s", notice)

    async def _send(self) -> None:
        assert self._queue is not None
        conn: Any = None
        while True:
            payload = await self._queue.get()
            batch = [payload]
            while not self._queue.empty() and len(batch) < 100:
                batch.append(self._queue.get_nowait())
            try:
                if conn is None or conn.closed:
                    conn = await self._connect()
                async with conn.cursor() as cur:
                    await cur.executemany("SELECT pg_notify(%s, %s)",
                                          [(self.channel, p) for p in batch])
                self.sent += len(batch)
            except asyncio.CancelledError:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
                raise
            except Exception as e:
                self.dropped += len(batch)
                log.warning("a notice could not be sent (%s): the others poll meanwhile", e)
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
                conn = None
                await asyncio.sleep(0.5)


def bus_for(url: str) -> Bus:
    """The bus for a database URL: LISTEN/NOTIFY on PostgreSQL, local otherwise."""
    from sqlalchemy.engine import make_url

    u = make_url(url)
    if u.get_backend_name() != "postgresql":
        return LocalBus()
    return PgBus(u.set(drivername="postgresql").render_as_string(hide_password=False))
