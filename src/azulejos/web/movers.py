"""How a move's write reaches the database, and how another process reads it back: the
statements run for every move of every game, so they go straight through each driver
(docs/performance.md, "The move's write and read on PostgreSQL").

A move is stored as one transaction: the game row moves on from the version the move was
computed from (``UPDATE ... WHERE version = expected``) and the move's events are added (one
row each, under the primary key ``(game_id, seq)``). Either part failing - the row was not at
that version, or an event's place was already taken - writes nothing, and the mover answers
False (the store raises :class:`~azulejos.play.store.VersionConflict`).

- :class:`SqliteMover` - sqlite3 on one connection held for it, serialised by a lock (SQLite
  takes one writer at a time anyway). A third of the write's time was SQLAlchemy's connection
  and transaction work.
- :class:`PgMover` - psycopg 3, one statement in autocommit (so one round trip and its own
  transaction): the update and the inserts as data-modifying ``WITH`` queries, the events
  passed as arrays. Through SQLAlchemy a write took five round trips (the pool's ping,
  ``BEGIN``, the update, the inserts, ``COMMIT``).
- :class:`EngineMover` - any other database, through SQLAlchemy's connection and transaction.

Each also reads the events a game gained after a version (:meth:`Mover.events_after`: what a
process catches up with when another one moved the game) in one statement: the game row
joined to its newer events, so the version and the events come from one snapshot.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import (
    Engine,
    Float,
    Integer,
    Text,
    and_,
    bindparam,
    cast,
    column,
    func,
    insert,
    select,
    true,
    update,
)
from sqlalchemy.dialects.postgresql import JSON
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ClauseElement

from azulejos.play.events import Event

from .tables import events_t, games_t

if TYPE_CHECKING:
    from sqlalchemy.pool import PoolProxiedConnection

__all__ = ["EVENTS_AFTER", "EngineMover", "EventRow", "Mover", "PgMover", "SqliteMover", "move_args",
           "mover_for"]

#: The game row moved on from the version its writer saw (parameters ``b_game``,
#: ``b_expected``, ``b_version``, ``b_status``, ``b_updated``), with or without a new fill
#: secret (``b_rng``).
MOVE = (
    update(games_t)
    .where(games_t.c.game_id == bindparam("b_game"),
           games_t.c.version == bindparam("b_expected"),
           games_t.c.expired.is_(None))  # an expired game takes no move (web/clocks.py)
    .values(version=bindparam("b_version"), status=bindparam("b_status"),
            updated=bindparam("b_updated"))
)
MOVE_RNG = MOVE.values(rng_state=bindparam("b_rng"))
#: One event row (parameters named after the columns).
ADD_EVENT = insert(events_t)
_EVENT_COLUMNS = ("game_id", "seq", "kind", "data", "seat", "at")
#: A game's stored version and the events after ``b_after`` (parameters ``b_game``,
#: ``b_after``): one row per event, or one row of NULL events when there is none newer.
EVENTS_AFTER = (
    select(games_t.c.version, events_t.c.seq, events_t.c.kind, events_t.c.data, events_t.c.seat)
    .select_from(games_t.outerjoin(events_t, and_(
        events_t.c.game_id == games_t.c.game_id, events_t.c.seq >= bindparam("b_after"),
        events_t.c.seq < games_t.c.version)))
    .where(games_t.c.game_id == bindparam("b_game"))
    .order_by(events_t.c.seq)
)
#: An event read back: its seq, kind, data and seat.
EventRow = tuple[int, str, str, "int | None"]


def _events(rows: Sequence[Any]) -> list[EventRow] | None:
    """The events of :data:`EVENTS_AFTER`'s rows (None: no such game)."""
    if not rows:
        return None
    return [(r[1], r[2], r[3], r[4]) for r in rows if r[1] is not None]


