"""Player profiles (issue 14, item 5): made without a password, renamed and imported with the
key, put on seats when claiming; per-profile statistics; openskill ratings of rated games
between people, written once per game; the leaderboard."""

from __future__ import annotations

import logging
import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.play.ratings import MU
from azulejos.web import profile_store
from azulejos.web.app import create_app
from azulejos.web.limits import Limits, Rate
from azulejos.web.protocol import GameError, parse_create
from azulejos.web.service import bot_levels

from .helpers import auth, view
from .players import holder, rated_game, sign_up_at


def new_profile(client: TestClient, name: str) -> dict[str, Any]:
    r = client.post("/api/profiles", json={"name": name})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def claim(client: TestClient, game: str, invite: str, key: str | None) -> str:
    body = {"invite": invite} | ({"profile": key} if key else {})
    r = client.post(f"/api/games/{game}/claim", json=body)
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def game_of(client: TestClient, keys: list[str | None], **body: Any) -> tuple[str, dict[int, str]]:
    """A game whose person seats are claimed with the profile keys ``keys`` (one per person
    seat, in order; None: anonymous); the seat tokens. Made by the game service as the lobby
    makes its games (rated by default when every seat is a person's): over HTTP, a game made
    by invitation is never rated (issue 29; tests/web/lobby/ rate games from the lobby)."""
    profile, rated = body.pop("profile", None), body.pop("rated", None)
    req = parse_create({"players": len(body.get("seats", keys)), **body}, bot_levels())
    svc = client.app.state.service  # type: ignore[attr-defined]
    created = client.portal.call(svc.create, req, profile, rated)  # type: ignore[union-attr]
    people = [s for s in created["seats"] if s["invite"]]
    tokens = {s["seat"]: claim(client, created["game"], s["invite"], k)
              for s, k in zip(people, keys)}
    return created["game"], tokens


def play_out(client: TestClient, game: str, tokens: dict[int, str], seed: int = 1) -> dict[str, Any]:
    """Play the person seats with random legal moves (bots play theirs) until the end."""
    rng = random.Random(seed)
    some = next(iter(tokens.values()))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        v = view(client, game, some)
        if v["phase"] == "over":
            return v
        seat = v["current"]
        if seat not in tokens:
            time.sleep(0.01)  # a bot's turn
            continue
        v = view(client, game, tokens[seat])
        if not v["to_move"]:
            continue
        r = holder(tokens[seat], client).post(  # from the seat's own browser (fair play)
            f"/api/games/{game}/moves", headers=auth(tokens[seat]),
            json={"version": v["version"], "move": rng.choice(v["legal"])["move"]})
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the game did not end")


