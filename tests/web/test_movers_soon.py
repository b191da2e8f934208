"""A move's write on the event loop (``SqlStore.append_soon``, web/movers.py): the same
contract as the thread's write on both databases, and never a wait - SQLite answers None at once
while another connection holds the write lock, PostgreSQL when its loop connection was lost -
so the caller writes in a thread instead (docs/performance.md, "The hot path")."""

from __future__ import annotations

import asyncio
import sqlite3
import time

import pytest

from azulejos.web.movers import LOOP_CONNECTIONS, PgMover, SqliteMover
from azulejos.web.storage import SqlStore, StoredEvent, VersionConflict

from .conftest import PG_URL, fresh_pg_schema
from .test_movers import _game


def _move(seq: int, data: str, seat: int | None = 0) -> list[StoredEvent]:
    return [StoredEvent(seq, "move", data, seat)]


def test_a_write_on_the_loop_is_all_or_nothing_and_conflicts_as_in_a_thread(
        store: SqlStore) -> None:
    async def run() -> None:
        store.create(_game("g1"))
        assert await store.append_soon("g1", 1, _move(1, "1B1"), None, "playing") == 2
        with pytest.raises(VersionConflict):  # stale: nothing written
            await store.append_soon("g1", 1, _move(1, "2K2", 1), None, "playing")
        with pytest.raises(VersionConflict):  # an event's place taken: nothing written
            await store.append_soon("g1", 2, [StoredEvent(2, "move", "2K2", 1),
                                              StoredEvent(1, "move", "3R3", 0)], None, "playing")
        assert await store.append_soon("g1", 2, [StoredEvent(2, "move", "2K2", 1),
                                                 StoredEvent(3, "fill", "F", None)],
                                       "[3,[9],null]", "playing") == 4
        # The thread's write and the loop's follow one another on one game.
        assert store.append("g1", 4, _move(4, "1Y1"), None, "playing") == 5
        assert await store.append_soon("g1", 5, [], None, "finished") == 5

    asyncio.run(run())
    g = store.load("g1")
    assert g is not None and g.version == 5 and g.status == "finished"
    assert g.rng_state == "[3,[9],null]"
    assert [(e.seq, e.data, e.seat) for e in g.events][1:] == [
        (1, "1B1", 0), (2, "2K2", 1), (3, "F", None), (4, "1Y1", 0)]


def test_sqlite_never_waits_on_the_loop_for_another_writer(tmp_path: object) -> None:
    """Another process (here a second connection) holds SQLite's write lock: the loop's write
    answers None at once and writes nothing, where the thread's would wait up to 30 s; so does
    this process's own database thread holding the mover. Once the lock is free it writes."""
    path = f"{tmp_path}/g.sqlite3"
    store = SqlStore(f"sqlite:///{path}")
    try:
        store.create(_game("g1"))
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # the write lock, as another process's write holds it
        try:
            t0 = time.monotonic()
            got = asyncio.run(store.append_soon("g1", 1, _move(1, "1B1"), None, "playing"))
            assert got is None and time.monotonic() - t0 < 1.0
        finally:
            other.execute("ROLLBACK")
            other.close()
        mover = store._mover
        assert isinstance(mover, SqliteMover)
        with mover._lock:  # this process's database thread is writing
            assert asyncio.run(store.append_soon("g1", 1, _move(1, "1B1"), None, "playing")) is None
        g = store.load("g1")
        assert g is not None and g.version == 1  # nothing was written by the refused tries
        assert asyncio.run(store.append_soon("g1", 1, _move(1, "1B1"), None, "playing")) == 2
    finally:
        store.close()