class DriverSql:
    """A statement compiled once for an engine's driver and run as the driver's own SQL,
    skipping SQLAlchemy's per-run compile-cache work; parameters by name."""

    def __init__(self, statement: ClauseElement, engine: Engine) -> None:
        compiled = statement.compile(dialect=engine.dialect)
        assert isinstance(compiled, SQLCompiler)
        self.sql = str(compiled)
        self.order: tuple[str, ...] | None = (
            tuple(compiled.positiontup or ()) if compiled.positional else None)

    def args(self, params: dict[str, object]) -> Any:
        return params if self.order is None else tuple(params[k] for k in self.order)


class _Statements:
    """The statements of a move's write and of the catch-up read, compiled for an engine's
    driver (the movers that run them one by one)."""

    def __init__(self, engine: Engine) -> None:
        self.move = DriverSql(MOVE, engine)
        self.move_rng = DriverSql(MOVE_RNG, engine)
        self.events = DriverSql(ADD_EVENT, engine)
        self.after = DriverSql(EVENTS_AFTER, engine)

    def move_of(self, params: dict[str, object]) -> DriverSql:
        """The row's move: with a new fill secret when ``params`` has ``b_rng``."""
        return self.move_rng if "b_rng" in params else self.move


class Mover(Protocol):
    def append(self, params: dict[str, object], rows: list[dict[str, object]]) -> bool:
        """Move the game row on (:data:`MOVE`, or :data:`MOVE_RNG` when ``params`` has
        ``b_rng``) and add ``rows`` (:data:`ADD_EVENT`) in one transaction; False (and nothing
        written) if the row was not at the expected version or an event's place was taken."""
        ...

    async def append_soon(self, params: dict[str, object], rows: list[dict[str, object]]
                          ) -> bool | None:
        """:meth:`append` on the running event loop where the database allows it without
        waiting for a lock or a thread; None when it does not (nothing written: the caller
        writes with :meth:`append` in a thread)."""
        ...

    def events_after(self, game_id: str, version: int) -> list[EventRow] | None:
        """The events stored after ``version``, in order; None if there is no such game."""
        ...

    def notify_on_append(self, channel: str, payload: Callable[[str, int], str | None]) -> bool:
        """From now on, every write that moves a game also sends ``payload(game_id,
        new_version)`` on the database's notification ``channel``, in the write's own
        transaction (none where the payload is None: nobody listens); False (nothing changes) where the database has no such thing, or
        when another payload was set before (one store serves one bus)."""
        ...

    def close(self) -> None: ...


