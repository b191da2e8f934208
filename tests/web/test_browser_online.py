"""Issue 28's "Done when", as one Chromium scenario: two accounts sign up in two browser
contexts and one invites the other; they play a turn-based game (a day a move); one player
switches device mid-game (a new context, signed in) and plays on; the server is killed with
SIGKILL during a turn and restarted "35 s later" (the database set back 35 s while it is down,
as tests/web/test_restart.py does: no real sleep) and nobody is charged for the outage; the
other player gets a "your turn" e-mail from a local SMTP server (aiosmtpd); a turn that runs
out offers the opponent wait or bot; and a player who goes on vacation is shown so."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .browser import CHROMIUM, DESKTOP, PHONE, artifacts, chromium, create_and_enter, open_page
from .servers import Server, free_port

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]
pytest.importorskip("aiosmtpd", reason="the e-mail part needs aiosmtpd (the dev extra)")

from .accounts.test_browser_accounts import play_turns, sign_in, sign_up  # noqa: E402
from .mail.conftest import SmtpServer, smtp  # noqa: E402, F401

DAY = 86400


@pytest.fixture
def online(tmp_path: Path, smtp: SmtpServer) -> Iterator[tuple[Server, SmtpServer]]:  # noqa: F811
    """``azulejos serve`` on SQLite with a day a move as the default clock and e-mail through
    the local SMTP server."""
    port = free_port()
    s = Server(tmp_path / "games.sqlite3", port, [
        "--turn-seconds", str(DAY), "--smtp", smtp.url, "--mail-from", "azulejos@example.test",
        "--public-url", f"http://127.0.0.1:{port}"])
    s.start()
    try:
        yield s, smtp
    finally:
        s.stop()


def view(server: Server, gid: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server.base}/api/games/{gid}", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def restart_set_back(server: Server, seconds: float, deadline_at: float | None = None) -> None:
    """Kill the server (SIGKILL, mid-turn), set the database back ``seconds`` as if the kill
    had happened that long ago (the heartbeat, the running turn), or put the turn's deadline at
    ``deadline_at``; start it again."""
    from sqlalchemy import create_engine, update

    from azulejos.web.tables import games_t, heartbeat_t

    server.kill()
    engine = create_engine(f"sqlite:///{server.db}")
    with engine.begin() as conn:
        if seconds:
            conn.execute(update(heartbeat_t).values(beat=heartbeat_t.c.beat - seconds))
            conn.execute(update(games_t).values(turn_began=games_t.c.turn_began - seconds,
                                                turn_deadline=games_t.c.turn_deadline - seconds))
        if deadline_at is not None:
            conn.execute(update(games_t).values(turn_deadline=deadline_at))
    engine.dispose()
    server.start()


def test_two_accounts_play_online_across_devices_an_outage_mail_and_a_time_out(
        online: tuple[Server, SmtpServer]) -> None:
    server, mail = online
    out = artifacts()
    errors: list[str] = []
    rng = random.Random(2828)
    with chromium() as browser:
        ann = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        bo = open_page(browser, errors, timeout=20000, **PHONE)
        sign_up(ann, server.base, "Ann", "ann's long password")
        sign_up(bo, server.base, "Bo", "bo's long password")

        # Bo gives an address and verifies it from the mail's link
        bo.fill("#account-email", "bo@example.test")
        bo.fill("#account-email-password", "bo's long password")
        bo.click(".account-email button[type='submit']")
        bo.click("#account-verify")
        first = mail.inbox.wait(1)[0]
        body = first.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        link = re.search(r"\S+/account/verify#\S+", body)
        assert first["To"] == "bo@example.test" and link is not None, body
        bo.goto(link.group(0))
        bo.wait_for_selector("#account-link-done")

        # Ann creates the game (a day a move: the server's default) and invites Bo
        ann.goto(server.base + "/")
        bo_link = create_and_enter(ann, {})
        bo.goto(bo_link)
        bo.wait_for_selector(".game .factory")
        games = ann.evaluate("() => JSON.parse(localStorage.getItem('azulejos.games'))")
        gid, ta = next((g["game"], g["token"]) for g in games if g["role"] == "seat")
        v = view(server, gid, ta)
        assert v["clock"]["kind"] == "move" and v["clock"]["seconds"] == DAY
        assert [s["name"] for s in v["seats"]] == ["Ann", "Bo"]
        play_turns({0: ann, 1: bo}, rng, 2)

        # Bo is told by mail that it is his turn (his turn began after the address was verified)
        def turn_mail() -> Any:
            for n in range(2, 5):
                got = mail.inbox.wait(n)[-1]
                if got["Subject"] == "Azulejos: your turn against Ann":
                    return got
            raise AssertionError("no 'your turn' mail")

        told = turn_mail()
        assert told["To"] == "bo@example.test" and gid in told.get_body(
            ("plain",)).get_content()  # type: ignore[union-attr]

        # Ann switches device mid-game: signed in on a laptop, the game from My games
        laptop = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        sign_in(laptop, server.base, "Ann", "ann's long password")
        laptop.wait_for_selector(f"#my-games li.elsewhere[data-game='{gid}']")
        laptop.click(f"#my-games li[data-game='{gid}'] a.account-game")
        laptop.wait_for_selector(".game .factory")
        play_turns({0: laptop, 1: bo}, rng, 1)
        if view(server, gid, ta)["current"] != 1:
            play_turns({0: laptop, 1: bo}, rng, 1)
        before = view(server, gid, ta)
        assert before["current"] == 1

        # killed during Bo's turn, restarted "35 s later": nobody is charged for the outage
        restart_set_back(server, 35)
        after = view(server, gid, ta)
        assert all(s["left"] is None for s in after["seats"]) and after["clock"]["overdue"] is None
        assert before["clock"]["remaining"][1] - 6 <= after["clock"]["remaining"][1] <= DAY
        for page in (laptop, bo):
            page.reload()
            page.wait_for_selector(".game .factory")
        play_turns({0: laptop, 1: bo}, rng, 1)  # Bo plays on; Ann's turn
        assert view(server, gid, ta)["current"] == 0

        # Ann's turn runs out (its deadline passed while the server was down a moment): Bo is
        # offered the choice, wait or bot; he waits, and Ann's page says she may still move
        restart_set_back(server, 0, deadline_at=1.0)
        for page in (laptop, bo):
            page.reload()
        bo.wait_for_selector("#overdue #overdue-wait")
        assert bo.locator("#overdue #overdue-bot").count() == 1
        bo.screenshot(path=str(out / "online-wait-or-bot.png"), full_page=True)
        laptop.wait_for_selector("#overdue")
        assert laptop.locator("#overdue-wait").count() == 0  # the overdue player does not choose
        bo.click("#overdue-wait")
        bo.wait_for_selector("#overdue:not(:has(#overdue-wait))")
        assert view(server, gid, ta)["clock"]["overdue"]["choice"] == "wait"
        assert all(s["left"] is None for s in view(server, gid, ta)["seats"])

        # Bo goes on vacation from his account card: Ann's board says until when
        bo.goto(server.base + "/")
        bo.fill("#vacation-days", "3")
        bo.click("#vacation-start")
        bo.wait_for_selector("#vacation-on")
        laptop.wait_for_selector(".board[data-seat='1'] .tag.vacation")
        assert "on vacation until" in laptop.inner_text(".board[data-seat='1'] .tag.vacation")
        assert view(server, gid, ta)["seats"][1]["vacation"] is not None
        laptop.screenshot(path=str(out / "online-vacation.png"), full_page=True)
    assert not errors, errors
