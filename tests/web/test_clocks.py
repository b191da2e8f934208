"""Game clocks in the game service (issue #14 item 1), in simulated wall-clock time: a per-move
clock that runs out hands the seat to the stand-in bot; a per-game clock runs down over several
turns; a move just before the deadline wins; a restart keeps the clock; two services on one
database time a turn out exactly once. SQLite, and PostgreSQL when AZULEJOS_TEST_PG is set."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from azulejos.core.ruleset import Ruleset
from azulejos.web.clocks import ClockSpec, Turn
from azulejos.web.protocol import CreateRequest, GameError, SeatRequest
from azulejos.web.service import GameService
from azulejos.web.storage import SqlStore
from azulejos.web.tables import games_t
from azulejos.web.views import Access

from .conftest import fresh_pg_schema, store_urls

T0 = 1_000_000.0


class FakeTime:
    """A wall clock the test moves by hand."""

    def __init__(self, t: float = T0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture(params=store_urls())
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'clocks.sqlite3'}"
        return
    with fresh_pg_schema("clocks") as u:
        yield u


def service(store: SqlStore, now: FakeTime, heartbeat: float = 0.0) -> GameService:
    """A service on ``store`` in simulated time; ``heartbeat``: its beat interval (0: none, so
    that the time jumps of a test are time the server was up; see test_clock_outage.py)."""
    return GameService(store, sync_interval=0, bot_seconds=0.05, now=now, clock_interval=0,
                       heartbeat_interval=heartbeat)


async def two_people(svc: GameService, clock: ClockSpec | None,
                     second: SeatRequest | None = None) -> tuple[str, list[Access]]:
    """A 2-player game (Ann to move first) with both seats claimed: the game and the seats'
    accesses (a bot second seat: one access)."""
    seats = (SeatRequest("person", "Ann", None), second or SeatRequest("person", "Bo", None))
    created = await svc.create(CreateRequest(Ruleset(2), seats, False, 0, "random", clock))
    gid = created["game"]
    accesses = []
    for s in created["seats"]:
        if s["invite"]:
            token = (await svc.claim(gid, s["invite"]))["token"]
            accesses.append(await svc.access(token, gid))
    return gid, accesses


async def move(svc: GameService, acc: Access) -> int:
    v = await svc.view(acc)
    return await svc.play(acc, v["version"], v["legal"][0]["move"])


async def wait_for(cond: Any, tries: int = 400) -> None:
    for _ in range(tries):
        if await cond():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out waiting")


def test_clock_per_move_timeout_hands_the_seat_to_the_stand_in_bot(url: str) -> None:
    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, bo) = await two_people(svc, ClockSpec("move", 3600))
        v = await svc.view(ann)
        assert v["clock"] == {"kind": "move", "seconds": 3600, "now": T0, "seat": 0,
                              "deadline": T0 + 3600, "remaining": [3600.0, None],
                              "bank": 0, "increment": 0, "banks": None, "paused": False,
                              "overdue": None}
        now.t = T0 + 3599.9
        assert await svc.check_clocks() == 0
        now.t = T0 + 3600
        # Bo is a person: he is asked (wait or bot); nobody answers within the grace time
        # (one move's time of the clock: docs/api.md, "Wait or bot"), so the bot takes over
        assert await svc.check_clocks() == 0
        assert (await svc.view(bo))["clock"]["overdue"] == {"seat": 0, "choice": None,
                                                           "until": T0 + 7200}
        now.t = T0 + 7199.9
        assert await svc.check_clocks() == 0 and not (await svc.get(gid)).session.left
        now.t = T0 + 7200
        assert await svc.check_clocks() == 1
        live = await svc.get(gid)
        assert (live.session.left[0].reason, live.session.left[0].bot) == ("timeout", "random")
        # the stand-in bot plays Ann's turn; then Bo's clock runs from the bot's move
        await wait_for(lambda: _seat_to_move(svc, gid, 1))
        v = await svc.view(bo)
        assert v["seats"][0]["left"]["reason"] == "timeout"
        assert v["clock"]["seat"] == 1 and v["clock"]["deadline"] == now.t + 3600
        gone = await svc.view(Access(gid, "seat", frozenset({0})))
        assert gone["you"] == {"role": "seat", "seats": [], "left": [0]}
        record = json.loads(await svc.record(bo))
        assert record["seats"][0]["left"]["reason"] == "timeout"
        await svc.stop()
        store.close()

    asyncio.run(scenario())


async def _has_left(svc: GameService, gid: str, seat: int) -> bool:
    return seat in (await svc.get(gid)).session.left


async def _seat_to_move(svc: GameService, gid: str, seat: int) -> bool:
    return (await svc.get(gid)).session.seat_to_move == seat


def test_clock_per_game_runs_down_across_turns(url: str) -> None:
    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, bo) = await two_people(svc, ClockSpec("game", 100))
        now.t += 30
        await move(svc, ann)  # Ann used 30 s
        v = await svc.view(bo)
        assert v["clock"]["remaining"] == [70.0, 100.0] and v["clock"]["deadline"] == now.t + 100
        now.t += 10
        await move(svc, bo)  # Bo used 10 s
        now.t += 40  # Ann thinks for 40 s more
        v = await svc.view(ann)
        assert v["clock"]["seat"] == 0 and v["clock"]["remaining"] == [30.0, 90.0]
        assert v["clock"]["deadline"] == now.t - 40 + 70  # her turn began 40 s ago with 70 left
        await move(svc, ann)  # Ann used 70 s in all
        now.t += 5
        await move(svc, bo)  # Bo: 15 s
        assert (await svc.view(bo))["clock"]["remaining"] == [30.0, 85.0]
        began = now.t
        # another service on the database (a restart, another process) reads the same clock
        store2 = SqlStore(url)
        other = service(store2, now)
        seen = (await other.view(Access(gid, "spectator", frozenset())))["clock"]
        assert seen["remaining"] == [30.0, 85.0] and seen["deadline"] == began + 30
        await other.stop()
        store2.close()
        now.t = began + 29.999
        assert await svc.check_clocks() == 0
        now.t = began + 30  # her whole-game time is used up: Bo is asked, for 30 s
        assert await svc.check_clocks() == 0
        now.t = began + 60
        assert await svc.check_clocks() == 1
        assert (await svc.get(gid)).session.left[0].reason == "timeout"
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_clock_a_move_just_before_the_deadline_wins(url: str) -> None:
    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, bo) = await two_people(svc, ClockSpec("move", 60))
        now.t = T0 + 59.999
        await move(svc, ann)  # in time
        now.t = T0 + 60
        assert await svc.check_clocks() == 0  # Bo's turn is timed from Ann's move
        assert not (await svc.get(gid)).session.left
        # a move at Bo's deadline: Ann, a person, has not chosen to hand his seat to the bot,
        # so he may still move (issue 28, "wait or bot"; a game against bots refuses it:
        # test_clocks_api.py)
        now.t = T0 + 59.999 + 60
        await move(svc, bo)
        assert not (await svc.get(gid)).session.left
        assert await svc.check_clocks() == 0
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_clock_survives_a_restart(url: str) -> None:
    """A new service on the same database times the turn out at the stored deadline."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, _bo) = await two_people(svc, ClockSpec("move", 600))
        now.t += 100
        await move(svc, ann)  # Bo's deadline: T0 + 700
        await svc.stop()
        store.close()

        store2 = SqlStore(url)
        svc2 = service(store2, now)
        await svc2.start(resume_bots=False)
        now.t = T0 + 699
        assert await svc2.check_clocks() == 0
        now.t = T0 + 700
        assert await svc2.check_clocks() == 0  # Ann is asked; the offer is stored
        store3 = SqlStore(url)
        svc3 = service(store3, now)  # another restart: the offer stays
        assert (await svc3.view(Access(gid, "spectator", frozenset())))["clock"]["overdue"] \
            == {"seat": 1, "choice": None, "until": T0 + 1300}
        await svc3.stop()
        store3.close()
        now.t = T0 + 1300  # nobody chose within the grace time (600 s)
        assert await svc2.check_clocks() == 1
        assert (await svc2.get(gid)).session.left[1].reason == "timeout"
        await svc2.stop()
        store2.close()

    asyncio.run(scenario())


