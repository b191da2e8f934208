"""No move notices while no other server process listens (web/bus.py, docs/scaling.md): a bus
finds the others' bus connections in the database and hears their notices; a newcomer says
``hello`` and polls until every other process has surely noticed it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from azulejos.web.bus import Notice, PgBus, bus_for
from azulejos.web.storage import SqlStore, StoredEvent

from .conftest import PG_URL, fresh_pg_schema
from .test_movers import _game

pg_only = pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set")


async def _until(cond: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


@pytest.mark.postgres
@pg_only
def test_a_bus_alone_sends_no_move_notice_and_one_with_company_does() -> None:
    from azulejos.web.storage import database_url

    assert PG_URL
    url = database_url(PG_URL)

    async def scenario() -> None:
        channel = f"alone_{time.monotonic_ns()}"  # this test's buses only
        a, b = bus_for(url), bus_for(url)
        assert isinstance(a, PgBus) and isinstance(b, PgBus)
        a.channel = b.channel = channel
        a.check_every = b.check_every = 0.3
        got_a: list[Notice] = []
        await a.start(got_a.append)
        try:
            assert a.shared and not a.others  # nobody else on the channel
            assert a.move_payload("g1", 3) is None
            await b.start(lambda n: None)
            try:
                assert b.others  # a's connections are there
                assert not b.settled  # a may not know b yet: b polls meanwhile
                await _until(lambda: a.others)  # b's hello (or a's next check)
                payload = a.move_payload("g1", 3)
                assert payload is not None and Notice.loads(payload) == Notice(
                    "move", "g1", 3, a.origin)
                await _until(lambda: b.settled)
                assert got_a == []  # the hello is the bus's own: not handed to the service
            finally:
                await b.stop()
            await _until(lambda: not a.others)  # b's connections gone, nothing heard lately
            assert a.move_payload("g1", 4) is None
        finally:
            await a.stop()

    asyncio.run(scenario())


@pytest.mark.postgres
@pg_only
def test_a_write_whose_payload_is_none_notifies_nobody() -> None:
    import psycopg

    from azulejos.web.storage import database_url

    assert PG_URL
    channel = "t_none_" + str(time.monotonic_ns())
    say = {"now": False}
    with fresh_pg_schema("none") as url:
        store = SqlStore(url)
        listener = psycopg.connect(database_url(PG_URL).replace("+psycopg", ""), autocommit=True)
        try:
            listener.execute(f"LISTEN {channel}")
            assert store.notify_on_append(channel, lambda g, v: f"{g}@{v}" if say["now"] else None)
            store.create(_game("g1"))
            store.append("g1", 1, [StoredEvent(1, "move", "1B1", 0)], None, "playing")
            say["now"] = True
            store.append("g1", 2, [StoredEvent(2, "move", "2K2", 1)], None, "playing")

            async def on_the_loop() -> None:
                say["now"] = False
                assert await store.append_soon("g1", 3, [StoredEvent(3, "move", "1Y1", 0)],
                                               None, "playing") == 4

            asyncio.run(on_the_loop())
            heard = [n.payload for n in listener.notifies(timeout=1.0)]
            assert heard == ["g1@3"]
            g = store.load("g1")
            assert g is not None and g.version == 4
        finally:
            listener.close()
            store.close()
