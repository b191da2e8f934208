"""Helpers shared by the web tests."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, *, claim: bool = True, **body: Any) -> dict[str, Any]:
    """A new game; with ``claim``, every person seat is claimed from its invitation and its
    token put in the seat's ``token`` (None for bots and hot-seat games)."""
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    for s in data["seats"]:
        s["token"] = claim_seat(client, data["game"], s["invite"]) if claim and s["invite"] else None
    return data


def claim_seat(client: TestClient, game: str, invite: str) -> str:
    r = client.post(f"/api/games/{game}/claim", json={"invite": invite})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def view(client: TestClient, game: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}", headers=auth(token))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def play(client: TestClient, game: str, token: str, version: int, move: str) -> Any:
    return client.post(
        f"/api/games/{game}/moves", headers=auth(token), json={"version": version, "move": move}
    )


def play_random(
    client: TestClient, created: dict[str, Any], rng: random.Random, max_moves: int | None = None
) -> dict[str, Any]:
    """Play the person seats with random legal moves over HTTP until the game ends (or
    ``max_moves`` moves); return the last view."""
    game = created["game"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
    any_token = next(iter(tokens.values()))
    played = 0
    while True:
        v = view(client, game, any_token)
        if v["phase"] == "over" or (max_moves is not None and played >= max_moves):
            return v
        seat = v["current"]
        v = view(client, game, tokens[seat])
        move = rng.choice(v["legal"])["move"]
        r = play(client, game, tokens[seat], v["version"], move)
        assert r.status_code == 200, r.text
        played += 1


def fingerprint(v: dict[str, Any]) -> tuple[Any, ...]:
    """What must not change after a refused request."""
    return (v["version"], v["factories"], v["centre"], v["boards"], v["current"], v["log"])
