"""Tournaments for people through the HTTP API (issue 29, item 4; docs/api.md, "Tournaments"):
a Swiss tournament of four accounts plays through on the server (every game's moves played by
its accounts from their own seats), with no repeat pairings, standings and its end; and the
bad input: joining twice or after the start, a non-creator starting, an unknown tournament,
bad settings."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from ..accounts.conftest import AppMaker, sign_up
from ..helpers import auth

SWISS = {"name": "Friday Swiss", "format": "swiss", "rounds": 3}


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tournaments", json={**SWISS, **body})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def error(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code, r.text


def play_my_turns(player: TestClient, tokens: dict[str, str], rng: random.Random) -> int:
    """Play one legal move in every game of the account where it is the account's turn (from
    "my games", with a seat token of this device); the moves played."""
    played = 0
    lines = player.get("/api/account/games").json()["games"]
    for line in lines:
        if not line["to_move"] or line["phase"] == "over":
            continue
        gid = line["game"]
        if gid not in tokens:
            r = player.post(f"/api/games/{gid}/seat-token", json={})
            assert r.status_code == 200, r.text
            tokens[gid] = r.json()["token"]
        v = player.get(f"/api/games/{gid}", headers=auth(tokens[gid])).json()
        move = rng.choice(v["legal"])["move"]
        r = player.post(f"/api/games/{gid}/moves", headers=auth(tokens[gid]),
                        json={"version": v["version"], "move": move})
        assert r.status_code in (200, 409), r.text  # 409: a stale view, tried again
        played += r.status_code == 200
    return played


def test_a_swiss_of_four_accounts_plays_through(make_client: AppMaker) -> None:
    rng = random.Random(29)
    players = [make_client() for _ in range(4)]
    names = ["Ana", "Bruno", "Clara", "Dmytro"]
    for p, name in zip(players, names):
        sign_up(p, name)
    made = make(players[0])
    tid = made["id"]
    assert made["status"] == "open" and made["you"] == {"entered": False, "creator": True}
    for p in players:
        r = p.post(f"/api/tournaments/{tid}/join", json={})
        assert r.status_code == 200, r.text
    listed = players[1].get("/api/tournaments").json()
    assert [t["id"] for t in listed["open"]] == [tid] and listed["open"][0]["entrant_count"] == 4
    r = players[0].post(f"/api/tournaments/{tid}/start", json={})
    assert r.status_code == 200, r.text
    t = r.json()
    assert t["status"] == "running" and t["round"] == 1
    assert len(t["pairings"][0]["boards"]) == 2
    # every account finds its game of round 1 in its own "my games"
    for p in players:
        assert len(p.get("/api/account/games").json()["games"]) == 1
    tokens: list[dict[str, str]] = [{} for _ in players]
    for _ in range(3000):
        t = players[0].get(f"/api/tournaments/{tid}").json()
        if t["status"] == "finished":
            break
        moved = sum(play_my_turns(p, tokens[i], rng) for i, p in enumerate(players))
        assert moved or t["status"] == "running"
    assert t["status"] == "finished" and t["round"] == 3 and t["finished"] is not None
    # three rounds of two games, nobody met twice, each account played three games
    pairs = [frozenset(b["seats"]) for rnd in t["pairings"] for b in rnd["boards"]]
    assert len(t["pairings"]) == 3 and len(pairs) == 6 and len(set(pairs)) == 6
    assert all(b["state"] == "over" and b["game"] for rnd in t["pairings"] for b in rnd["boards"])
    assert all(sum(b["points"]) == 1 for rnd in t["pairings"] for b in rnd["boards"])
    table = t["standings"]
    assert [s["games"] for s in table] == [3, 3, 3, 3]
    assert sum(s["points"] for s in table) == 6
    assert [s["points"] for s in table] == sorted((s["points"] for s in table), reverse=True)
    assert table[0]["place"] == 1 and {s["name"] for s in table} == set(names)
    # Buchholz: the sum of the opponents' points
    points = {s["entrant"]: s["points"] for s in table}
    for s in table:
        met = [o for rnd in t["pairings"] for b in rnd["boards"] if s["entrant"] in b["seats"]
               for o in b["seats"] if o != s["entrant"]]
        assert s["buchholz"] == sum(points[o] for o in met)
    # games of accounts only are rated: every player now has a rating
    me = players[0].get("/api/account").json()
    profile = players[0].get(f"/api/profiles/{me['profile']['id']}").json()
    assert profile["rating"] is not None and profile["rating"]["games"] == 3
    # the games of one round were dealt alike (paired deals): the same first fill
    first = t["pairings"][0]["boards"]
    views = []
    for b in first:
        holder = next(i for i, p in enumerate(players) if b["game"] in tokens[i])
        views.append(players[holder].get(f"/api/games/{b['game']}/record",
                                         headers=auth(tokens[holder][b["game"]])).json())
    assert views[0]["rounds"][0]["factories"] == views[1]["rounds"][0]["factories"]
    assert players[2].get("/api/tournaments").json()["finished"][0]["id"] == tid


def test_bots_in_a_round_robin_are_marked_and_their_games_not_rated(
        make_client: AppMaker) -> None:
    a = make_client()
    sign_up(a, "Olena")
    t = make(a, format="round_robin", rounds=None, bots=True)
    tid = t["id"]
    assert a.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    r = a.post(f"/api/tournaments/{tid}/bots", json={"level": "random"})
    assert r.status_code == 200, r.text
    r = a.post(f"/api/tournaments/{tid}/bots", json={"level": "random"})
    kinds = [(e["kind"], e["name"]) for e in r.json()["entrants"]]
    assert kinds == [("person", "Olena"), ("bot", "random bot"), ("bot", "random bot 2")]
    t = a.post(f"/api/tournaments/{tid}/start", json={}).json()
    assert t["rounds"] == 3 and t["status"] == "running"
    # round 1: one game and a bye; the person's games with a bot are not rated
    boards = t["pairings"][0]["boards"]
    assert sorted(b["bye"] for b in boards) == [False, True]
    game = next(b for b in boards if not b["bye"])
    mine = a.get("/api/account/games").json()["games"]
    if any(e["kind"] == "person" and e["id"] in game["seats"] for e in t["entrants"]):
        assert [g["game"] for g in mine] == [game["game"]]
        token = a.post(f"/api/games/{game['game']}/seat-token", json={}).json()["token"]
        assert a.get(f"/api/games/{game['game']}", headers=auth(token)).json()["rated"] is False
    else:
        assert mine == []
    # played to the end: the bots' own game by the service, the person's by the test
    rng, tokens = random.Random(4), {}
    for _ in range(3000):
        t = a.get(f"/api/tournaments/{tid}").json()
        if t["status"] == "finished":
            break
        play_my_turns(a, tokens, rng)
    assert t["status"] == "finished" and len(t["pairings"]) == 3
    # the circle method: everyone met everyone once and had one bye
    met = [frozenset(b["seats"]) for r in t["pairings"] for b in r["boards"] if not b["bye"]]
    assert len(met) == 3 == len(set(met))
    assert sorted(b["seats"][0] for r in t["pairings"] for b in r["boards"] if b["bye"]) == \
        sorted(e["id"] for e in t["entrants"])
    assert [s["byes"] for s in t["standings"]] == [1, 1, 1]
    me = a.get("/api/account").json()
    assert a.get(f"/api/profiles/{me['profile']['id']}").json()["rating"] is None


def test_bad_input(make_client: AppMaker) -> None:
    a, b, c = make_client(), make_client(), make_client()
    anon = make_client()
    sign_up(a, "Creator")
    sign_up(b, "Joiner")
    sign_up(c, "Late")
    # bad settings: nothing made
    for body, what in [({"name": ""}, "name"), ({"name": "x" * 41}, "name"), ({"name": 7}, "name"), ({"format": "knockout"}, "format"),
                       ({"rounds": 0}, "rounds"), ({"rounds": "3"}, "rounds"),
                       ({"players": 5}, "players"), ({"players": 1}, "players"),
                       ({"players": True}, "players"), ({"players": "4"}, "players"),
                       ({"players": 3, "format": "round_robin", "rounds": None}, "swiss"),
                       ({"variant": "pink"}, "variant"),
                       ({"clock": {"kind": "move", "seconds": -1}}, "clock"),
                       ({"starts_at": 5}, "starts_at"), ({"bots": "yes"}, "bots"),
                       ({"colour": 1}, "colour"),
                       ({"format": "round_robin", "rounds": 3}, "rounds")]:
        r = a.post("/api/tournaments", json={**SWISS, **body})
        error(r, 400, "malformed")
        assert what in r.json()["error"]["message"]
    assert a.get("/api/tournaments").json() == {"open": [], "running": [], "finished": []}
    error(anon.post("/api/tournaments", json=SWISS), 401, "signed_out")
    tid = make(a)["id"]
    # unknown tournament
    error(a.get("/api/tournaments/nosuch"), 404, "unknown_tournament")
    error(b.post("/api/tournaments/nosuch/join", json={}), 404, "unknown_tournament")
    # joining twice; leaving when not in; bots where none are allowed
    assert b.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    error(b.post(f"/api/tournaments/{tid}/join", json={}), 409, "already_joined")
    error(c.post(f"/api/tournaments/{tid}/leave", json={}), 409, "not_joined")
    error(a.post(f"/api/tournaments/{tid}/bots", json={"level": "easy"}), 409, "no_bots")
    error(anon.post(f"/api/tournaments/{tid}/join", json={}), 401, "signed_out")
    error(b.post(f"/api/tournaments/{tid}/join", json={"x": 1}), 400, "malformed")
    # too few to start; a non-creator may not start
    error(a.post(f"/api/tournaments/{tid}/start", json={}), 409, "too_few_players")
    assert a.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    error(b.post(f"/api/tournaments/{tid}/start", json={}), 403, "not_creator")
    assert a.get(f"/api/tournaments/{tid}").json()["status"] == "open"
    # leave and join again before the start
    assert b.post(f"/api/tournaments/{tid}/leave", json={}).status_code == 200
    assert b.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    assert a.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    # after the start: no joining, leaving, starting again
    error(c.post(f"/api/tournaments/{tid}/join", json={}), 409, "not_open")
    error(b.post(f"/api/tournaments/{tid}/leave", json={}), 409, "not_open")
    error(a.post(f"/api/tournaments/{tid}/start", json={}), 409, "not_open")
    t = a.get(f"/api/tournaments/{tid}").json()
    assert [e["name"] for e in t["entrants"]] == ["Creator", "Joiner"]
    # a bot level the server does not have
    t2 = make(a, bots=True)["id"]
    error(a.post(f"/api/tournaments/{t2}/bots", json={"level": "grandmaster"}), 400,
          "unknown_level")
    error(b.post(f"/api/tournaments/{t2}/bots", json={"level": "easy"}), 403, "not_creator")


def test_a_start_time_starts_it(make_client: AppMaker, clock: Any) -> None:
    a, b = make_client(), make_client()
    sign_up(a, "Early")
    sign_up(b, "Bird")
    tid = make(a, starts_at=clock.t + 3600)["id"]
    for p in (a, b):
        assert p.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    assert a.get(f"/api/tournaments/{tid}").json()["status"] == "open"
    clock.advance(3601)
    t = b.get("/api/tournaments").json()
    assert [x["id"] for x in t["running"]] == [tid]


def test_tournaments_answer_as_documented(make_client: AppMaker) -> None:
    """Every tournament route's answers and refusals against the OpenAPI document."""
    from azulejos.web.openapi import openapi_schema

    from ..test_openapi_answers import Api

    a, b = make_client(), make_client()
    api, other = Api(a, openapi_schema()), Api(b, openapi_schema())
    api("get", "/api/tournaments", 200)
    api("post", "/api/tournaments", 401, json=SWISS)
    sign_up(a, "Doc")
    sign_up(b, "Umentation")
    api("post", "/api/tournaments", 400, json={**SWISS, "rounds": 99})
    t = api("post", "/api/tournaments", 201, json={**SWISS, "bots": True, "rounds": 1,
                                                  "clock": "move:1d"})
    tid = t["id"]
    assert t["clock"] == {"kind": "move", "seconds": 86400}
    api("get", "/api/tournaments/nosuch", 404)
    api("post", f"/api/tournaments/{tid}/start", 409, json={})
    api("post", f"/api/tournaments/{tid}/join", 200, json={})
    api("post", f"/api/tournaments/{tid}/join", 409, json={})
    other("post", f"/api/tournaments/{tid}/join", 200, json={})
    other("post", f"/api/tournaments/{tid}/leave", 200, json={})
    other("post", f"/api/tournaments/{tid}/leave", 409, json={})
    other("post", f"/api/tournaments/{tid}/bots", 403, json={"level": "easy"})
    api("post", f"/api/tournaments/{tid}/bots", 400, json={"level": "nobody"})
    api("post", f"/api/tournaments/{tid}/bots", 200, json={"level": "random"})
    other("post", f"/api/tournaments/{tid}/start", 403, json={})
    t = api("post", f"/api/tournaments/{tid}/start", 200, json={})
    api("get", "/api/tournaments", 200)
    for _ in range(3000):
        t = api("get", f"/api/tournaments/{tid}", 200)
        if t["status"] == "finished":
            break
        play_my_turns(a, {}, random.Random(1))
    assert t["status"] == "finished" and t["standings"][0]["points"] == 1
    other("get", f"/api/tournaments/{tid}", 200)


def test_an_expired_game_is_lost_by_both_and_ends_the_round(make_client: AppMaker,
                                                            clock: Any) -> None:
    a, b = make_client(), make_client()
    sign_up(a, "Sleepy")
    sign_up(b, "Dozy")
    tid = make(a, rounds=1)["id"]
    for p in (a, b):
        assert p.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    assert a.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    clock.advance(31 * 86400)  # an untimed game expires after 30 days without a move
    svc = a.app.state.service  # type: ignore[attr-defined]
    expired = a.portal.call(svc.expire_games)  # type: ignore[union-attr]
    assert len(expired) == 1
    t = b.get(f"/api/tournaments/{tid}").json()
    assert t["status"] == "finished"
    assert t["pairings"][0]["boards"][0]["points"] == [0.0, 0.0]
    assert [s["points"] for s in t["standings"]] == [0, 0]