def profile(client: TestClient, pid: str) -> dict[str, Any]:
    r = client.get(f"/api/profiles/{pid}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def settle(client: TestClient) -> None:
    """Wait for the ends of games being written in the background."""
    svc = client.app.state.service  # type: ignore[attr-defined]
    client.portal.call(svc.profiles.settle)  # type: ignore[union-attr]


def test_a_profile_is_a_name_an_id_and_a_key_shown_once(client: TestClient) -> None:
    p = new_profile(client, "  Ana \t Lima ")
    assert p["name"] == "Ana Lima" and p["id"] and len(p["key"]) >= 24 and p["key"] != p["id"]
    pub = profile(client, p["id"])
    assert pub["name"] == "Ana Lima" and pub["id"] == p["id"]
    assert p["key"] not in str(pub)  # the public view never holds the key
    assert pub["rating"] is None and pub["stats"]["games"] == 0 and pub["stats"]["mean_score"] is None
    # importing the key in another browser: the key opens the same profile
    me = client.get("/api/profile", headers=auth(p["key"]))
    assert me.status_code == 200 and me.json()["id"] == p["id"]


def test_rename_needs_the_profiles_own_key(client: TestClient) -> None:
    a, b = new_profile(client, "Ana"), new_profile(client, "Bo")
    r = client.post(f"/api/profiles/{a['id']}/name", headers=auth(a["key"]), json={"name": "Ana L."})
    assert r.status_code == 200 and profile(client, a["id"])["name"] == "Ana L."
    refused = [
        (auth(b["key"]), {"name": "Mine"}, 403, "not_your_profile"),  # another profile's id
        (auth("no-such-key"), {"name": "Mine"}, 401, "bad_profile_key"),
        ({}, {"name": "Mine"}, 401, "bad_profile_key"),
        (auth(a["key"]), {"name": "   "}, 400, "malformed"),
        (auth(a["key"]), {"name": 7}, 400, "malformed"),
        (auth(a["key"]), {"name": "x", "key": a["key"]}, 400, "malformed"),
    ]
    for headers, body, status, code in refused:
        r = client.post(f"/api/profiles/{a['id']}/name", headers=headers, json=body)
        assert r.status_code == status and r.json()["error"]["code"] == code, (body, r.text)
    assert profile(client, a["id"])["name"] == "Ana L."  # nothing changed
    assert profile(client, b["id"])["name"] == "Bo"
    r = client.post("/api/profiles/nobody/name", headers=auth(a["key"]), json={"name": "Z"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_profile"


def test_bad_profile_requests_are_refused(client: TestClient) -> None:
    for body in ({}, {"name": ""}, {"name": None}, {"name": ["a"]}, {"name": "a", "x": 1}):
        r = client.post("/api/profiles", json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed", body
    assert client.get("/api/profiles/nobody").status_code == 404
    assert client.get("/api/profile").status_code == 401
    r = client.get("/api/profile", headers=auth("x" * 300))
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_profile_key"
    for q in ("players=5", "variant=purple", "page=0", "page=-1", "min_games=abc", "players=2.0"):
        r = client.get(f"/api/leaderboard?{q}")
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed", q


def test_a_claim_with_a_key_that_opens_no_profile_is_refused_and_the_seat_stays_free(
        client: TestClient) -> None:
    a = new_profile(client, "Ana")
    created = client.post("/api/games", json={"players": 2}).json()
    gid, invite = created["game"], created["seats"][0]["invite"]
    for key in ("someone-elses-key", 12, "", "k" * 200):
        r = client.post(f"/api/games/{gid}/claim", json={"invite": invite, "profile": key})
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_profile_key", key
    v = view(client, gid, created["spectator_token"])
    assert v["seats"][0]["claimed"] is False and v["seats"][0]["profile"] is None
    claim(client, gid, invite, a["key"])  # the seat was still free
    v = view(client, gid, created["spectator_token"])
    assert v["seats"][0]["claimed"] is True and v["seats"][0]["profile"] == a["id"]


def test_creating_a_game_with_a_bad_key_or_an_impossible_rating_makes_no_game(
        client: TestClient) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    before = store.playing()
    r = client.post("/api/games", json={"players": 2, "profile": "not-a-key"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "bad_profile_key"
    bad = [  # a game made by invitation is never rated (issue 29: only from the lobby)
        ({"players": 2, "rated": True, "seats": [{}, {"kind": "bot", "level": "random"}]},
         "rated_needs_lobby"),
        ({"players": 2, "rated": True, "hotseat": True}, "rated_needs_lobby"),
        ({"players": 2, "rated": True}, "rated_needs_lobby"),
        ({"players": 2, "rated": "yes"}, "malformed"),
    ]
    for body, code in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == code, body
    assert store.playing() == before
    ok = client.post("/api/games", json={"players": 2}).json()
    assert ok["rated"] is False  # not rated, even when every seat is a person's
    assert client.post("/api/games", json={"players": 2, "hotseat": True}).json()["rated"] is False
    # the service (the lobby's games) still refuses a rated game with a bot or at one screen
    svc = client.app.state.service  # type: ignore[attr-defined]
    before = store.playing()
    for body, _code in bad[:2]:
        req = parse_create({k: v for k, v in body.items() if k != "rated"}, bot_levels())
        with pytest.raises(GameError, match="people only"):
            client.portal.call(svc.create, req, None, True)  # type: ignore[union-attr]
    assert store.playing() == before


@pytest.fixture
def few_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ratings established after one rated game against one opponent (the real threshold,
    10 games against 5 opponents, is tested in tests/web/fairplay/)."""
    monkeypatch.setattr(profile_store, "ESTABLISHED_GAMES", 1)
    monkeypatch.setattr(profile_store, "ESTABLISHED_OPPONENTS", 1)


def test_R25_a_rated_two_player_game_rates_both_players_once(client: TestClient,
                                                             few_games: None) -> None:
    ana, bo = sign_up_at(client, "Ana", "10.0.0.1"), sign_up_at(client, "Bo", "10.0.0.2")
    a, b = {"id": ana.profile}, {"id": bo.profile}
    gid, tokens = rated_game(ana, bo)
    v = view(client, gid, tokens[0])
    assert v["rated"] is True and [s["profile"] for s in v["seats"]] == [a["id"], b["id"]]
    end = play_out(client, gid, tokens)
    settle(client)
    scores, winners = end["result"]["scores"], end["result"]["winners"]
    pa, pb = profile(client, a["id"]), profile(client, b["id"])
    for p, seat in ((pa, 0), (pb, 1)):
        assert p["stats"]["games"] == 1 and p["stats"]["rated_games"] == 1
        assert p["stats"]["wins"] == (1 if seat in winners else 0)
        assert p["stats"]["mean_score"] == scores[seat]
        line = {k: p["stats"][k] for k in ("games", "wins", "mean_score")}
        assert p["stats"]["by_players"] == {"2": line}
        assert p["stats"]["by_variant"] == {"coloured": line}
        assert p["stats"]["by_module"] == {"base": line}
        assert set(p["ratings"]) == {"all", "2", "coloured", "2-coloured"}
        assert all(r["games"] == 1 and r["opponents"] == 1 for r in p["ratings"].values())
        assert p["rating"]["provisional"] is False  # (one game establishes it here)
        assert p["rating"]["ordinal"] == pytest.approx(p["rating"]["mu"] - 3 * p["rating"]["sigma"], abs=0.01)
    if len(winners) == 1:  # the winner gains, the other loses (R25: rows break a points tie)
        w, lo = (pa, pb) if winners == [0] else (pb, pa)
        assert w["rating"]["mu"] > MU > lo["rating"]["mu"]
    else:  # a shared victory is a draw: both keep their mean
        assert pa["rating"]["mu"] == pytest.approx(MU) == pb["rating"]["mu"]
    # seen ending again (another process, a reload): nothing more is written
    svc = client.app.state.service  # type: ignore[attr-defined]
    live = client.portal.call(svc.get, gid)  # type: ignore[union-attr]
    assert client.portal.call(svc.profiles.game_over, live) is False  # type: ignore[union-attr]
    assert profile(client, a["id"]) == pa and profile(client, b["id"]) == pb
    board = client.get("/api/leaderboard").json()
    assert {e["id"] for e in board["entries"]} == {a["id"], b["id"]}
    assert board["entries"][0]["ordinal"] >= board["entries"][1]["ordinal"]
    assert [e["place"] for e in board["entries"]] == [1, 2] and board["total"] == 2


def test_a_seat_claimed_with_a_profile_and_left_unnamed_takes_the_profiles_name(
        client: TestClient) -> None:
    a, b = new_profile(client, "Alice"), new_profile(client, "Bérénice")
    # a rated game: the board, the log, the record and the end name the profiles, not "Player 1"
    gid, tokens = game_of(client, [a["key"], b["key"]])
    v = view(client, gid, tokens[0])
    assert [s["name"] for s in v["seats"]] == ["Alice", "Bérénice"]
    end = play_out(client, gid, tokens, seed=2)
    assert [s["name"] for s in end["seats"]] == ["Alice", "Bérénice"]
    record = client.get(f"/api/games/{gid}/record", headers=auth(tokens[1])).json()
    assert record["names"] == ["Alice", "Bérénice"]
    # a name typed at creation stays; an anonymous claim keeps the default name
    gid, tokens = game_of(client, [a["key"], None], seats=[{"name": "Al"}, {}])
    assert [s["name"] for s in view(client, gid, tokens[0])["seats"]] == ["Al", "Player 2"]
    # hot-seat: the creator's profile names the first person seat only
    hot = client.post("/api/games", json={"players": 2, "hotseat": True, "profile": b["key"]}).json()
    assert [s["name"] for s in hot["seats"]] == ["Bérénice", "Player 2"]


def test_unrated_games_bot_seat_hotseat_and_one_profile_on_two_seats(client: TestClient) -> None:
    a, b = new_profile(client, "Ana"), new_profile(client, "Bo")
    # a bot seat: statistics, no rating
    gid, tokens = game_of(client, [a["key"]], seats=[{}, {"kind": "bot", "level": "random"}])
    end = play_out(client, gid, tokens)
    settle(client)
    pa = profile(client, a["id"])
    assert pa["stats"]["games"] == 1 and pa["stats"]["rated_games"] == 0 and pa["rating"] is None
    assert pa["stats"]["mean_score"] == end["result"]["scores"][0]
    # hot-seat: the profile is on the first seat, but the game counts for nothing
    r = client.post("/api/games", json={"players": 2, "hotseat": True, "profile": b["key"]})
    hot = r.json()
    v = view(client, hot["game"], hot["hotseat_token"])
    assert v["seats"][0]["profile"] == b["id"] and v["rated"] is False
    play_out(client, hot["game"], {0: hot["hotseat_token"], 1: hot["hotseat_token"]})
    # one profile on both seats of a game asked to be rated: neither counted nor rated
    gid, tokens = game_of(client, [b["key"], b["key"]])
    assert view(client, gid, tokens[0])["rated"] is True
    play_out(client, gid, tokens, seed=3)
    settle(client)
    pb = profile(client, b["id"])
    assert pb["stats"]["games"] == 0 and pb["rating"] is None
    assert client.get("/api/leaderboard").json()["total"] == 0
    # and it is not taken for an end a stopped server missed, to load again at every start
    svc = client.app.state.service  # type: ignore[attr-defined]
    assert gid not in svc.profiles.store.unwritten()


def test_stats_by_player_count_wall_side_and_module_and_the_leaderboard_pools(
        client: TestClient, few_games: None) -> None:
    ana, bo, cy = (sign_up_at(client, n, f"10.0.0.{i}") for i, n in enumerate(("Ana", "Bo", "Cy")))
    a, b, c = ({"id": p.profile} for p in (ana, bo, cy))
    gid, tokens = rated_game(ana, bo)
    play_out(client, gid, tokens, seed=5)
    gid, tokens = rated_game(ana, bo, cy, variant="grey", special_factories=True)
    end3 = play_out(client, gid, tokens, seed=6)
    settle(client)
    s = profile(client, a["id"])["stats"]
    assert s["games"] == 2 and s["rated_games"] == 2
    assert {k: v["games"] for k, v in s["by_players"].items()} == {"2": 1, "3": 1}
    assert {k: v["games"] for k, v in s["by_variant"].items()} == {"coloured": 1, "grey": 1}
    assert {k: v["games"] for k, v in s["by_module"].items()} == {"base": 1, "special_factories": 1}
    assert s["by_players"]["3"]["mean_score"] == end3["result"]["scores"][0]
    ids = lambda q: {e["id"] for e in client.get(f"/api/leaderboard?{q}").json()["entries"]}  # noqa: E731
    assert ids("") == {a["id"], b["id"], c["id"]}
    assert ids("players=2") == ids("players=2&variant=coloured") == ids("variant=coloured") == {a["id"], b["id"]}
    assert ids("players=3&variant=grey") == {a["id"], b["id"], c["id"]}
    assert ids("players=4") == set() and ids("players=2&variant=grey") == set()
    assert ids("min_games=2") == {a["id"], b["id"]}
    board = client.get("/api/leaderboard?page=2").json()
    assert board["entries"] == [] and board["total"] == 3 and board["page"] == 2


def test_profile_creation_is_rate_limited(db_path: Path) -> None:
    app = create_app(str(db_path), bot_delay=0, sync_interval=0,
                     limits=Limits(profiles=Rate(1, 2)))
    with TestClient(app) as c:
        assert c.post("/api/profiles", json={"name": "a"}).status_code == 201
        assert c.post("/api/profiles", json={"name": "b"}).status_code == 201
        r = c.post("/api/profiles", json={"name": "c"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert int(r.headers["Retry-After"]) >= 1


def test_profile_keys_never_reach_the_logs(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    a, b = new_profile(client, "Ana"), new_profile(client, "Bo")
    gid, tokens = game_of(client, [a["key"], b["key"]])
    client.post(f"/api/profiles/{a['id']}/name", headers=auth(a["key"]), json={"name": "A"})
    client.post(f"/api/profiles/{a['id']}/name", headers=auth(b["key"]), json={"name": "B"})
    play_out(client, gid, tokens, seed=9)
    settle(client)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "results written" in text  # the log lines were captured
    assert a["key"] not in text and b["key"] not in text


def test_an_end_the_server_stopped_before_writing_is_written_at_the_next_start(
        db_path: Path) -> None:
    def app() -> Any:
        return create_app(str(db_path), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                          limits=Limits.none())

    with TestClient(app()) as c:
        ana, bo = sign_up_at(c, "Ana", "10.0.0.1"), sign_up_at(c, "Bo", "10.0.0.2")
        a, b = {"id": ana.profile}, {"id": bo.profile}
        gid, tokens = rated_game(ana, bo)
        svc = c.app.state.service  # type: ignore[attr-defined]
        svc.profiles.ended = lambda live: None  # as if the server stopped after the last move
        play_out(c, gid, tokens, seed=4)
        assert profile(c, a["id"])["stats"]["games"] == 0
    with TestClient(app()) as c:  # the next start writes it
        for pid in (a["id"], b["id"]):
            p = profile(c, pid)
            assert p["stats"]["games"] == 1 and p["rating"]["games"] == 1
