"""`azulejos replay --view` in a window of 80 × 24 and in the reader's language."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from azulejos.notation import load_record
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.replay import ReplayScreen

VALID = Path(__file__).parent.parent / "golden" / "valid"


def test_R2_a_four_player_record_keeps_the_centre_in_an_80_column_window() -> None:
    """Nine wide displays (R2) pushed the centre out of an 80-column window: the viewer now
    narrows them as the game screen does."""
    rec = next(r for r in map(load_record, sorted(VALID.glob("*.json"))) if r.players == 4)

    async def go() -> None:
        app = AzulejosApp(Setup(), replay=rec)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            assert screen.query_one("#market").has_class("narrow")
            centre = screen.query_one("#centre").region
            assert centre.width >= 16 and centre.right <= 80
    asyncio.run(go())


def test_replay_view_refuses_an_unknown_language() -> None:
    path = next(iter(sorted(VALID.glob("*.json"))))
    proc = subprocess.run([sys.executable, "-m", "azulejos", "replay", "--view", "--lang", "de",
                           str(path)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "LANG": "C"})
    assert proc.returncode == 2 and "--lang" in proc.stderr and "Traceback" not in proc.stderr


def test_the_viewer_speaks_the_asked_then_the_records_then_the_environments_language(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from azulejos.commands.replay import viewer_setup

    rec = load_record(next(iter(sorted(VALID.glob("*.json")))))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    assert viewer_setup(rec, None).lang == "uk"  # it was always English
    assert viewer_setup(rec, "fr").lang == "fr"
    rec.extra["lang"] = "ru"
    assert viewer_setup(rec, None).lang == "ru"
