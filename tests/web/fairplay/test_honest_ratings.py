"""Honest ratings (issue 29, item 3): rated only between distinct signed-in accounts on
distinct clients, none suspended; the farming case (two identities, one client, a minute)
moves nothing on the leaderboard and is reported to the operator; repeated games against the
same opponent count for less; provisional ratings stay off the leaderboard (R25 ranks)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from azulejos.play.ratings import Rating, ranks_of, rate
from azulejos.web.profile_store import ESTABLISHED_GAMES, weighted
from azulejos.web.protocol import parse_create
from azulejos.web.service import bot_levels

from ..helpers import auth, view
from ..players import rated_game, sign_up_at
from ..test_profiles import new_profile, play_out, profile
from .conftest import operator, settle


def board(server: TestClient) -> dict[str, object]:
    r = server.get("/api/leaderboard")
    assert r.status_code == 200
    data: dict[str, object] = r.json()
    return data


def test_R25_two_identities_one_client_a_minute_move_nothing_on_the_leaderboard(
        server: TestClient, tmp_path: Path, few_games: None) -> None:
    # two honest players make a leaderboard first (their own browsers, their own addresses)
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, tokens = rated_game(ana, bo)
    play_out(server, gid, tokens, seed=1)
    settle(server)
    before = board(server)
    assert before["total"] == 2
    # the farmer: two accounts signed up from one client, quick rated games against itself
    farm, hand = sign_up_at(server, "Farmer", "10.6.6.6"), sign_up_at(server, "Farmhand", "10.6.6.6")
    started = time.monotonic()
    games = []
    for i in range(3):
        gid, tokens = rated_game(farm, hand) if i % 2 == 0 else rated_game(hand, farm)
        assert view(server, gid, tokens[0])["rated"] is True  # asked for, as today's code allows
        play_out(server, gid, tokens, seed=10 + i)
        games.append(gid)
    settle(server)
    assert time.monotonic() - started < 60  # "a minute"
    assert board(server) == before  # nothing moved
    for who in (farm, hand):
        p = profile(server, who.profile)
        assert p["rating"] is None and p["stats"]["games"] == 3 and p["stats"]["rated_games"] == 0
    # and the operator finds both identities reported for suspected boosting, once a game
    op = operator(server, tmp_path / "games.sqlite3")
    listed = op.client.get("/api/admin/reports").json()["reports"]
    boosting = [r for r in listed if r["kind"] == "boosting"]
    assert {(r["game"], r["reported"]["profile"]) for r in boosting} == {
        (g, p) for g in games for p in (farm.profile, hand.profile)}
    assert all(r["reporter"] is None and "one client" in r["note"] for r in boosting)


def test_a_guest_profile_or_a_suspended_account_makes_a_game_unrated(
        server: TestClient, tmp_path: Path, few_games: None) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    guest = new_profile(server, "Guest")
    # an account against a guest's profile: no invitation game is rated (docs/api.md,
    # "Profiles"), and a rated game the service makes directly is not rated at its end either
    refused = ana.client.post("/api/games", json={"players": 2, "rated": True})
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "rated_needs_lobby"
    svc = server.app.state.service  # type: ignore[attr-defined]
    req = parse_create({"players": 2}, bot_levels())
    r = server.portal.call(svc.create, req, None, True)  # type: ignore[union-attr]
    t0 = ana.client.post(f"/api/games/{r['game']}/claim",
                         json={"invite": r["seats"][0]["invite"]}).json()["token"]
    guest_browser = TestClient(server.app, client=("10.0.0.3", 1))
    t1 = guest_browser.post(f"/api/games/{r['game']}/claim",
                            json={"invite": r["seats"][1]["invite"], "profile": guest["key"]}
                            ).json()["token"]
    play_out(server, r["game"], {0: t0, 1: t1}, seed=2)
    settle(server)
    assert profile(server, ana.profile)["rating"] is None
    assert profile(server, guest["id"])["stats"]["rated_games"] == 0
    # an opponent suspended before the end: the game is not rated
    op = operator(server, tmp_path / "games.sqlite3")
    gid, tokens = rated_game(ana, bo)
    got = op.client.post("/api/admin/suspensions", json={"name": "Bo", "reason": "abuse"})
    assert got.status_code == 201, got.text
    # Bo's seat is the bot's now (and the seat token the lobby gave him ended with his
    # sessions); Ana plays on
    mine = next(s for s, t in tokens.items() if view(server, gid, t)["seats"][s]["name"] == "Ana")
    play_out(server, gid, {mine: tokens[mine]}, seed=3)
    settle(server)
    assert profile(server, ana.profile)["rating"] is None
    assert board(server)["total"] == 0


def test_a_repeated_game_against_the_same_opponent_counts_half(
        server: TestClient) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, tokens = rated_game(ana, bo)
    play_out(server, gid, tokens, seed=4)
    settle(server)
    first = [profile(server, p.profile)["rating"] for p in (ana, bo)]
    gid, tokens = rated_game(bo, ana)  # seats swapped: Bo at seat 0
    end = play_out(server, gid, tokens, seed=5)
    settle(server)
    second = {p.profile: profile(server, p.profile)["rating"] for p in (ana, bo)}
    # what openskill alone would give for the second game, and half of its change
    before = [Rating(first[1]["mu"], first[1]["sigma"]), Rating(first[0]["mu"], first[0]["sigma"])]
    res = end["result"]
    ranks = ranks_of(res["scores"], [p["rows"] for p in res["players"]])  # R25
    full = rate(before, ranks)
    for seat, who in enumerate((bo, ana)):
        want = weighted(before[seat], full[seat], 0.5)
        got = second[who.profile]
        assert got["games"] == 2 and got["opponents"] == 1
        assert got["mu"] == pytest.approx(want.mu, abs=0.01)
        assert got["sigma"] == pytest.approx(want.sigma, abs=0.01)
        assert got["provisional"] is True  # 2 games against 1 opponent


def test_provisional_ratings_stay_off_the_leaderboard(server: TestClient) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, tokens = rated_game(ana, bo)
    play_out(server, gid, tokens, seed=6)
    settle(server)
    p = profile(server, ana.profile)
    assert p["rating"]["provisional"] is True and p["rating"]["games"] == 1 < ESTABLISHED_GAMES
    assert all(r["provisional"] for r in p["ratings"].values())
    assert board(server)["total"] == 0 and board(server)["entries"] == []


def test_the_seat_tokens_of_a_rated_game_keep_working_after_the_end(server: TestClient) -> None:
    """(The checks at the end change what is written, never the game.)"""
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.1")
    gid, tokens = rated_game(ana, bo)
    play_out(server, gid, tokens, seed=7)
    settle(server)
    r = server.get(f"/api/games/{gid}", headers=auth(tokens[1]))
    assert r.status_code == 200 and r.json()["phase"] == "over"
