"""End to end in a real browser (Debian's Chromium, driven by Playwright): two people in two
browser contexts create, join and play a whole 2-player game through a real server; two
people claim seats from links, a third finds the seat taken, one leaves and a bot finishes.

Screenshots go to $AZULEJOS_ARTIFACTS (default: <tmp>/azulejos-artifacts/web).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from .browser import CHROMIUM, DESKTOP, PHONE, artifacts, chromium, open_page, pick_random_move
from .servers import Server

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


def test_two_browsers_play_a_whole_game(server: Server) -> None:
    out = artifacts()
    rng = random.Random(11)
    errors: list[str] = []
    with chromium() as browser:
        ann = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        bo = open_page(browser, errors, timeout=15000, **PHONE)
        # what each page's sockets receive: after a whole view, patches (docs/api.md)
        kinds: dict[str, list[str]] = {"ann": [], "bo": []}

        def watch(ws: Any, got: list[str]) -> None:
            def frame(payload: str | bytes) -> None:
                text = payload if isinstance(payload, str) else payload.decode()
                got.append(str(json.loads(text).get("type")))
            ws.on("framereceived", frame)

        for name, page in (("ann", ann), ("bo", bo)):
            page.on("websocket", lambda ws, got=kinds[name]: watch(ws, got))

        # Ann creates the game in the lobby.
        ann.goto(server.base + "/")
        ann.fill(".seat-name[data-seat='0']", "Ann")
        ann.fill(".seat-name[data-seat='1']", "Bo")
        ann.screenshot(path=str(out / "lobby.png"), full_page=True)
        ann.click("#create")
        ann.wait_for_selector("#enter-game")
        bo_link = ann.locator(".link-row.seat .link-input").nth(1).input_value()
        assert "/join/" in bo_link and "#" in bo_link
        ann.screenshot(path=str(out / "created.png"), full_page=True)
        ann.click("#enter-game")
        ann.wait_for_selector(".game .factory")

        # Bo joins from his link on a phone, with the chocolate theme and patterns.
        bo.goto(bo_link)
        bo.wait_for_selector(".game .factory")
        assert "#" not in bo.url  # the token leaves the address bar
        bo.select_option("#set-theme", "chocolatier")
        bo.check("#set-patterns")
        bo.wait_for_selector("body.theme-chocolatier.patterns")

        # Reload keeps the game (the token is kept in localStorage).
        bo.reload()
        bo.wait_for_selector(".game .factory")

        pages = {0: ann, 1: bo}
        shots = 0
        for n in range(400):
            version = int(ann.get_attribute(".game", "data-version") or 0)
            if ann.locator(".game.phase-over").count():
                break
            mover = None
            for seat, page in pages.items():
                page.wait_for_selector(f".game[data-version='{version}']")
                if page.locator("#status.mine").count():
                    mover = seat
            assert mover is not None, "somebody must be to move"
            page = pages[mover]
            pick_random_move(page, rng)
            page.wait_for_selector("#preview")
            if n in (6, 7) or (n > 20 and shots < 2 and page.locator(".tiling-badge").count()):
                page.screenshot(path=str(out / f"move-{n:03d}-seat{mover}.png"), full_page=True)
                shots += n > 20
            page.click("#confirm")
            # both browsers get the next view
            for p2 in pages.values():
                p2.wait_for_function(
                    f"() => Number(document.querySelector('.game')?.dataset.version) > {version}")
        else:
            pytest.fail("the game did not end within 400 moves")

        for seat, page in pages.items():
            page.wait_for_selector("#summary")
            page.screenshot(path=str(out / f"end-seat{seat}.png"), full_page=True)
            text = page.inner_text("#summary")
            assert "Ann" in text and "Bo" in text
        # the table was drawn from patches: whole views only on (re)connecting
        for got in kinds.values():
            assert got.count("patch") > 30 and got.count("view") <= 3, got
        with ann.expect_download() as dl:
            ann.click("#summary #download")
        saved = out / "record.json"
        dl.value.save_as(str(saved))
        from azulejos.notation import load_record, replay

        assert replay(load_record(saved)).is_over
    assert not errors, errors


def test_seats_claimed_from_links_and_a_player_who_leaves(server: Server) -> None:
    out = artifacts()
    rng = random.Random(5)
    errors: list[str] = []
    with chromium() as browser:
        host, ann, bo, cy = (open_page(browser, errors, timeout=20000, viewport=DESKTOP)
                             for _ in range(4))

        # The host creates a game for Ann and Bo (a random bot stands in for a leaver)
        # and only hands out the links: no seat token stays on the host's device.
        host.goto(server.base + "/")
        host.fill(".seat-name[data-seat='0']", "Ann")
        host.fill(".seat-name[data-seat='1']", "Bo")
        host.select_option("#stand-in", "easy")
        host.click("#create")
        host.wait_for_selector("#enter-game")
        links = [host.locator(".link-row.seat .link-input").nth(i).input_value() for i in (0, 1)]
        assert all("/join/" in x for x in links)
        kept = host.evaluate("() => JSON.stringify(localStorage)")

        # Ann and Bo claim their seats from their links.
        ann.goto(links[0])
        ann.wait_for_selector(".game .factory")
        bo.goto(links[1])
        bo.wait_for_selector(".game .factory")
        assert "#" not in bo.url and "/play/" in bo.url
        # Cy opens Bo's link too late: told clearly, no takeover.
        cy.goto(links[1])
        cy.wait_for_selector("#join-notice")
        cy.screenshot(path=str(out / "join-taken.png"), full_page=True)
        assert cy.locator(".game").count() == 0
        assert "taken" in cy.inner_text("#join-notice")
        # the seat tokens were created on Ann's and Bo's devices, not the host's
        for page in (ann, bo):
            token = page.evaluate(
                "() => JSON.parse(localStorage.getItem('azulejos.games'))[0].token")
            assert token not in kept and token not in "".join(links)

        # Bo leaves, after confirming.
        bo.click("#leave")
        bo.wait_for_selector("#leave-dialog")
        bo.screenshot(path=str(out / "leave-dialog.png"), full_page=True)
        bo.click("#leave-confirm")
        bo.wait_for_selector("#you-left")
        ann.wait_for_selector(".board[data-seat='1'] .tag.left")

        # Ann plays on; the easy bot plays Bo's seat to the end.
        for _ in range(400):
            if ann.locator(".game.phase-over").count():
                break
            if not ann.locator("#status.mine").count():
                ann.wait_for_timeout(50)
                continue
            version = int(ann.get_attribute(".game", "data-version") or 0)
            pick_random_move(ann, rng)
            ann.click("#confirm")
            ann.wait_for_function(
                f"() => Number(document.querySelector('.game')?.dataset.version) > {version}")
        else:
            pytest.fail("the game did not end within 400 moves")
        for name, page in (("ann", ann), ("bo", bo)):
            page.wait_for_selector("#summary .left-line")
            text = page.inner_text("#summary .left-line")
            assert "Bo" in text and "Easy bot" in text and "round 1" in text
            head = page.inner_text("#summary .winner-line")
            # the headline never credits Bo with a win the stand-in bot played out
            # (Ann's win in the terminal's words since issue 27: "Ann wins with 41 points.")
            assert re.fullmatch(r"Ann wins with \d+ points?\.", head) or \
                head == "Easy bot wins for Bo, who left in round 1" or \
                head.startswith("Shared victory"), head
            page.screenshot(path=str(out / f"end-left-{name}.png"), full_page=True)
    assert not errors, errors


def test_the_lobby_offers_the_bot_levels_by_their_names_in_each_language(server: Server) -> None:
    """A seat's choices are a person or a bot level, named in the page's language ("Easy bot",
    "Легкий бот"...); the research bots the API also takes (greedy, fastmcts...) are not
    offered, and neither are they for the stand-in."""
    from azulejos.web.messages import ui_messages
    from azulejos.web.service import PREFERRED_LEVELS, bot_levels

    assert "fastmcts" in bot_levels()  # the server takes them...
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=15000, viewport=DESKTOP)
        page.goto(server.base + "/")
        page.wait_for_selector(".seat-kind[data-seat='1']")
        for lang in ("en", "uk", "ru", "fr"):
            words = ui_messages(lang)
            names = [str(words[f"name.bot.{lv}"]) for lv in PREFERRED_LEVELS]
            if lang != "en":
                page.select_option("#set-lang", lang)
            page.wait_for_function(
                "(n) => document.querySelector(\".seat-kind[data-seat='1'] option[value='bot:easy']\")"
                "?.textContent === n", arg=names[0])
            seat = page.locator(".seat-kind[data-seat='1'] option")
            assert seat.all_inner_texts() == [words["lobby.kind.person"], *names]
            assert seat.evaluate_all("os => os.map((o) => o.value)") == [
                "person", *(f"bot:{lv}" for lv in PREFERRED_LEVELS)]  # ...the lobby does not
            stand_in = page.locator("#stand-in option").all_inner_texts()
            assert stand_in == [n for lv, n in zip(PREFERRED_LEVELS, names) if lv != "random"]
        page.screenshot(path=str(artifacts() / "lobby-levels-fr.png"), full_page=True)
    assert not errors, errors
