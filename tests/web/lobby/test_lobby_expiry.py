"""Open public games expire (docs/api.md, "Lobby"): 30 minutes after it was opened with seats
still free, a public game leaves the lobby's list, its seated players read ``expired`` (the
page tells them), and joining or leaving it is refused with ``lobby_expired``, nothing
changed."""

from __future__ import annotations

from typing import Any

from azulejos.web.lobby.service import MAX_OPEN, OPEN_FOR

from ..accounts.conftest import Clock
from .helpers import ok, refused, signed_up


def test_an_open_game_expires_after_its_time(make_client: Any, clock: Clock) -> None:
    ana, bo, cy = (signed_up(make_client, n) for n in ("Ana", "Bo", "Cy"))
    opened = ok(ana.post("/api/lobby", json={"players": 3}), 201)
    lid = opened["id"]
    assert opened["expires"] == opened["created"] + OPEN_FOR
    ok(bo.post(f"/api/lobby/{lid}/join", json={}))
    clock.advance(OPEN_FOR - 1)
    assert [g["id"] for g in ok(cy.get("/api/lobby"))["open"]] == [lid]
    clock.advance(2)
    assert ok(cy.get("/api/lobby"))["open"] == []  # gone from the list at once
    err = refused(cy.post(f"/api/lobby/{lid}/join", json={}), 409, "lobby_expired")
    assert err["minutes"] == OPEN_FOR // 60
    refused(bo.post(f"/api/lobby/{lid}/leave", json={}), 409, "lobby_expired")
    # the players who sat there are told: their page reads the status
    got = ok(bo.get(f"/api/lobby/{lid}"))
    assert got["status"] == "expired" and got["you"] == {"seat": 1, "token": None}
    assert got["expires"] is None and got["game"] is None
    assert [s["name"] for s in got["seats"]] == ["Ana", "Bo"]  # nothing changed
    # it no longer counts against the creator's open games
    for _ in range(MAX_OPEN):
        ok(ana.post("/api/lobby", json={"players": 2}), 201)


def test_the_pass_expires_open_games(make_client: Any, clock: Clock) -> None:
    ana = signed_up(make_client, "Ana")
    lid = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
    state: Any = ana.app.state  # type: ignore[attr-defined]
    clock.advance(OPEN_FOR + 1)
    ana.portal.call(state.parts.tick)  # type: ignore[attr-defined]
    assert state.finding.lobby.store.get(lid).status == "expired"
