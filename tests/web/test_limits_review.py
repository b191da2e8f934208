"""The look-up limit's review points (issue 28, Deliver item 5, "limits on ... bad-token
look-ups"): its check and charge are one step, so failures sent at the same moment cannot all
pass; the wait-or-bot route, the account's seats and seat tokens go through it; and IPv6
clients are counted per /64."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits, Rate, RateLimiter, client_key
from azulejos.web.protocol import GameError

from .helpers import auth, create


def test_parallel_failures_cannot_pass_a_bucket_together() -> None:
    guard = RateLimiter(Rate(1, 3), "look-ups", now=lambda: 0.0)
    looked = []

    async def wrong() -> None:
        looked.append(1)
        await asyncio.sleep(0.01)  # all of them wait here at once
        raise GameError("bad_token", "no", 403)

    async def scenario() -> list[str]:
        got = await asyncio.gather(*(guard.failures("c", frozenset({"bad_token"}), wrong)
                                     for _ in range(10)), return_exceptions=True)
        return [e.code for e in got if isinstance(e, GameError)]

    codes = asyncio.run(scenario())
    assert codes.count("bad_token") == 3 and codes.count("rate_limited") == 7
    assert len(looked) == 3  # the others were refused before anything was looked up


def test_a_right_look_up_gives_its_charge_back() -> None:
    guard = RateLimiter(Rate(1, 2), "look-ups", now=lambda: 0.0)

    async def right() -> str:
        return "ok"

    async def scenario() -> list[str]:
        return [await guard.failures("c", frozenset({"bad_token"}), right) for _ in range(20)]

    assert asyncio.run(scenario()) == ["ok"] * 20


def test_ipv6_clients_count_per_64_and_ipv4_per_address() -> None:
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9") \
        == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("203.0.113.7") == "203.0.113.7" != client_key("203.0.113.8")
    assert client_key("::ffff:203.0.113.7") == "203.0.113.7"
    assert client_key("testclient") == "testclient" and client_key(None) == "unknown"


@pytest.fixture
def guarded(db_path: Path) -> Iterator[TestClient]:
    """An app with 3 bad look-ups in a burst (then one a minute)."""
    app = create_app(str(db_path), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                     passwords=Passwords(cheap_hasher()),
                     limits=Limits(games=Rate(0, 0), moves=Rate(0, 0), names=Rate(0, 0),
                                   signups=Rate(0, 0), signins=Rate(0, 0),
                                   bad_tokens=Rate(1, 3)))
    with TestClient(app) as c:
        yield c


def codes(answers: list[object]) -> list[str]:
    return [r.json()["error"]["code"] for r in answers]  # type: ignore[attr-defined]


def test_the_wait_or_bot_route_counts_wrong_tokens(guarded: TestClient) -> None:
    g = create(guarded)["game"]
    got = [guarded.post(f"/api/games/{g}/timeout", headers=auth(f"guess-{i}"),
                        json={"choice": "wait"}) for i in range(4)]
    assert codes(got) == ["bad_token"] * 3 + ["rate_limited"]


def test_the_accounts_seats_and_seat_tokens_count_bad_look_ups(guarded: TestClient) -> None:
    r = guarded.post("/api/account", json={"name": "Ana", "password": "correct horse"})
    assert r.status_code == 201
    made = create(TestClient(guarded.app))  # a guest's game: no seat of the account
    got = guarded.post("/api/account/seats", json={"tokens": ["guess-1"]}).json()
    assert [x["error"]["code"] for x in got["results"]] == ["bad_token"]
    # a game that does not exist answers as a game where the account has no seat
    other = guarded.post(f"/api/games/{made['game']}/seat-token", json={})
    none = guarded.post("/api/games/nosuchgame/seat-token", json={})
    assert other.status_code == none.status_code == 403
    assert other.json() == none.json()
    assert none.json()["error"]["code"] == "not_your_seat"
    # three failures: the bucket is spent; the next is refused before any look-up
    assert codes([guarded.post("/api/games/nosuchgame2/seat-token", json={})]) \
        == ["rate_limited"]
    got = guarded.post("/api/account/seats",
                       json={"tokens": [made["seats"][0]["token"]]}).json()
    assert got["results"][0]["error"]["code"] == "rate_limited"
