"""Finding a game on PostgreSQL, served by two server processes on one database: a public game
opened on one is joined on the other; the last seat asked for on both at the same moment lets
one in and makes one game; a quick-match pairing tried on both at once is made once; a rematch
offered on one and taken on the other reaches the new game from both."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits

from ..conftest import PG_URL
from ..helpers import auth, view
from ..test_notify import pg  # noqa: F401  (the fixture: a fresh schema)
from .helpers import ok, play_out

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set"),
]


@pytest.fixture
def apps(pg: str) -> Iterator[list[Any]]:  # noqa: F811
    made = [create_app(pg, bot_delay=0, sync_interval=0, limits=Limits.none(),
                       clock_interval=0, passwords=Passwords(cheap_hasher())) for _ in range(2)]
    runners = [TestClient(a) for a in made]
    for r in runners:
        r.__enter__()
    try:
        yield made
    finally:
        for r in reversed(runners):
            r.__exit__(None, None, None)


def account(app: Any, name: str) -> TestClient:
    c = TestClient(app)
    ok(c.post("/api/account", json={"name": name, "password": "correct horse"}), 201)
    return c


def at_once(*calls: Any) -> list[Any]:
    """Run the calls in threads released together; their answers, in order."""
    out: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int) -> None:
        start.wait()
        out[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def test_the_last_seat_asked_for_on_two_processes_lets_one_in(apps: list[Any]) -> None:
    a, b = apps
    ana = account(a, "Ana")
    lid = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
    bo, cy = account(a, "Bo"), account(b, "Cy")
    assert any(g["id"] == lid for g in ok(cy.get("/api/lobby"))["open"])  # seen on the other
    got = at_once(lambda: bo.post(f"/api/lobby/{lid}/join", json={}),
                  lambda: cy.post(f"/api/lobby/{lid}/join", json={}))
    codes = sorted(r.status_code for r in got)
    assert codes == [200, 409], [r.text for r in got]
    refused = next(r for r in got if r.status_code == 409).json()["error"]["code"]
    assert refused in ("not_open", "no_free_seat")
    winner = next(r for r in got if r.status_code == 200).json()
    assert winner["status"] == "started" and winner["you"]["token"]
    mine = ok(ana.get(f"/api/lobby/{lid}"))["you"]
    assert view(ana, winner["game"], mine["token"])["seats"][mine["seat"]]["name"] == "Ana"


def test_a_pairing_tried_on_two_processes_at_once_is_made_once(apps: list[Any]) -> None:
    a, b = apps
    settings = {"players": 2, "variant": "grey", "rated": True}
    for _ in range(3):
        ana, bo = account(a, f"A{_}"), account(b, f"B{_}")
        t = ok(ana.post("/api/quick-match", json=settings), 201)["ticket"]
        got = at_once(lambda b=bo: b.post("/api/quick-match", json=settings),  # type: ignore[misc]
                      lambda a=ana, t=t: a.get(f"/api/quick-match/{t}"))  # type: ignore[misc]
        seek_b = got[0].json()
        # whichever paired them, there is one game for both
        seek_a = ok(ana.get(f"/api/quick-match/{t}"))
        seek_b = ok(bo.get(f"/api/quick-match/{seek_b['ticket']}"))
        assert seek_a["status"] == seek_b["status"] == "matched"
        assert seek_a["game"] == seek_b["game"] and seek_a["lobby"] == seek_b["lobby"]
        live = [g for g in ok(ana.get("/api/lobby"))["live"] if g["kind"] == "quick"]
        assert len(live) == _ + 1  # one more public game each time, never two


def test_a_rematch_across_two_processes(apps: list[Any]) -> None:
    a, b = apps
    ana, bo = account(a, "Ana"), account(b, "Bo")
    lid = ok(ana.post("/api/lobby", json={"players": 2, "rated": False}), 201)["id"]
    joined = ok(bo.post(f"/api/lobby/{lid}/join", json={}))
    mine = ok(ana.get(f"/api/lobby/{lid}"))["you"]
    gid = joined["game"]
    tokens = {mine["seat"]: mine["token"], joined["you"]["seat"]: joined["you"]["token"]}
    play_out(ana, gid, tokens, seed=5)
    ok(ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={}))
    done = at_once(lambda: bo.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1]), json={}),
                   lambda: ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]),
                                    json={}))
    assert all(r.status_code == 200 for r in done), [r.text for r in done]
    new = {ok(c.get(f"/api/games/{gid}/rematch", headers=auth(tokens[s])))["game"]
           for c, s in ((ana, 0), (bo, 1))}
    assert len(new) == 1 and None not in new
    assert sum(g["kind"] == "rematch" for g in ok(bo.get("/api/lobby"))["live"]) == 1


def test_a_stuck_public_game_made_by_two_processes_at_once_is_made_once(pg: str) -> None:  # noqa: F811
    """The last seat's process died before making the game; a minute later both processes'
    passes take it up at the same moment: one makes it, and both see that one game."""
    from azulejos.web.lobby.service import STUCK_AFTER
    from azulejos.web.lobby.store import LobbySeat

    from ..accounts.conftest import Clock

    clock = Clock()
    made = [create_app(pg, bot_delay=0, sync_interval=0, limits=Limits.none(), now=clock,
                       clock_interval=0, passwords=Passwords(cheap_hasher())) for _ in range(2)]
    with TestClient(made[0]) as one, TestClient(made[1]) as two:
        ana, bo = account(made[0], "Ana"), account(made[1], "Bo")
        ana.portal, bo.portal = one.portal, two.portal  # type: ignore[attr-defined]
        lid = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
        store = made[0].state.finding.lobby.store
        pid = ok(bo.get("/api/account"))["profile"]["id"]
        bo_account, name = store.account_of(pid)
        assert store.join(lid, LobbySeat(-1, bo_account, pid, name), clock()) == "full"
        clock.advance(STUCK_AFTER + 1)
        at_once(lambda: one.portal.call(made[0].state.parts.tick),  # type: ignore[union-attr]
                lambda: two.portal.call(made[1].state.parts.tick))  # type: ignore[union-attr]
        got = store.get(lid)
        assert got.status == "started" and got.game_id
        for c in (ana, bo):
            assert [g["game"] for g in ok(c.get("/api/account/games"))["games"]] == [got.game_id]
        assert ok(bo.get(f"/api/lobby/{lid}"))["you"]["token"]
