"""Finding a game end to end in Debian's Chromium (issue 29, "Done when": "A Chromium test: two
fresh accounts ask for quick match with the same settings and land in one game. They exchange
chat messages (HTML shows as text). A third account watches live. They rematch. The finished
rated game moves both ratings."). The moves go over the API with the seat tokens the pages
keep (to finish fast) while the three pages follow the game live."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..accounts.test_browser_accounts import sign_up
from ..browser import (
    CHROMIUM,
    DESKTOP,
    PHONE,
    artifacts,
    bearer_auth,
    chromium,
    open_page,
    play_out_over_api,
)
from ..servers import Server, free_port

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]

EVIL = "<b>bold</b> <img src=x onerror=\"window.pwned=1\">"


def in_game(page: Any) -> str:
    """The game the page is on (its address: /play/{id}), once its table is drawn."""
    page.wait_for_function("() => /^\\/play\\//.test(location.pathname)")
    page.wait_for_selector(".game .factory")
    path: str = page.evaluate("() => location.pathname")
    return path.split("/")[-1]


def seat_token(page: Any, game: str) -> str:
    games = page.evaluate("() => JSON.parse(localStorage.getItem('azulejos.games'))")
    token: str = next(g["token"] for g in games if g["game"] == game and g["role"] == "seat")
    return token


def chat_texts(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#chat-list .chat-text",
                                          "els => els.map(e => e.textContent)"))


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Server]:
    """A server behind a "proxy" on 127.0.0.1 (``serve --proxy``): each browser below says the
    address it comes from (X-Forwarded-For), as three people's browsers at home would. Fair play
    rates no game whose seats were played from one client (docs/api.md, "Fair play")."""
    s = Server(tmp_path / "games.sqlite3", free_port(), ["--proxy", "127.0.0.1"])
    s.start()
    try:
        yield s
    finally:
        s.stop()


def _from(address: str) -> dict[str, Any]:
    return {"extra_http_headers": {"X-Forwarded-For": address}}


def test_quick_match_chat_watch_play_out_rematch_and_ratings(proxied: Server) -> None:
    server = proxied
    out = artifacts()
    errors: list[str] = []
    with chromium() as browser:
        ann = open_page(browser, errors, timeout=20000, viewport=DESKTOP, **_from("10.1.0.1"))
        bo = open_page(browser, errors, timeout=20000, **PHONE, **_from("10.1.0.2"))
        cy = open_page(browser, errors, timeout=20000, viewport=DESKTOP, **_from("10.1.0.3"))
        for page, name in ((ann, "Ann"), (bo, "Bo"), (cy, "Cy")):
            sign_up(page, server.base, name, f"{name.lower()}'s long password")

        # the same settings on both: two players, grey wall, ten minutes each, rated
        for page in (ann, bo):
            page.wait_for_selector("#find-game #quick-match:not([disabled])")
            page.select_option("#find-variant", "grey")
            page.select_option("#find-clock", "game:10m")
            assert page.is_checked("#find-rated")
        ann.click("#quick-match")
        ann.wait_for_selector("#quick-waiting")
        ann.screenshot(path=str(out / "quick-match-waiting.png"), full_page=True)
        bo.click("#quick-match")
        gid = in_game(bo)
        assert in_game(ann) == gid  # Ann's page asked, and was taken there
        tokens, homes = {}, {}
        for page, home in ((ann, "10.1.0.1"), (bo, "10.1.0.2")):
            tok = seat_token(page, gid)
            v = httpx.get(f"{server.base}/api/games/{gid}",
                          headers={"Authorization": f"Bearer {tok}"}).json()
            tokens[v["you"]["seats"][0]] = tok
            homes[v["you"]["seats"][0]] = home
        assert v["rated"] is True and v["variant"] == "grey" and v["clock"]["kind"] == "game"
        assert sorted(s["name"] for s in v["seats"]) == ["Ann", "Bo"]

        # chat: markup shows as text
        ann.fill("#chat-input", EVIL)
        ann.click("#chat-send")
        bo.wait_for_function("() => document.querySelectorAll('#chat-list .chat-text').length === 1")
        assert chat_texts(bo) == [EVIL]
        assert bo.locator("#chat-list b, #chat-list img").count() == 0
        bo.fill("#chat-input", "good luck!")
        bo.click("#chat-send")
        ann.wait_for_function("() => document.querySelectorAll('#chat-list .chat-text').length === 2")

        # a third account watches from the lobby's list of live games, and reads the chat
        cy.goto(server.base + "/")
        cy.wait_for_selector(f"#live-games li[data-lobby] a.watch[href^='/play/{gid}#']")
        cy.screenshot(path=str(out / "lobby-watch-list.png"), full_page=True)
        cy.click(f"#live-games a.watch[href^='/play/{gid}#']")
        assert in_game(cy) == gid
        cy.wait_for_function("() => document.querySelectorAll('#chat-list .chat-text').length === 2")
        assert chat_texts(cy) == [EVIL, "good luck!"]
        assert not cy.is_visible("#chat-input") and cy.is_visible("#chat-note")  # reads only

        # the game is played to its end over the API; every page follows it live
        # each seat's moves from its player's address (fair play notes a move's client)
        v = play_out_over_api(server.base, gid, tokens, random.Random(29),
                              headers={seat: {"X-Forwarded-For": home} for seat, home in homes.items()})
        for page in (ann, bo, cy):
            page.wait_for_selector(".game.phase-over")
        assert cy.locator("#rematch-offer").count() == 0  # a spectator has no rematch

        # the finished rated game moved both ratings (a new player's ordinal is 0)
        for page in (ann, bo):
            me = page.evaluate("async () => (await (await fetch('/api/account')).json())")
            for _ in range(200):
                p = httpx.get(f"{server.base}/api/profiles/{me['profile']['id']}").json()
                if p["rating"] is not None:
                    break
            assert p["ratings"]["2-grey"]["games"] == 1 and p["rating"]["ordinal"] != 0

        # rematch: Ann offers, Bo (told over the websocket) accepts, both land in the new game
        ann.click("#rematch-offer")
        ann.wait_for_selector("#rematch[data-status='open'] #rematch-decline")
        bo.wait_for_selector("#rematch-accept")
        assert "Ann" in bo.inner_text("#rematch")
        bo.screenshot(path=str(out / "rematch-offer-phone.png"), full_page=True)
        bo.click("#rematch-accept")
        bo.wait_for_function(f"() => location.pathname !== '/play/{gid}'")  # taken to the new one
        new = in_game(bo)
        assert new != gid
        ann.wait_for_function(f"() => location.pathname === '/play/{new}'")
        assert in_game(ann) == new
        for page in (ann, bo):
            assert page.locator(".game.phase-over").count() == 0
        nv = httpx.get(f"{server.base}/api/games/{new}", headers=bearer_auth(seat_token(bo, new))).json()
        assert nv["rated"] is True and nv["variant"] == "grey"
        assert [s["name"] for s in nv["seats"]] == [s["name"] for s in v["seats"]][::-1]
        ann.screenshot(path=str(out / "rematch-new-game.png"), full_page=True)

        # one game makes a provisional rating: the leaderboard lists established ones only
        # (docs/api.md, "Fair play"), and the profile says it is provisional
        cy.goto(server.base + "/leaderboard?players=2&variant=grey")
        cy.wait_for_selector("#lb-empty")
        for page in (ann, bo):
            me = page.evaluate("async () => (await (await fetch('/api/account')).json())")
            got = httpx.get(f"{server.base}/api/profiles/{me['profile']['id']}").json()
            assert got["rating"]["provisional"] is True
        assert not ann.evaluate("() => window.pwned") and not bo.evaluate("() => window.pwned")
    assert errors == []


def test_open_a_public_game_join_it_from_the_list_and_cancel_a_quick_match(
        server: Server) -> None:
    errors: list[str] = []
    with chromium() as browser:
        ann = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        bo = open_page(browser, errors, timeout=20000, **PHONE)
        visitor = open_page(browser, errors, timeout=20000, viewport=DESKTOP)
        sign_up(ann, server.base, "Ann", "ann's long password")
        sign_up(bo, server.base, "Bo", "bo's long password")
        # a visitor who is not signed in sees the lobby but cannot join
        visitor.goto(server.base + "/")
        visitor.wait_for_selector("#find-game #quick-match[disabled]")

        bo.wait_for_selector("#find-variant")
        bo.evaluate("() => { window.kept = document.querySelector('#find-variant'); }")
        ann.wait_for_selector("#lobby-open:not([disabled])")
        ann.click("[data-find-players='2']")
        ann.uncheck("#find-rated")
        ann.click("#lobby-open")
        ann.wait_for_selector("#open-games li.mine .leave-lobby")
        bo.wait_for_selector("#open-games li .join-lobby")
        # the lists were read again; the settings' fields stayed (an open drop-down stays open)
        assert bo.evaluate("() => window.kept === document.querySelector('#find-variant')")
        assert "Ann" in bo.inner_text("#open-games") and "not rated" in bo.inner_text("#open-games")
        visitor.wait_for_selector("#open-games li .join-lobby[disabled]")
        bo.click("#open-games li .join-lobby")
        gid = in_game(bo)
        assert in_game(ann) == gid  # Ann's page saw her game start and went in
        v = httpx.get(f"{server.base}/api/games/{gid}",
                      headers={"Authorization": f"Bearer {seat_token(ann, gid)}"}).json()
        assert v["rated"] is False and [s["name"] for s in v["seats"]] == ["Ann", "Bo"]

        # a quick match asked for and cancelled
        ann.goto(server.base + "/")
        ann.click("#quick-match")
        ann.wait_for_selector("#quick-waiting")
        ann.click("#quick-cancel")
        ann.wait_for_selector("#quick-match")
        assert ann.locator("#quick-waiting").count() == 0
    assert errors == []
