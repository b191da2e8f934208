"""Wait or bot (issue 28, item 2 "Fair clocks"; docs/api.md, "Wait or bot"): when a person's
turn runs out in a game where other seats are people, they choose to wait or to hand the seat to
the stand-in bot; nobody choosing within the grace time is the bot. Refusals: a spectator, the
overdue player, a bad choice, a choice after the default. A game of one person against bots
and a hot-seat game keep the time-out at once. In simulated time; SQLite, and PostgreSQL when
AZULEJOS_TEST_PG is set."""

from __future__ import annotations

import asyncio

import pytest

from azulejos.core.ruleset import Ruleset
from azulejos.web.clocks import ClockSpec, grace_seconds
from azulejos.web.protocol import CreateRequest, GameError, SeatRequest
from azulejos.web.service import GameService
from azulejos.web.storage import SqlStore
from azulejos.web.views import Access

from .test_clocks import T0, FakeTime, move, service, two_people, url  # noqa: F401 (fixture)


async def refused(coro: object, code: str, status: int) -> None:
    with pytest.raises(GameError) as e:
        await coro  # type: ignore[misc]
    assert (e.value.code, e.value.status) == (code, status)


async def three_people(svc: GameService, clock: ClockSpec) -> tuple[str, list[Access]]:
    seats = tuple(SeatRequest("person", n, None) for n in ("Ann", "Bo", "Cy"))
    created = await svc.create(CreateRequest(Ruleset(3), seats, False, 0, "random", clock))
    gid = created["game"]
    accs = [await svc.access((await svc.claim(gid, s["invite"]))["token"], gid)
            for s in created["seats"]]
    return gid, accs


def test_grace_is_one_moves_time_within_30_s_and_3_days() -> None:
    assert grace_seconds(ClockSpec("move", 3600)) == 3600
    assert grace_seconds(ClockSpec("move", 10)) == 30
    assert grace_seconds(ClockSpec("move", 7 * 86400, bank=86400)) == 3 * 86400
    assert grace_seconds(ClockSpec("game", 600, increment=5)) == 60


def test_the_others_wait_and_the_player_may_still_move(url: str) -> None:  # noqa: F811
    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, bo) = await two_people(svc, ClockSpec("move", 60))
        spectator = Access(gid, "spectator", frozenset())
        await refused(svc.choose_timeout(bo, "wait"), "no_offer", 409)  # nobody overdue yet
        now.t = T0 + 60
        assert await svc.check_clocks() == 0
        assert (await svc.view(bo))["clock"]["overdue"] == {"seat": 0, "choice": None,
                                                            "until": T0 + 120}
        await refused(svc.choose_timeout(spectator, "wait"), "not_a_player", 403)
        await refused(svc.choose_timeout(ann, "wait"), "overdue_player", 403)
        for bad in ("later", None, 1, ["wait"]):
            await refused(svc.choose_timeout(bo, bad), "malformed", 400)
        assert (await svc.view(bo))["clock"]["overdue"]["choice"] is None  # nothing changed
        assert await svc.choose_timeout(bo, "wait") == {"choice": "wait", "seat": 0}
        assert (await svc.view(ann))["clock"]["overdue"] == {"seat": 0, "choice": "wait",
                                                             "until": None}
        now.t = T0 + 10_000  # long after the grace time: waiting has no default
        assert await svc.check_clocks() == 0 and not (await svc.get(gid)).session.left
        version = await move(svc, ann)  # late, but the others wait: played
        v = await svc.view(bo)
        assert v["version"] == version and v["clock"]["overdue"] is None
        assert v["clock"]["seat"] == 1 and v["clock"]["deadline"] == now.t + 60
        await refused(svc.choose_timeout(ann, "bot"), "no_offer", 409)  # nobody overdue now
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_bot_now_after_waiting_and_no_choice_after_that(url: str) -> None:  # noqa: F811
    """The offer stays open after "wait": a player of three may still hand the seat to the
    bot; once the bot has it, every choice is refused."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, bo, cy) = await three_people(svc, ClockSpec("move", 60))
        now.t = T0 + 60
        assert await svc.check_clocks() == 0
        assert (await svc.choose_timeout(bo, "wait"))["choice"] == "wait"
        now.t = T0 + 500
        assert await svc.choose_timeout(cy, "bot") == {"choice": "bot", "seat": 0}
        live = await svc.get(gid)
        assert live.session.left[0].reason == "timeout"
        assert (await svc.view(bo))["clock"]["overdue"] is None
        await refused(svc.choose_timeout(bo, "bot"), "no_offer", 409)
        await refused(svc.choose_timeout(cy, "wait"), "no_offer", 409)
        await refused(svc.choose_timeout(ann, "wait"), "not_a_player", 403)  # she left
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_nobody_chooses_the_bot_takes_the_seat_and_a_late_choice_is_refused(url: str) -> None:  # noqa: F811
    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        gid, (ann, bo) = await two_people(svc, ClockSpec("game", 100, increment=5))
        now.t = T0 + 100
        assert await svc.check_clocks() == 0
        # the player moves during the grace time: played, the offer is gone
        await move(svc, ann)
        assert (await svc.view(bo))["clock"]["overdue"] is None
        v = await svc.view(bo)
        now.t = T0 + 200  # Bo used his 100 s
        assert await svc.check_clocks() == 0
        assert (await svc.view(ann))["clock"]["overdue"]["until"] == v["clock"]["deadline"] + 30
        now.t = v["clock"]["deadline"] + 30
        assert await svc.check_clocks() == 1
        assert (await svc.get(gid)).session.left[1].reason == "timeout"
        await refused(svc.choose_timeout(ann, "wait"), "no_offer", 409)
        await refused(svc.choose_timeout(ann, "bot"), "no_offer", 409)
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_two_processes_open_one_offer_and_either_takes_the_choice(url: str) -> None:  # noqa: F811
    async def scenario() -> None:
        now = FakeTime()
        store_a, store_b = SqlStore(url), SqlStore(url)
        a, b = service(store_a, now), service(store_b, now)
        gid, (ann, bo) = await two_people(a, ClockSpec("move", 60))
        await b.get(gid)
        now.t = T0 + 60
        assert list(await asyncio.gather(a.check_clocks(), b.check_clocks())) == [0, 0]
        # B answers the offer A (or B) opened, from the database
        assert (await b.choose_timeout(bo, "bot"))["choice"] == "bot"
        await refused(a.choose_timeout(bo, "wait"), "no_offer", 409)
        stored = store_a.load(gid)
        assert stored is not None and [e.kind for e in stored.events].count("leave") == 1
        assert await a.check_clocks() + await b.check_clocks() == 0
        for svc in (a, b):
            await svc.stop()
        store_a.close()
        store_b.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("hotseat", [False, True])
def test_one_person_against_bots_or_a_hot_seat_times_out_at_once(url: str, hotseat: bool) -> None:  # noqa: F811
    """Nobody else to ask: the seat passes to the bot at the deadline, as before issue 28."""

    async def scenario() -> None:
        now = FakeTime()
        store = SqlStore(url)
        svc = service(store, now)
        second = SeatRequest("person", "Bo", None) if hotseat else SeatRequest("bot", "", "random")
        created = await svc.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "Ann", None), second), hotseat, 0, "random",
            ClockSpec("move", 60)))
        gid = created["game"]
        if not hotseat:
            await svc.claim(gid, created["seats"][0]["invite"])
        now.t = T0 + 60
        assert await svc.check_clocks() == 1
        assert (await svc.get(gid)).session.left[0].reason == "timeout"
        await svc.stop()
        store.close()

    asyncio.run(scenario())
