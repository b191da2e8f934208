"""Vacation days (issue 28, item 2, "Vacation days for accounts in long turn-based games";
docs/api.md, "Vacation"): an account's allowance, starting and ending a vacation, and the
clocks of turn-based games standing still meanwhile - with a clock the test moves."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.play.clocks import ClockSpec, GameClock
from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits
from azulejos.web.vacations import ALLOWANCE

from ..conftest import PG_URL
from ..helpers import auth, play, view
from ..test_notify import pg  # noqa: F401  (the fixture: a fresh schema)
from .conftest import AppMaker, Clock, sign_up

DAY = 86400.0


def service(client: TestClient) -> Any:
    svc = client.app.state.service  # type: ignore[attr-defined]
    svc.heartbeat_interval = 0  # the clock's jumps below are time the server was up
    return svc


def check(client: TestClient) -> int:
    got: int = client.portal.call(service(client).check_clocks)  # type: ignore[union-attr]
    return got


def game_of(ana: TestClient, bo: TestClient, clock: Any) -> tuple[str, str, str]:
    """The game store stamps its changes with the real time: the tests' clock starts there.
    A game of Ana (signed in, seat 0) and Bo (a guest, seat 1) with ``clock``, played on
    until it is Ana's turn: (game, Ana's token, Bo's token)."""
    r = ana.post("/api/games", json={"players": 2, "clock": clock})
    assert r.status_code == 201, r.text
    g = r.json()
    gid = g["game"]
    ta = ana.post(f"/api/games/{gid}/claim", json={"invite": g["seats"][0]["invite"]}).json()
    tb = bo.post(f"/api/games/{gid}/claim", json={"invite": g["seats"][1]["invite"]}).json()
    v = view(bo, gid, tb["token"])
    if v["current"] == 1:
        assert play(bo, gid, tb["token"], v["version"], v["legal"][0]["move"]).status_code == 200
    assert view(ana, gid, ta["token"])["current"] == 0
    return gid, ta["token"], tb["token"]


def vacation(client: TestClient, days: Any) -> Any:
    return client.post("/api/account/vacation", json={"days": days})


def test_the_allowance_and_bad_input(make_client: AppMaker, clock: Clock) -> None:
    ana, guest = make_client(), make_client()
    assert guest.get("/api/account/vacation").json()["error"]["code"] == "signed_out"
    assert vacation(guest, 3).status_code == 401  # a guest has no vacation
    sign_up(ana, "Ana")
    got = ana.get("/api/account/vacation").json()
    assert got["allowance"] == ALLOWANCE == 30 and got["used"] == 0 and got["left"] == 30
    assert got["vacation"] is None and got["min_clock"] == 86400
    for bad, code in (("3", "malformed"), (2.5, "malformed"), (True, "malformed"),
                      (0, "bad_days"), (-1, "bad_days"), (31, "bad_days")):
        r = vacation(ana, bad)
        assert r.status_code == 400 and r.json()["error"]["code"] == code, (bad, r.text)
    assert vacation(ana, 31).json()["error"]["left"] == 30
    assert ana.post("/api/account/vacation", json={"days": 2, "x": 1}).status_code == 400
    assert ana.post("/api/account/vacation", json={}).status_code == 400
    assert ana.get("/api/account/vacation").json()["used"] == 0  # nothing changed
    r = vacation(ana, 10)
    assert r.status_code == 201, r.text
    got = r.json()
    assert got["used"] == 10 and got["left"] == 20
    assert got["vacation"] == {"started": clock.t, "until": clock.t + 10 * DAY, "days": 10}
    r = vacation(ana, 2)
    assert r.status_code == 409 and r.json()["error"]["code"] == "on_vacation"
    clock.advance(1.5 * DAY)
    r = ana.delete("/api/account/vacation")
    assert r.status_code == 200, r.text
    assert r.json()["used"] == 2 and r.json()["vacation"] is None  # two days begun: 8 back
    r = ana.delete("/api/account/vacation")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_on_vacation"
    assert vacation(ana, 29).json()["error"] == {
        "code": "bad_days", "message": "a vacation has 1 to 28 days (the days left this year)",
        "left": 28}
    assert vacation(ana, 28).status_code == 201
    assert vacation(ana, 1).status_code == 409
    assert ana.delete("/api/account/vacation").json()["used"] == 3  # ended at once: one day
    clock.advance(5 * DAY)
    assert vacation(ana, 27).status_code == 201
    clock.advance(28 * DAY)  # over by itself after 27 days
    got = ana.get("/api/account/vacation").json()
    assert got["vacation"] is None and got["year"] == 2027 and got["left"] == 0
    r = vacation(ana, 1)
    assert r.json()["error"]["code"] == "bad_days" and r.json()["error"]["left"] == 0
    clock.t = datetime(2028, 1, 1, tzinfo=UTC).timestamp()
    ana.post("/api/session", json={"name": "Ana", "password": "correct horse"})
    got = ana.get("/api/account/vacation").json()
    assert got["year"] == 2028 and got["left"] == 30  # a new calendar year: a new allowance


