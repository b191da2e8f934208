"""The game's chat end to end in Debian's Chromium (issue 29, item 2): two players in two
browsers write to each other; markup in a message shows as text and runs nothing; a muted
player's messages stop reaching the player who muted them, and come back on unmuting; a
typed, unsent message survives the views that arrive meanwhile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from .browser import CHROMIUM, DESKTOP, PHONE, artifacts, chromium, create_and_enter, open_page
from .servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

EVIL = "<b>bold</b> <img src=x onerror=\"window.pwned=1\"> <script>window.pwned=2</script>"


def texts(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#chat-list .chat-text", "els => els.map(e => e.textContent)"))


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


def test_two_players_chat_markup_stays_text_and_mute_holds(server: Server) -> None:
    errors: list[str] = []
    with chromium() as browser:
        ann = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        bo = open_page(browser, errors, timeout=20000, **PHONE)
        ann.goto(server.base + "/")
        link = create_and_enter(ann, {0: "Ann", 1: "Bo"})
        bo.goto(link)
        bo.wait_for_selector("#chat-input")
        ann.wait_for_selector("#chat-input")

        say(ann, EVIL)
        bo.wait_for_function("() => document.querySelectorAll('#chat-list .chat-text').length === 1")
        assert texts(bo) == [EVIL]
        assert bo.inner_text("#chat-list .chat-name") == "Ann"
        assert bo.evaluate("() => document.querySelector('#chat-list b, #chat-list img, "
                           "#chat-list script') === null")
        assert bo.evaluate("() => window.pwned === undefined")
        ann.wait_for_function("() => document.querySelectorAll('#chat-list .chat-text').length === 1")

        # what Bo is typing survives a move of Ann's (a new view re-renders the page)
        bo.fill("#chat-input", "half a thou")
        before = bo.get_attribute(".game", "data-version")
        games = ann.evaluate("() => JSON.parse(localStorage.getItem('azulejos.games'))")
        mine = next(g for g in games if g["role"] == "seat")
        auth = {"Authorization": f"Bearer {mine['token']}"}
        v = httpx.get(f"{server.base}/api/games/{mine['game']}", headers=auth).json()
        r = httpx.post(f"{server.base}/api/games/{mine['game']}/moves", headers=auth,
                       json={"version": v["version"], "move": v["legal"][0]["move"]})
        assert r.status_code == 200, r.text
        bo.wait_for_function(f"() => document.querySelector('.game').dataset.version !== '{before}'")
        assert bo.input_value("#chat-input") == "half a thou"
        say(bo, "gg")
        ann.wait_for_function("() => document.querySelectorAll('#chat-list .chat-text').length === 2")
        assert texts(ann) == [EVIL, "gg"]

        # Bo mutes Ann: Ann's messages vanish at Bo's and new ones do not arrive
        bo.click(".chat-mute[data-seat='0']")
        bo.wait_for_selector(".chat-mute[data-seat='0'][aria-pressed='true']")
        assert texts(bo) == ["gg"]
        say(ann, "can you read me?")
        ann.wait_for_function("() => document.querySelectorAll('#chat-list .chat-text').length === 3")
        say(bo, "quiet now")
        bo.wait_for_function("() => [...document.querySelectorAll('#chat-list .chat-text')]"
                             ".some(e => e.textContent === 'quiet now')")
        assert texts(bo) == ["gg", "quiet now"]
        bo.screenshot(path=str(artifacts() / "chat-muted-phone.png"), full_page=True)

        # unmuted: the history comes back, in order
        bo.click(".chat-mute[data-seat='0']")
        bo.wait_for_function("() => document.querySelectorAll('#chat-list .chat-text').length === 4")
        assert texts(bo) == [EVIL, "gg", "can you read me?", "quiet now"]
    assert errors == []
