"""A move's write straight through the driver (web/movers.py): SQLite's and PostgreSQL's."""

from __future__ import annotations

import threading
import time

import pytest

from azulejos.web.movers import EngineMover, Mover, PgMover, SqliteMover
from azulejos.web.storage import (
    SeatSpec,
    SqlStore,
    StoredEvent,
    StoredGame,
    VersionConflict,
    token_digest,
)

from .conftest import PG_URL, fresh_pg_schema


def _game(gid: str) -> StoredGame:
    return StoredGame(
        game_id=gid, players=2, variant="coloured", start_player=0, created=time.time(),
        version=1, status="playing", rng_state="[3,[1,2],null]",
        spectator_hash=token_digest(f"spec-{gid}"), hotseat_hash=None,
        seats=[SeatSpec(0, "person", "Ann", None, token_digest(f"t0-{gid}")),
               SeatSpec(1, "person", "Bea", None, token_digest(f"t1-{gid}"))],
        events=[StoredEvent(0, "fill", "BBYR,KKWW,BYRK,WWWW,RRYY")],
    )


def test_each_database_writes_moves_through_its_own_driver(store: SqlStore) -> None:
    mover = store._mover  # the store's choice, by its URL
    assert isinstance(mover, SqliteMover if store.backend == "sqlite" else PgMover)


def _params(gid: str, expected: int, n: int, rng: str | None = None) -> dict[str, object]:
    p: dict[str, object] = {"b_game": gid, "b_expected": expected, "b_version": expected + n,
                            "b_status": "playing", "b_updated": time.time()}
    if rng is not None:
        p["b_rng"] = rng
    return p


def _row(gid: str, seq: int, data: str, seat: int | None = 0) -> dict[str, object]:
    return {"game_id": gid, "seq": seq, "kind": "move", "data": data, "seat": seat, "at": 1.0}


@pytest.mark.parametrize("generic", [False, True], ids=["driver", "sqlalchemy"])
def test_every_mover_writes_all_or_nothing(store: SqlStore, generic: bool) -> None:
    """The driver's mover and the SQLAlchemy one keep one contract: the row moves on and the
    events are added together; a stale version, or an event whose place is taken, writes
    nothing and answers False; a new fill secret is stored with the move."""
    mover: Mover = EngineMover(store.engine) if generic else store._mover
    store.create(_game("g1"))
    assert mover.append(_params("g1", 1, 1), [_row("g1", 1, "1B1")])
    assert not mover.append(_params("g1", 1, 1), [_row("g1", 1, "2K2")])  # stale
    assert not mover.append(_params("g1", 2, 2), [_row("g1", 2, "2K2"), _row("g1", 1, "3R3")])
    assert not mover.append(_params("nope", 1, 1), [_row("nope", 1, "1B1")])
    assert mover.append(_params("g1", 2, 2, rng="[3,[9],null]"),
                        [_row("g1", 2, "2K2", 1), _row("g1", 3, "F", None)])
    assert mover.append(_params("g1", 4, 0), [])  # a change of status alone
    g = store.load("g1")
    assert g is not None and g.version == 4 and g.rng_state == "[3,[9],null]"
    assert [(e.seq, e.data, e.seat) for e in g.events][1:] == [(1, "1B1", 0), (2, "2K2", 1),
                                                               (3, "F", None)]
    if generic:
        mover.close()


def test_two_writers_at_one_version_one_wins_and_the_other_conflicts(store: SqlStore) -> None:
    """Two moves computed from the same version (two processes, or two threads) race to
    store: exactly one lands, the other is a VersionConflict and writes nothing - on
    PostgreSQL the loser's update waits on the winner's row lock, then matches no row."""
    def write(gid: str, barrier: threading.Barrier, outcome: dict[str, str], move: str,
              seat: int) -> None:
        barrier.wait()
        try:
            store.append(gid, 1, [StoredEvent(1, "move", move, seat)], None, "playing")
            outcome[move] = "stored"
        except VersionConflict:
            outcome[move] = "conflict"

    for n in range(10):
        gid = f"race{n}"
        store.create(_game(gid))
        barrier = threading.Barrier(2)
        outcome: dict[str, str] = {}
        threads = [threading.Thread(target=write, args=(gid, barrier, outcome, m, s))
                   for m, s in (("1B1", 0), ("2K2", 1))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcome.values()) == ["conflict", "stored"]
        g = store.load(gid)
        assert g is not None and g.version == 2
        winner = next(m for m, o in outcome.items() if o == "stored")
        assert [e.data for e in g.events] == ["BBYR,KKWW,BYRK,WWWW,RRYY", winner]


