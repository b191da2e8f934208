"""Profiles end to end in Debian's Chromium (Playwright): two browsers each make a profile in
the lobby, one creates a game and both claim their seats with their profiles; the moves are
sent over the API with the seat tokens the browsers keep (to finish fast) while both pages
follow the game to its end; a game made by invitation is not rated (issue 29: rated games come
from the lobby and quick match, tests/web/lobby/test_browser_match.py shows the leaderboard
then), so the leaderboard stays empty while the profile page shows the statistics (guests'
profiles are never rated either: docs/api.md, "Fair play"); a third browser imports an
exported key. (issue 14, item 5)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from .browser import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    artifacts,
    chromium,
    create_and_enter,
    open_page,
    play_out_over_api,
)
from .servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


def seat_token(page: Any) -> tuple[str, str]:
    """The game and seat token this browser claimed (kept in its localStorage)."""
    games = page.evaluate("() => JSON.parse(localStorage.getItem('azulejos.games'))")
    seat = next(g for g in games if g["role"] == "seat")
    return seat["game"], seat["token"]


def make_profile(page: Any, base: str, name: str) -> dict[str, str]:
    page.goto(base + "/")
    page.fill("#profile-name", name)
    page.click("#profile-create")
    page.wait_for_selector("#profile-link")
    assert name in page.inner_text("#profile-link")
    kept: dict[str, str] = page.evaluate("() => JSON.parse(localStorage.getItem('azulejos.profile'))")
    assert kept["name"] == name and kept["key"] and kept["id"]
    return kept


def test_two_browsers_make_profiles_play_a_rated_game_and_see_the_leaderboard(
        server: Server, tmp_path: Path) -> None:  # noqa: F811
    out = artifacts()
    errors: list[str] = []
    with chromium() as browser:
        ann = open_page(browser, errors, timeout=20000, viewport=DESKTOP, accept_downloads=True)
        bo = open_page(browser, errors, timeout=20000, **PHONE)
        pa = make_profile(ann, server.base, "Ann")
        pb = make_profile(bo, server.base, "Bo")
        bo.screenshot(path=str(out / "profile-card-phone.png"), full_page=True)

        # Ann creates a game and plays seat 1 here; the form says it is not rated
        ann.goto(server.base + "/")
        assert ann.locator("#rated").count() == 0 and ann.is_visible("#rated-note")
        # Bo's seat is left unnamed: claimed with Bo's profile, it takes the profile's name
        bo_link = create_and_enter(ann, {0: "Ann"})
        bo.goto(bo_link)
        bo.wait_for_selector(".game .factory")

        gid, ta = seat_token(ann)
        gid_b, tb = seat_token(bo)
        assert gid == gid_b
        tokens = {0: ta, 1: tb}
        auth = lambda t: {"Authorization": f"Bearer {t}"}  # noqa: E731
        v = httpx.get(f"{server.base}/api/games/{gid}", headers=auth(ta)).json()
        assert v["rated"] is False
        assert [s["profile"] for s in v["seats"]] == [pa["id"], pb["id"]]
        assert [s["name"] for s in v["seats"]] == ["Ann", "Bo"]
        # Each name opens its player's profile; the game is not marked as rated.
        bo_link = ann.wait_for_selector(".board[data-seat='1'] a.name")
        assert ann.locator("#rated-tag").count() == 0
        assert bo_link.get_attribute("href") == f"/profile/{pb['id']}"
        ann.wait_for_function(
            "() => document.querySelector(\".board[data-seat='1'] a.name\").textContent === 'Bo'")

        # The moves go over the API; both pages follow.
        play_out_over_api(server.base, gid, tokens, random.Random(3))
        for page in (ann, bo):
            page.wait_for_selector(".game.phase-over")

        # Guests' profiles: statistics, but no rating, and the leaderboard stays empty.
        ann.goto(server.base + "/leaderboard")
        ann.wait_for_selector("#lb-empty")
        assert httpx.get(f"{server.base}/api/leaderboard").json()["total"] == 0
        assert httpx.get(f"{server.base}/api/profiles/{pa['id']}").json()["rating"] is None
        ann.screenshot(path=str(out / "leaderboard.png"), full_page=True)

        # On the phone, in Ukrainian: Bo opens his profile page.
        bo.select_option("#set-lang", "uk")
        bo.goto(server.base + f"/profile/{pb['id']}")
        bo.wait_for_selector("#profile-page")
        text = bo.inner_text("#profile-page")
        assert "Bo" in text and "Зіграно 1 гру" in text and "рейтингова гра" not in text
        assert bo.evaluate("() => document.documentElement.scrollWidth") <= 390
        bo.screenshot(path=str(out / "profile-page-phone-uk.png"), full_page=True)

        # Ann renames her profile in the lobby: the leaderboard shows the new name.
        ann.goto(server.base + "/")
        ann.fill("#profile-rename", "Ann Lima")
        ann.click("#profile-card button[type='submit']")
        ann.wait_for_selector("#profile-link:has-text('Ann Lima')")
        assert httpx.get(f"{server.base}/api/profiles/{pa['id']}").json()["name"] == "Ann Lima"

        # Ann exports her key; a third browser imports the file and plays as Ann.
        with ann.expect_download() as dl:
            ann.click("#profile-export")
        saved = tmp_path / "ann-profile.json"
        dl.value.save_as(str(saved))
        exported = json.loads(saved.read_text())
        assert exported["id"] == pa["id"] and exported["key"] == pa["key"]
        cy = open_page(browser, errors)
        cy.goto(server.base + "/")
        cy.click(".profile-import summary")
        cy.set_input_files("#profile-import-file", str(saved))
        cy.wait_for_selector("#profile-link")
        assert "Ann Lima" in cy.inner_text("#profile-link")
        # a key that opens nothing is refused, and nothing is kept
        dz = open_page(browser)
        dz.goto(server.base + "/")
        dz.click(".profile-import summary")
        dz.fill("#profile-import-key", "A" * 32)
        dz.click("#profile-import")
        dz.wait_for_selector("#toast.error")
        assert dz.evaluate("() => localStorage.getItem('azulejos.profile')") is None
    assert not errors, errors
