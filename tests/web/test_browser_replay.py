"""Replay and review in a real browser (Debian's Chromium, driven by Playwright; issue #14
item 4): a finished game is stepped through from its page (buttons, arrow keys, the move list)
and reviewed by the server; reviewed records are opened from a file, picked or dropped (base
game and the special factories module, R40-R47); a broken file is refused with one line; a
running game is replayed by a spectator up to now, and the replay follows its new moves.

Screenshots go to $AZULEJOS_ARTIFACTS (default: <tmp>/azulejos-artifacts/web).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from .browser import CHROMIUM, DESKTOP, artifacts, chromium, open_page
from .servers import Server

DATA = Path(__file__).parent / "data"
REVIEWED = DATA / "replay-reviewed.json"
SF_REVIEWED = DATA / "replay-sf-reviewed.json"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason="needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)"),
]


def finished_bot_game(server: Server) -> tuple[str, str, dict[str, Any]]:
    """A game of two bots played to the end; its id, the spectators' token and the last view."""
    r = httpx.post(server.base + "/api/games", json={
        "players": 2, "seats": [{"kind": "bot", "level": "random", "name": "Rita"},
                                {"kind": "bot", "level": "easy", "name": "Eddy"}]})
    assert r.status_code == 201, r.text
    game, token = r.json()["game"], r.json()["spectator_token"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        v = httpx.get(f"{server.base}/api/games/{game}", headers={"Authorization": f"Bearer {token}"}).json()
        if v["phase"] == "over":
            return game, token, v
        time.sleep(0.2)
    pytest.fail("the bots did not finish within 60 s")


def test_replay_a_finished_game_and_open_reviewed_records(server: Server, tmp_path: Path) -> None:
    out = artifacts()
    game, token, end = finished_bot_game(server)
    record = httpx.get(f"{server.base}/api/games/{game}/record",
                       headers={"Authorization": f"Bearer {token}"}).json()
    last = sum(len(r["moves"]) + 1 for r in record["rounds"]) - 1
    errors: list[str] = []
    with chromium() as browser:
        page = open_page(browser, errors, timeout=20000, viewport=DESKTOP)

        # From the finished game's page to its replay.
        page.goto(f"{server.base}/play/{game}#{token}")
        page.wait_for_selector("#end-replay")  # offered on the end screen
        page.click("#close-summary")
        page.click("#replay-link")
        page.wait_for_selector("#replay-pos")
        assert page.url.endswith(f"/replay/{game}")
        assert page.inner_text("#replay-pos") == f"Move 0 of {last}"
        assert page.locator(".replay .factory").count() == 5
        assert page.is_disabled("#replay-prev") and page.is_disabled("#replay-first")

        # Step: a button, the arrow keys, the move list.
        page.click("#replay-next")
        assert page.inner_text("#replay-pos") == f"Move 1 of {last}"
        first_mover = record["start_player"]
        assert page.inner_text("#replay-text").startswith(["Rita", "Eddy"][first_mover])
        page.keyboard.press("ArrowRight")
        assert page.inner_text("#replay-pos") == f"Move 2 of {last}"
        page.keyboard.press("ArrowLeft")
        assert page.get_attribute(".game.replay", "data-frame") == "1"
        page.click("#replay-moves [data-frame='6']")
        assert page.get_attribute(".game.replay", "data-frame") == "6"
        assert page.locator("#replay-moves li.current [data-frame='6']").count() == 1
        page.screenshot(path=str(out / "replay-game.png"), full_page=True)
        page.keyboard.press("End")
        assert page.inner_text("#replay-pos") == f"Move {last} of {last}"
        assert page.is_disabled("#replay-next")
        scores = [int(page.inner_text(f".board[data-seat='{s}'] .score")) for s in (0, 1)]
        assert scores == end["result"]["scores"]
        page.keyboard.press("Home")
        assert page.inner_text("#replay-pos") == f"Move 0 of {last}"

        # No review yet: the server reviews the finished game (bounded, in the background).
        page.click("#review-game")
        page.wait_for_selector("#review .mistakes", timeout=60000)
        page.keyboard.press("ArrowRight")
        assert page.inner_text("#replay-review").startswith("Review")
        assert page.locator("#download-reviewed").count() == 1
        page.screenshot(path=str(out / "replay-game-reviewed.png"), full_page=True)

        # Open a reviewed record from a file.
        page.click("#nav-replay")
        page.wait_for_selector("#drop-zone")
        page.set_input_files("#record-file", str(REVIEWED))
        page.wait_for_selector("#review .mistakes")
        reviewed = json.loads(REVIEWED.read_text())
        worst = max((e for rnd in reviewed["review"]["moves"] for e in rnd), key=lambda e: e["lost"])
        page.click(f".mistakes[data-seat='{worst['seat']}'] button.link >> nth=0")
        assert page.locator("#replay-review.mistake").count() == 1
        assert worst["best"] in page.inner_text("#replay-review")
        page.screenshot(path=str(out / "replay-review.png"), full_page=True)

        # In Ukrainian: the words come again from the server in the page's language.
        before = page.inner_text("#replay-review")
        page.select_option("#set-lang", "uk")
        page.wait_for_function("() => document.querySelector('#replay-review')?.textContent.startsWith('Аналіз')")
        assert page.inner_text("#replay-review") != before
        page.select_option("#set-lang", "en")
        page.wait_for_function("() => document.querySelector('#replay-review')?.textContent.startsWith('Review')")

        # A module record (special displays, R40) opens too.
        page.set_input_files("#record-file", str(SF_REVIEWED))
        page.wait_for_selector(".replay .sf-badge")
        page.keyboard.press("End")
        sf = json.loads(SF_REVIEWED.read_text())
        scores = [int(page.inner_text(f".board[data-seat='{s}'] .score")) for s in range(3)]
        assert scores == sf["final_scores"]

        # A broken file: one line, and the replay shown before stays.
        bad = tmp_path / "bad.json"
        broken = json.loads(REVIEWED.read_text())
        broken["rounds"][0]["scores"] = [99, 0]
        bad.write_text(json.dumps(broken))
        page.set_input_files("#record-file", str(bad))
        page.wait_for_selector("#replay-error")
        text = page.inner_text("#replay-error")
        assert "Round 1: the recorded scores are 99, 0" in text and "\n" not in text.strip()
        page.screenshot(path=str(out / "replay-bad-record.png"), full_page=True)
        assert page.locator(".replay .board").count() == 3  # the 3-player module replay stays

        # Dropped on the drop zone instead of picked: the reviewed base-game record.
        dropped = page.evaluate_handle(
            "(text) => { const dt = new DataTransfer();"
            " dt.items.add(new File([text], 'game.json', { type: 'application/json' })); return dt; }",
            REVIEWED.read_text())
        page.dispatch_event("#drop-zone", "drop", {"dataTransfer": dropped})
        moves = sum(len(r["moves"]) + 1 for r in reviewed["rounds"]) - 1
        page.wait_for_function(
            f"() => document.querySelector('#replay-pos')?.textContent === 'Move 0 of {moves}'")
        assert page.locator("#replay-error").count() == 0

        # A running game, for a spectator: the replay ends at the present.
        r = httpx.post(server.base + "/api/games", json={"players": 2, "hotseat": True})
        live, hot, spec = r.json()["game"], r.json()["hotseat_token"], r.json()["spectator_token"]
        for _ in range(3):
            v = httpx.get(f"{server.base}/api/games/{live}", headers={"Authorization": f"Bearer {hot}"}).json()
            httpx.post(f"{server.base}/api/games/{live}/moves", headers={"Authorization": f"Bearer {hot}"},
                       json={"version": v["version"], "move": v["legal"][0]["move"]}).raise_for_status()
        page.goto(f"{server.base}/play/{live}#{spec}")
        page.click("#replay-link")
        page.wait_for_selector("#replay-running")
        page.keyboard.press("End")
        assert page.inner_text("#replay-pos") == "Move 3 of 3"
        assert page.locator("#review-game").count() == 0  # reviewed once it has ended
        # It follows the game: a move played now appears, and one watching the latest move
        # is moved on to it; one looking back stays where they are.
        v = httpx.get(f"{server.base}/api/games/{live}", headers={"Authorization": f"Bearer {hot}"}).json()
        httpx.post(f"{server.base}/api/games/{live}/moves", headers={"Authorization": f"Bearer {hot}"},
                   json={"version": v["version"], "move": v["legal"][0]["move"]}).raise_for_status()
        page.wait_for_function("() => document.querySelector('#replay-pos')?.textContent === 'Move 4 of 4'")
        page.keyboard.press("Home")
        v = httpx.get(f"{server.base}/api/games/{live}", headers={"Authorization": f"Bearer {hot}"}).json()
        httpx.post(f"{server.base}/api/games/{live}/moves", headers={"Authorization": f"Bearer {hot}"},
                   json={"version": v["version"], "move": v["legal"][0]["move"]}).raise_for_status()
        page.wait_for_function("() => document.querySelector('#replay-pos')?.textContent === 'Move 0 of 5'")
    assert not errors, errors
