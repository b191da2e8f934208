"""A tournament in Debian's Chromium (issue 29, item 4): an account signed in in the page
creates a Swiss tournament from the tournaments page (linked from the home page), joins it, a
second account joins over the API, the creator starts it in the page; once its game is played
the tournament page shows the final standings, in English and in French."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

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


def play_out(base: str, players: list[httpx.Client], rng: random.Random) -> None:
    """Legal moves for each account's seats until none of its games is to move."""
    tokens: dict[str, str] = {}
    for _ in range(2000):
        moved = False
        for p in players:
            for line in p.get(base + "/api/account/games").json()["games"]:
                if not line["to_move"] or line["phase"] == "over":
                    continue
                gid = line["game"]
                key = f"{id(p)}:{gid}"
                if key not in tokens:
                    tokens[key] = p.post(f"{base}/api/games/{gid}/seat-token", json={}).json()["token"]
                head = {"Authorization": f"Bearer {tokens[key]}"}
                v = p.get(f"{base}/api/games/{gid}", headers=head).json()
                p.post(f"{base}/api/games/{gid}/moves", headers=head,
                       json={"version": v["version"], "move": rng.choice(v["legal"])["move"]})
                moved = True
        if not moved:
            return
    raise AssertionError("the games did not end")


def test_the_tournament_page_shows_the_standings(server: Server) -> None:
    base = server.base
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        sign_up(page, base, "Helena", "tiles and more")
        page.click("#nav-tournaments")  # from the home page's top bar
        page.wait_for_selector("#t-form")
        page.fill("#t-name", "Tuesday Swiss")
        page.fill("#t-rounds", "1")
        page.click("#t-create")
        page.wait_for_selector("#t-join")
        page.click("#t-join")
        page.wait_for_selector("#t-entrants li")
        other = httpx.Client(timeout=10)
        r = other.post(base + "/api/account", json={"name": "Ivo", "password": "tiles and more"})
        assert r.status_code == 201, r.text
        tid = page.url.rsplit("/", 1)[1]
        assert other.post(f"{base}/api/tournaments/{tid}/join", json={}).status_code == 200
        page.reload()
        page.wait_for_selector("#t-entrants li:nth-child(2)")
        page.click("#t-start")
        page.wait_for_selector("#t-standings")
        mine = httpx.Client(timeout=10, cookies={c["name"]: c["value"]
                                                 for c in page.context.cookies()})
        play_out(base, [mine, other], random.Random(3))
        t: dict[str, Any] = httpx.get(f"{base}/api/tournaments/{tid}").json()
        assert t["status"] == "finished", t
        page.reload()
        page.wait_for_selector(".tournament-page[data-status='finished']")
        rows = page.locator("#t-standings tbody tr")
        assert rows.count() == 2
        names = [rows.nth(i).locator("td").nth(1).inner_text() for i in range(2)]
        assert names == [s["name"] for s in t["standings"]]
        points = [rows.nth(i).locator("td").nth(2).inner_text() for i in range(2)]
        assert points == [f"{s['points']:g}" for s in t["standings"]]
        assert "over" in page.inner_text("#t-status").lower()
        # in French: the same table in the page's words
        page.select_option("#set-lang", "fr")
        page.wait_for_selector("text=Classement")
        assert "Le tournoi est terminé." in page.inner_text("#t-status")
        page.goto(base + "/tournaments")
        page.wait_for_selector(f"#tournaments-finished a[href='/tournaments/{tid}']")
        mine.close()
        other.close()
    assert errors == []


def test_a_four_player_tournament_page_shows_its_tables(server: Server) -> None:
    """The form makes a tournament of 4-player games (round-robin is then not offered), the
    creator adds three bots in the page and starts it; once the table's game is over the
    page shows the table with its four players by place, in English and in Ukrainian."""
    base = server.base
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        sign_up(page, base, "Marta", "tiles and more")
        page.goto(base + "/tournaments")
        page.wait_for_selector("#t-form")
        page.fill("#t-name", "Table of four")
        page.fill("#t-rounds", "1")
        page.select_option("#t-players", "4")
        assert page.eval_on_selector("#t-format option[value='round_robin']", "o => o.disabled")
        page.check("#t-bots")
        page.click("#t-create")
        page.wait_for_selector("#t-join")
        assert "4 players a game" in page.inner_text(".tournament-page")
        page.click("#t-join")
        page.wait_for_selector("#t-entrants li")
        for i in range(3):
            page.select_option("#t-bot-level", "random")
            page.click("#t-add-bot")
            page.wait_for_selector(f"#t-entrants li:nth-child({i + 2})")
        page.click("#t-start")
        page.wait_for_selector("li[data-seats='4']")
        mine = httpx.Client(timeout=10, cookies={c["name"]: c["value"]
                                                 for c in page.context.cookies()})
        tid = page.url.rsplit("/", 1)[1]
        t: dict[str, Any] = {}
        rng = random.Random(4)
        for _ in range(3000):  # the account's moves, the bots' between them
            play_out(base, [mine], rng)
            t = httpx.get(f"{base}/api/tournaments/{tid}").json()
            if t["status"] == "finished":
                break
        assert t["status"] == "finished", t
        page.reload()
        page.wait_for_selector(".tournament-page[data-status='finished']")
        board = t["pairings"][0]["boards"][0]
        lines = page.locator("ol.table-result li")
        assert lines.count() == 4
        kinds = {e["id"]: e["kind"] for e in t["entrants"]}
        by_place = sorted(range(4), key=lambda i: (board["places"][i], i))
        texts = [lines.nth(i).inner_text() for i in range(4)]
        for text, i in zip(texts, by_place):  # best place first, each with its points
            assert f"place {board['places'][i]}, points {board['points'][i]:g}" in text
            assert text.startswith("Marta") == (kinds[board["seats"][i]] == "person")
        assert page.locator("#t-standings tbody tr").count() == 4
        assert "first place gets 3 points" in page.inner_text(".tournament-page")
        page.select_option("#set-lang", "uk")
        page.wait_for_selector("text=місце 1")
        assert "3 очки" in page.inner_text(".tournament-page")
        mine.close()
    assert errors == []
