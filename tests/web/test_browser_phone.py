"""A 4-player game on a phone (390 × 844, touch) in a real browser (issue 28, Deliver item 6):
every tile and target to tap is at least 44 px each way, your own board is in view when you
place tiles, and the last move (a bot's too) is highlighted on the mover's board.

Screenshots go to $AZULEJOS_ARTIFACTS (default: <tmp>/azulejos-artifacts/web).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from .browser import CHROMIUM, PHONE, artifacts, chromium, open_page
from .servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

#: Apple's and Google's smallest comfortable tap target, in CSS pixels.
TAP = 44

RECTS = """(sel) => [...document.querySelectorAll(sel)].map((n) => {
  const r = n.getBoundingClientRect();
  return {w: r.width, h: r.height, top: r.top, bottom: r.bottom, left: r.left, right: r.right};
})"""


def rects(page: Any, sel: str) -> list[dict[str, float]]:
    got: list[dict[str, float]] = page.evaluate(RECTS, sel)
    return got


def small(page: Any, sel: str) -> list[dict[str, float]]:
    return [r for r in rects(page, sel) if r["w"] < TAP or r["h"] < TAP]


IN_VIEW = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  const bar = document.querySelector('.move-bar');
  const fixed = bar && getComputedStyle(bar).position === 'fixed';
  const bottom = fixed ? bar.getBoundingClientRect().top : innerHeight;
  return r.top >= -0.5 && r.left >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= bottom + 0.5;
}"""


def in_view(page: Any, sel: str) -> bool:
    """The element is wholly within the viewport, above the move bar fixed at its bottom."""
    ok: bool = page.evaluate(IN_VIEW, sel)
    return ok


def last_move(base: str, game: str, token: str) -> dict[str, Any]:
    """The log's last move (the view over HTTP)."""
    log = httpx.get(f"{base}/api/games/{game}", headers={"Authorization": f"Bearer {token}"}).json()["log"]
    moves: list[dict[str, Any]] = [e for e in log if e["kind"] == "move"]
    return moves[-1]


def check_last_move_highlighted(page: Any, move: dict[str, Any]) -> None:
    """Only the board of the last move's player carries the highlight, on the line (or floor)
    its tiles went to; the tiles on that line glow too."""
    dest = move["move"][2]
    marks = page.locator(".last-move")
    assert marks.count() == 1
    mark = page.locator(f".board[data-seat='{move['seat']}'] .last-move")
    assert mark.get_attribute("data-last") == dest
    assert mark.evaluate("(n) => getComputedStyle(n).stroke") != "none"
    if dest != "F":
        assert page.locator(f".board[data-seat='{move['seat']}'] .tile.last").count() >= 1


def test_four_players_on_a_phone(server: Server) -> None:
    """Ann plays two turns at 390 x 844 against three bots, who move first (her turn always
    follows a bot's move; seven moves cannot end round 1, which needs at least ten)."""
    created = httpx.post(f"{server.base}/api/games", json={
        "players": 4, "start_player": 1,
        "seats": [{"name": "Ann"}] + [{"kind": "bot", "level": "random"}] * 3}).json()
    g = created["game"]
    token = httpx.post(f"{server.base}/api/games/{g}/claim",
                       json={"invite": created["seats"][0]["invite"]}).json()["token"]
    errors: list[str] = []
    out = artifacts()
    rng = random.Random(6)
    with chromium() as browser:
        page = open_page(browser, errors, timeout=20000, **PHONE)
        page.goto(f"{server.base}/play/{g}#{token}")
        for turn in range(2):
            page.wait_for_selector("#status.mine")
            version = int(page.get_attribute(".game", "data-version") or 0)
            # the bot's move just before, highlighted on its board
            move = last_move(server.base, g, token)
            assert move["seat"] == 3
            check_last_move_highlighted(page, move)
            # every tile Ann may pick is a tap target of 44 px or more, and they do not overlap
            tiles = rects(page, ".tile.pickable")
            assert tiles and not small(page, ".tile.pickable"), small(page, ".tile.pickable")
            for a in tiles:
                for b in tiles:
                    if a is not b:
                        overlap = min(a["right"], b["right"]) - max(a["left"], b["left"]), \
                            min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                        assert min(overlap) <= 0.5, (a, b)
            if turn == 0:
                page.screenshot(path=str(out / "phone-4p-turn.png"))
            pickable = page.locator(".tile.pickable")
            pickable.nth(rng.randrange(pickable.count())).tap()
            # her board comes into view above the move bar; its lines are buttons of 44 px
            page.wait_for_selector(".move-bar .dest-buttons button")
            page.wait_for_function(f"() => ({IN_VIEW})('.board.mine')")
            assert in_view(page, ".board.mine")
            assert not small(page, ".move-bar .dest-buttons button")
            if turn == 0:
                page.screenshot(path=str(out / "phone-4p-picked.png"))
            buttons = page.locator(".move-bar .dest-buttons button")
            buttons.nth(rng.randrange(buttons.count())).tap()
            page.wait_for_selector("#confirm")
            assert not small(page, "#confirm") and not small(page, "#cancel")
            page.wait_for_function(f"() => ({IN_VIEW})('.board.mine')")  # the preview on it
            page.tap("#confirm")
            page.wait_for_function(
                f"() => Number(document.querySelector('.game')?.dataset.version) > {version}")
    assert not errors, errors
