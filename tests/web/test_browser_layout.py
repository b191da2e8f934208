"""Layout, focus and the keyboard in a real browser (Debian's Chromium, driven by Playwright),
measured with bounding boxes: the final-scores dialog fits a phone; one tab stop per colour
of each display, focus moving from the tiles to the line to Confirm; the dialogs take focus,
keep Tab inside and close on Escape; the special displays' legend clear of the bag and lid
counters; on a phone a compact header and the move bar fixed to the bottom of the screen, in
the four languages.

The server runs in this process with the special displays' seed (conftest.SF_SEED): a
3-player game with them has SF4, SF5 and SF2 in round 1. Screenshots go to $AZULEJOS_ARTIFACTS.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from .browser import CHROMIUM, DESKTOP, PHONE, artifacts, chromium, open_page
from .conftest import SF_SEED
from .servers import claimed_game, served_in_thread

if TYPE_CHECKING:
    from playwright.sync_api import Page

uvicorn = pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

LANGS = ("en", "uk", "ru", "fr")
#: The element that has focus, by its data-focus name or its id.
FOCUS = "() => { const e = document.activeElement; return (e && e.dataset && e.dataset.focus) || e.id || e.tagName; }"
#: A selector's bounding box: [left, top, right, bottom] in the viewport.
BOX = "(s) => { const b = document.querySelector(s).getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }"


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with served_in_thread(tmp_path / "games.sqlite3", SF_SEED) as url:
        yield url


def open_game(page: Page, base: str, game: str, token: str, lang: str = "en", theme: str = "classic") -> None:
    settings = json.dumps({"lang": lang, "theme": theme, "patterns": False})
    page.add_init_script(f"localStorage.setItem('azulejos.settings', {json.dumps(settings)})")
    page.goto(f"{base}/play/{game}#{token}")


def box(page: Page, selector: str) -> list[float]:
    got: list[float] = page.evaluate(BOX, selector)
    return got


def overlap(a: list[float], b: list[float]) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def test_the_final_scores_dialog_fits_a_phone_and_closes_on_escape(base: str) -> None:
    """390 px wide: the card stays in the window, its table scrolls sideways inside it, and
    every button can be reached (in the longest languages); focus goes into the dialog, Tab
    stays there, Escape closes it and focus goes to the button that opens it again."""
    out = artifacts()
    errors: list[str] = []
    width = PHONE["viewport"]["width"]
    height = PHONE["viewport"]["height"]
    with chromium() as browser:
        for lang in ("uk", "fr"):
            created = claimed_game(base, {"players": 2, "seats": [{"kind": "bot", "level": "easy"},
                                                              {"kind": "bot", "level": "random"}]})
            page = open_page(browser, errors, timeout=20000, **PHONE)
            open_game(page, base, created["game"], created["host_token"], lang, "chocolatier")
            page.wait_for_selector("#summary .card", timeout=120000)
            page.screenshot(path=str(out / f"layout-summary-{lang}-phone.png"))
            card = box(page, "#summary .card")
            assert card[0] >= 0 and card[2] <= width, card
            # the table scrolls inside the card, not the card out of the window
            assert box(page, "#summary .table-scroll")[2] <= card[2]
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            for button in page.locator("#summary .buttons > *").all():
                button.scroll_into_view_if_needed()
                b = button.bounding_box()
                assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= width, (lang, b)
                assert b["y"] >= 0 and b["y"] + b["height"] <= height, (lang, b)

            # focus: in the dialog, Tab and Shift+Tab stay there, Escape closes it
            assert page.evaluate("() => document.querySelector('#summary').contains(document.activeElement)")
            for key in ["Tab"] * 4 + ["Shift+Tab"] * 4:
                page.keyboard.press(key)
                assert page.evaluate("() => document.querySelector('#summary').contains(document.activeElement)"), key
            page.keyboard.press("Escape")
            page.wait_for_selector("#summary", state="detached")
            assert page.evaluate(FOCUS) == "show-summary"
            page.keyboard.press("Enter")
            page.wait_for_selector("#summary")
            page.context.close()
    assert not errors, errors


def test_one_tab_stop_per_colour_and_focus_follows_the_move(base: str) -> None:
    """Each display's colour is one tab stop named with its count ("Factory 2: 3 × red", as
    the centre's are); Space on it picks without scrolling the page and puts focus on the first
    allowed line, Enter there puts it on Confirm, Cancel back on the tiles; the "Leave this
    game?" dialog takes focus, keeps Tab inside and closes on Escape."""
    out = artifacts()
    errors: list[str] = []
    created = claimed_game(base, {"players": 2, "seats": [{"kind": "person", "name": "Ann"},
                                                      {"kind": "bot", "level": "easy"}]})
    token = created["seats"][0]["token"]
    view = httpx.get(f"{base}/api/games/{created['game']}", headers={"Authorization": f"Bearer {token}"}).json()
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        open_game(page, base, created["game"], token)
        page.wait_for_selector(".tile.pickable")

        stops = page.evaluate("""() => [...document.querySelectorAll('.table [tabindex="0"]')].map((e) =>
            [e.closest('.source').dataset.source, e.dataset.colour, e.querySelector('title').textContent])""")
        want = sorted((str(i + 1), c) for i, f in enumerate(view["factories"]) for c in set(f))
        assert sorted((s, c) for s, c, _ in stops) == want
        labels = [label for _, _, label in stops]
        assert len(set(labels)) == len(labels), labels
        for source, colour, label in stops:
            count = view["factories"][int(source) - 1].count(colour)
            assert re.fullmatch(rf"Factory {source}: {count} × .+", label), label

        # Tab to the first tile; Space picks it, without the page scrolling
        page.evaluate("""() => { window.spaces = [];
            window.addEventListener('keydown', (e) => { if (e.key === ' ') spaces.push(e.defaultPrevented); }); }""")
        for _ in range(40):
            page.keyboard.press("Tab")
            if page.evaluate(FOCUS).startswith("tile-"):
                break
        else:
            pytest.fail("no tile within 40 tab stops")
        first = page.evaluate(FOCUS)
        page.keyboard.press("Space")
        page.wait_for_selector(".board .target")
        assert page.evaluate("spaces") == [True]
        assert page.evaluate(FOCUS) == page.get_attribute(".board .target", "data-focus")
        page.screenshot(path=str(out / "layout-keyboard-picked.png"))
        page.keyboard.press("Enter")
        page.wait_for_selector("#confirm")
        assert page.evaluate(FOCUS) == "confirm"
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUS) == "cancel"
        page.keyboard.press("Enter")
        page.wait_for_selector("#confirm", state="detached")
        assert page.evaluate(FOCUS) == first

        # the leave dialog
        page.focus("#leave")
        page.keyboard.press("Enter")
        page.wait_for_selector("#leave-dialog")
        assert page.evaluate(FOCUS) == "leave-cancel"
        seen = set()
        for key in ["Tab"] * 3 + ["Shift+Tab"] * 3:
            page.keyboard.press(key)
            seen.add(page.evaluate(FOCUS))
        assert seen == {"leave-cancel", "leave-confirm"}
        page.screenshot(path=str(out / "layout-keyboard-leave.png"))
        page.keyboard.press("Escape")
        page.wait_for_selector("#leave-dialog", state="detached")
        assert page.evaluate(FOCUS) == "leave"
        assert page.locator("#you-left").count() == 0  # Escape did not leave
    assert not errors, errors


