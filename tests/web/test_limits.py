"""Bounded abuse: rate limits per client (429 with Retry-After, nothing changed), the cap on
games of bots only, and bot work scheduled so that a person's game never waits behind them."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from azulejos.web.app import create_app
from azulejos.web.limits import Limits, Rate, RateLimiter
from azulejos.web.protocol import GameError
from azulejos.web.scheduler import BotScheduler

from .helpers import auth, claim_seat, fingerprint, view


@pytest.fixture
def limited(db_path: Path) -> Iterator[TestClient]:
    app = create_app(str(db_path), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                     limits=Limits(games=Rate(2, 3), moves=Rate(60, 4), bot_games=2))
    with TestClient(app) as c:
        yield c


def test_the_token_bucket() -> None:
    clock = [0.0]
    lim = RateLimiter(Rate(60, 3), "moves", now=lambda: clock[0])
    assert [lim.wait("a") for _ in range(3)] == [0, 0, 0]
    assert lim.wait("a") == pytest.approx(1.0)
    assert lim.wait("b") == 0  # per client
    clock[0] += 1.0
    assert lim.wait("a") == 0
    with pytest.raises(GameError) as e:
        lim.check("a")
    assert e.value.status == 429 and e.value.extra == {"retry_after": 1}
    assert RateLimiter(Rate(0, 0), "x").wait("a") == 0  # off


def test_creating_games_is_limited_per_client(limited: TestClient) -> None:
    for _ in range(3):
        assert limited.post("/api/games", json={}).status_code == 201
    r = limited.post("/api/games", json={})
    assert r.status_code == 429
    assert r.json()["error"]["code"] == "rate_limited"
    assert int(r.headers["retry-after"]) == r.json()["error"]["retry_after"] >= 1


def test_moves_are_limited_per_client_and_a_refused_one_changes_nothing(limited: TestClient) -> None:
    c = limited.post("/api/games", json={"hotseat": True}).json()
    g, hot = c["game"], c["hotseat_token"]
    statuses = []
    for _ in range(6):
        v = view(limited, g, hot)
        r = limited.post(f"/api/games/{g}/moves", headers=auth(hot),
                         json={"version": v["version"], "move": v["legal"][0]["move"]})
        statuses.append(r.status_code)
        if r.status_code == 429:
            assert r.headers["retry-after"] == "1"
            assert fingerprint(view(limited, g, hot)) == fingerprint(v)
    assert statuses[:4] == [200] * 4 and 429 in statuses
    with limited.websocket_connect(f"/ws/games/{g}") as ws:  # the same bucket
        ws.send_json({"type": "hello", "token": hot})
        assert ws.receive_json()["type"] == "welcome"
        v = ws.receive_json()["view"]
        ws.send_json({"type": "move", "version": v["version"], "move": v["legal"][0]["move"]})
        m = ws.receive_json()
        assert m["type"] == "error" and m["error"]["code"] == "rate_limited"
        assert m["error"]["retry_after"] >= 1


def test_claims_count_against_the_move_limit(limited: TestClient) -> None:
    c = limited.post("/api/games", json={}).json()
    for _ in range(4):
        limited.post(f"/api/games/{c['game']}/claim", json={"invite": "wrong"})
    r = limited.post(f"/api/games/{c['game']}/claim", json={"invite": c["seats"][0]["invite"]})
    assert r.status_code == 429
    time.sleep(1.1)
    assert claim_seat(limited, c["game"], c["seats"][0]["invite"])


def test_games_of_bots_only_are_capped(db_path: Path) -> None:
    app = create_app(str(db_path), bot_delay=0.5, bot_seconds=0.05, sync_interval=0,
                     limits=Limits(games=Rate(0, 0), moves=Rate(0, 0), bot_games=2))
    bots = {"seats": [{"kind": "bot", "level": "random"}] * 2}
    with TestClient(app) as client:
        assert client.post("/api/games", json=bots).status_code == 201
        assert client.post("/api/games", json=bots).status_code == 201
        r = client.post("/api/games", json=bots)
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_bot_games"
        assert r.headers["retry-after"] == "60"
        assert client.post("/api/games", json={}).status_code == 201  # people still can


def test_renames_are_limited_per_client_and_a_refused_one_changes_nothing(db_path: Path) -> None:
    """Seat renames (HTTP and websocket) and profile renames share one bucket per client."""
    app = create_app(str(db_path), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                     limits=Limits(names=Rate(60, 3)))
    with TestClient(app) as client:
        c = client.post("/api/games", json={"hotseat": True}).json()
        g, hot = c["game"], c["hotseat_token"]
        for i in range(3):
            r = client.post(f"/api/games/{g}/name", headers=auth(hot), json={"name": f"Ann {i}", "seat": 0})
            assert r.status_code == 200, r.text
        r = client.post(f"/api/games/{g}/name", headers=auth(hot), json={"name": "Bot", "seat": 0})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert r.headers["retry-after"] == "1"
        assert view(client, g, hot)["seats"][0]["name"] == "Ann 2"
        with client.websocket_connect(f"/ws/games/{g}") as ws:  # the same bucket
            ws.send_json({"type": "hello", "token": hot})
            assert ws.receive_json()["type"] == "welcome"
            ws.receive_json()  # the first view
            ws.send_json({"type": "name", "name": "Bot", "seat": 0, "ref": 1})
            m = ws.receive_json()
            assert m["type"] == "error" and m["error"]["code"] == "rate_limited"
        profile = client.post("/api/profiles", json={"name": "Ann"}).json()
        r = client.post(f"/api/profiles/{profile['id']}/name", headers=auth(profile["key"]),
                        json={"name": "Bot"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert client.get(f"/api/profiles/{profile['id']}").json()["name"] == "Ann"
        time.sleep(1.1)  # a second later, one more
        r = client.post(f"/api/games/{g}/name", headers=auth(hot), json={"name": "Ann 3", "seat": 0})
        assert r.status_code == 200, r.text
        assert view(client, g, hot)["seats"][0]["name"] == "Ann 3"


def test_games_whose_people_left_count_against_the_bot_cap(db_path: Path) -> None:
    """Every bot seat counts, stand-ins included: a game whose only person left (the stand-in
    bot plays the seat) is a game of bots only for the cap (issue 28, "Fair bots")."""
    app = create_app(str(db_path), bot_delay=0.5, bot_seconds=0.05, sync_interval=0,
                     limits=Limits(games=Rate(0, 0), moves=Rate(0, 0), bot_games=2))
    mixed = {"seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}]}
    bots = {"seats": [{"kind": "bot", "level": "random"}] * 2}
    with TestClient(app) as client:
        for _ in range(2):  # two games of a person and a bot: the person is still there
            c = client.post("/api/games", json=mixed).json()
            token = claim_seat(client, c["game"], c["seats"][0]["invite"])
        assert client.post("/api/games", json=bots).status_code == 201  # 1 of 2
        # the last game's person leaves: the stand-in bot plays on, a second game of bots only
        r = client.post(f"/api/games/{c['game']}/leave", headers=auth(token), json={})
        assert r.status_code == 200, r.text
        r = client.post("/api/games", json=bots)
        assert r.status_code == 429 and r.json()["error"]["code"] == "too_many_bot_games"
        assert client.post("/api/games", json=mixed).status_code == 201  # people still can


def test_bot_work_of_a_persons_game_does_not_queue_behind_all_bot_games() -> None:
    """Two workers, eight all-bot tasks queued and held busy: a person's task starts while the
    first all-bot task is still running (it did not wait for a worker), and no all-bot task
    starts while it waits or runs. Checked by order of events, not by wall time."""

    async def scenario() -> None:
        sched = BotScheduler(2)
        running: list[str] = []
        overlaps: list[list[str]] = []
        ended: list[str] = []
        release = threading.Event()  # all-bot work holds its worker until this is set
        lock = threading.Lock()

        def work(name: str) -> None:
            with lock:
                running.append(name)
                overlaps.append(list(running))
            if name.startswith("bot"):
                release.wait(10)
            with lock:
                running.remove(name)
                ended.append(name)

        background = [asyncio.create_task(sched.run(lambda i=i: work(f"bot{i}"), person=False))
                      for i in range(8)]
        await asyncio.sleep(0.05)
        assert sched.busy == (0, 1)  # all-bot games take one of the two workers
        # Had the person's task queued behind the held all-bot work, this would time out.
        await asyncio.wait_for(sched.run(lambda: work("person"), person=True), timeout=5)
        person_start = next(o for o in overlaps if o[-1] == "person")
        assert person_start == ["bot0", "person"]  # it ran beside the first all-bot task
        assert ended == ["person"]  # ...which was still running: no all-bot task had ended
        release.set()
        await asyncio.gather(*background)
        assert max(len(o) for o in overlaps) <= 2
        assert all(sum(n.startswith("bot") for n in o) <= 1 for o in overlaps)
        assert sorted(ended) == sorted(["person"] + [f"bot{i}" for i in range(8)])
        sched.shutdown()

    asyncio.run(scenario())