@pytest.mark.postgres
@pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set")
def test_postgresql_writes_on_loop_connections_and_a_lost_one_goes_to_the_thread() -> None:
    """The loop's writes share at most LOOP_CONNECTIONS connections of its own; a lost one
    answers None (the thread's write then goes through), and is replaced on the next write."""
    from sqlalchemy import text

    with fresh_pg_schema("soon") as url:
        store = SqlStore(url)
        try:
            store.create(_game("g1"))
            for n in range(LOOP_CONNECTIONS + 2):
                store.create(_game(f"h{n}"))
            mover = store._mover
            assert isinstance(mover, PgMover)

            async def run() -> None:
                # Several games written at once: at most LOOP_CONNECTIONS connections opened,
                # the writes beyond those answered None (for the thread).
                got = await asyncio.gather(*(
                    store.append_soon(f"h{n}", 1, _move(1, "1B1"), None, "playing")
                    for n in range(LOOP_CONNECTIONS + 2)))
                assert got.count(2) >= 1 and set(got) <= {2, None}
                pool = mover._loops[asyncio.get_running_loop()]
                assert 1 <= pool.opened <= LOOP_CONNECTIONS
                assert await store.append_soon("g1", 1, _move(1, "1B1"), None, "playing") == 2
                pids = [c.info.backend_pid for c in pool.idle]
                with store.engine.begin() as conn:
                    for pid in pids:
                        conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
                for _ in pids:  # each dead connection: None (nothing written), then dropped
                    assert await store.append_soon("g1", 2, _move(2, "2K2", 1), None,
                                                   "playing") is None
                assert store.append("g1", 2, _move(2, "2K2", 1), None, "playing") == 3
                assert await store.append_soon("g1", 3, _move(3, "1Y1"), None, "playing") == 4

            asyncio.run(run())
            g = store.load("g1")
            assert g is not None and [e.data for e in g.events][1:] == ["1B1", "2K2", "1Y1"]
        finally:
            store.close()


@pytest.mark.postgres
@pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set")
def test_a_postgresql_write_on_the_loop_notifies_the_other_processes() -> None:
    """The loop's write sends the bus's notice in its own transaction, as the thread's does."""
    import psycopg

    from azulejos.web.storage import database_url

    channel = "t_soon_" + str(time.monotonic_ns())
    with fresh_pg_schema("soonn") as url:
        store = SqlStore(url)
        listener = psycopg.connect(database_url(PG_URL).replace("+psycopg", ""), autocommit=True)
        try:
            listener.execute(f"LISTEN {channel}")
            assert store.notify_on_append(channel, lambda g, v: f"{g}@{v}")
            store.create(_game("g1"))

            async def run() -> None:
                assert await store.append_soon("g1", 1, _move(1, "1B1"), None, "playing") == 2
                with pytest.raises(VersionConflict):
                    await store.append_soon("g1", 1, _move(1, "2K2", 1), None, "playing")

            asyncio.run(run())
            heard = [n.payload for n in listener.notifies(timeout=1.0)]
            assert heard == ["g1@2"]
        finally:
            listener.close()
            store.close()


def test_a_move_waits_in_the_thread_while_another_process_writes(tmp_path: object) -> None:
    """The service's move on SQLite while another process holds the write lock: the loop's
    try answers busy at once, the database thread waits for the lock as before, and the move is
    accepted and stored once the other write is done; the loop stays free meanwhile."""
    from azulejos.web.protocol import parse_create
    from azulejos.web.service import GameService, bot_levels

    path = f"{tmp_path}/g.sqlite3"

    async def run() -> None:
        svc = GameService(SqlStore(f"sqlite:///{path}"), bot_delay=0, sync_interval=0)
        await svc.start(resume_bots=False)
        try:
            created = await svc.create(parse_create({"players": 2}, bot_levels()))
            gid = created["game"]
            tokens = [(await svc.claim(gid, s["invite"]))["token"] for s in created["seats"]]
            live = await svc.get(gid)
            seat = live.state.to_move
            assert seat is not None
            access = await svc.access(tokens[seat], gid)
            move = live.state.legal_moves()[0].text()
            other = sqlite3.connect(path, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")
            task = asyncio.create_task(svc.play(access, live.version, move))
            ticks = 0
            while ticks < 20:  # the loop turns while the move waits in the thread
                await asyncio.sleep(0.01)
                ticks += 1
            assert not task.done()
            other.execute("ROLLBACK")
            other.close()
            assert await asyncio.wait_for(task, 30) == 2
        finally:
            await svc.stop()

    asyncio.run(run())
    store = SqlStore(f"sqlite:///{path}")
    try:
        games = store.playing()
        assert len(games) == 1
        g = store.load(games[0])
        assert g is not None and g.version == 2 and g.events[-1].kind == "move"
    finally:
        store.close()
