"""Tournaments of 3- and 4-player games through the HTTP API (docs/api.md, "Tournaments"): a
4-player Swiss of bots played through by the service on SQLite and PostgreSQL (every entrant at
one table a round, the fewest repeat meetings, the start seat rotated, points by place, one
round's tables dealt alike); five accounts at 4-player tables (a table and a bye each round,
the games rated in the 4-player pool); a 3-player Swiss with a table of 2; and the bad input."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.play.tables import repeats
from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits
from azulejos.web.views import Access

from ...play.test_tables import fewest_repeats
from ..accounts.conftest import AppMaker, Clock, sign_up
from ..conftest import PG_URL, store_urls
from ..test_notify import pg  # noqa: F401  (the fixture: a fresh schema)
from .test_tournaments_api import SWISS, error, make, play_my_turns


@pytest.fixture(params=store_urls())
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "pg":
        assert PG_URL
        yield request.getfixturevalue("pg")
    else:
        yield str(tmp_path / "games.sqlite3")


def check_rounds(t: dict[str, Any], n: int) -> None:
    """Every round: each entrant once (a table of n or n - 1, or a bye), the fewest repeat
    meetings possible, the start seat to whoever at the table had it least; each table's
    points by place."""
    ids = [e["id"] for e in t["entrants"]]
    met: Counter[frozenset[str]] = Counter()
    starts: Counter[str] = Counter()
    for r in t["pairings"]:
        tables = [tuple(b["seats"]) for b in r["boards"] if not b["bye"]]
        byes = [b["seats"][0] for b in r["boards"] if b["bye"]]
        seated = [e for tb in tables for e in tb]
        assert sorted(seated + byes) == sorted(ids)
        assert all(n - 1 <= len(tb) <= n for tb in tables)
        assert sum(repeats(tb, met) for tb in tables) == fewest_repeats(
            sorted(seated), [len(tb) for tb in tables], met)
        for b, tb in zip([b for b in r["boards"] if not b["bye"]], tables):
            assert starts[tb[0]] == min(starts[e] for e in tb)
            starts[tb[0]] += 1
            for x, y in itertools.combinations(tb, 2):
                met[frozenset((x, y))] += 1
            assert b["state"] == "over" and len(b["places"]) == len(tb)
            assert sum(b["points"]) == pytest.approx((n - 1) * len(tb) / 2)
            best = min(b["places"])
            assert all(p == n - 1 for p, pl in zip(b["points"], b["places"]) if pl == best
                       and b["places"].count(best) == 1)


def first_fill(client: TestClient, gid: str) -> Any:
    svc = client.app.state.service  # type: ignore[attr-defined]
    rec = client.portal.call(svc.record, Access(gid, "spectator", frozenset()))  # type: ignore[union-attr]
    return json.loads(rec)["rounds"][0]["factories"]


def test_a_four_player_swiss_of_bots_plays_through(url: str) -> None:
    clock = Clock()
    app = create_app(url, bot_delay=0, bot_seconds=0.05, sync_interval=0, now=clock,
                     limits=Limits.none(), clock_interval=0, passwords=Passwords(cheap_hasher()))
    with TestClient(app) as a:
        sign_up(a, "Organiser")
        t = make(a, players=4, rounds=3, bots=True)
        tid = t["id"]
        assert t["players"] == 4
        for _ in range(8):
            assert a.post(f"/api/tournaments/{tid}/bots", json={"level": "random"}).status_code \
                == 200
        t = a.post(f"/api/tournaments/{tid}/start", json={}).json()
        assert [len(b["seats"]) for b in t["pairings"][0]["boards"]] == [4, 4]
        for _ in range(20000):  # the bots play; every look may pair the next round
            t = a.get(f"/api/tournaments/{tid}").json()
            if t["status"] == "finished":
                break
        assert t["status"] == "finished" and t["round"] == 3
        check_rounds(t, 4)
        table = t["standings"]
        assert [s["games"] for s in table] == [3] * 8
        assert sum(s["points"] for s in table) == pytest.approx(3 * 2 * 6)
        assert [s["place"] for s in table] == sorted(s["place"] for s in table)
        # one round's tables are dealt alike (paired deals)
        for r in t["pairings"]:
            fills = [first_fill(a, b["game"]) for b in r["boards"]]
            assert fills[0] == fills[1]


def test_five_accounts_at_four_player_tables(make_client: AppMaker) -> None:
    rng = random.Random(5)
    players = [make_client() for _ in range(5)]
    for i, p in enumerate(players):
        sign_up(p, f"Player {i}")
    tid = make(players[0], players=4, rounds=2)["id"]
    for p in players[:3]:
        assert p.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    # fewer than a game's players: refused, nothing changed
    error(players[0].post(f"/api/tournaments/{tid}/start", json={}), 409, "too_few_players")
    assert players[0].get(f"/api/tournaments/{tid}").json()["status"] == "open"
    for p in players[3:]:
        assert p.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    t = players[0].post(f"/api/tournaments/{tid}/start", json={}).json()
    boards = t["pairings"][0]["boards"]
    assert [len(b["seats"]) for b in boards] == [4, 1] and boards[1]["bye"]
    tokens: list[dict[str, str]] = [{} for _ in players]
    for _ in range(3000):
        t = players[0].get(f"/api/tournaments/{tid}").json()
        if t["status"] == "finished":
            break
        for i, p in enumerate(players):
            play_my_turns(p, tokens[i], rng)
    assert t["status"] == "finished"
    check_rounds(t, 4)
    byes = [b["seats"][0] for r in t["pairings"] for b in r["boards"] if b["bye"]]
    assert len(byes) == 2 and len(set(byes)) == 2  # not twice to one player
    assert all(b["points"] is None for r in t["pairings"] for b in r["boards"] if b["bye"])
    by = {s["entrant"]: s for s in t["standings"]}
    assert all(by[e]["byes"] == 1 and by[e]["games"] == 1 for e in byes)
    assert sum(s["points"] for s in t["standings"]) == pytest.approx(2 * (6 + 3))
    # the games of four accounts are rated, in the 4-player pool too
    store = players[0].app.state.service.profiles.store  # type: ignore[attr-defined]
    entrant = next(e for e in t["entrants"] if by[e["id"]]["games"] == 2)
    from azulejos.web.tables import ratings_t
    with store.engine.connect() as conn:
        pools = {r.pool: r.games for r in conn.execute(
            ratings_t.select().where(ratings_t.c.profile_id == entrant["profile"]))}
    assert pools.get("4") == 2


def test_a_three_player_swiss_seats_a_table_of_two(make_client: AppMaker) -> None:
    a = make_client()
    sign_up(a, "Host")
    t = make(a, players=3, rounds=2, bots=True)
    tid = t["id"]
    for _ in range(5):
        assert a.post(f"/api/tournaments/{tid}/bots", json={"level": "random"}).status_code == 200
    t = a.post(f"/api/tournaments/{tid}/start", json={}).json()
    assert [len(b["seats"]) for b in t["pairings"][0]["boards"]] == [3, 2]
    for _ in range(20000):
        t = a.get(f"/api/tournaments/{tid}").json()
        if t["status"] == "finished":
            break
    assert t["status"] == "finished"
    check_rounds(t, 3)
    assert sum(s["points"] for s in t["standings"]) == pytest.approx(2 * 5)


def test_bad_player_counts_change_nothing(make_client: AppMaker) -> None:
    a = make_client()
    sign_up(a, "Careful")
    bodies: list[dict[str, Any]] = [
        {"players": 5}, {"players": 0}, {"players": 3.0}, {"players": None},
        {"players": 4, "format": "round_robin", "rounds": None}]
    for body in bodies:
        r = a.post("/api/tournaments", json={**SWISS, **body})
        error(r, 400, "malformed")
        assert "players" in r.json()["error"]["message"]
    assert a.get("/api/tournaments").json() == {"open": [], "running": [], "finished": []}


def test_an_expired_table_is_lost_by_all_who_then_share_the_place(make_client: AppMaker,
                                                                  clock: Clock) -> None:
    players = [make_client() for _ in range(4)]
    for i, p in enumerate(players):
        sign_up(p, f"Sleeper {i}")
    tid = make(players[0], players=4, rounds=1)["id"]
    for p in players:
        assert p.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    t = players[0].post(f"/api/tournaments/{tid}/start", json={}).json()
    assert [len(b["seats"]) for b in t["pairings"][0]["boards"]] == [4]
    clock.advance(31 * 86400)  # an untimed game expires after 30 days without a move
    svc = players[0].app.state.service  # type: ignore[attr-defined]
    assert len(players[0].portal.call(svc.expire_games)) == 1  # type: ignore[union-attr]
    t = players[1].get(f"/api/tournaments/{tid}").json()
    assert t["status"] == "finished"
    board = t["pairings"][0]["boards"][0]
    assert board["points"] == [0, 0, 0, 0] and board["places"] is None
    assert [s["place"] for s in t["standings"]] == [1, 1, 1, 1]
