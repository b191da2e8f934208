"""Fixtures for the accounts tests: an app with cheap password hashing and a clock the test
moves (sessions' idle expiry, lock-outs)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits


class Clock:
    """A wall clock that moves only when told."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


AppMaker = Callable[..., TestClient]


@pytest.fixture
def make_client(tmp_path: Path, clock: Clock) -> Iterator[AppMaker]:
    """Browsers (each a client with cookies of its own) of one server on a SQLite file; with
    ``options``, of another server process on the same file."""
    opened: list[TestClient] = []
    apps: dict[str, Any] = {}
    browsers: list[int] = []

    def make(**options: Any) -> TestClient:
        kwargs: dict[str, Any] = {"bot_delay": 0, "bot_seconds": 0.05, "sync_interval": 0,
                                  "limits": Limits.none(), "now": clock, "clock_interval": 0,
                                  "passwords": Passwords(cheap_hasher())} | options
        if options or "main" not in apps:
            app = create_app(str(tmp_path / "games.sqlite3"), **kwargs)
            c = TestClient(app)
            c.__enter__()  # runs the server's start (its lifespan)
            opened.append(c)
            if not options:
                apps["main"] = app
                opened.insert(0, opened.pop())  # the main server's client first
            return c
        # another browser of the same server, from an address of its own (fair play counts
        # two seats played from one client as one person: docs/api.md, "Fair play")
        n = len(browsers)
        browsers.append(n)
        c = TestClient(apps["main"], client=(f"10.20.{n // 250}.{n % 250 + 1}", 50000))
        # on the server's own event loop, as every request of a real server is: a client
        # not entered runs each request on a loop of its own, which ends with the request and
        # takes the background work it started with it (a game's end being written)
        c.portal = opened[0].portal
        return c

    yield make
    for c in reversed(opened):
        c.__exit__(None, None, None)


@pytest.fixture
def browser(make_client: AppMaker) -> TestClient:
    return make_client()


def sign_up(client: TestClient, name: str, password: str = "correct horse") -> dict[str, Any]:
    r = client.post("/api/account", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


# the local SMTP server of the e-mail tests (tests/web/accounts/test_account_mail.py)
from ..mail.conftest import smtp  # noqa: E402, F401