def test_a_turn_based_turn_stands_still_while_its_player_is_on_vacation(
        make_client: AppMaker, clock: Clock) -> None:
    ana, bo = make_client(), make_client()
    clock.t = float(int(time.time()))
    sign_up(ana, "Ana")
    gid, ta, tb = game_of(ana, bo, {"kind": "move", "seconds": 86400, "bank": 86400})
    c0 = view(ana, gid, ta)["clock"]
    clock.advance(3600)
    assert vacation(ana, 5).status_code == 201
    until = clock.t + 5 * DAY
    v = view(bo, gid, tb)
    assert v["seats"][0]["vacation"] == until and v["seats"][1]["vacation"] is None
    assert v["clock"]["paused"] is True
    left = v["clock"]["remaining"][0]
    assert left == c0["deadline"] - clock.t
    clock.advance(4 * DAY)  # past the turn's own time and its bank
    assert check(ana) == 0
    v = view(bo, gid, tb)
    assert v["clock"]["overdue"] is None and not v["seats"][0]["left"]
    assert v["clock"]["remaining"][0] == left and v["clock"]["banks"][0] == 86400
    r = bo.post(f"/api/games/{gid}/timeout", headers=auth(tb), json={"choice": "bot"})
    assert r.json()["error"]["code"] == "no_offer"  # nobody is out of time
    assert ana.delete("/api/account/vacation").json()["used"] == 4
    v = view(bo, gid, tb)
    assert v["clock"]["paused"] is False and v["seats"][0]["vacation"] is None
    assert v["clock"]["deadline"] == c0["deadline"] + 4 * DAY
    assert v["clock"]["remaining"][0] == left
    clock.advance(left - 10)
    assert check(ana) == 0 and view(bo, gid, tb)["clock"]["overdue"] is None
    clock.advance(20)
    assert check(ana) == 0  # out of time now: the others choose (wait or bot), as ever
    assert view(bo, gid, tb)["clock"]["overdue"]["seat"] == 0


def test_a_vacation_ends_by_itself_and_the_turn_runs_again(make_client: AppMaker,
                                                           clock: Clock) -> None:
    ana, bo = make_client(), make_client()
    clock.t = float(int(time.time()))
    sign_up(ana, "Ana")
    gid, ta, tb = game_of(ana, bo, {"kind": "move", "seconds": 86400})
    deadline = view(ana, gid, ta)["clock"]["deadline"]
    vacation(ana, 2)
    start = clock.t
    clock.advance(2.5 * DAY)
    assert check(ana) == 0
    v = view(bo, gid, tb)
    assert v["clock"]["paused"] is False and v["seats"][0]["vacation"] is None
    assert v["clock"]["deadline"] == deadline + 2 * DAY  # moved by the vacation, not by 2.5
    assert v["clock"]["overdue"] is None
    clock.t = deadline + 2 * DAY + 1
    check(ana)
    assert view(bo, gid, tb)["clock"]["overdue"]["seat"] == 0
    assert ana.get("/api/account/vacation").json()["used"] == 2 and start


