"""The Playwright setup shared by the browser tests (test_browser*.py): Debian's Chromium,
pages in their own contexts that report their JavaScript errors, the screenshots' folder."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

#: A desktop window's viewport.
DESKTOP = {"width": 1280, "height": 900}
#: The context options of a phone.
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}


def artifacts() -> Path:
    d = Path(os.environ.get("AZULEJOS_ARTIFACTS") or Path(tempfile.gettempdir()) / "azulejos-artifacts" / "web")
    d.mkdir(parents=True, exist_ok=True)
    return d


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, launched by Playwright (the test is skipped without Playwright) and
    closed on the way out."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def open_page(browser: Browser, errors: list[str] | None = None, *, timeout: float | None = None,
              **context: Any) -> Page:
    """A page in a new context made with the ``context`` options; its uncaught JavaScript
    errors are added to ``errors`` and ``timeout`` (ms) is its default timeout, when given."""
    page = browser.new_context(**context).new_page()
    if errors is not None:
        sink = errors
        page.on("pageerror", lambda e: sink.append(str(e)))
    if timeout is not None:
        page.set_default_timeout(timeout)
    return page


def pick_random_move(page: Page, rng: random.Random) -> None:
    """Click a random pickable tile, then a random target (a pattern line or the floor): the
    move is chosen, not yet confirmed."""
    tiles = page.locator(".tile.pickable")
    tiles.nth(rng.randrange(tiles.count())).click()
    targets = page.locator(".target")
    targets.nth(rng.randrange(targets.count())).click()


def create_and_enter(page: Page, names: dict[int, str]) -> str:
    """On the lobby page already open: name the seats of ``names`` (the others keep their
    default), create the game, enter it in the first seat and return the second seat's
    invitation link."""
    for seat, name in names.items():
        page.fill(f".seat-name[data-seat='{seat}']", name)
    page.click("#create")
    page.wait_for_selector("#enter-game")
    link = page.locator(".link-row.seat .link-input").nth(1).input_value()
    page.click("#enter-game")
    page.wait_for_selector(".game .factory")
    return link


def bearer_auth(token: str) -> dict[str, str]:
    """The header of a request with a seat token."""
    return {"Authorization": f"Bearer {token}"}


def play_out_over_api(base: str, gid: str, tokens: dict[int, str] | list[str],
                      rng: random.Random, *, most: int = 400,
                      headers: dict[int, dict[str, str]] | None = None) -> dict[str, Any]:
    """Play game ``gid`` to its end over the HTTP API, a uniformly random legal move at a time
    by the seat to move (``tokens[seat]``: its bearer token), while the test's pages follow it
    live; fails the test when a move is refused or the game is not over after ``most``.
    ``headers[seat]``: more headers of that seat's moves (its own ``X-Forwarded-For``). Returns
    the finished game's view (seat 0's)."""
    for _ in range(most):
        v = httpx.get(f"{base}/api/games/{gid}", headers=bearer_auth(tokens[0])).json()
        if v["phase"] == "over":
            return v  # type: ignore[no-any-return]
        seat = v["current"]
        mv = httpx.get(f"{base}/api/games/{gid}", headers=bearer_auth(tokens[seat])).json()
        more = (headers or {}).get(seat, {})
        r = httpx.post(f"{base}/api/games/{gid}/moves", headers=bearer_auth(tokens[seat]) | more,
                       json={"version": mv["version"], "move": rng.choice(mv["legal"])["move"]})
        assert r.status_code == 200, r.text
    pytest.fail(f"the game did not end within {most} moves")
