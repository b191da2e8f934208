"""A turn-based game with a per-move clock in a real browser (Debian's Chromium, Playwright),
in simulated time (issue #14 item 1): the lobby's form creates the game with a clock, the page
shows the seat's clock counting down, the title says it is your turn and the lobby's "My
games" lists the game first as your turn with the time left; the server's time
source is then moved past the deadline, its clock loop times the turn out, and the page shows
that the stand-in bot took over (and the title no longer says it is your turn).

The server runs in this process (uvicorn in a thread) so that the test can move its clock.
Screenshots go to $AZULEJOS_ARTIFACTS (default: <tmp>/azulejos-artifacts/web).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .browser import CHROMIUM, DESKTOP, artifacts, chromium, open_page
from .servers import free_port

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

YOUR_TURN = "● Your turn — azulejos"


class FakeTime:
    """The server's wall clock, moved by the test (it starts at the real time)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@pytest.fixture
def clocked_server(tmp_path: Path) -> Iterator[tuple[str, FakeTime]]:
    uvicorn = pytest.importorskip("uvicorn")
    from azulejos.web.app import create_app
    from azulejos.web.limits import Limits

    fake = FakeTime()
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0, bot_seconds=0.05,
                     limits=Limits.none(), now=fake, clock_interval=0.2,
                     heartbeat_interval=0)  # the time jump is time the server was up
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", fake
    finally:
        server.should_exit = True
        thread.join(30)


def test_a_per_move_clock_runs_out_and_the_bot_takes_over(clocked_server: tuple[str, FakeTime]) -> None:
    base, fake = clocked_server
    out = artifacts()
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, viewport=DESKTOP)
        page.goto(base + "/")
        page.wait_for_selector("#create")
        # Ann against a bot, five minutes per move; the stand-in bot plays her seat if she
        # runs out of time
        page.fill(".seat-name[data-seat='0']", "Ann")
        page.select_option(".seat-kind[data-seat='1']", "bot:random")
        page.select_option("#clock", "move:300")
        page.click("#create")
        page.click("#enter-game")  # claims seat 1 and opens the game
        page.wait_for_selector(".game .factory")
        page.wait_for_selector("#status.mine")
        page.wait_for_function("t => document.title === t", arg=YOUR_TURN)
        running = page.wait_for_selector("#clocks .clock.running.mine")
        assert running.get_attribute("data-seat") == "0"
        page.wait_for_function(
            "() => /^· [45]:\\d\\d$/.test(document.querySelector(\"#clocks .clock.running .clock-time\").textContent)")
        shown = page.text_content("#clocks .clock.running .clock-time") or ""
        minutes, seconds = shown.removeprefix("· ").split(":")
        assert 280 <= int(minutes) * 60 + int(seconds) <= 300
        page.screenshot(path=str(out / "clock-your-turn.png"))

        # the lobby's "My games": this game first, marked as your turn, with the time left
        page.click("#nav-lobby")
        first = page.wait_for_selector(".games li:first-child.your-turn")
        assert "Your turn · 5 minutes left" in (first.text_content() or "")
        page.wait_for_function("t => document.title === t", arg=YOUR_TURN)
        page.screenshot(path=str(out / "clock-my-games.png"))
        page.click(".games li.your-turn a.game-link")
        page.wait_for_selector("#clocks .clock.running.mine")

        fake.offset = 301.0  # five minutes and a second later, as the server sees it
        # the stand-in bot plays Ann's seat (and, with bots only left, finishes the game)
        page.wait_for_selector(".board[data-seat='0'] .tag.left", timeout=15000)
        page.wait_for_function("t => document.title !== t", arg=YOUR_TURN)
        page.wait_for_selector("#summary .left-line", timeout=30000)
        assert "ran out of time" in (page.text_content("#summary .left-line") or "")
        page.screenshot(path=str(out / "clock-timed-out.png"))
    assert not errors, errors


def test_a_turn_that_runs_out_offers_the_opponent_wait_or_bot(
        clocked_server: tuple[str, FakeTime]) -> None:
    """Issue 28, Done when: "a turn that runs out offers the opponent wait or bot". Ann and Bo
    (two browser contexts), one day per move and a three-day time bank from the lobby's form;
    the server's clock is moved past Ann's deadline (bank included): Bo is offered the choice,
    Ann is told she may still move; Bo waits, then hands her seat to the bot."""
    from .browser import create_and_enter

    base, fake = clocked_server
    out = artifacts()
    errors: list[str] = []
    with chromium() as browser:
        ann, bo = (open_page(browser, errors, viewport=DESKTOP) for _ in range(2))
        ann.goto(base + "/")
        ann.wait_for_selector("#create")
        ann.select_option("#clock", "move:1d+bank:3d")
        link = create_and_enter(ann, {0: "Ann", 1: "Bo"})
        bo.goto(link)
        bo.wait_for_selector(".game .factory")
        chip = ann.wait_for_selector("#clocks .clock.running.mine .clock-time")
        ann.wait_for_function(
            "() => document.querySelector('#clocks .clock.running .clock-time')"
            ".textContent.includes('(time bank: 3 days)')")
        assert chip is not None and "3 days left" in (chip.text_content() or "")  # 4 days, floored

        fake.offset = 4 * 86400 + 1.0  # Ann's day and her bank are spent
        bo.wait_for_selector("#overdue #overdue-wait", timeout=15000)
        assert "Ann has run out of time" in (bo.text_content("#overdue") or "")
        assert "the bot takes over" in (bo.text_content("#overdue .overdue-until") or "")
        ann.wait_for_selector("#overdue")
        assert "you can still play" in (ann.text_content("#overdue") or "")
        assert ann.locator("#overdue button").count() == 0
        bo.screenshot(path=str(out / "clock-wait-or-bot.png"))

        bo.click("#overdue-wait")
        bo.wait_for_selector("#overdue:not(:has(#overdue-wait))")
        assert "you are waiting for them" in (bo.text_content("#overdue") or "")
        bo.click("#overdue-bot")
        for page in (ann, bo):
            page.wait_for_selector(".board[data-seat='0'] .tag.left", timeout=15000)
        assert bo.locator("#overdue").count() == 0
    assert not errors, errors
