"""End to end in a real browser (Debian's Chromium, driven by Playwright): two people in two
browser contexts create, join and play a whole 2-player game through a real server.

Screenshots go to $AZULEJOS_ARTIFACTS (default: <tmp>/azulejos-artifacts/web).
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from .servers import Server, free_port

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


def artifacts() -> Path:
    d = Path(os.environ.get("AZULEJOS_ARTIFACTS") or Path(tempfile.gettempdir()) / "azulejos-artifacts" / "web")
    d.mkdir(parents=True, exist_ok=True)
    return d


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "games.sqlite3", free_port())
    s.start()
    try:
        yield s
    finally:
        s.stop()


def test_two_browsers_play_a_whole_game(server: Server) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    out = artifacts()
    rng = random.Random(11)
    errors: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            ann_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
            bo_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                         has_touch=True, device_scale_factor=2)
            ann, bo = ann_ctx.new_page(), bo_ctx.new_page()
            for page in (ann, bo):
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.set_default_timeout(15000)

            # Ann creates the game in the lobby.
            ann.goto(server.base + "/")
            ann.fill(".seat-name[data-seat='0']", "Ann")
            ann.fill(".seat-name[data-seat='1']", "Bo")
            ann.screenshot(path=str(out / "lobby.png"), full_page=True)
            ann.click("#create")
            ann.wait_for_selector("#enter-game")
            bo_link = ann.locator(".link-row.seat .link-input").nth(1).input_value()
            assert "/play/" in bo_link and "#" in bo_link
            ann.screenshot(path=str(out / "created.png"), full_page=True)
            ann.click("#enter-game")
            ann.wait_for_selector(".game .factory")

            # Bo joins from his link on a phone, with the chocolate theme and patterns.
            bo.goto(bo_link)
            bo.wait_for_selector(".game .factory")
            assert "#" not in bo.url  # the token leaves the address bar
            bo.select_option("#set-theme", "chocolatier")
            bo.check("#set-patterns")
            bo.wait_for_selector("body.theme-chocolatier.patterns")

            # Reload keeps the game (the token is kept in localStorage).
            bo.reload()
            bo.wait_for_selector(".game .factory")

            pages = {0: ann, 1: bo}
            shots = 0
            for n in range(400):
                version = int(ann.get_attribute(".game", "data-version") or 0)
                if ann.locator(".game.phase-over").count():
                    break
                mover = None
                for seat, page in pages.items():
                    page.wait_for_selector(f".game[data-version='{version}']")
                    if page.locator("#status.mine").count():
                        mover = seat
                assert mover is not None, "somebody must be to move"
                page = pages[mover]
                tiles = page.locator(".tile.pickable")
                tiles.nth(rng.randrange(tiles.count())).click()
                targets = page.locator(".target")
                targets.nth(rng.randrange(targets.count())).click()
                page.wait_for_selector("#preview")
                if n in (6, 7) or (n > 20 and shots < 2 and page.locator(".tiling-badge").count()):
                    page.screenshot(path=str(out / f"move-{n:03d}-seat{mover}.png"), full_page=True)
                    shots += n > 20
                page.click("#confirm")
                # both browsers get the next view
                for p2 in pages.values():
                    p2.wait_for_function(
                        f"() => Number(document.querySelector('.game')?.dataset.version) > {version}")
            else:
                pytest.fail("the game did not end within 400 moves")

            for seat, page in pages.items():
                page.wait_for_selector("#summary")
                page.screenshot(path=str(out / f"end-seat{seat}.png"), full_page=True)
                text = page.inner_text("#summary")
                assert "Ann" in text and "Bo" in text
            with ann.expect_download() as dl:
                ann.click("#summary #download")
            saved = out / "record.json"
            dl.value.save_as(str(saved))
            from azulejos.notation import load_record, replay

            assert replay(load_record(saved)).is_over
        finally:
            browser.close()
    assert not errors, errors
