"""Games nobody has touched for a set time expire (issue 28, item 4 "Fair bots"; docs/api.md,
"Expiry"): untimed games after 30 days without a move, timed ones after three times a turn's
whole time (a day at least, 30 days at most); an expired game leaves play (the bot cap frees
it, its bots stop), refuses every action with ``expired`` and its view says so, also to a
player who opens it later on another process. SQLite, and PostgreSQL when AZULEJOS_TEST_PG."""

from __future__ import annotations

import asyncio
import time

import pytest
from sqlalchemy import insert, update

from azulejos.core.ruleset import Ruleset
from azulejos.web.clocks import ClockSpec, expiry_seconds
from azulejos.web.protocol import CreateRequest, GameError, SeatRequest
from azulejos.web.storage import SqlStore
from azulejos.web.tables import events_t, games_t
from azulejos.web.views import Access

from .test_clocks import FakeTime, service, two_people, url  # noqa: F401 (fixture)

DAY = 86400


@pytest.mark.parametrize(("spec", "seconds"), [
    (None, 30 * DAY),
    (ClockSpec("none", 0), 30 * DAY),
    (ClockSpec("move", 60), DAY),  # three minutes: a day at least
    (ClockSpec("move", DAY, bank=3 * DAY), 12 * DAY),
    (ClockSpec("move", 7 * DAY), 21 * DAY),
    (ClockSpec("move", 30 * DAY, bank=30 * DAY), 30 * DAY),  # 30 days at most
    (ClockSpec("game", 10 * DAY, increment=5), 30 * DAY),
])
def test_the_expiry_of_each_clock(spec: ClockSpec | None, seconds: int) -> None:
    assert expiry_seconds(spec) == seconds


def _age(store: SqlStore, gid: str, seconds: float) -> None:
    """The game's last change ``seconds`` ago (a test cannot wait 30 days)."""
    with store.engine.begin() as conn:
        conn.execute(update(games_t).where(games_t.c.game_id == gid)
                     .values(updated=time.time() - seconds))


def test_an_untimed_game_expires_after_30_days_and_refuses_everything(url: str) -> None:  # noqa: F811
    async def scenario() -> None:
        store = SqlStore(url)
        svc = service(store, FakeTime(time.time()))
        gid, (ann, bo) = await two_people(svc, None)
        before = await svc.view(ann)
        assert before["expired"] is None and before["to_move"] is True
        _age(store, gid, 30 * DAY - 60)
        assert await svc.expire_games(now=time.time()) == []
        _age(store, gid, 30 * DAY + 1)
        now = time.time()
        assert await svc.expire_games(now=now) == [gid]
        assert await svc.expire_games(now=now + 5) == []  # once
        v = await svc.view(ann)
        assert v["expired"] == pytest.approx(now, abs=0.01)
        assert v["to_move"] is False and v["legal"] == []
        with pytest.raises(GameError) as e:
            await svc.play(ann, before["version"], before["legal"][0]["move"])
        assert (e.value.code, e.value.status) == ("expired", 409)
        with pytest.raises(GameError) as e:
            await svc.leave(bo)
        assert (e.value.code, e.value.status) == ("expired", 409)
        with pytest.raises(GameError) as e:
            await svc.choose_timeout(bo, "bot")
        assert (e.value.code, e.value.status) == ("expired", 409)
        assert store.playing() == []  # no bot is resumed for it at a restart
        # a player who opens it later, on another process, is told
        store2 = SqlStore(url)
        other = service(store2, FakeTime(time.time()))
        seen = await other.view(Access(gid, "spectator", frozenset()))
        assert seen["expired"] == pytest.approx(now, abs=0.01) and seen["legal"] == []
        await other.stop()
        store2.close()
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_a_timed_game_expires_after_three_turns_of_its_clock(url: str) -> None:  # noqa: F811
    async def scenario() -> None:
        store = SqlStore(url)
        svc = service(store, FakeTime(time.time()))
        gid, _ = await two_people(svc, ClockSpec("move", DAY, bank=DAY))  # expiry: 6 days
        _age(store, gid, 6 * DAY - 60)
        assert await svc.expire_games(now=time.time()) == []
        _age(store, gid, 6 * DAY + 1)
        assert await svc.expire_games(now=time.time()) == [gid]
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_an_expired_game_frees_the_bot_cap(url: str) -> None:  # noqa: F811
    """A game whose people all left (bots only) counts against the cap until it expires."""

    async def scenario() -> None:
        store = SqlStore(url)
        svc = service(store, FakeTime(time.time()))
        created = await svc.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "Ann", None), SeatRequest("bot", "", "random")),
            False, 0, "random", None))
        gid = created["game"]
        with store.engine.begin() as conn:  # Ann left (stored as the leave event does)
            conn.execute(insert(events_t).values(game_id=gid, seq=10_000, kind="leave",
                                                 data="{}", seat=0, at=time.time()))
        assert store.bot_games() == 1
        _age(store, gid, 31 * DAY)
        assert await svc.expire_games(now=time.time()) == [gid]
        assert store.bot_games() == 0
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_a_process_holding_the_game_cannot_move_in_it_once_expired(url: str) -> None:  # noqa: F811
    """Process A holds the game from before its expiry by process B: A's move is refused
    (the store takes no move in an expired game), and A then knows it expired."""

    async def scenario() -> None:
        store_a, store_b = SqlStore(url), SqlStore(url)
        a, b = service(store_a, FakeTime(time.time())), service(store_b, FakeTime(time.time()))
        gid, (ann, _bo) = await two_people(a, None)
        v = await a.view(ann)
        _age(store_a, gid, 31 * DAY)
        assert await b.expire_games(now=time.time()) == [gid]
        with pytest.raises(GameError):
            await a.play(ann, v["version"], v["legal"][0]["move"])
        with pytest.raises(GameError) as e:
            await a.play(ann, v["version"], v["legal"][0]["move"])
        assert e.value.code == "expired"
        stored = store_b.load(gid)
        assert stored is not None and len(stored.events) == v["version"]
        for svc in (a, b):
            await svc.stop()
        store_a.close()
        store_b.close()

    asyncio.run(scenario())


def test_my_games_lists_an_expired_game_with_the_finished_ones() -> None:
    from azulejos.web.clocks import my_games_order

    lines: list[dict[str, object] | None] = [
        {"phase": "pick", "to_move": False, "expired": 1.0},
        {"phase": "pick", "to_move": False, "expired": None},
        {"phase": "pick", "to_move": True, "current": 0, "clock": None, "expired": None},
    ]
    assert my_games_order(lines) == [2, 1, 0]
