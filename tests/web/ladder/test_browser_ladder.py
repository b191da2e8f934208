"""The ladder page in Debian's Chromium (issue 29, item 4): an account signed in in the page
opens the ladder from the top bar and joins it; a second account joins over the API and
challenges it; the page accepts and goes into the challenge game with its own seat token; the
page in French shows the ladder's words."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from ..accounts.test_browser_accounts import sign_up
from ..browser import CHROMIUM, DESKTOP, chromium, open_page
from ..servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


def test_join_accept_and_play_from_the_ladder_page(server: Server) -> None:
    base = server.base
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        sign_up(page, base, "Helena", "tiles and more")
        page.click("#nav-ladder")
        page.wait_for_selector("#ladder-join")
        page.click("#ladder-join")
        page.wait_for_selector("#ladder tbody tr.me")
        other = httpx.Client(timeout=10)
        r = other.post(base + "/api/account", json={"name": "Ivo", "password": "tiles and more"})
        assert r.status_code == 201, r.text
        pool = base + "/api/ladder/2-coloured"
        assert other.post(pool + "/join", json={}).status_code == 200
        first = other.get(pool).json()["rungs"][0]
        assert first["name"] == "Helena"
        made = other.post(pool + "/challenge", json={"profile": first["profile"]})
        assert made.status_code == 201, made.text
        page.reload()
        page.wait_for_selector("#ladder-accept")
        assert "Ivo" in page.inner_text("#ladder-challenge")
        page.click("#ladder-accept")
        page.click("#ladder-play")  # into the challenge game, with this page's seat token
        game = other.get(pool).json()["challenges"][0]["game"]
        page.wait_for_function(f"location.pathname === '/play/{game}'")
        page.wait_for_selector("#board, .board, [data-game]")
        page.goto(base + "/ladder/2-coloured")
        page.wait_for_selector("#ladder tbody tr:nth-child(2)")
        page.select_option("#set-lang", "fr")
        page.locator("#app h1", has_text="Échelle").wait_for()
        assert "mur coloré" in page.inner_text("#app h1")
        assert page.inner_text("#ladder-leave") == "Quitter l’échelle"
        other.close()
    assert errors == []
