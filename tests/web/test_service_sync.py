"""Two game services on one database (as two server processes would be), without a bus that
reaches the other: B's viewers and HTTP readers see A's renames and claims, which live in the
seats table and leave the game's version as it was (issue 28, Deliver item 5: "renames and
claims synced across processes on SQLite too"). On SQLite that is the only way; on PostgreSQL
the same polling path is the fallback while the notifications are lost."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from azulejos.web.bus import PgBus
from azulejos.web.protocol import parse_create
from azulejos.web.service import GameService, bot_levels
from azulejos.web.storage import SqlStore
from azulejos.web.views import Access

from .conftest import fresh_pg_schema, store_urls


class Viewer:
    """A subscriber that keeps the last view it is sent."""

    def __init__(self, access: Access) -> None:
        self.access = access
        self.previews_on_demand = False
        self.view: dict[str, Any] = {}

    def send_view(self, view: dict[str, Any]) -> None:
        self.view = view


@pytest.fixture(params=store_urls())
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    else:
        with fresh_pg_schema("sync") as u:
            yield u


def two_services(url: str, body: Callable[[GameService, GameService], Awaitable[None]]) -> None:
    """Run ``body(a, b)`` with two started services on ``url``; neither polls by itself
    (the test calls ``b.sync_once()``) and B hears no notices from A."""
    async def run() -> None:
        sa, sb = SqlStore(url), SqlStore(url)
        a = GameService(sa, bot_delay=0, sync_interval=0)
        deaf = None
        if url.startswith("postgresql"):  # B cannot listen: it polls, as on SQLite
            deaf = PgBus("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1", max_backoff=0.2)
        b = GameService(sb, bot_delay=0, sync_interval=0, bus=deaf)
        await a.start()
        await b.start()
        try:
            assert not b.bus.shared
            await body(a, b)
        finally:
            await a.stop()
            await b.stop()
            sa.close()
            sb.close()

    asyncio.run(run())


def names(v: dict[str, Any]) -> list[str]:
    return [s["name"] for s in v["seats"]]


def test_renames_and_claims_on_a_reach_the_viewers_and_readers_of_b(url: str) -> None:
    async def body(a: GameService, b: GameService) -> None:
        created = await a.create(parse_create({"players": 3}, bot_levels()))
        gid, seats = created["game"], created["seats"]
        t0 = (await a.claim(gid, seats[0]["invite"]))["token"]
        spectator = await b.access(created["spectator_token"], gid)
        on_b = Viewer(spectator)
        on_b.send_view(await b.view(spectator))  # as the websocket does: a view, then changes
        b.subscribe(on_b)
        assert [s["state"] for s in on_b.view["seats"]] == ["offline", "invited", "invited"]
        # a claim on A: B's viewer sees the seat claimed at its next poll
        t1 = (await a.claim(gid, seats[1]["invite"]))["token"]
        await b.sync_once()
        assert [s["claimed"] for s in on_b.view["seats"]] == [True, True, False]
        assert on_b.view["seats"][1]["state"] == "offline"
        # a rename on A, without a move: seen too
        acc0 = await a.access(t0, gid)
        await a.rename(acc0, "Ann")
        await b.sync_once()
        assert names(on_b.view)[0] == "Ann"
        # a rename together with a move: the move's catch-up does not keep the old name
        live = await a.get(gid)
        await a.rename(await a.access(t1, gid), "Bo")
        mover = live.session.seat_to_move
        assert mover is not None
        t2 = (await a.claim(gid, seats[2]["invite"]))["token"]
        by = {0: t0, 1: t1, 2: t2}
        version = await a.play(await a.access(by[mover], gid), live.version,
                               live.state.legal_moves()[0].text())
        await b.sync_once()
        assert on_b.view["version"] == version and names(on_b.view)[:2] == ["Ann", "Bo"]
        assert on_b.view["seats"][2]["claimed"]
        # a reader over HTTP only (no viewer on B) sees a later rename at once
        b.unsubscribe(on_b)
        await a.rename(acc0, "Annie")
        assert names(await b.view(spectator))[0] == "Annie"
        # and a poll with nothing changed changes nothing
        on_b2 = Viewer(spectator)
        on_b2.send_view(await b.view(spectator))
        b.subscribe(on_b2)
        before = on_b2.view
        await b.sync_once()
        assert on_b2.view is before

    two_services(url, body)