def test_clock_two_services_on_one_database_time_out_once(url: str) -> None:
    async def scenario() -> None:
        now = FakeTime()
        store_a, store_b = SqlStore(url), SqlStore(url)
        a, b = service(store_a, now), service(store_b, now)
        gid, _ = await two_people(a, ClockSpec("move", 60), SeatRequest("bot", "", "random"))
        await b.get(gid)  # both hold the game
        now.t = T0 + 61
        done = await asyncio.gather(a.check_clocks(), b.check_clocks())
        assert sorted(done) == [0, 1]
        stored = store_a.load(gid)
        assert stored is not None
        assert [e.kind for e in stored.events].count("leave") == 1
        assert await a.check_clocks() + await b.check_clocks() == 0
        for svc in (a, b):
            await svc.stop()
        store_a.close()
        store_b.close()

    asyncio.run(scenario())


def test_clock_waits_for_the_invited_players(url: str) -> None:
    """The clock of a turn runs only once every person seat is claimed (invitations)."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        seats = (SeatRequest("person", "Ann", None), SeatRequest("person", "Bo", None))
        created = await svc.create(CreateRequest(Ruleset(2), seats, False, 0, "random",
                                                 ClockSpec("move", 60)))
        gid = created["game"]
        assert created["clock"]["seat"] is None
        now.t += 3600
        assert await svc.check_clocks() == 0
        for s in created["seats"]:
            await svc.claim(gid, s["invite"])
        live = await svc.get(gid)
        view = await svc.view(Access(gid, "spectator", frozenset()))
        assert view["clock"]["seat"] == 0 and view["clock"]["deadline"] == now.t + 60
        assert not live.session.left
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_clock_a_timeout_timed_on_an_old_version_changes_nothing(url: str) -> None:
    """A move stored on one process wins over a timeout another process timed on the version
    before it: that leave is refused as stale and nothing changes."""

    async def scenario() -> None:
        now = FakeTime()
        store_a, store_b = SqlStore(url), SqlStore(url)
        a, b = service(store_a, now), service(store_b, now)
        gid, (ann, _bo) = await two_people(a, ClockSpec("move", 60))
        timed = (await b.get(gid)).version  # B holds the game at Ann's turn
        now.t = T0 + 59.5
        await move(a, ann)  # stored on A just before the deadline
        now.t = T0 + 60
        with pytest.raises(GameError) as e:
            await b._leave(gid, 0, timed, frozenset({0}), "timeout")
        assert e.value.code == "stale"
        assert await b.check_clocks() == 0
        stored = store_a.load(gid)
        assert stored is not None and "leave" not in [ev.kind for ev in stored.events]
        for svc in (a, b):
            await svc.stop()
        store_a.close()
        store_b.close()

    asyncio.run(scenario())


def test_clock_a_turn_lost_between_the_move_and_its_clock_is_timed_from_the_reload(url: str) -> None:
    """A process that stopped after storing a move but before storing its turn: the clock loop
    of the next process finds the game and times the turn from then (never from an older turn,
    never not at all)."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, _bo) = await two_people(svc, ClockSpec("move", 60))
        stale = svc.clock_store.load(gid, 2) if svc.clock_store else None
        now.t += 30
        version = await move(svc, ann)
        assert svc.clock_store is not None and stale is not None
        with store.engine.begin() as conn:  # the turn of Ann's move was never stored
            conn.execute(update(games_t).where(games_t.c.game_id == gid).values(
                turn_version=stale.turn.version if stale.turn else None,
                turn_seat=0, turn_deadline=T0 + 60))
        await svc.stop()
        now.t += 100  # the server comes back later; nobody opens the game
        svc2 = service(store, now)
        assert await svc2.check_clocks() == 0  # it finds the stranded turn and times it now
        assert svc2.clock_store is not None
        found = svc2.clock_store.load(gid, 2)
        assert found is not None and found.turn == Turn(version, now.t, 1, now.t + 60)
        view = await svc2.view(Access(gid, "spectator", frozenset()))
        assert view["version"] == version
        assert view["clock"]["seat"] == 1 and view["clock"]["deadline"] == now.t + 60
        assert await svc2.check_clocks() == 0
        now.t += 60
        assert await svc2.check_clocks() == 0  # Ann is asked
        now.t += 60
        assert await svc2.check_clocks() == 1  # nobody chose: the bot
        assert (await svc2.get(gid)).session.left[1].reason == "timeout"
        await svc2.stop()
        store.close()

    asyncio.run(scenario())


