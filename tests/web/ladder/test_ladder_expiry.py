"""Ladder challenges expire (docs/api.md, "Ladder"): one not accepted or declined within 3
days is ``expired``; it can no longer be accepted or declined (``challenge_expired``, 409,
nothing changed), it holds neither player any more, and the challenger's ladder says so until
it challenges again."""

from __future__ import annotations

from typing import Any

from azulejos.web.ladder.service import CHALLENGE_FOR

from ..accounts.conftest import Clock
from ..lobby.helpers import ok, refused
from .test_ladder_api import POOL, ladder_of, names, profile


def test_an_unanswered_challenge_expires(make_client: Any, clock: Clock) -> None:
    top, mid, low = ladder_of(3, make_client)
    made = ok(low.post(f"{POOL}/challenge", json={"profile": profile(top)}), 201)
    cid = made["id"]
    assert made["expires"] == made["created"] + CHALLENGE_FOR
    clock.advance(CHALLENGE_FOR - 1)
    assert ok(top.get(POOL))["you"]["challenge"] == cid
    clock.advance(2)
    # the challenger is told
    mine = ok(low.get(POOL))["you"]
    assert mine["challenge"] is None
    assert mine["expired"]["id"] == cid and mine["expired"]["status"] == "expired"
    assert mine["expired"]["challenged"]["name"] == "P1" and mine["expired"]["expires"] is None
    assert ok(top.get(POOL))["challenges"] == [] and ok(top.get(POOL))["you"]["expired"] is None
    # it cannot be accepted (or declined): nothing changes, no game is made
    err = refused(top.post(f"{POOL}/challenges/{cid}/accept", json={}), 409, "challenge_expired")
    assert err["days"] == 3
    refused(low.post(f"{POOL}/challenges/{cid}/decline", json={}), 409, "challenge_expired")
    got = ok(top.get(f"{POOL}/challenges/{cid}"))
    assert got["status"] == "expired" and got["game"] is None
    assert ok(top.get("/api/lobby"))["live"] == [] and names(top) == ["P1", "P2", "P3"]
    # both players are free again; a new challenge clears the notice
    ok(mid.post(f"{POOL}/challenge", json={"profile": profile(top)}), 201)
    refused(low.post(f"{POOL}/challenge", json={"profile": profile(top)}), 409,
            "challenge_pending")
    assert ok(low.get(POOL))["you"]["expired"]["id"] == cid


def test_the_pass_expires_challenges_and_an_expired_one_frees_its_players(
        make_client: Any, clock: Clock) -> None:
    top, low = ladder_of(2, make_client)
    cid = ok(low.post(f"{POOL}/challenge", json={"profile": profile(top)}), 201)["id"]
    state: Any = top.app.state  # type: ignore[attr-defined]
    clock.advance(CHALLENGE_FOR + 1)
    top.portal.call(state.parts.tick)  # type: ignore[attr-defined]
    assert state.ladder.store.get(cid).status == "expired"
    again = ok(low.post(f"{POOL}/challenge", json={"profile": profile(top)}), 201)
    assert again["status"] == "open"
    assert ok(low.get(POOL))["you"]["expired"] is None  # the latest challenge is the new one
