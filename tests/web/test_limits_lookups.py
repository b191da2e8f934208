"""Look-ups bounded per client (issue 28, Deliver item 5, "limits on my-games and bad-token
look-ups"): a loop guessing tokens or invitations gets ``rate_limited`` (HTTP and the
websocket hello) and, once out, is refused before anything is looked up; players with real
tokens and a lobby polling "my games" are not affected; no such game and a wrong token or
invitation answer alike, so a guesser learns no game ids."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from azulejos.web.app import create_app
from azulejos.web.limits import Limits, Rate, RateLimiter

from .helpers import auth, create, view


@pytest.fixture
def app_clock(db_path: Path) -> Iterator[tuple[TestClient, list[float]]]:
    """An app with 5 bad look-ups in a burst (then one a second) and 4 "my games" look-ups in
    a burst (then 2 a minute), on a clock the test moves."""
    app = create_app(str(db_path), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                     limits=Limits(games=Rate(0, 0), moves=Rate(0, 0), names=Rate(0, 0),
                                   my_games=Rate(2, 4), bad_tokens=Rate(60, 5)))
    clock = [0.0]
    for name in ("limit_bad_tokens", "limit_my_games"):
        limiter: RateLimiter = getattr(app.state, name)
        limiter.now = lambda: clock[0]
    with TestClient(app) as c:
        yield c, clock


def code(r: object) -> str:
    data = r.json()  # type: ignore[attr-defined]
    return str(data["error"]["code"])


def test_a_token_guessing_loop_is_rate_limited_and_players_are_not(
        app_clock: tuple[TestClient, list[float]]) -> None:
    client, clock = app_clock
    made = create(client)
    g, token = made["game"], made["seats"][0]["token"]
    answers = [client.get(f"/api/games/{g}", headers=auth(f"guess-{i}")) for i in range(8)]
    assert [r.status_code for r in answers] == [403] * 5 + [429] * 3
    assert {code(r) for r in answers[:5]} == {"bad_token"}
    assert {code(r) for r in answers[5:]} == {"rate_limited"}
    assert answers[5].headers["retry-after"] == "1"
    # out of look-ups, even a right guess is refused (nothing is looked up)
    assert code(client.get(f"/api/games/{g}", headers=auth(token))) == "rate_limited"
    # the websocket hello shares the bucket: refused, then closed "try again later"
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": "guess"})
        m = ws.receive_json()
        assert m["type"] == "error" and m["error"]["code"] == "rate_limited"
        assert ws.receive()["code"] == 1013
    # a second later one more guess; real tokens never spend the bucket
    clock[0] += 1.0
    for _ in range(20):
        assert view(client, g, token)["version"] >= 0
    assert code(client.get(f"/api/games/{g}", headers=auth("guess-again"))) == "bad_token"
    assert code(client.get(f"/api/games/{g}", headers=auth("guess-more"))) == "rate_limited"
    # another client has its own bucket
    other = TestClient(client.app, client=("10.0.0.2", 1234))
    assert code(other.get(f"/api/games/{g}", headers=auth("guess"))) == "bad_token"


def test_websocket_hello_guesses_spend_the_same_bucket(
        app_clock: tuple[TestClient, list[float]]) -> None:
    client, _clock = app_clock
    made = create(client)
    g, token = made["game"], made["seats"][0]["token"]
    for i in range(5):
        with client.websocket_connect(f"/ws/games/{g}") as ws:
            ws.send_json({"type": "hello", "token": f"guess-{i}"})
            assert ws.receive_json()["error"]["code"] == "bad_token"
    assert code(client.get(f"/api/games/{g}", headers=auth(token))) == "rate_limited"


def test_invitation_guesses_are_limited_and_no_such_game_answers_as_a_wrong_invitation(
        app_clock: tuple[TestClient, list[float]]) -> None:
    client, clock = app_clock
    made = create(client, claim=False)
    g, invite = made["game"], made["seats"][0]["invite"]
    # a game that does not exist and a wrong invitation (or token) answer the same
    nogame = client.post("/api/games/nosuchgame/claim", json={"invite": invite})
    wrong = client.post(f"/api/games/{g}/claim", json={"invite": "guess"})
    assert (nogame.status_code, code(nogame)) == (wrong.status_code, code(wrong)) == (403, "bad_invite")
    r1 = client.get("/api/games/nosuchgame", headers=auth("guess"))
    r2 = client.get(f"/api/games/{g}", headers=auth("guess"))
    assert (r1.status_code, r1.json()) == (r2.status_code, r2.json())
    assert r1.status_code == 403 and code(r1) == "bad_token"
    for _ in range(2):
        client.post(f"/api/games/{g}/claim", json={"invite": "guess"})
    r = client.post(f"/api/games/{g}/claim", json={"invite": invite})
    assert r.status_code == 429 and code(r) == "rate_limited"  # refused before the look-up
    clock[0] += 1.0
    assert view(client, g, made["spectator_token"])["seats"][0]["claimed"] is False


def test_my_games_is_limited_per_request_and_a_polling_lobby_is_not(
        app_clock: tuple[TestClient, list[float]]) -> None:
    client, clock = app_clock
    made = create(client)
    mine = [made["seats"][0]["token"]]
    # the lobby polls every 30 s: never refused
    for _ in range(10):
        r = client.post("/api/my-games", json={"tokens": mine})
        assert r.status_code == 200 and r.json()["games"][0]["game"] == made["game"]
        clock[0] += 30.0
    # a loop of look-ups of 50 guesses each runs out at once
    guesses = [f"guess-{i}" for i in range(50)]
    answers = [client.post("/api/my-games", json={"tokens": guesses}) for _ in range(6)]
    assert [r.status_code for r in answers] == [200] * 4 + [429] * 2
    assert answers[0].json()["games"] == [None] * 50
    assert code(answers[-1]) == "rate_limited"
