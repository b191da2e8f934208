"""Helpers of the lobby tests."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from ..helpers import auth, view
from ..players import holder


def signed_up(make: Any, name: str, **options: Any) -> TestClient:
    """A new browser with a new account signed in."""
    c: TestClient = make(**options)
    r = c.post("/api/account", json={"name": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    return c


def ok(r: Any, status: int = 200) -> dict[str, Any]:
    assert r.status_code == status, r.text
    data: dict[str, Any] = r.json()
    return data


def refused(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err: dict[str, Any] = r.json()["error"]
    assert err["code"] == code, r.text
    return err


def play_out(client: TestClient, game: str, tokens: dict[int, str], seed: int = 1) -> dict[str, Any]:
    """Play every seat with random legal moves until the end."""
    rng = random.Random(seed)
    for _ in range(2000):
        v = view(client, game, tokens[0])
        if v["phase"] == "over":
            return v
        seat = v["current"]
        mine = view(client, game, tokens[seat])
        r = holder(tokens[seat], client).post(  # from the seat's own browser (fair play)
            f"/api/games/{game}/moves", headers=auth(tokens[seat]),
                        json={"version": mine["version"],
                              "move": rng.choice(mine["legal"])["move"]})
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the game did not end")
