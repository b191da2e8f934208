"""Fair-play waits (issue 29, item 5): an account that abandons a rated game (leaves it, or
runs out of time) waits before its next rated game, 5 minutes, then doubling up to a day; clean
rated games forgive; casual games are never held back."""

from __future__ import annotations

from starlette.testclient import TestClient

from azulejos.web.fairplay.store import Wait
from azulejos.web.fairplay.waits import FORGIVE_AFTER, MAX_WAIT, after_clean, after_offence

from ..accounts.conftest import Clock
from ..helpers import auth
from ..players import Player, rated_game, sign_up_at
from ..test_profiles import play_out
from .conftest import settle


def abandon(server: TestClient, leaver: Player, other: Player, seed: int) -> None:
    """``leaver`` leaves a rated game against ``other``, who plays it to the end."""
    gid, t = rated_game(other, leaver)
    r = leaver.client.post(f"/api/games/{gid}/leave", headers=auth(t[1]), json={})
    assert r.status_code == 200, r.text
    play_out(server, gid, {0: t[0]}, seed=seed)
    settle(server)


def test_leaving_a_rated_game_waits_five_minutes_then_ten(server: TestClient,
                                                          clock: Clock) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    abandon(server, bo, ana, seed=1)
    r = bo.client.get("/api/account/fairplay").json()
    assert r["offences"] == 1 and r["seconds"] == 300 and r["wait_until"] == clock.t + 300
    # opening a rated public game, or seeking one, is refused with the wait; casual games
    # (an unrated public game, an invitation) are not held back
    for path in ("/api/lobby", "/api/quick-match"):
        got = bo.client.post(path, json={"players": 2, "rated": True})
        err = got.json()["error"]
        assert got.status_code == 403 and err["code"] == "rated_wait" and err["seconds"] == 300
    casual = bo.client.post("/api/lobby", json={"players": 2, "rated": False})
    assert casual.status_code == 201
    bo.client.post(f"/api/lobby/{casual.json()['id']}/leave", json={})
    assert bo.client.post("/api/games", json={"players": 2}).status_code == 201
    # nor may it join someone else's rated public game
    opened = ana.client.post("/api/lobby", json={"players": 2, "rated": True}).json()
    got = bo.client.post(f"/api/lobby/{opened['id']}/join", json={})
    assert got.status_code == 403 and got.json()["error"]["code"] == "rated_wait"
    ana.client.post(f"/api/lobby/{opened['id']}/leave", json={})
    # the opponent who played on is not held back
    assert ana.client.get("/api/account/fairplay").json()["offences"] == 0
    clock.advance(301)
    again = bo.client.post("/api/lobby", json={"players": 2, "rated": True})
    assert again.status_code == 201
    bo.client.post(f"/api/lobby/{again.json()['id']}/leave", json={})
    abandon(server, bo, ana, seed=2)  # the second time: twice as long
    r = bo.client.get("/api/account/fairplay").json()
    assert r["offences"] == 2 and r["seconds"] == 600
    assert TestClient(server.app).get("/api/account/fairplay").status_code == 401


def test_running_out_of_time_counts_as_abandoning(server: TestClient) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, t = rated_game(ana, bo, clock={"kind": "move", "seconds": 30})
    svc = server.app.state.service  # type: ignore[attr-defined]
    v = ana.client.get(f"/api/games/{gid}", headers=auth(t[0])).json()
    mover = v["current"]
    # the clock's own path when a turn runs out (web/service_clocks.py): a leave, "timeout"
    assert server.portal.call(svc._time_out, gid, mover, v["version"])  # type: ignore[union-attr]
    other = 1 - mover
    play_out(server, gid, {other: t[other]}, seed=3)
    settle(server)
    assert (ana, bo)[mover].client.get("/api/account/fairplay").json()["offences"] == 1
    assert (ana, bo)[other].client.get("/api/account/fairplay").json()["offences"] == 0


def test_the_waits_double_up_to_a_day_and_clean_games_forgive() -> None:
    w = Wait(0, 0, 0.0)
    waits = []
    for _ in range(12):
        w = after_offence(w, 0.0)
        waits.append(w.wait_until)
    assert waits[:3] == [300.0, 600.0, 1200.0] and waits[-1] == MAX_WAIT == 86400.0
    for _ in range(FORGIVE_AFTER):
        w = after_clean(w)
    assert w.offences == 11 and w.clean == 0  # one forgiven
    assert after_clean(Wait(0, 3, 0.0)) == Wait(0, 4, 0.0)