def test_clock_a_time_bank_is_stored_spent_and_not_refilled(url: str) -> None:
    """Issue 28, item 2: ``move`` with a ``bank``; the bank spent is stored (a restart, another
    process, reads it) and runs out only after the move's own time."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, bo) = await two_people(svc, ClockSpec("move", 60, bank=100))
        v = await svc.view(ann)
        assert v["clock"]["deadline"] == T0 + 160 and v["clock"]["banks"] == [100.0, 100.0]
        now.t = T0 + 90  # 30 s into her bank
        assert (await svc.view(bo))["clock"]["banks"] == [70.0, 100.0]
        await move(svc, ann)
        store2 = SqlStore(url)
        other = service(store2, now)
        seen = (await other.view(Access(gid, "spectator", frozenset())))["clock"]
        assert seen["banks"] == [70.0, 100.0] and seen["deadline"] == T0 + 90 + 160
        await other.stop()
        store2.close()
        now.t = T0 + 100
        await move(svc, bo)  # Ann's turn: her own 60 s and the 70 s left in her bank
        assert (await svc.view(ann))["clock"]["deadline"] == T0 + 100 + 130
        now.t = T0 + 229.999
        assert await svc.check_clocks() == 0
        now.t = T0 + 230
        assert await svc.check_clocks() == 0  # Bo is asked, for one move's time (60 s)
        now.t = T0 + 290
        assert await svc.check_clocks() == 1
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_clock_an_increment_is_given_after_each_move(url: str) -> None:
    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, bo) = await two_people(svc, ClockSpec("game", 100, increment=5))
        now.t += 2
        await move(svc, ann)
        c = (await svc.view(bo))["clock"]
        assert c["increment"] == 5 and c["remaining"] == [103.0, 100.0]
        now.t += 40
        await move(svc, bo)
        store2 = SqlStore(url)
        other = service(store2, now)
        seen = (await other.view(Access(gid, "spectator", frozenset())))["clock"]
        assert seen["remaining"] == [103.0, 65.0] and seen["deadline"] == now.t + 103
        await other.stop()
        store2.close()
        await svc.stop()
        store.close()

    asyncio.run(scenario())
