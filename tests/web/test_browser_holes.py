"""Holes of online play closed, in a real browser (issue 28, Deliver item 5): re-opening your
own invitation link opens your seat; an unjoined seat is shown "invited".

Screenshots go to $AZULEJOS_ARTIFACTS (default: <tmp>/azulejos-artifacts/web).
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from .browser import CHROMIUM, DESKTOP, artifacts, chromium, create_and_enter, open_page
from .servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


def test_reopening_your_own_invitation_link_opens_your_seat(server: Server) -> None:
    """Issue 28, "Why" item 1: the game page's first view must not drop the invitation from
    the saved entry, so the link claimed on this device opens that seat again."""
    errors: list[str] = []
    with chromium() as browser:
        host, bo = (open_page(browser, errors, timeout=20000, viewport=DESKTOP) for _ in range(2))
        host.goto(server.base + "/")
        host.fill(".seat-name[data-seat='0']", "Ann")
        host.fill(".seat-name[data-seat='1']", "Bo")
        host.click("#create")
        host.wait_for_selector("#enter-game")
        link = host.locator(".link-row.seat .link-input").nth(1).input_value()

        bo.goto(link)
        bo.wait_for_selector(".game .board.mine[data-seat='1']")
        saved = bo.evaluate("() => JSON.parse(localStorage.getItem('azulejos.games'))")
        assert len(saved) == 1 and saved[0]["invite"] and saved[0]["seat"] == 1

        # the same link again, on the same device: Bo's seat, not "already taken"
        bo.goto(server.base + "/")
        bo.goto(link)
        bo.wait_for_selector(".game .board.mine[data-seat='1'] .tag.you")
        assert bo.locator("#join-notice").count() == 0
        assert "/play/" in bo.url and "#" not in bo.url
        bo.screenshot(path=str(artifacts() / "join-again-own-seat.png"), full_page=True)
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
def test_an_unjoined_seat_is_shown_invited_not_offline(server: Server, lang: str) -> None:
    """Issue 28, "Why" item 8: the seat whose invitation nobody opened says so, in each
    language (the server's words), and says "offline" no more once claimed."""
    words = httpx.get(f"{server.base}/api/messages/{lang}").json()
    errors: list[str] = []
    with chromium() as browser:
        ann, bo = (open_page(browser, errors, timeout=20000, viewport=DESKTOP) for _ in range(2))
        ann.goto(server.base + "/")
        ann.select_option("#set-lang", lang)
        link = create_and_enter(ann, {0: "Ann", 1: "Bo"})
        tag = ann.locator(".board[data-seat='1'] .tag.invited")
        tag.wait_for()
        assert tag.inner_text() == words["game.invited"] != words["game.offline"]
        assert ann.locator(".board[data-seat='1'] .tag.offline").count() == 0
        if lang == "en":
            ann.screenshot(path=str(artifacts() / "seat-invited.png"), full_page=True)
        bo.goto(link)
        bo.wait_for_selector(".game .board.mine[data-seat='1']")
        ann.wait_for_selector(".board[data-seat='1'] .tag.invited", state="detached")
    assert not errors, errors
