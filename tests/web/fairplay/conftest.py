"""Fixtures of the fair-play tests: a server on a SQLite file with cheap password hashing, a
clock the test moves, and players who each have a browser (and a client address) of their own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.web import profile_store
from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits

from ..accounts.conftest import Clock
from ..players import Player, sign_up_at


@pytest.fixture
def clock() -> Clock:
    return Clock()


def app_options(clock: Clock) -> dict[str, Any]:
    return {"bot_delay": 0, "bot_seconds": 0.05, "sync_interval": 0, "limits": Limits.none(),
            "now": clock, "clock_interval": 0, "passwords": Passwords(cheap_hasher())}


@pytest.fixture
def server(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    """The server (its first browser, signed in as nobody)."""
    with TestClient(create_app(str(tmp_path / "games.sqlite3"), **app_options(clock))) as c:
        yield c


@pytest.fixture
def few_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ratings established after one rated game against one opponent, so that a leaderboard
    left unchanged shows that the game was not rated (not only that it was provisional)."""
    monkeypatch.setattr(profile_store, "ESTABLISHED_GAMES", 1)
    monkeypatch.setattr(profile_store, "ESTABLISHED_OPPONENTS", 1)


def operator(server: TestClient, db: Path, name: str = "Oper") -> Player:
    """An account made the operator with ``azulejos admin operator NAME`` on the database."""
    from azulejos.commands import main

    who = sign_up_at(server, name, "10.9.9.9")
    assert main(["admin", "operator", name, "--db", str(db)]) == 0
    return who


def settle(server: TestClient) -> None:
    svc = server.app.state.service  # type: ignore[attr-defined]
    server.portal.call(svc.profiles.settle)  # type: ignore[union-attr]
