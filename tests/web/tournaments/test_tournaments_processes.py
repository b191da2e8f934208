"""A tournament served by two server processes on one database (SQLite file, and PostgreSQL
when AZULEJOS_TEST_PG is set): the players play on either process, both are asked about the
tournament at the same moments, and every round is still paired exactly once (two boards a
round, two games per account, no orphan games)."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits

from ..conftest import PG_URL, store_urls
from ..test_notify import pg  # noqa: F401  (the fixture: a fresh schema)
from .test_tournaments_api import SWISS, play_my_turns


@pytest.fixture(params=store_urls())
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "pg":
        assert PG_URL
        yield request.getfixturevalue("pg")
    else:
        yield str(tmp_path / "games.sqlite3")


def test_two_processes_pair_each_round_once(url: str) -> None:
    apps = [create_app(url, bot_delay=0, bot_seconds=0.05, sync_interval=0,
                       limits=Limits.none(), clock_interval=0,
                       passwords=Passwords(cheap_hasher())) for _ in range(2)]
    rng = random.Random(11)
    with TestClient(apps[0]) as a0, TestClient(apps[1]) as b0:
        players = [a0, TestClient(apps[0]), b0, TestClient(apps[1])]
        for i, p in enumerate(players):
            r = p.post("/api/account", json={"name": f"Player {i}", "password": "right password"})
            assert r.status_code == 201, r.text
        tid = a0.post("/api/tournaments", json={**SWISS, "rounds": 2}).json()["id"]
        for p in players:  # joined on both processes
            assert p.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
        assert b0.get(f"/api/tournaments/{tid}").json()["entrant_count"] == 4
        assert b0.post(f"/api/tournaments/{tid}/start", json={}).status_code == 403
        assert a0.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
        tokens: list[dict[str, str]] = [{} for _ in players]
        seen: list[dict[str, Any]] = [{}, {}]

        def look(i: int, client: TestClient) -> None:
            seen[i] = client.get(f"/api/tournaments/{tid}").json()

        for _ in range(3000):
            both = [threading.Thread(target=look, args=(i, c)) for i, c in enumerate((a0, b0))]
            for th in both:
                th.start()
            for th in both:
                th.join()
            if all(s["status"] == "finished" for s in seen):
                break
            for i, p in enumerate(players):
                play_my_turns(p, tokens[i], rng)
        t = seen[1]
        assert t["status"] == "finished" and seen[0]["standings"] == t["standings"]
        assert [len(r["boards"]) for r in t["pairings"]] == [2, 2]
        pairs = [frozenset(b["seats"]) for r in t["pairings"] for b in r["boards"]]
        assert len(set(pairs)) == 4
        for p in players:
            assert len(p.get("/api/account/games").json()["games"]) == 2


def test_joins_racing_the_start_are_in_or_refused(url: str) -> None:
    """Accounts joining on both processes while the creator starts: each join is either in
    round 1's pairings or refused with not_open, never accepted and left out. (Each process is
    one client with its one event loop, as a server is; the accounts are told apart by their
    session cookies.)"""
    apps = [create_app(url, bot_delay=0, bot_seconds=0.05, sync_interval=0,
                       limits=Limits.none(), clock_interval=0,
                       passwords=Passwords(cheap_hasher())) for _ in range(2)]
    with TestClient(apps[0]) as a0, TestClient(apps[1]) as b0:
        sessions = []
        for i in range(8):
            r = a0.post("/api/account", json={"name": f"Racer {i}", "password": "right password"})
            assert r.status_code == 201, r.text
            sessions.append(r.cookies["azulejos_session"])
            a0.cookies.clear()
        head = [{"Cookie": f"azulejos_session={s}"} for s in sessions]
        tid = a0.post("/api/tournaments", json=SWISS, headers=head[0]).json()["id"]
        for i in range(2):
            assert a0.post(f"/api/tournaments/{tid}/join", json={},
                           headers=head[i]).status_code == 200
        answers: dict[int, Any] = {}

        def join(i: int) -> None:
            answers[i] = (a0, b0)[i % 2].post(f"/api/tournaments/{tid}/join", json={},
                                             headers=head[i])

        def start() -> None:
            answers[-1] = a0.post(f"/api/tournaments/{tid}/start", json={}, headers=head[0])

        threads = [threading.Thread(target=join, args=(i,)) for i in range(2, 8)]
        threads.insert(3, threading.Thread(target=start))
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert answers[-1].status_code == 200, answers[-1].text
        t = b0.get(f"/api/tournaments/{tid}").json()
        paired = {e for b in t["pairings"][0]["boards"] for e in b["seats"]}
        assert paired == {e["id"] for e in t["entrants"]}
        joined = 2 + sum(answers[i].status_code == 200 for i in range(2, 8))
        assert len(t["entrants"]) == joined
        for i in range(2, 8):
            assert answers[i].status_code in (200, 409), answers[i].text
            if answers[i].status_code == 409:
                assert answers[i].json()["error"]["code"] == "not_open"