def test_R40_the_legend_of_the_special_displays_clears_the_bag_and_lid_counters(base: str) -> None:
    """1280 wide, a 3-player game whose legend has three entries: no entry's box meets the
    counters' box, and the counters stay inside the table."""
    out = artifacts()
    errors: list[str] = []
    created = claimed_game(base, {"players": 3, "special_factories": True, "seats": [
        {"kind": "person"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]})
    with chromium() as browser:
        for theme in ("chocolatier", "classic"):
            page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
            open_game(page, base, created["game"], created["seats"][0]["token"], "en", theme)
            page.wait_for_selector("#sf-legend li")
            page.screenshot(path=str(out / f"layout-legend-{theme}.png"))
            entries = page.evaluate("() => [...document.querySelectorAll('#sf-legend li')].map((e) => "
                                    "{ const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })")
            assert len(entries) == 3
            supply, table = box(page, ".supply"), box(page, ".table")
            assert not [e for e in entries if overlap(e, supply)], (entries, supply)
            assert table[1] <= supply[1] and supply[3] <= table[3]
            page.context.close()
    assert not errors, errors


def test_a_move_on_a_phone_needs_no_scrolling_in_each_language(base: str) -> None:
    """390x844: the header is compact, the tiles and one's own pattern lines are both on the
    first screen, above the move bar fixed to the bottom; the preview's buttons sit under its
    text and stay in the window; the page keeps the bar's height free at its end."""
    out = artifacts()
    errors: list[str] = []
    width = PHONE["viewport"]["width"]
    height = PHONE["viewport"]["height"]
    with chromium() as browser:
        for i, lang in enumerate(LANGS):
            created = claimed_game(base, {"players": 2, "seats": [{"kind": "person"}, {"kind": "bot", "level": "easy"}]})
            page = open_page(browser, errors, timeout=15000, **PHONE)
            open_game(page, base, created["game"], created["seats"][0]["token"], lang,
                      "chocolatier" if i % 2 else "classic")
            page.wait_for_selector(".tile.pickable")
            assert box(page, ".table")[1] < 130  # the compact header
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.locator(".factory .tile.pickable").first.click()
            page.wait_for_selector(".board.mine .line-target")
            bar = box(page, ".move-bar")
            assert page.evaluate("getComputedStyle(document.querySelector('.move-bar')).position") == "fixed"
            assert bar[3] == pytest.approx(height, abs=1) and bar[0] == 0 and bar[2] == width
            # the bar now offers the lines as buttons too (issue 28, item 6), so it is taller:
            # the page nudges itself to keep the lines above it, no scrolling by hand
            page.wait_for_function("""() => document.querySelector(".board.mine [data-line='5']")
                .getBoundingClientRect().bottom <= document.querySelector('.move-bar')
                .getBoundingClientRect().top + 0.5""")
            assert page.evaluate("scrollY") < 60, lang  # a nudge, not a page
            bar = box(page, ".move-bar")
            assert box(page, ".board.mine .line-target")[1] >= 0
            assert box(page, ".board.mine [data-line='5']")[3] <= bar[1], lang  # every line above the bar
            page.locator(".board.mine .line-target").last.click()
            page.wait_for_selector("#preview")
            page.screenshot(path=str(out / f"layout-phone-{lang}-preview.png"))
            bar = box(page, ".move-bar")
            text = box(page, ".move-bar .preview-text")
            for button in ("#cancel", "#confirm"):
                b = box(page, button)
                assert b[1] >= text[3] and b[3] <= height and b[0] >= 0 and b[2] <= width, (lang, button, b)
            assert bar[1] > height / 2, (lang, bar)  # the bar leaves most of the screen to the game
            # at the end of the page nothing is left under the bar
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            page.screenshot(path=str(out / f"layout-phone-{lang}-end.png"))
            last = page.evaluate("""() => Math.max(...[...document.querySelectorAll('.game-grid > *, .boards > *')]
                .map((e) => e.getBoundingClientRect().bottom))""")
            assert last <= box(page, ".move-bar")[1] + 1, lang
            page.context.close()
    assert not errors, errors