class EngineMover:
    """Through SQLAlchemy's connection and transaction (any database)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._sql = _Statements(engine)

    def append(self, params: dict[str, object], rows: list[dict[str, object]]) -> bool:
        move = self._sql.move_of(params)
        try:
            with self._engine.begin() as conn:
                if conn.exec_driver_sql(move.sql, move.args(params)).rowcount != 1:
                    conn.rollback()
                    return False
                if rows:
                    conn.exec_driver_sql(self._sql.events.sql, [self._sql.events.args(r) for r in rows])
        except IntegrityError:
            return False
        return True

    async def append_soon(self, params: dict[str, object], rows: list[dict[str, object]]
                          ) -> bool | None:
        return None  # SQLAlchemy's connections block: the thread writes

    def events_after(self, game_id: str, version: int) -> list[EventRow] | None:
        with self._engine.connect() as conn:
            rows = conn.exec_driver_sql(
                self._sql.after.sql, self._sql.after.args({"b_game": game_id, "b_after": version})).all()
        return _events(list(rows))

    def notify_on_append(self, channel: str, payload: Callable[[str, int], str | None]) -> bool:
        return False

    def close(self) -> None:
        pass


#: SQLite's answers when a lock is held elsewhere (SQLITE_BUSY, SQLITE_LOCKED, with their
#: extended codes).
_BUSY = frozenset({5, 6, 261, 262, 517, 773})


class SqliteMover:
    """The write of a move on SQLite, on one connection held for it and through sqlite3
    itself, serialised by a lock; and :meth:`append_now`, the same write on a second connection
    that never waits for a lock (for the event loop)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._conn = engine.raw_connection()  # set up by the engine's connect event (WAL…)
        self._now: Any = None  # the connection of append_now (busy timeout 0), made on demand
        self._lock = threading.Lock()
        self._sql = _Statements(engine)

    def append(self, params: dict[str, object], rows: list[dict[str, object]]) -> bool:
        with self._lock:
            return self._write(self._conn, params, rows)

    async def append_soon(self, params: dict[str, object], rows: list[dict[str, object]]
                          ) -> bool | None:
        return self.append_now(params, rows)

    def append_now(self, params: dict[str, object], rows: list[dict[str, object]]) -> bool | None:
        """:meth:`append` if it can be done without waiting (on the event loop: no thread hop),
        else None and nothing written: this process's database thread holds the lock, or another
        process holds the database's write lock (this connection's busy timeout is 0, so SQLite
        answers "busy" at once instead of waiting)."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            conn = self._now
            if conn is None:
                conn = self._now = self._engine.raw_connection()
                cur = conn.cursor()
                cur.execute("PRAGMA busy_timeout=0")
                cur.close()
            try:
                return self._write(conn, params, rows)
            except sqlite3.OperationalError as e:
                if e.sqlite_errorcode in _BUSY:  # another process writes: the thread waits
                    return None
                raise
        finally:
            self._lock.release()

    def _write(self, conn: Any, params: dict[str, object], rows: list[dict[str, object]]) -> bool:
        move = self._sql.move_of(params)
        cur = conn.cursor()
        try:
            cur.execute(move.sql, move.args(params))
            if cur.rowcount != 1:
                conn.rollback()
                return False
            if rows:
                cur.executemany(self._sql.events.sql, [self._sql.events.args(r) for r in rows])
            conn.commit()
            return True
        except sqlite3.IntegrityError:
            conn.rollback()
            return False
        except BaseException:
            conn.rollback()
            raise
        finally:
            cur.close()

    def events_after(self, game_id: str, version: int) -> list[EventRow] | None:
        with self._lock:
            cur = self._conn.cursor()
            try:
                cur.execute(self._sql.after.sql,
                            self._sql.after.args({"b_game": game_id, "b_after": version}))
                rows = cur.fetchall()
            finally:
                cur.close()
                self._conn.rollback()  # end the read's transaction: later reads see new moves
        return _events(rows)

    def notify_on_append(self, channel: str, payload: Callable[[str, int], str | None]) -> bool:
        return False

    def close(self) -> None:
        with self._lock:
            self._conn.close()
            if self._now is not None:
                self._now.close()


#: The events' JSON for :class:`PgMover` (floats as their shortest exact text).
_EVENTS_JSON = json.JSONEncoder(separators=(",", ":"), allow_nan=False)


def _pg_statement(move: Any, notify: bool) -> Any:
    """The whole write as one PostgreSQL statement: the row's move and the events' inserts as
    ``WITH`` queries (the inserts join the moved row, so a row not at the expected version
    adds no event), answering how many rows each touched. With ``notify`` it also sends the
    notice ``n_payload`` on channel ``n_channel`` if the row moved (``NOTIFY`` is delivered
    when the transaction commits, so a listener that hears it reads the move)."""
    moved = move.returning(games_t.c.game_id).cte("moved")
    # The events travel as one JSON text (parameter ``e_rows``: a list of objects with the
    # columns after game_id): one text to pass instead of five arrays, whose conversion
    # took psycopg more time than the rest of the write (docs/performance.md, issue 27).
    rows = (func.json_to_recordset(cast(bindparam("e_rows", type_=Text), JSON))
            .table_valued(column("seq", Integer), column("kind", Text), column("data", Text),
                          column("seat", Integer), column("at", Float))
            .render_derived(name="r", with_types=True))
    added = (
        insert(events_t)
        .from_select(list(_EVENT_COLUMNS),
                     select(moved.c.game_id, *(rows.c[k] for k in _EVENT_COLUMNS[1:]))
                     .select_from(moved.join(rows, true())))
        .returning(events_t.c.seq)
        .cte("added")
    )
    columns = [select(func.count()).select_from(moved).scalar_subquery(),
               select(func.count()).select_from(added).scalar_subquery()]
    if notify:
        columns.append(select(func.pg_notify(bindparam("n_channel", type_=Text),
                                             bindparam("n_payload", type_=Text)))
                       .select_from(moved).scalar_subquery())
    return select(*columns)


class PgMover:
    """The write of a move on PostgreSQL through psycopg 3: one statement, one round trip.
    Each writing thread takes a connection of its own from the ones held here (taken from
    the engine's pool the first time they are needed, so at most as many as writers at once;
    in autocommit, and never given back to the pool). A connection that fails other than by
    a conflict is dropped; a statement that met a lost connection is tried once more on a
    fresh one (:meth:`_run`)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._writes = {(rng, notify): DriverSql(_pg_statement(MOVE_RNG if rng else MOVE, notify),
                                                 engine)
                        for rng in (False, True) for notify in (False, True)}
        self._after = DriverSql(EVENTS_AFTER, engine)
        self._notice: tuple[str, Callable[[str, int], str | None]] | None = None
        self._idle: list[PoolProxiedConnection] = []
        self._lock = threading.Lock()
        self._closed = False
        #: The connections of :meth:`append_soon`, each event loop its own.
        self._loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopPool] = (
            weakref.WeakKeyDictionary())

    def _take(self) -> PoolProxiedConnection:
        with self._lock:
            if self._closed:
                raise RuntimeError("the store is closed")
            if self._idle:
                return self._idle.pop()
        proxy = self._engine.raw_connection()
        try:
            proxy.driver_connection.autocommit = True  # type: ignore[union-attr]
        except BaseException:
            proxy.invalidate()
            raise
        return proxy

    def _give_back(self, proxy: PoolProxiedConnection) -> None:
        with self._lock:
            if not self._closed:
                self._idle.append(proxy)
                return
        proxy.invalidate()

    def _write(self, params: dict[str, object], rows: list[dict[str, object]]
               ) -> tuple[str, dict[str, object]]:
        """The write's statement and its arguments."""
        notice = self._notice
        args = dict(params)
        text: str | None = None
        if notice is not None:
            game, version = params["b_game"], params["b_version"]
            assert isinstance(game, str) and isinstance(version, int)
            text = notice[1](game, version)  # None: nobody listens (web/bus.py)
            if text is not None:
                args["n_channel"], args["n_payload"] = notice[0], text
        write = self._writes["b_rng" in params, text is not None]
        args["e_rows"] = _EVENTS_JSON.encode([{k: r[k] for k in _EVENT_COLUMNS[1:]} for r in rows])
        return write.sql, args

    def append(self, params: dict[str, object], rows: list[dict[str, object]]) -> bool:
        import psycopg

        try:
            counts = self._run(*self._write(params, rows))
        except psycopg.errors.IntegrityError:
            return False
        return _moved(counts, rows)

    async def append_soon(self, params: dict[str, object], rows: list[dict[str, object]]
                           ) -> bool | None:
        """:meth:`append` on the running event loop (psycopg's ``AsyncConnection``: no thread
        hop, no thread woken a move), on one of at most :data:`LOOP_CONNECTIONS` connections of
        this loop's own; None (the caller writes in a thread) when all are busy, when one
        cannot be opened, or when the statement met a lost connection - the thread's write
        then tries again on a fresh one, answering a conflict if the lost one had committed."""
        import psycopg

        pool = self._loops.get(asyncio.get_running_loop())
        if pool is None:
            pool = self._loops[asyncio.get_running_loop()] = _LoopPool()
        if self._closed:
            raise RuntimeError("the store is closed")
        if pool.idle:
            conn = pool.idle.pop()
        elif pool.opened < LOOP_CONNECTIONS:
            pool.opened += 1
            try:
                cargs, cparams = self._engine.dialect.create_connect_args(self._engine.url)
                conn = await psycopg.AsyncConnection.connect(*cargs, autocommit=True, **cparams)
            except Exception:  # noqa: BLE001 (the thread's write says what is wrong)
                pool.opened -= 1
                return None
        else:
            return None
        try:
            cur = await conn.execute(*self._write(params, rows))
            counts = await cur.fetchall()
        except psycopg.errors.IntegrityError:
            pool.idle.append(conn)  # autocommit: the failed statement left nothing behind
            return False
        except BaseException as e:
            pool.opened -= 1
            conn.pgconn.finish()
            if isinstance(e, psycopg.OperationalError):
                return None
            raise
        if self._closed:
            conn.pgconn.finish()
        else:
            pool.idle.append(conn)
        return _moved(counts, rows)

    def notify_on_append(self, channel: str, payload: Callable[[str, int], str | None]) -> bool:
        with self._lock:
            if self._notice is not None and self._notice != (channel, payload):
                return False  # one store, one notice: a second service publishes its own
            self._notice = (channel, payload)
        return True

    def events_after(self, game_id: str, version: int) -> list[EventRow] | None:
        return _events(self._run(self._after.sql, {"b_game": game_id, "b_after": version}))

    def _run(self, sql: str, args: dict[str, object]) -> list[Any]:
        """The rows of one statement, on a connection of this thread's own. A connection
        that fails other than by a constraint is dropped; if it was lost (the database
        restarted, or ended it), the statement is tried once more on a fresh one - safe for
        the write too: had the lost one committed it, the second try finds the row moved on
        and the events there, and answers a conflict (the service reloads the game)."""
        import psycopg

        for attempt in (1, 2):
            proxy = self._take()
            conn: psycopg.Connection[Any] = proxy.driver_connection  # type: ignore[assignment]
            try:
                rows = conn.execute(sql, args).fetchall()
            except psycopg.errors.IntegrityError:
                self._give_back(proxy)  # autocommit: the failed statement left nothing behind
                raise
            except psycopg.OperationalError:
                proxy.invalidate()
                if attempt == 2 or not conn.closed:
                    raise
                continue
            except BaseException:
                proxy.invalidate()
                raise
            self._give_back(proxy)
            return rows
        raise AssertionError("unreachable")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for proxy in idle:
            proxy.invalidate()
        for pool in list(self._loops.values()):
            for conn in pool.idle:
                conn.pgconn.finish()
            pool.idle.clear()


