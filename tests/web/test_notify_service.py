"""Two game services on one PostgreSQL database, in one event loop (as two server processes
would be): with the database polling switched off, a move, a rename and presence still reach
the other service's viewers - through LISTEN/NOTIFY alone; and with a bus that cannot listen,
the other service falls back to polling (issue 14, item 6)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest

from azulejos.web.bus import PgBus
from azulejos.web.protocol import parse_create
from azulejos.web.service import GameService, bot_levels
from azulejos.web.storage import SqlStore
from azulejos.web.views import Access

from .conftest import PG_URL
from .test_notify import pg  # noqa: F401  (the fixture: a fresh schema)

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set"),
]


class Viewer:
    """A subscriber that keeps the views it is sent."""

    def __init__(self, access: Access) -> None:
        self.access = access
        self.previews_on_demand = False
        self.chat = False
        self.views: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        pass  # no chat here

    def send_view(self, view: dict[str, Any]) -> None:
        self.views.append(view)

    async def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        while not (self.views and pred(self.views[-1])):
            if time.monotonic() > deadline:
                last = self.views[-1] if self.views else None
                raise AssertionError(f"no such view within {timeout} s; last: "
                                     f"{last and {k: last[k] for k in ('version', 'seats')}}")
            await asyncio.sleep(0.005)


async def _game(a: GameService) -> tuple[str, list[Access]]:
    created = await a.create(parse_create({"players": 2}, bot_levels()))
    gid = created["game"]
    tokens = [(await a.claim(gid, s["invite"]))["token"] for s in created["seats"]]
    return gid, [await a.access(t, gid) for t in tokens]


async def _first_move(a: GameService, acc: list[Access]) -> int:
    live = await a.get(acc[0].game_id)
    seat = live.session.seat_to_move
    assert seat is not None
    move = live.state.legal_moves()[0]
    return await a.play(acc[seat], live.version, move.text())


def test_without_polling_the_bus_alone_carries_moves_renames_and_presence(pg: str) -> None:  # noqa: F811
    async def scenario() -> None:
        sa, sb = SqlStore(pg), SqlStore(pg)
        a = GameService(sa, bot_delay=0, sync_interval=0)  # no polling at all
        b = GameService(sb, bot_delay=0, sync_interval=0)
        assert isinstance(a.bus, PgBus) and isinstance(b.bus, PgBus)
        await a.start()
        await b.start()
        try:
            assert a.bus.shared and b.bus.shared
            gid, acc = await _game(a)
            await b.get(gid)
            on_b = Viewer(acc[1])
            b.subscribe(on_b)
            on_a = Viewer(acc[0])
            a.subscribe(on_a)
            # presence over both services
            await on_a.until(lambda v: v["seats"][1]["online"])
            await on_b.until(lambda v: v["seats"][0]["online"])
            # a move made on A reaches B's viewer
            version = await _first_move(a, acc)
            await on_b.until(lambda v: v["version"] == version)
            # and B can play on from there (it holds the new state, not a stale one)
            live_b = await b.get(gid)
            assert live_b.version == version
            assert live_b.state.layout() == (await a.get(gid)).state.layout()
            # a rename on B reaches A
            await b.rename(acc[1], "Bea")
            await on_a.until(lambda v: v["seats"][1]["name"] == "Bea")
            # B's viewer goes: A shows seat 1 offline
            b.unsubscribe(on_b)
            await on_a.until(lambda v: not v["seats"][1]["online"])
        finally:
            await a.stop()
            await b.stop()
            sa.close()
            sb.close()

    asyncio.run(scenario())


def test_a_service_whose_bus_cannot_listen_falls_back_to_polling(pg: str) -> None:  # noqa: F811
    async def scenario() -> None:
        sa, sb = SqlStore(pg), SqlStore(pg)
        a = GameService(sa, bot_delay=0, sync_interval=0)
        deaf = PgBus("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1", max_backoff=0.2)
        b = GameService(sb, bot_delay=0, sync_interval=0.1, bus=deaf)
        await a.start()
        await b.start()
        try:
            assert not b.bus.shared
            gid, acc = await _game(a)
            await b.get(gid)
            on_b = Viewer(acc[1])
            b.subscribe(on_b)
            version = await _first_move(a, acc)
            await on_b.until(lambda v: v["version"] == version)  # found by polling
        finally:
            await a.stop()
            await b.stop()
            sa.close()
            sb.close()

    asyncio.run(scenario())


def test_a_watched_game_is_caught_up_event_by_event_as_a_full_load_would_be(
        pg: str) -> None:  # noqa: F811
    import random

    from azulejos.web.live import Live

    async def scenario() -> None:
        sa, sb = SqlStore(pg), SqlStore(pg)
        a = GameService(sa, bot_delay=0, sync_interval=0)
        b = GameService(sb, bot_delay=0, sync_interval=0)
        await a.start()
        await b.start()
        try:
            gid, acc = await _game(a)
            await b.get(gid)
            on_b = Viewer(acc[1])
            b.subscribe(on_b)
            # the claims' notices (seats: reloaded whole) may still be on their way: let them
            # arrive before taking the game B holds
            await asyncio.sleep(0.5)
            held = await b.get(gid)
            rng = random.Random(2)
            # A plays past the end of round 1 (the next fill, R21), then seat 1 leaves
            while (await a.get(gid)).state.round < 2:
                live = await a.get(gid)
                seat = live.session.seat_to_move
                assert seat is not None
                await a.play(acc[seat], live.version,
                             rng.choice(live.state.legal_moves()).text())
            await a.leave(acc[1], 1)
            version = (await a.get(gid)).version
            await on_b.until(lambda v: v["version"] >= version and v["seats"][1]["left"])
            caught = await b.get(gid)
            assert caught is held  # brought up to date in place, not reloaded
            stored = sb.load(gid)
            assert stored is not None
            # (the stand-in bot may have moved on A meanwhile: compare at B's version)
            assert stored.version >= caught.version
            stored.events, stored.version = stored.events[:caught.version], caught.version
            full = Live.from_stored(stored)
            assert caught.version == full.version
            assert caught.state.layout() == full.state.layout()
            assert caught.log == full.log
            assert caught.left_seats() == full.left_seats() == {1}
            assert caught.session.seats == full.session.seats
        finally:
            await a.stop()
            await b.stop()
            sa.close()
            sb.close()

    asyncio.run(scenario())


def test_one_process_plays_a_games_bots_the_others_give_way(pg: str) -> None:  # noqa: F811
    async def scenario() -> None:
        sa, sb = SqlStore(pg), SqlStore(pg)
        a = GameService(sa, bot_delay=0.02, bot_seconds=0.05, sync_interval=0)
        b = GameService(sb, bot_delay=0.02, bot_seconds=0.05, sync_interval=0)
        computed = {"a": 0, "b": 0}
        for name, svc in (("a", a), ("b", b)):
            run = svc.bots.run

            async def counted(fn: Any, *, person: bool, _run: Any = run, _n: str = name) -> Any:
                computed[_n] += 1
                return await _run(fn, person=person)

            svc.bots.run = counted  # type: ignore[method-assign]
        await a.start()
        try:
            bots = [{"kind": "bot", "level": "random"}] * 2
            gid = (await a.create(parse_create({"players": 2, "seats": bots}, bot_levels())))["game"]
            await b.start()  # resumes the game's bots too: both play them for a move or two
            try:
                deadline = time.monotonic() + 60
                while (await a.get(gid)).status == "playing":
                    assert time.monotonic() < deadline, "the bots did not finish the game"
                    await asyncio.sleep(0.05)
                stored = sa.load(gid)
                assert stored is not None
                moves = sum(1 for e in stored.events if e.kind == "move")
                # every bot move computed about once over both processes (not twice)
                assert moves <= computed["a"] + computed["b"] <= moves + 6, (computed, moves)
            finally:
                await b.stop()
        finally:
            await a.stop()
            sa.close()
            sb.close()

    asyncio.run(scenario())
