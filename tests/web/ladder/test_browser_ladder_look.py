"""The ladder page's look in Debian's Chromium: the pool buttons stand apart (a gap between
them, on a desktop and on a phone), and a challenger whose challenge expired unanswered reads
so on the page in each of the four languages (the challenge made 3 days ago: its time written
into the database, as the days passing would)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx
import pytest

from ..accounts.test_browser_accounts import sign_up
from ..browser import CHROMIUM, DESKTOP, PHONE, artifacts, chromium, open_page
from ..servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

EXPIRED = {"en": "has expired", "uk": "більше не чинний", "ru": "больше не действует",
           "fr": "a expiré"}


def test_pool_buttons_have_a_gap_and_an_expired_challenge_is_told(server: Server) -> None:
    base = server.base
    errors: list[str] = []
    other = httpx.Client(timeout=10)
    r = other.post(base + "/api/account", json={"name": "Ivo", "password": "tiles and more"})
    assert r.status_code == 201, r.text
    pool = base + "/api/ladder/2-coloured"
    assert other.post(pool + "/join", json={}).status_code == 200
    with chromium() as browser:
        for name, options in (("desktop", {"viewport": DESKTOP}), ("phone", PHONE)):
            page = open_page(browser, errors, timeout=15000, **options)
            page.goto(base + "/ladder/2-coloured")
            page.wait_for_selector(".ladder-pools a >> nth=1")
            boxes = [page.locator(".ladder-pools a").nth(i).bounding_box() for i in range(2)]
            assert boxes[0] and boxes[1]
            a, b = boxes
            apart = (b["x"] - (a["x"] + a["width"]) if abs(a["y"] - b["y"]) < 1
                     else b["y"] - (a["y"] + a["height"]))
            assert apart >= 6, (name, boxes)  # .5rem
            page.screenshot(path=str(artifacts() / f"ladder-pools-{name}.png"))
            page.context.close()
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        sign_up(page, base, "Helena", "tiles and more")
        page.goto(base + "/ladder/2-coloured")
        page.wait_for_selector("#ladder-join")
        page.click("#ladder-join")
        page.wait_for_selector("#ladder tbody tr.me")
        ivo = other.get(pool).json()["rungs"][0]["profile"]
        made = page.evaluate("""async (p) => (await fetch('/api/ladder/2-coloured/challenge',
            {method: 'POST', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({profile: p})})).status""", ivo)
        assert made == 201
        with sqlite3.connect(server.db) as db:  # three days and a minute pass
            db.execute("UPDATE azulejos_ladder_challenges SET created = created - 259260")
        page.goto(base + "/ladder/2-coloured")
        page.wait_for_selector("#ladder-expired")
        for lang, words in EXPIRED.items():
            page.select_option("#set-lang", lang)
            page.locator("#ladder-expired", has_text=words).wait_for()
            text = page.inner_text("#ladder-expired")
            assert words in text and "Ivo" in text and "3" in text, (lang, text)
        page.screenshot(path=str(artifacts() / "ladder-expired.png"))
    other.close()
    assert errors == []
