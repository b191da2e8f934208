"""'My games' in Debian's Chromium shows an opponent on vacation (issue 28 follow-up;
docs/api.md, "Vacation"), in each of the four languages."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from ..browser import CHROMIUM, DESKTOP, chromium, open_page
from ..servers import Server
from .test_browser_accounts import sign_up

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

AWAY = {"en": "Bo is on vacation until", "uk": "Bo у відпустці до", "ru": "Bo в отпуске до",
        "fr": "Bo est en vacances jusqu’au"}


def test_my_games_shows_an_opponent_on_vacation(server: Server) -> None:
    base = server.base
    errors: list[str] = []
    bo = httpx.Client(base_url=base, timeout=10)
    assert bo.post("/api/account", json={"name": "Bo", "password": "tiles and more"}
                   ).status_code == 201
    made = bo.post("/api/games", json={"players": 2, "clock": "move:1d"}).json()
    gid = made["game"]
    assert bo.post(f"/api/games/{gid}/claim",
                   json={"invite": made["seats"][0]["invite"]}).status_code == 200
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        sign_up(page, base, "Ann", "tiles and more")
        # Ann takes seat 2 for her account (the game is then one of her account's games)
        status = page.evaluate("""async ([g, i]) => (await fetch(`/api/games/${g}/claim`,
            {method: 'POST', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({invite: i})})).status""", [gid, made["seats"][1]["invite"]])
        assert status == 200
        assert bo.post("/api/account/vacation", json={"days": 5}).status_code == 201
        page.goto(base + "/")
        line = page.locator(f"#my-games li[data-game='{gid}']")
        line.wait_for()
        for lang, words in AWAY.items():
            page.select_option("#set-lang", lang)
            page.locator(f"#my-games li[data-game='{gid}']", has_text=words).wait_for()
        assert bo.delete("/api/account/vacation").status_code == 200
        page.reload()
        page.locator(f"#my-games li[data-game='{gid}']").wait_for()
        text = page.inner_text(f"#my-games li[data-game='{gid}']")
        assert "Bo" in text and not any(words in text for words in AWAY.values())
    bo.close()
    assert errors == []