@pytest.mark.postgres
@pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set")
def test_a_lost_postgresql_connection_is_replaced_and_the_write_goes_through() -> None:
    """The database drops the mover's connections (a restart, a failover): the next write
    and read each meet a dead connection, drop it and go through on a fresh one, once; a
    conflict is still a conflict."""
    from sqlalchemy import text

    with fresh_pg_schema("mover") as url:
        store = SqlStore(url)
        try:
            store.create(_game("g1"))
            assert store.append("g1", 1, [StoredEvent(1, "move", "1B1", 0)], None, "playing") == 2

            def drop_the_movers_connections() -> None:
                mover = store._mover
                assert isinstance(mover, PgMover)
                pids = [p.driver_connection.info.backend_pid  # type: ignore[union-attr]
                        for p in mover._idle]
                assert pids
                with store.engine.begin() as conn:
                    for pid in pids:
                        conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})

            drop_the_movers_connections()
            assert store.append("g1", 2, [StoredEvent(2, "move", "2K2", 1)], None, "playing") == 3
            drop_the_movers_connections()
            events = store.events_after("g1", 1)
            assert events is not None and [e.data for e in events] == ["1B1", "2K2"]
            drop_the_movers_connections()
            with pytest.raises(VersionConflict):
                store.append("g1", 2, [StoredEvent(2, "move", "3B3", 0)], None, "playing")
            g = store.load("g1")
            assert g is not None and [e.data for e in g.events][1:] == ["1B1", "2K2"]
        finally:
            store.close()


@pytest.mark.parametrize("generic", [False, True], ids=["driver", "sqlalchemy"])
def test_events_after_reads_a_version_and_its_events_in_one_snapshot(
        store: SqlStore, generic: bool) -> None:
    """What another process catches up with: the events after a version, in order, up to the
    stored version; an empty list when there are none newer; None for no such game."""
    mover: Mover = EngineMover(store.engine) if generic else store._mover
    store.create(_game("g1"))
    assert mover.events_after("g1", 1) == []
    assert mover.events_after("nope", 0) is None
    assert mover.append(_params("g1", 1, 3), [_row("g1", 1, "1B1"), _row("g1", 2, "2K2", 1),
                                              _row("g1", 3, "F", None)])
    assert mover.events_after("g1", 0) == [(0, "fill", "BBYR,KKWW,BYRK,WWWW,RRYY", None),
                                           (1, "move", "1B1", 0), (2, "move", "2K2", 1),
                                           (3, "move", "F", None)]
    assert mover.events_after("g1", 2) == [(2, "move", "2K2", 1), (3, "move", "F", None)]
    assert mover.events_after("g1", 4) == []
    if generic:
        mover.close()


@pytest.mark.postgres
@pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set")
def test_a_postgresql_write_notifies_once_when_it_commits_and_never_when_refused() -> None:
    """With notify_on_append, a write that moves the game sends its notice in its own
    transaction; a refused write sends none;
    a second, different payload is refused (one store serves one bus)."""
    import psycopg

    from azulejos.web.storage import database_url

    channel = "t_mover_" + str(time.monotonic_ns())
    with fresh_pg_schema("notify") as url:
        store = SqlStore(url)
        listener = psycopg.connect(database_url(PG_URL).replace("+psycopg", ""), autocommit=True)
        try:
            listener.execute(f"LISTEN {channel}")
            heard: list[str] = []

            def payload(gid: str, version: int) -> str:
                return f"{gid}@{version}"

            assert store.notify_on_append(channel, payload)
            assert store.notify_on_append(channel, payload)  # the same again: kept
            assert not store.notify_on_append(channel, lambda g, v: "other")
            store.create(_game("g1"))
            store.append("g1", 1, [StoredEvent(1, "move", "1B1", 0)], None, "playing")
            with pytest.raises(VersionConflict):
                store.append("g1", 1, [StoredEvent(1, "move", "2K2", 1)], None, "playing")
            store.append("g1", 2, [StoredEvent(2, "move", "2K2", 1)], "[3,[9],null]", "playing")
            for n in listener.notifies(timeout=1.0):
                heard.append(n.payload)
                assert n.channel == channel
            assert heard == ["g1@2", "g1@3"]
        finally:
            listener.close()
            store.close()


def test_every_mover_stores_each_event_exactly(store: SqlStore) -> None:
    """The events reach their columns unchanged, whatever their text (quotes, backslashes,
    braces, commas, accents, an emoji), a seat or none, and the time to the last bit (on
    PostgreSQL they travel as one JSON text: docs/performance.md, issue 27)."""
    from sqlalchemy import select

    from azulejos.web.tables import events_t

    store.create(_game("g1"))
    awkward = ['{"a": [1, 2]}', 'back\\slash "quoted", comma', "é ü ñ — 🙂", "NULL", ""]
    rows = [{"game_id": "g1", "seq": 1 + i, "kind": "move" if i % 2 else "fill", "data": text,
             "seat": None if i == 2 else i % 2, "at": 1_700_000_000.123456789 + i / 3}
            for i, text in enumerate(awkward)]
    assert store._mover.append(_params("g1", 1, len(rows)), rows)
    with store.engine.connect() as conn:
        got = conn.execute(select(events_t.c.seq, events_t.c.kind, events_t.c.data,
                                  events_t.c.seat, events_t.c.at)
                           .where(events_t.c.game_id == "g1", events_t.c.seq >= 1)
                           .order_by(events_t.c.seq)).all()
    assert [tuple(r) for r in got] == [(r["seq"], r["kind"], r["data"], r["seat"], r["at"])
                                       for r in rows]
