"""The page takes its previews on demand (docs/api.md, "Previews on demand"), in a real
browser: its hello asks for them, its views carry none, it asks for those of the tiles picked
and of the grey wall's columns (R30), and shows them as before; a whole grey-wall game against
a bot is played through the page.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from .browser import CHROMIUM, DESKTOP, artifacts, chromium, open_page, pick_random_move
from .servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


def enter_a_game_against_a_bot(page: Any, base: str, variant: str | None = None) -> None:
    """From the lobby: Ann against a random bot (on ``variant``'s wall), into the game."""
    page.goto(base + "/")
    page.fill(".seat-name[data-seat='0']", "Ann")
    page.select_option(".seat-kind[data-seat='1']", "bot:random")
    if variant is not None:
        page.select_option("#variant", variant)
    page.click("#create")
    page.wait_for_selector("#enter-game")
    page.click("#enter-game")
    page.wait_for_selector(".game .factory")


def test_R30_the_page_asks_for_the_previews_it_shows_through_a_grey_round(server: Server) -> None:
    out = artifacts()
    rng = random.Random(5)
    errors: list[str] = []
    sent: list[dict[str, Any]] = []
    received: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        def frame(into: list[dict[str, Any]]) -> Any:
            return lambda payload: into.append(json.loads(
                payload if isinstance(payload, str) else payload.decode()))
        ws.on("framesent", frame(sent))
        ws.on("framereceived", frame(received))

    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        page.on("websocket", watch)
        enter_a_game_against_a_bot(page, server.base, "grey")
        columns = 0
        for _ in range(300):
            if page.locator(".game.phase-over").count():
                break
            if columns and not page.locator(".game.phase-place").count():
                break  # a whole round, its column choices (R30) too: enough (time)
            if not page.locator("#status.mine").count():
                page.wait_for_timeout(50)
                continue
            version = int(page.get_attribute(".game", "data-version") or 0)
            if page.locator(".game.phase-place").count():  # R30: the column of a full line
                targets = page.locator(".col-target")
                labels = [targets.nth(i).get_attribute("aria-label") or ""
                          for i in range(targets.count())]
                # each free space has an accessible name: its row and column
                assert all(re.fullmatch(r"Wall row [1-5], column [1-5]", x) for x in labels), labels
                assert len(set(labels)) == len(labels)
                targets.nth(rng.randrange(targets.count())).click()
                page.wait_for_selector("#preview")
                assert "column" in page.inner_text("#preview").lower()
                if columns == 0:
                    page.screenshot(path=str(out / "previews-grey-column.png"), full_page=True)
                columns += 1
            else:
                pick_random_move(page, rng)
                page.wait_for_selector("#preview")
                assert page.inner_text("#preview")
            page.click("#confirm")
            page.wait_for_function(
                f"() => Number(document.querySelector('.game')?.dataset.version) > {version}")
        else:
            pytest.fail("the first round did not end within 300 of Ann's turns")
    assert not errors, errors
    assert columns >= 1
    hellos = [m for m in sent if m.get("type") == "hello"]
    assert hellos and all(h.get("previews") == "on_demand" for h in hellos)
    assert any(m.get("type") == "welcome" and m.get("previews") == "on_demand" for m in received)
    # No view carries a preview; the page asked for the previews of the moves it showed.
    for m in received:
        legal = (m.get("view") or {}).get("legal") or []
        assert not any("preview" in e for e in legal), m
    asked = [m for m in sent if m.get("type") == "previews"]
    answered = [m for m in received if m.get("type") == "previews"]
    assert asked and len(answered) == len(asked), (len(asked), len(answered))
    assert any("@" in mv for m in asked for mv in m["moves"])  # the grey wall's columns
    assert not [m for m in received if m.get("type") == "error"]


def test_a_move_is_confirmed_while_its_preview_has_not_come(server: Server) -> None:
    """The previews requests never reach the server (dropped on the way): the page shows the
    chosen move with a placeholder, and Confirm plays it all the same."""
    rng = random.Random(8)
    errors: list[str] = []
    dropped: list[str] = []

    def route(ws: Any) -> None:
        to_server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            if json.loads(text).get("type") == "previews":
                dropped.append(text)
            else:
                to_server.send(message)
        ws.on_message(from_page)

    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        page.route_web_socket("**/ws/games/**", route)
        enter_a_game_against_a_bot(page, server.base)
        for _ in range(3):
            page.wait_for_selector("#status.mine")
            version = int(page.get_attribute(".game", "data-version") or 0)
            pick_random_move(page, rng)
            page.wait_for_selector("#preview-wait")
            assert page.inner_text("#preview-wait").startswith("…")
            assert page.locator("#preview").count() == 0
            page.click("#confirm")
            page.wait_for_function(
                f"() => Number(document.querySelector('.game')?.dataset.version) > {version}")
    assert not errors, errors
    assert len(dropped) >= 3
