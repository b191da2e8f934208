"""The replay viewer shows the engine review of the current move when the record has one."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from azulejos.agents import Budget
from azulejos.agents.review import annotate, review_record
from azulejos.notation.record import parse_record
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.replay import ReplayScreen

GAME = Path(__file__).parent.parent / "golden" / "valid" / "bots-2p-hard-medium.json"


def test_replay_viewer_shows_the_review_of_the_current_move() -> None:
    data = json.loads(GAME.read_text())
    data["rounds"] = data["rounds"][:1]
    del data["final_scores"], data["winners"]
    rec = parse_record(data)
    budget = Budget(iterations=16)
    reviewed = annotate(rec, review_record(rec, budget), budget, 0)
    texts: list[str] = []

    async def go() -> None:
        app = AzulejosApp(Setup(), replay=reviewed)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            for _ in range(3):
                await pilot.press("right")
                await pilot.pause()
                texts.append(str(screen.query_one("#prompt").render()))
    asyncio.run(go())
    assert all("Review:" in t for t in texts), texts


def test_replay_viewer_without_a_review_is_unchanged() -> None:
    data = json.loads(GAME.read_text())
    rec = parse_record(data)

    async def go() -> None:
        app = AzulejosApp(Setup(), replay=rec)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("right")
            await pilot.pause()
            assert "Review:" not in str(app.screen.query_one("#prompt").render())
    asyncio.run(go())
