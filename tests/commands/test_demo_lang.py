"""`azulejos demo` speaks the reader's language (it printed English only), with the sentences
of the plain line mode, and still ends with the final scores and the winner (R25)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest


def demo(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "azulejos", "demo", "--seed", "5", *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("lang", ["uk", "ru"])
@pytest.mark.parametrize("extra", [[], ["--variant", "grey", "--special-factories",
                                        "--players", "3"]])
def test_demo_in_cyrillic_shows_no_english_word(lang: str, extra: list[str]) -> None:
    proc = demo("--lang", lang, *extra)
    assert proc.returncode == 0, proc.stderr
    words = set(re.findall(r"\b[A-Za-z]{3,}\b", proc.stdout)) - {"azulejos", "demo"}
    words = {x for x in words if not re.fullmatch(r"[BYRKWCFM]+|SF\d[BYRKW]?", x)}
    assert not words, sorted(words)


def test_demo_in_english_and_french_ends_with_the_winner() -> None:
    en = demo()
    assert en.returncode == 0
    assert "Round 1: the factories are filled." in en.stdout and "Game over. Final scores:" in en.stdout
    fr = demo("--lang", "fr")
    assert fr.returncode == 0 and "Manche 1 : les fabriques sont remplies." in fr.stdout
    assert re.search(r"Joueur \d (gagne|et)", fr.stdout.splitlines()[-1])
