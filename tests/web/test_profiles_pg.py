"""Two game services on one PostgreSQL database (as two server processes): both see a rated
game end, and the ratings change exactly once (issue 14, item 5)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator

import pytest

from azulejos.web import profile_store
from azulejos.web.protocol import parse_create
from azulejos.web.service import GameService, bot_levels
from azulejos.web.storage import SqlStore

from .conftest import PG_URL
from .players import account_of
from .test_notify import pg  # noqa: F401  (the fixture: a fresh schema)
from .test_notify_service import Viewer

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set"),
]


@contextlib.asynccontextmanager
async def two_services(url: str) -> AsyncIterator[tuple[GameService, GameService]]:
    """Two started game services on one database, with no polling (the bus only)."""
    sa, sb = SqlStore(url), SqlStore(url)
    a = GameService(sa, bot_delay=0, sync_interval=0)
    b = GameService(sb, bot_delay=0, sync_interval=0)
    await a.start()
    await b.start()
    try:
        yield a, b
    finally:
        await a.stop()
        await b.stop()
        sa.close()
        sb.close()


def test_R25_both_processes_see_the_end_and_the_ratings_change_once(
        pg: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    monkeypatch.setattr(profile_store, "ESTABLISHED_GAMES", 1)  # on the leaderboard at once
    monkeypatch.setattr(profile_store, "ESTABLISHED_OPPONENTS", 1)

    async def scenario() -> None:
        async with two_services(pg) as (a, b):
            ana_p, bo_p = account_of(a, "Ana"), account_of(b, "Bo")
            ana, bo = {"id": ana_p.profile_id}, {"id": bo_p.profile_id}
            created = await a.create(parse_create({"players": 2}, bot_levels()), None, True,
                                     ana_p)
            gid = created["game"]
            tokens = [(await b.claim(gid, s["invite"], None, p, f"10.0.0.{i}"))["token"]
                      for i, (s, p) in enumerate(zip(created["seats"], (ana_p, bo_p)))]
            acc = [await a.access(t, gid) for t in tokens]
            # b shows the game to a viewer: it follows the moves a stores, to the end
            on_b = Viewer(await b.access(tokens[1], gid))
            b.subscribe(on_b)
            rng = random.Random(7)
            # a's game, fetched again each move: a notice of b's claims may still make a
            # reload it (a new Live) after the first moves, and a held one would go stale
            live = await a.get(gid)
            while not live.state.is_over:
                seat = live.session.seat_to_move
                assert seat is not None
                move = rng.choice(live.state.legal_moves())
                await a.play(acc[seat], live.version, move.text())
                live = await a.get(gid)
            await on_b.until(lambda v: v["phase"] == "over", timeout=10)
            await a.profiles.settle()
            await b.profiles.settle()
            # and both write the end once more, at the same moment: neither changes anything
            again = await asyncio.gather(a.profiles.game_over(live),
                                         b.profiles.game_over(await b.get(gid)))
            assert again == [False, False]
            for svc in (a, b):
                for pid in (ana["id"], bo["id"]):
                    p = await svc.profiles.public(pid)
                    assert p["stats"]["games"] == 1 and p["stats"]["rated_games"] == 1
                    assert {k: r["games"] for k, r in p["ratings"].items()} == {
                        "all": 1, "2": 1, "coloured": 1, "2-coloured": 1}
            board = await b.profiles.leaderboard()
            assert board["total"] == 2

    asyncio.run(scenario())


def test_two_processes_writing_one_end_at_once_write_it_once(pg: str) -> None:  # noqa: F811
    """Before either has written: the two writes race, one wins, the other changes nothing."""
    async def scenario() -> None:
        async with two_services(pg) as (a, b):
            ana_p, bo_p = account_of(a, "Ana"), account_of(a, "Bo")
            ana = {"id": ana_p.profile_id}
            created = await a.create(parse_create({"players": 2}, bot_levels()))
            gid = created["game"]
            tokens = [(await a.claim(gid, s["invite"], None, p, f"10.0.0.{i}"))["token"]
                      for i, (s, p) in enumerate(zip(created["seats"], (ana_p, bo_p)))]
            acc = [await a.access(t, gid) for t in tokens]
            live = await a.get(gid)
            rng = random.Random(11)
            a.profiles.store, keep = None, a.profiles.store  # a does not write it on its own
            while not live.state.is_over:
                seat = live.session.seat_to_move
                assert seat is not None
                await a.play(acc[seat], live.version, rng.choice(live.state.legal_moves()).text())
                live = await a.get(gid)  # (as above: never a reloaded game's old Live)
            a.profiles.store = keep
            other = await b.get(gid)
            assert other.state.is_over
            wrote = await asyncio.gather(a.profiles.game_over(live), b.profiles.game_over(other))
            assert sorted(wrote) == [False, True]
            p = await b.profiles.public(ana["id"])
            assert p["rating"]["games"] == 1 and p["stats"]["games"] == 1

    asyncio.run(scenario())
