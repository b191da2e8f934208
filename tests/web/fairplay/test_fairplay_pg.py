"""Fair play on one PostgreSQL database with two game services (as two server processes): a
rated game whose seats share a client is not rated and is reported once; a suspension made on
one holds on the other; a wait written by one process holds back the other's rated games."""

from __future__ import annotations

import asyncio
import random

import pytest

from azulejos.web.protocol import GameError, parse_create
from azulejos.web.service import bot_levels

from ..conftest import PG_URL
from ..players import account_of
from ..test_notify import pg  # noqa: F401  (the fixture: a fresh schema)
from ..test_profiles_pg import two_services

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set"),
]


def test_one_client_two_identities_and_a_suspension_across_processes(pg: str) -> None:  # noqa: F811
    async def scenario() -> None:
        async with two_services(pg) as (a, b):
            farm, hand = account_of(a, "Farmer"), account_of(a, "Farmhand")
            created = await a.create(parse_create({"players": 2}, bot_levels()), None, True, farm)
            gid = created["game"]
            # both seats claimed from one address, one on each process
            tokens = [(await svc.claim(gid, s["invite"], None, p, "10.6.6.6"))["token"]
                      for svc, s, p in zip((a, b), created["seats"], (farm, hand))]
            acc = [await a.access(t, gid) for t in tokens]
            live = await a.get(gid)
            rng = random.Random(5)
            while not live.state.is_over:
                seat = live.session.seat_to_move
                assert seat is not None
                await a.play(acc[seat], live.version, rng.choice(live.state.legal_moves()).text())
                live = await a.get(gid)
            await a.profiles.settle()
            other = await b.get(gid)
            assert await b.profiles.game_over(other) is False  # written once, by a
            for svc in (a, b):
                p = await svc.profiles.public(farm.profile_id)
                assert p["rating"] is None and p["stats"]["rated_games"] == 0
            assert b.fairplay.store is not None
            reports = b.fairplay.store.reports("open")
            assert sorted(r.reported or "" for r in reports) == sorted(
                [farm.profile_id, hand.profile_id])
            # a suspension on a holds on b at once
            owner = b.fairplay.store.accounts_of([hand.profile_id])[hand.profile_id][0]
            await a.fairplay.suspend(owner, "boosting", None, None)
            with pytest.raises(GameError) as got:
                await b.fairplay.may_play_rated(hand.profile_id)
            assert got.value.code == "suspended" and got.value.extra["until"] is None
            with pytest.raises(GameError) as twice:
                await b.fairplay.suspend(owner, "again", None, None)
            assert twice.value.code == "already_suspended"

    asyncio.run(scenario())
