"""The plain mode's first hint does not wait for the kernels (issue 31, item 3): while they load
in the background (play/warmup.py), hints come from the pure-Python twin of the search, within
their time, and the game says so once."""

from __future__ import annotations

import io
import threading
import time

import pytest

import azulejos.cli.plain as plain_module
from azulejos.cli.plain import PlainGame
from azulejos.play import Match, parse_seat
from azulejos.play import hint as real_hint
from azulejos.play.words import Words


class SlowPreparation:
    """A stand-in for the kernels' compile: runs until released (a module-level callable
    object, so it runs in the thread, not in a child process)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1
        self.release.wait(20)


def play(lang: str, lines: str, prepare: SlowPreparation | None,
         monkeypatch: pytest.MonkeyPatch) -> tuple[str, list[bool], float]:
    asked: list[bool] = []

    def spy(state: object, seconds: float = 1.0, kernels: bool = True) -> object:
        asked.append(kernels)
        return real_hint(state, 0.2, kernels=False)  # type: ignore[arg-type]

    monkeypatch.setattr(plain_module, "hint", spy)
    match = Match.new([parse_seat("Ana", 0), parse_seat("Bea", 1)], "coloured", 5)
    out = io.StringIO()
    g = PlainGame(match, Words(lang), io.StringIO(lines), out, echo=True, prepare_engine=prepare)
    t0 = time.perf_counter()
    g.run()
    took = time.perf_counter() - t0
    if prepare is not None:
        prepare.release.set()
        g.engine.stop()
    return out.getvalue(), asked, took


NOTE = "The engine is still being prepared, so this hint comes from a slower search; later hints use the full engine."


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
def test_hints_while_the_kernels_load_use_the_twin_and_say_so_once(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    prep = SlowPreparation()
    text, asked, took = play(lang, "hint\nhint\nquit\n", prep, monkeypatch)
    assert prep.calls == 1
    assert asked == [False, False]  # both while the kernels were loading
    note = Words(lang).gettext(NOTE)
    assert text.count(note) == 1, text
    assert lang == "en" or note != NOTE  # said in the player's language
    assert took < 10  # never the compile's minute


def test_without_a_loading_the_hints_use_the_kernels_and_say_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text, asked, _took = play("en", "hint\nquit\n", None, monkeypatch)
    assert asked == [True]
    assert NOTE not in text
