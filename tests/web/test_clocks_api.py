"""Clocks over the HTTP API (issue #14 item 1): a bad clock is a clear 400 and creates nothing;
the view and "my games" carry each game's clock; "my games" lists your turn first (soonest
deadline first), then the other games in play, then the finished ones."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.web.clocks import MAX_CLOCK_SECONDS

from .helpers import auth, create, play_random, view

BAD_CLOCKS: list[Any] = [
    {"kind": "hourglass", "seconds": 60},
    {"kind": "move", "seconds": -60},
    {"kind": "move", "seconds": 0},
    {"kind": "game", "seconds": MAX_CLOCK_SECONDS + 1},
    {"kind": "game", "seconds": 10**30},
    {"kind": "move", "seconds": "60"},
    {"kind": "move", "seconds": 60.5},
    {"kind": "move", "seconds": True},
    {"kind": "move"},
    {"kind": "none", "seconds": 60},
    {"kind": "move", "seconds": 60, "increment": 5},
    {"kind": "game", "seconds": 60, "bank": 5},
    {"kind": "move", "seconds": 60, "bank": -1},
    {"kind": "move", "seconds": 60, "bank": 30 * 86400 + 1},
    {"kind": "move", "seconds": 60, "bank": "1d"},
    {"kind": "game", "seconds": 60, "increment": 86401},
    {"kind": "game", "seconds": 60, "increment": 1.5},
    {"kind": "none", "bank": 0},
    "move:1d+3d",
    "game:10m+bank:5s",
    "move:5",
    "1 day",
    [60],
]


@pytest.mark.parametrize("clock", BAD_CLOCKS)
def test_a_bad_clock_is_refused_and_nothing_is_created(client: TestClient, clock: Any) -> None:
    r = client.post("/api/games", json={"players": 2, "clock": clock})
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == "malformed" and "clock" in err["message"]
    assert "\n" not in err["message"] and "Traceback" not in r.text
    assert client.app.state.store.playing() == []


@pytest.mark.parametrize(("clock", "seen"), [
    ({"kind": "move", "seconds": 86400, "bank": 3 * 86400}, (86400, 3 * 86400, 0)),
    ("move:1d+bank:3d", (86400, 3 * 86400, 0)),
    ({"kind": "game", "seconds": 600, "increment": 5}, (600, 0, 5)),
    ("game:10m+5s", (600, 0, 5)),
])
def test_a_bank_or_an_increment_is_in_the_view(client: TestClient, clock: Any,
                                               seen: tuple[int, int, int]) -> None:
    """Issue 28, item 2: the JSON and the text form give the same clock; the view shows the
    time left (the bank included) and each seat's bank left."""
    g = create(client, clock=clock)
    c = view(client, g["game"], g["seats"][0]["token"])["clock"]
    assert (c["seconds"], c["bank"], c["increment"]) == seen
    assert c["deadline"] - c["now"] == pytest.approx(seen[0] + seen[1], abs=5)
    assert c["banks"] == (None if not seen[1] else [pytest.approx(seen[1], abs=5)] * 2)


def test_the_clock_is_in_the_view_and_in_my_games(client: TestClient) -> None:
    g = create(client, clock={"kind": "move", "seconds": 86400})
    tok = g["seats"][0]["token"]
    v = view(client, g["game"], tok)
    c = v["clock"]
    assert (c["kind"], c["seconds"], c["seat"]) == ("move", 86400, 0)
    assert c["deadline"] - c["now"] == pytest.approx(86400, abs=5)
    assert c["remaining"][0] == pytest.approx(86400, abs=5) and c["remaining"][1] is None
    mine = client.post("/api/my-games", json={"tokens": [tok]}).json()
    assert mine["games"][0]["clock"]["deadline"] == pytest.approx(c["deadline"])
    plain = create(client)
    assert view(client, plain["game"], plain["seats"][0]["token"])["clock"] is None
    none = create(client, clock={"kind": "none"})
    assert view(client, none["game"], none["seats"][0]["token"])["clock"] is None


def test_my_games_lists_your_turn_first_then_waiting_then_finished(client: TestClient) -> None:
    over = create(client)
    play_random(client, over, random.Random(3))
    waiting = create(client)  # seat 1's view: it is seat 0's turn
    slow = create(client, clock={"kind": "move", "seconds": 86400})
    soon = create(client, clock={"kind": "move", "seconds": 3600})
    untimed = create(client)
    tokens = [
        over["seats"][0]["token"],
        waiting["seats"][1]["token"],
        "no-such-token",
        untimed["seats"][0]["token"],
        slow["seats"][0]["token"],
        soon["seats"][0]["token"],
    ]
    r = client.post("/api/my-games", json={"tokens": tokens})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["games"][2] is None  # unknown: left out of the order
    # your turn (soonest deadline first, no deadline last), then waiting, then finished
    assert data["order"] == [5, 4, 3, 1, 0]
    assert [data["games"][i]["to_move"] for i in data["order"]] == [True, True, True, False, False]
    assert data["games"][0]["phase"] == "over"


