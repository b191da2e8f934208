"""The bus between server processes (web/bus.py) and presence over processes (web/presence.py):
notices are small and parsed strictly, announcements expire, and the PostgreSQL bus delivers
other processes' notices, skips its own, and comes back after losing its connection (falling
back to polling meanwhile)."""

from __future__ import annotations

import asyncio
import time

import pytest

from azulejos.web.bus import LocalBus, Notice, PgBus, bus_for
from azulejos.web.presence import EXPIRY, Presence

from .conftest import PG_URL


def test_a_notice_survives_its_payload_and_stays_small() -> None:
    n = Notice("presence", "abcDEF12_-x", 0, "0123456789ab", (0, 3))
    assert Notice.loads(n.dumps()) == n
    m = Notice("move", "g", 41, "o")
    assert Notice.loads(m.dumps()) == m
    assert len(n.dumps()) < 100  # PostgreSQL allows 8000 bytes


@pytest.mark.parametrize("payload", [
    "", "null", "[]", "{}", '{"k":"move","g":"x"}', '{"k":"drop","g":"x","o":"o"}',
    '{"k":"move","g":1,"o":"o"}', '{"k":"move","g":"x","o":"o","v":"3"}',
    '{"k":"presence","g":"x","o":"o","s":[1,"2"]}', '{"k":"move","g":"x","o":"o","v":true}',
    "[" * 5000 + "]" * 5000,
])
def test_a_malformed_payload_is_no_notice(payload: str) -> None:
    assert Notice.loads(payload) is None


def test_the_bus_follows_the_database() -> None:
    assert isinstance(bus_for("sqlite:///x.sqlite3"), LocalBus)
    pg = bus_for("postgresql+psycopg://u:p@h:5/db?options=-csearch_path%3Ds")
    assert isinstance(pg, PgBus)
    assert pg.conninfo == "postgresql://u:p@h:5/db?options=-csearch_path%3Ds"
    assert not LocalBus().shared


def test_presence_joins_seats_over_processes_and_forgets_silent_ones() -> None:
    p = Presence()
    assert p.join("g", frozenset({0}))
    assert not p.join("g", frozenset({0}))  # a second tab of seat 0: nothing new to announce
    assert p.announced("g", "other", frozenset({1}), now=100.0)
    assert p.seats("g", now=100.0) == {0, 1}
    assert p.online("g")[0] == 2  # two connections here
    assert not p.leave("g", frozenset({0}), last=False)
    assert p.leave("g", frozenset({0}), last=True)
    assert p.seats("g", now=100.0) == {1}
    # an announcement not renewed expires; a renewed one does not
    p.announced("h", "a", frozenset({2}), now=100.0)
    p.announced("h", "b", frozenset({3}), now=100.0 + EXPIRY)
    assert p.expire(now=100.0 + EXPIRY + 1) == ["g", "h"]
    assert p.seats("h", now=100.0 + EXPIRY + 1) == {3}
    # a process that says bye takes its seats away at once
    assert p.gone("b") == ["h"]
    assert p.seats("h") == frozenset()
    # an empty announcement withdraws that process's seats
    p.announced("k", "a", frozenset({1}))
    assert p.announced("k", "a", frozenset())
    assert p.seats("k") == frozenset()


pg_only = pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set")


async def _wait(pred: object, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.01)


@pytest.mark.postgres
@pg_only
def test_pg_bus_delivers_others_notices_and_recovers_a_lost_connection() -> None:
    import psycopg

    from azulejos.web.storage import database_url

    assert PG_URL
    url = database_url(PG_URL)

    async def scenario() -> None:
        channel = f"azulejos_test_{time.monotonic_ns()}"
        a = bus_for(url)
        b = bus_for(url)
        assert isinstance(a, PgBus) and isinstance(b, PgBus)
        a.channel = b.channel = channel  # this test's notices only
        a.max_backoff = 0.2
        got_a: list[Notice] = []
        got_b: list[Notice] = []
        await a.start(got_a.append)
        await b.start(got_b.append)
        try:
            assert a.shared and b.shared
            a.publish("move", "g1", 7)
            await _wait(lambda: got_b)
            assert got_b == [Notice("move", "g1", 7, a.origin)]
            await asyncio.sleep(0.1)
            assert got_a == []  # its own notice comes back and is skipped
            # the listener's connection is killed: the bus says so, reconnects, and asks
            # the service to catch up (resync); notices flow again
            async with await psycopg.AsyncConnection.connect(a.conninfo, autocommit=True) as c:
                await c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE application_name = %s", (b.application_name,))
            await _wait(lambda: b.reconnects == 1)
            assert b.shared
            assert any(n.kind == "resync" for n in got_b)
            a.publish("seats", "g2")
            await _wait(lambda: any(n.kind == "seats" for n in got_b))
            # and the sending side recovers too
            async with await psycopg.AsyncConnection.connect(a.conninfo, autocommit=True) as c:
                await c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE application_name = %s", (a.application_name,))
            await _wait(lambda: a.shared)
            deadline = time.monotonic() + 5
            while not any(n.kind == "presence" for n in got_b):
                assert time.monotonic() < deadline, "no notice after the sender reconnected"
                a.publish("presence", "g3", seats=(1,))
                await asyncio.sleep(0.6)
        finally:
            await a.stop()
            await b.stop()
        assert not a.shared

    asyncio.run(scenario())


@pytest.mark.postgres
def test_an_unreachable_database_leaves_the_bus_polling() -> None:
    async def scenario() -> None:
        bus = PgBus("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1", max_backoff=0.1)
        await bus.start(lambda n: None)
        try:
            assert not bus.shared  # the service polls while this is False
            bus.publish("move", "g", 3)  # dropped, never raises
        finally:
            await bus.stop()

    asyncio.run(scenario())