def test_a_player_on_vacation_may_still_move(make_client: AppMaker, clock: Clock) -> None:
    ana, bo = make_client(), make_client()
    clock.t = float(int(time.time()))
    sign_up(ana, "Ana")
    gid, ta, tb = game_of(ana, bo, {"kind": "move", "seconds": 86400, "bank": 7200})
    vacation(ana, 3)
    clock.advance(2 * DAY)  # a move's time and the bank long past on the wall
    v = view(ana, gid, ta)
    r = play(ana, gid, ta, v["version"], v["legal"][0]["move"])
    assert r.status_code == 200, r.text
    v = view(bo, gid, tb)
    assert v["clock"]["banks"][0] == 7200  # nothing of the bank was spent
    assert v["seats"][0]["vacation"] is not None and v["clock"]["paused"] is False


def test_live_games_and_guest_seats_are_not_affected(make_client: AppMaker,
                                                     clock: Clock) -> None:
    ana, bo = make_client(), make_client()
    clock.t = float(int(time.time()))
    sign_up(ana, "Ana")
    gid, ta, tb = game_of(ana, bo, {"kind": "move", "seconds": 60})
    vacation(ana, 3)
    assert view(bo, gid, tb)["clock"]["paused"] is False  # a live game: the clock runs
    clock.advance(61)
    check(ana)
    assert view(bo, gid, tb)["clock"]["overdue"]["seat"] == 0
    # a guest's turn in a turn-based game runs out while the account opposite is away
    gid, ta, tb = game_of(ana, bo, {"kind": "move", "seconds": 86400})
    v = view(ana, gid, ta)
    assert play(ana, gid, ta, v["version"], v["legal"][0]["move"]).status_code == 200
    v = view(bo, gid, tb)
    assert v["current"] == 1 and v["clock"]["paused"] is False
    clock.advance(DAY + 1)
    check(ana)
    assert view(ana, gid, ta)["clock"]["overdue"]["seat"] == 1


def test_a_game_does_not_expire_while_a_player_is_on_vacation(make_client: AppMaker,
                                                              clock: Clock) -> None:
    ana, bo = make_client(), make_client()
    clock.t = float(int(time.time()))
    sign_up(ana, "Ana")
    gid, ta, tb = game_of(ana, bo, {"kind": "none"})
    assert vacation(ana, 30).status_code == 201
    svc = service(ana)
    clock.advance(30 * DAY + 3600)  # untimed games expire after 30 days without a move
    check(ana)
    assert ana.portal.call(svc.expire_games) == []  # type: ignore[union-attr]
    assert view(bo, gid, tb)["expired"] is None
    clock.advance(29 * DAY)  # the vacation's days are not counted either
    assert ana.portal.call(svc.expire_games) == []  # type: ignore[union-attr]
    clock.advance(2 * DAY)
    assert ana.portal.call(svc.expire_games) == [gid]  # type: ignore[union-attr]


def test_a_second_server_process_sees_the_vacation(make_client: AppMaker,
                                                   clock: Clock) -> None:
    ana, bo = make_client(), make_client()
    clock.t = float(int(time.time()))
    sign_up(ana, "Ana")
    gid, ta, tb = game_of(ana, bo, {"kind": "move", "seconds": 86400})
    other = make_client(heartbeat_interval=0)  # another process on the same database
    vacation(ana, 3)
    clock.advance(2 * DAY)
    assert check(other) == 0
    v = view(other, gid, tb)
    assert v["clock"]["paused"] is True and v["seats"][0]["vacation"] is not None
    assert v["clock"]["overdue"] is None