def test_my_games_refuses_a_bad_list(client: TestClient) -> None:
    for body in ({"tokens": "abc"}, {"tokens": ["x"] * 51}, {}):
        r = client.post("/api/my-games", json=body)
        assert r.status_code == 400 and r.json()["error"]["code"] == "malformed"


def test_a_move_after_the_deadline_is_refused_clearly(client: TestClient) -> None:
    """Over HTTP the error names the code, and the seat passes to the stand-in bot (a game
    of one person against a bot: nobody to ask "wait or bot", as before issue 28)."""
    g = create(client, clock={"kind": "move", "seconds": 60},
               seats=[{"name": "Ann"}, {"kind": "bot", "level": "random"}])
    tok = g["seats"][0]["token"]
    svc = client.app.state.service
    svc.heartbeat_interval = 0  # the jump below is time the server was up (no outage)
    start = svc.now()
    svc.now = lambda: start + 61
    v = view(client, g["game"], tok)
    assert v["clock"]["remaining"][0] == 0
    r = client.post(f"/api/games/{g['game']}/moves", headers=auth(tok),
                    json={"version": v["version"], "move": v["legal"][0]["move"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "out_of_time"
    # the seat passed to the stand-in bot at once; the refused move was never played
    for _ in range(200):
        after = view(client, g["game"], tok)
        if after["seats"][0]["left"]:
            break
        time.sleep(0.01)
    assert after["seats"][0]["left"]["reason"] == "timeout"
    assert after["seats"][0]["left"]["moves"] == 0 and after["you"]["left"] == [0]
    # "my games" says why the seat was left: its time ran out (the lobby does not say "You left")
    mine = client.post("/api/my-games", json={"tokens": [tok]}).json()["games"][0]
    assert mine["left"] == [0] and mine["left_reasons"] == ["timeout"]


def test_my_games_says_why_a_seat_was_left_and_which_seats_are_unclaimed(client: TestClient) -> None:
    g = create(client, players=3)  # every seat claimed
    tok = g["seats"][1]["token"]
    r = client.post(f"/api/games/{g['game']}/leave", headers=auth(tok), json={})
    assert r.status_code == 200, r.text
    mine = client.post("/api/my-games", json={"tokens": [tok]}).json()["games"][0]
    assert mine["left"] == [1] and mine["left_reasons"] == ["resigned"] and mine["unclaimed"] == []
    # a game whose invitations nobody has opened: the creator's spectator row says so
    made = client.post("/api/games", json={"players": 2}).json()
    row = client.post("/api/my-games", json={"tokens": [made["spectator_token"]]}).json()["games"][0]
    assert row["role"] == "spectator" and row["unclaimed"] == [0, 1] and row["left_reasons"] == []


@pytest.mark.parametrize(("lang", "forms"), [("en", 2), ("fr", 2), ("uk", 3), ("ru", 3)])
def test_the_time_left_has_every_plural_form_of_the_language(client: TestClient, lang: str,
                                                             forms: int) -> None:
    words = client.get(f"/api/messages/{lang}").json()
    for key in ("clock.days_left", "clock.hours_left", "clock.minutes_left",
                "lobby.clock.move_days", "lobby.clock.game_minutes"):
        assert isinstance(words[key], list) and len(words[key]) == forms
        assert all("{n}" in w for w in words[key]) and len(set(words[key])) == forms
    assert words["title.your_turn"].startswith("●")


def test_the_websocket_tells_the_players_of_an_overdue_turn_and_of_the_choice(
        client: TestClient) -> None:
    """Issue 28, item 2 "wait or bot": when Ann's time runs out, Bo's socket gets a view with
    the offer; his "wait" (over HTTP) reaches Ann's socket."""
    from .test_websocket import connect, recv_until

    g = create(client, clock={"kind": "move", "seconds": 60})
    ann, bo = g["seats"][0]["token"], g["seats"][1]["token"]
    svc = client.app.state.service  # type: ignore[attr-defined]
    svc.heartbeat_interval = 0  # the jump below is time the server was up (no outage)
    wa, a = connect(client, g["game"], ann)
    wb, b = connect(client, g["game"], bo)
    try:
        assert recv_until(b, "view")["view"]["clock"]["overdue"] is None
        recv_until(a, "view")
        start = svc.now()
        svc.now = lambda: start + 61
        client.portal.call(svc.check_clocks)  # type: ignore[union-attr]
        seen = recv_until(b, "view")["view"]["clock"]["overdue"]
        assert seen["seat"] == 0 and seen["choice"] is None
        r = client.post(f"/api/games/{g['game']}/timeout", headers=auth(bo),
                        json={"choice": "wait"})
        assert r.status_code == 200, r.text
        for _ in range(5):
            o = recv_until(a, "view")["view"]["clock"]["overdue"]
            if o is not None and o["choice"] == "wait":
                break
        assert o == {"seat": 0, "choice": "wait", "until": None}
    finally:
        wa.__exit__(None, None, None)
        wb.__exit__(None, None, None)
