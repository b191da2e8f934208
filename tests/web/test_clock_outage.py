"""Downtime is never charged (issue 28, item 2 "Fair clocks"): the servers' heartbeat in the
database; at start, and when a process finds the beat stale, the outage is added to every
running turn before any is timed out, exactly once over every process. In simulated time
(no sleeps). SQLite, and PostgreSQL when AZULEJOS_TEST_PG is set."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from azulejos.web.clock_store import ClockStore
from azulejos.web.clocks import ClockSpec
from azulejos.web.protocol import SeatRequest
from azulejos.web.storage import SqlStore
from azulejos.web.tables import games_t, heartbeat_t
from azulejos.web.views import Access

from .test_clocks import T0, FakeTime, move, service, two_people, url  # noqa: F401 (fixture)

BEAT = 5.0


def test_an_outage_of_35_s_during_a_30_s_turn_is_not_charged(url: str) -> None:  # noqa: F811
    """The Done-when line: a 30 s clock, the service stopped mid-turn (10 s used), restarted
    35 s later: nobody is timed out, and the time left is what was left at the stop."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now, BEAT)
        await svc.start(resume_bots=False)
        gid, (ann,) = await two_people(svc, ClockSpec("move", 30), SeatRequest("bot", "", "random"))
        now.t = T0 + 10
        await svc.stop()  # the last beat: T0 + 10, Ann has 20 s left
        store.close()

        now.t = T0 + 45  # 35 s later
        store2 = SqlStore(url)
        svc2 = service(store2, now, BEAT)
        await svc2.start(resume_bots=False)
        assert await svc2.check_clocks() == 0
        v = await svc2.view(ann)
        assert v["clock"]["remaining"][0] == 20.0 and v["clock"]["deadline"] == T0 + 65
        assert not (await svc2.get(gid)).session.left
        for t in range(49, 65, 4):  # the server up, beating: T0 + 49 … T0 + 61
            now.t = T0 + t
            assert await svc2.check_clocks() == 0
        now.t = T0 + 64.999
        assert await svc2.check_clocks() == 0
        now.t = T0 + 65  # her own 30 s are up
        assert await svc2.check_clocks() == 1
        await svc2.stop()
        store2.close()

    asyncio.run(scenario())


def test_a_kill_mid_turn_is_charged_at_most_one_beat(url: str) -> None:  # noqa: F811
    """Killed (no last beat): the outage is measured from the last beat, so the player gets
    back up to one beat interval they had used (documented: 'within the beat interval')."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now, BEAT)
        await svc.start(resume_bots=False)
        gid, (ann, bo) = await two_people(svc, ClockSpec("game", 100))
        now.t = T0 + 8
        await svc.check_clocks()  # beats at T0 + 8 (due since T0 + 5)
        now.t = T0 + 12  # killed here: no beat since T0 + 8, Ann used 12 s
        # a new process 100 s later, on the same database (the old one never stopped)
        now.t = T0 + 112
        store2 = SqlStore(url)
        svc2 = service(store2, now, BEAT)
        await svc2.start(resume_bots=False)
        remaining = (await svc2.view(ann))["clock"]["remaining"][0]
        assert 88.0 <= remaining <= 88.0 + BEAT and remaining == 92.0
        await move(svc2, ann)
        assert (await svc2.view(bo))["clock"]["remaining"] == [92.0, 100.0]
        for s in (svc2,):
            await s.stop()
        store2.close()
        store.close()

    asyncio.run(scenario())


def test_a_new_database_moves_nothing_and_a_fresh_beat_moves_nothing(url: str) -> None:  # noqa: F811
    store = SqlStore(url)
    clocks = ClockStore(store.engine)
    with store.engine.connect() as conn:
        assert conn.execute(select(heartbeat_t)).first() is None
    assert clocks.beat("a", T0, 10.0) == 0.0  # the first beat ever: nothing moves
    assert clocks.beat("a", T0 + 5, 10.0) == 0.0
    assert clocks.beat("a", T0 + 15, 10.0) == 0.0  # 10 s: not stale yet
    assert clocks.beat("a", T0 + 40, 10.0) == 25.0  # 25 s without a beat: an outage
    with store.engine.connect() as conn:
        assert conn.execute(select(heartbeat_t.c.pid, heartbeat_t.c.beat)).one() == ("a", T0 + 40)
    store.close()


def test_an_outage_moves_the_deadlines_exactly_once_over_two_processes(url: str) -> None:  # noqa: F811
    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now, BEAT)
        await svc.start(resume_bots=False)
        gid, _ = await two_people(svc, ClockSpec("move", 60))
        await svc.stop()
        store.close()
        now.t = T0 + 1000
        store_a, store_b = SqlStore(url), SqlStore(url)
        a, b = service(store_a, now, BEAT), service(store_b, now, BEAT)
        added = await asyncio.gather(a.heartbeat(), b.heartbeat())
        assert sorted(added) == [0.0, 1000.0]
        with store_a.engine.connect() as conn:
            deadline = conn.execute(select(games_t.c.turn_deadline)
                                    .where(games_t.c.game_id == gid)).scalar_one()
        assert deadline == T0 + 1060
        assert await a.check_clocks() + await b.check_clocks() == 0
        for s in (a, b):
            await s.stop()
        store_a.close()
        store_b.close()

    asyncio.run(scenario())


def test_a_stale_beat_found_while_running_gives_the_held_clocks_their_time(url: str) -> None:  # noqa: F811
    """A process that finds the beat stale while it holds a game (the machine slept) reads
    its clock again before timing anything out."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now, BEAT)
        await svc.start(resume_bots=False)
        gid, (ann, _bo) = await two_people(svc, ClockSpec("move", 30))
        now.t = T0 + 500  # nothing beat for 500 s
        assert await svc.check_clocks() == 0
        v = await svc.view(Access(gid, "spectator", frozenset()))
        assert v["clock"]["deadline"] == T0 + 530
        await svc.stop()
        store.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("bad", [-1.0])