def test_the_clock_of_a_paused_turn_reads_the_pause() -> None:
    """The play layer's arithmetic: a paused turn is never due, its time left stays, its
    charge leaves out the pause (per game), and resuming moves its deadline by the pause."""
    spec = ClockSpec("game", 2 * 86400)
    c = GameClock.new(spec, 2).begin(1, 0, 1000.0)
    t = c.turn
    assert t is not None and t.deadline == 1000.0 + 2 * 86400
    paused = c.__class__(c.spec, c.used, t.__class__(1, 1000.0, 0, t.deadline, 1100.0))
    assert paused.due(1, 1e9) is None
    assert paused.remaining(0, 1e6) == 2 * 86400 - 100
    assert paused.charged(1, 1e6).used[0] == 100
    turn = paused.turn
    assert turn is not None
    back = turn.resumed(5100.0)
    assert back.paused is None and back.deadline == t.deadline + 4000 and back.began == 5000.0


@pytest.mark.postgres
@pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set")
def test_vacations_on_postgresql_over_two_processes(pg: str) -> None:  # noqa: F811
    """The same rules on PostgreSQL, one process starting the vacation and the other ending
    it: the pause, the deadline moved, the expiry held back."""
    clock = Clock()
    clock.t = float(int(time.time()))
    apps = [create_app(pg, bot_delay=0, sync_interval=0, limits=Limits.none(), now=clock,
                       clock_interval=0, heartbeat_interval=0,
                       passwords=Passwords(cheap_hasher())) for _ in range(2)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        bo = TestClient(apps[0])
        sign_up(a, "Ana")
        gid, ta, tb = game_of(a, bo, {"kind": "move", "seconds": 86400})
        deadline = view(a, gid, ta)["clock"]["deadline"]
        assert vacation(a, 4).status_code == 201
        b.post("/api/session", json={"name": "Ana", "password": "correct horse"})
        clock.advance(2 * DAY)
        assert check(b) == 0
        v = view(b, gid, tb)
        assert v["clock"]["paused"] is True and v["seats"][0]["vacation"] is not None
        assert b.delete("/api/account/vacation").json()["used"] == 2
        v = view(a, gid, tb)
        assert v["clock"]["paused"] is False and v["clock"]["deadline"] == deadline + 2 * DAY
        svc = service(a)
        assert a.portal.call(svc.expire_games) == []  # type: ignore[union-attr]


def test_a_second_process_on_sqlite_shows_the_tag_of_a_seat_not_to_move(make_client: AppMaker,
                                                                        clock: Clock) -> None:
    """A vacation started on one process, while it is the other player's turn (nothing paused,
    no new version): a page watching the game on a second process on the same SQLite file
    shows the tag at the polling loop's next round, not at the game's next change."""
    ana, bo = make_client(), make_client()
    clock.t = float(int(time.time()))
    sign_up(ana, "Ana")
    gid, ta, tb = game_of(ana, bo, {"kind": "move", "seconds": 86400})
    v = view(ana, gid, ta)
    assert play(ana, gid, ta, v["version"], v["legal"][0]["move"]).status_code == 200
    other = make_client(heartbeat_interval=0)  # another process on the same database
    svc = service(other)

    def seats_after_sync() -> list[Any]:
        other.portal.call(svc.sync_once)  # type: ignore[union-attr]
        ws.send_json({"type": "ping"})
        got = []
        while (m := ws.receive_json())["type"] != "pong":
            if m["type"] in ("view", "patch") and "seats" in m["view"]:
                got.append(m["view"]["seats"])
        return got

    with other.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": tb})
        assert ws.receive_json()["type"] in ("welcome", "view")
        seats_after_sync()  # the first round notes the vacations' mark
        assert vacation(ana, 3).status_code == 201
        shown = seats_after_sync()
        assert shown and shown[-1][0]["vacation"] is not None and shown[-1][1]["vacation"] is None
        assert view(other, gid, tb)["current"] == 1  # Bo's turn: no pause, no new version
        assert ana.delete("/api/account/vacation").status_code == 200
        shown = seats_after_sync()
        assert shown and shown[-1][0]["vacation"] is None
        assert seats_after_sync() == []  # nothing changed since: nothing sent
