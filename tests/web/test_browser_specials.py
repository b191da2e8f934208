"""End to end in a real browser (Debian's Chromium, driven by Playwright): a whole 2-player
game with the Master Chocolatier special displays (R40-R47) against a bot, created from the
lobby's checkbox; the first move is an SF4 draft whose left/right choice per colour is made in
the page right after picking the tiles and before the pattern line (R43), the second takes SF5, which then shows beside the player's floor (R44); the
rest of the game is played through the page (every SF4 split chosen there too), in both themes
and at phone size, and the downloaded record replays.

The server runs in this process with a fixed game seed (4): round 1 has SF4 on display 4
(B K K W) and SF5 on display 5 (Y R R K). Screenshots go to $AZULEJOS_ARTIFACTS.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from .browser import CHROMIUM, DESKTOP, artifacts, chromium, open_page
from .servers import served_in_thread

uvicorn = pytest.importorskip("uvicorn")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with served_in_thread(tmp_path / "games.sqlite3", 4) as url:
        yield url


def test_R40_R47_a_whole_special_displays_game_against_a_bot_in_the_browser(base: str) -> None:
    out = artifacts()
    rng = random.Random(3)
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)

        # The lobby offers the module, with one line on what it does.
        page.goto(base + "/")
        page.fill(".seat-name[data-seat='0']", "Ann")
        page.select_option(".seat-kind[data-seat='1']", "bot:random")
        assert page.inner_text("#special-factories-note")
        page.check("#special-factories")
        page.screenshot(path=str(out / "sf-lobby.png"), full_page=True)
        page.click("#create")
        page.wait_for_selector("#enter-game")
        page.click("#enter-game")
        page.wait_for_selector(".game .factory")

        # R40: each special display has its badge and its explanation (tooltip, legend).
        sf4 = page.locator(".source[data-source='4']")
        assert sf4.get_attribute("data-special") == "SF4" and "SF4" in (sf4.get_attribute("title") or "")
        assert page.locator(".source[data-source='5']").get_attribute("data-special") == "SF5"
        assert page.locator("#sf-legend li").count() == 2
        assert page.locator(".source.special").count() == 2

        # R43: black from SF4; left or right for blue and for white is asked at once, before
        # the pattern line (as Board Game Arena and the Textual app ask it), then line 2.
        page.click(".source[data-source='4'] .tile-K.pickable >> nth=0")
        page.wait_for_selector("#split")
        assert page.locator("#confirm").is_disabled()
        assert page.locator(".split-row").count() == 2
        assert page.locator(".source.sf4-receiver").count() == 2  # displays 3 and 5
        assert page.locator(".target").count() == 0  # no pattern line before the sides
        page.click(".split-row[data-colour='B'] button[data-side='left']")
        assert page.locator(".target").count() == 0  # white has no side yet
        page.click(".split-row[data-colour='W'] button[data-side='right']")
        page.wait_for_selector(".target[data-line='2']")
        assert page.locator("#split-hint").inner_text() and page.locator("#confirm").is_disabled()
        page.click(".target[data-line='2']")
        preview = page.inner_text("#split-preview")
        assert "left, to factory 3" in preview and "right, to factory 5" in preview, preview
        page.screenshot(path=str(out / "sf-split-classic.png"), full_page=True)
        page.click("#confirm")
        page.wait_for_selector(".log-list >> text=4K2/<>")

        # R44: Ann takes from SF5 (when the bot has left it tiles) and holds it by her floor.
        page.wait_for_selector("#status.mine")
        sf5_tiles = page.locator(".source[data-source='5'] .tile.pickable")
        if sf5_tiles.count():
            sf5_tiles.nth(0).click()
            page.click(".target[data-line='F']")
            page.wait_for_selector("#preview")
            assert "SF5" in page.inner_text("#preview")
            page.click("#confirm")
            page.wait_for_selector(".board[data-seat='0'] .sf5-held")
            page.wait_for_selector(".source.taken[data-source='5']")
            page.screenshot(path=str(out / "sf-sf5-held-classic.png"), full_page=True)

        # The rest of the game through the page, in the chocolatier theme, then on a phone.
        page.select_option("#set-theme", "chocolatier")
        page.wait_for_selector("body.theme-chocolatier")
        splits = 1
        shots = 0
        for n in range(200):
            if page.locator(".game.phase-over").count():
                break
            if not page.locator("#status.mine").count():
                page.wait_for_timeout(50)
                continue
            if n == 30:
                page.set_viewport_size({"width": 390, "height": 844})
            version = int(page.get_attribute(".game", "data-version") or 0)
            tiles = page.locator(".tile.pickable")
            tiles.nth(rng.randrange(tiles.count())).click()
            split = page.locator("#split").count() > 0  # SF4: the sides come first (R43)
            if split:
                for row in range(page.locator(".split-row").count()):
                    page.locator(".split-row").nth(row).locator("button.side").nth(rng.randrange(2)).click()
                splits += 1
            targets = page.locator(".target")
            targets.nth(rng.randrange(targets.count())).click()
            if split:
                page.wait_for_selector("#split-preview")
                if shots < 2:
                    page.screenshot(path=str(out / f"sf-split-{n:03d}.png"), full_page=True)
                    shots += 1
            elif n in (2, 31):
                page.screenshot(path=str(out / f"sf-move-{n:03d}.png"), full_page=True)
            page.click("#confirm")
            page.wait_for_function(
                f"() => Number(document.querySelector('.game')?.dataset.version) > {version}")
        else:
            pytest.fail("the game did not end within 200 of Ann's turns")

        page.wait_for_selector("#summary")
        page.screenshot(path=str(out / "sf-end.png"), full_page=True)
        with page.expect_download() as dl:
            page.click("#summary #download")
        saved = out / "sf-record.json"
        dl.value.save_as(str(saved))
        from azulejos.notation import load_record, replay

        rec = load_record(saved)
        assert rec.ruleset.special_factories
        # R40, R41: the log says at each fill which displays are special, and one line per
        # colour an SF1 or SF2 gained (as the record's after_fill gains).
        log = page.locator(".log-list")
        assert log.locator("li.specials").count() == len(rec.rounds)
        first = log.locator("li.specials").first.text_content() or ""  # closed on a phone
        for d, k in (rec.rounds[0].specials or {}).items():  # in words: "SF2 (caramel) in showcase 2"
            named = "SF2 (" if k.startswith("SF2") else k
            assert re.search(rf"{re.escape(named)}[^,]* (?:in showcase|on factory) {d}\b", first), first
            assert k not in first or not k.startswith("SF2")  # no theme or notation letter
        gains = sum(len(set(text.partition("-")[0])) for rnd in rec.rounds
                    for text in (rnd.after_fill or {}).values())
        assert log.locator("li.after-fill").count() == gains
        assert replay(rec).is_over
        assert any("/" in m for rnd in rec.rounds for m in rnd.moves) and splits >= 1
    assert not errors, errors


def test_R40_the_rules_page_opens_the_special_displays_section(base: str) -> None:
    """The rules helper's section on the module (R40-R47) is a tab of the web rules page, in
    the page's language."""
    from azulejos.guide import get_section

    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        page.goto(base + "/rules")
        page.click(".tabs button[data-section='specials']")
        for lang in ("en", "fr", "uk", "ru"):
            if lang != "en":
                page.select_option("#set-lang", lang)
                page.click(".tabs button[data-section='specials']")
            title = get_section("specials", lang).splitlines()[0].removeprefix("# ")
            page.wait_for_selector(f".rules h2 >> text={title}")
            assert page.locator(".tabs button.on").get_attribute("data-section") == "specials"
            assert "--special-factories" in page.inner_text(".rules")
            # the positions drawn by the engine stay whole, as drawn (fenced blocks)
            assert page.locator(".rules pre.guide-drawing").count() >= 1
            assert "```" not in page.inner_text(".rules")
        page.screenshot(path=str(artifacts() / "sf-rules-ru.png"), full_page=True)
    assert not errors, errors
