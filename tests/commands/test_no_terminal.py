"""The full-screen commands (``play`` without --plain, ``replay --view``) refuse at once, in the
user's language, when there is no terminal: they used to write escape codes into the file and
wait for keys for ever."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

RECORD = next(iter(sorted((Path(__file__).parents[1] / "golden" / "valid").glob("*.json"))))


def run(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "azulejos", *words], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "LANG": "C", "AZULEJOS_LANG": ""})


@pytest.mark.parametrize(("words", "english", "ukrainian"), [
    (("play", "--quick", "--seats", "medium,medium"), "--plain", "простому рядковому режимі"),
    (("replay", "--view", str(RECORD)), "azulejos show", "переглядачу потрібен термінал"),
])
def test_full_screen_commands_refuse_without_a_terminal(
        words: tuple[str, ...], english: str, ukrainian: str) -> None:
    proc = run(*words)
    assert proc.returncode == 2
    assert "needs a terminal" in proc.stderr and english in proc.stderr
    assert proc.stdout == ""  # no escape codes written
    assert "Traceback" not in proc.stderr
    uk = run(*words, "--lang", "uk")
    assert uk.returncode == 2 and ukrainian in uk.stderr