def test_a_beat_from_the_past_moves_nothing(url: str, bad: float) -> None:  # noqa: F811
    """A process whose clock is behind the stored beat never moves deadlines backwards."""
    store = SqlStore(url)
    clocks = ClockStore(store.engine)
    clocks.beat("a", T0, 10.0)
    assert clocks.beat("b", T0 + 100 * bad, 10.0) == 0.0
    with store.engine.connect() as conn:
        assert conn.execute(select(heartbeat_t.c.beat)).scalar_one() == T0
    store.close()


def test_a_turn_begun_after_the_last_beat_gets_its_whole_time_back(url: str) -> None:  # noqa: F811
    """Killed 3 s into a 30 s turn that began after the last beat: the turn is given back the
    time since it began, never more (not the time since the older beat)."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now, BEAT)
        await svc.start(resume_bots=False)  # the last beat: T0
        now.t = T0 + 3
        gid, (ann,) = await two_people(svc, ClockSpec("move", 30), SeatRequest("bot", "", "random"))
        now.t = T0 + 6  # killed: no stop, no beat
        now.t = T0 + 100
        store2 = SqlStore(url)
        svc2 = service(store2, now, BEAT)
        await svc2.start(resume_bots=False)
        c = (await svc2.view(ann))["clock"]
        assert c["remaining"][0] == 30.0 and c["deadline"] == T0 + 130
        await svc2.stop()
        store2.close()
        store.close()

    asyncio.run(scenario())


def test_an_outage_longer_than_a_games_expiry_does_not_expire_it(url: str) -> None:  # noqa: F811
    """Expiry counts from a game's last change, and downtime is not counted there either: a
    game whose clock expires after a day of nobody moving survives a two-day outage (and,
    up again, expires a day later)."""
    import time

    async def scenario() -> None:
        base = time.time()  # the stores write a game's last change in real time
        now = FakeTime(base)
        store = SqlStore(url)
        svc = service(store, now, BEAT)
        await svc.start(resume_bots=False)
        gid, _ = await two_people(svc, ClockSpec("move", 3600), SeatRequest("bot", "", "random"))
        now.t = base + 10
        await svc.stop()
        store.close()

        now.t = base + 10 + 2 * 86400  # two days down (this clock expires after one day)
        store2 = SqlStore(url)
        svc2 = service(store2, now, BEAT)
        await svc2.start(resume_bots=False)
        await svc2.check_clocks()
        assert await svc2.expire_games(now=now.t) == []
        now.t += 86400 + 60  # a day up with nobody moving: now it expires
        assert await svc2.expire_games(now=now.t) == [gid]
        await svc2.stop()
        store2.close()

    asyncio.run(scenario())