#: The most connections one event loop writes on (:meth:`PgMover.append_soon`).
LOOP_CONNECTIONS = 4


class _LoopPool:
    """An event loop's connections for :meth:`PgMover.append_soon`."""

    def __init__(self) -> None:
        self.idle: list[Any] = []
        self.opened = 0


def _moved(counts: list[Any], rows: list[dict[str, object]]) -> bool:
    """Whether the write's statement moved the row (answering how many rows each part touched).
    The statement is its own transaction: it cannot have moved the row without adding every
    event (they join it), nor added one without moving it."""
    assert counts and counts[0][0] in (0, 1) and counts[0][1] == counts[0][0] * len(rows), counts
    return bool(counts[0][0] == 1)


def move_args(game_id: str, expected: int, events: Sequence[Event], rng_state: str | None,
               status: str) -> tuple[dict[str, object], list[dict[str, object]]]:
    """A move's write for the movers: the game row's parameters and the event rows."""
    now = time.time()
    params: dict[str, object] = {"b_game": game_id, "b_expected": expected,
                                 "b_version": expected + len(events), "b_status": status,
                                 "b_updated": now}
    if rng_state is not None:
        params["b_rng"] = rng_state
    return params, [{"game_id": game_id, "seq": e.seq, "kind": e.kind, "data": e.data,
                    "seat": e.seat, "at": now} for e in events]


def mover_for(engine: Engine) -> Mover:
    """The mover of an engine's database: SQLite's, PostgreSQL's (with psycopg 3), else
    through SQLAlchemy."""
    backend = engine.url.get_backend_name()
    if backend == "sqlite":
        return SqliteMover(engine)
    if backend == "postgresql" and engine.dialect.driver == "psycopg":
        return PgMover(engine)
    return EngineMover(engine)
