"""Accounts on PostgreSQL, served by two server processes on one database (issue 28, item 1):
a session made by one opens the other, sign-out on one ends it on both, a further seat token
revoked by one is refused by the other at once, and a guest's seat taken into an account on
one process shows its profile on the other."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits

from ..conftest import PG_URL
from ..helpers import auth
from ..test_notify import pg  # noqa: F401  (the fixture: a fresh schema)

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set"),
]


@pytest.fixture
def two(pg: str) -> Iterator[tuple[TestClient, TestClient]]:  # noqa: F811
    apps = [create_app(pg, bot_delay=0, sync_interval=0, limits=Limits.none(),
                       clock_interval=0, passwords=Passwords(cheap_hasher()))
            for _ in range(2)]
    a, b = TestClient(apps[0]), TestClient(apps[1])
    with a, b:
        yield a, b


def wait_for(client: TestClient, path: str, token: str, check: Any) -> dict[str, Any]:
    """The view of ``path`` once ``check(view)`` holds (the other process's notice comes over
    the bus; each try is a request, no sleeping)."""
    for _ in range(2000):
        v: dict[str, Any] = client.get(path, headers=auth(token)).json()
        if check(v):
            return v
    raise AssertionError("the other process never caught up")


def test_two_processes_share_sessions_seat_tokens_and_adopted_seats(
        two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    r = a.post("/api/account", json={"name": "Pia", "password": "right password"})
    assert r.status_code == 201, r.text
    me = r.json()
    b.cookies = a.cookies  # the same browser, served by the other process
    assert b.get("/api/account").json()["id"] == me["id"]
    assert b.post("/api/account", json={"name": "PIA", "password": "x" * 12 + "y"}
                  ).status_code == 409

    game = a.post("/api/games", json={"players": 2}).json()
    gid = game["game"]
    guest = TestClient(a.app)
    mine = guest.post(f"/api/games/{gid}/claim", json={"invite": game["seats"][0]["invite"]}
                      ).json()
    other = guest.post(f"/api/games/{gid}/claim", json={"invite": game["seats"][1]["invite"]}
                       ).json()
    assert b.get(f"/api/games/{gid}", headers=auth(mine["token"])).json()["seats"][0][
        "profile"] is None
    got = a.post("/api/account/seats", json={"tokens": [mine["token"]]}).json()
    assert got["results"] == [{"game": gid, "seat": 0, "ok": True}]
    wait_for(b, f"/api/games/{gid}", other["token"],
             lambda v: v["seats"][0]["profile"] == me["profile"]["id"])
    assert [g["game"] for g in b.get("/api/account/games").json()["games"]] == [gid]

    extra = b.post(f"/api/games/{gid}/seat-token", json={}).json()["token"]
    assert a.get(f"/api/games/{gid}", headers=auth(extra)).status_code == 200
    assert b.get(f"/api/games/{gid}", headers=auth(extra)).status_code == 200
    r = a.delete("/api/account/sessions")
    assert r.json()["ended"] == 1
    assert a.get(f"/api/games/{gid}", headers=auth(extra)).status_code == 403
    assert b.get(f"/api/games/{gid}", headers=auth(extra)).status_code == 403
    assert b.get(f"/api/games/{gid}", headers=auth(mine["token"])).status_code == 200
    assert "azulejos_session" in b.cookies  # its copy of the cookie opens nothing now
    assert b.get("/api/account").status_code == 401
