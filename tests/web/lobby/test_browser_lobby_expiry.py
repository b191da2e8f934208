"""An open public game that expires is taken off the lobby page, and the page tells the player
who waited in it, in each of the four languages (Debian's Chromium; docs/api.md, "Lobby": the
game opened 30 minutes ago, its time written into the database as the minutes passing would)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ..accounts.test_browser_accounts import sign_up
from ..browser import CHROMIUM, DESKTOP, chromium, open_page
from ..servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

TOLD = {"en": "Your public game has expired", "uk": "Термін очікування вашої публічної партії",
        "ru": "Срок ожидания вашей публичной партии", "fr": "Votre partie publique a expiré"}


def test_the_waiting_player_is_told_when_the_open_game_expires(server: Server) -> None:
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        sign_up(page, server.base, "Helena", "tiles and more")
        for lang, words in TOLD.items():
            page.select_option("#set-lang", lang)
            page.wait_for_selector("#find-game #lobby-open:not([disabled])")
            page.click("#lobby-open")
            mine = page.locator("#open-games li.mine")
            mine.wait_for()
            with sqlite3.connect(server.db) as db:  # thirty minutes and a second pass
                db.execute("UPDATE azulejos_lobby SET created = created - 1801 "
                           "WHERE status = 'open'")
            page.locator("#toast", has_text=words).wait_for()
            assert page.locator("#open-games li.mine").count() == 0
    assert errors == []
