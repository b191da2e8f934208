"""A bad bot spec, seat or line-up is refused by ``tournament``, ``engine`` and ``play`` in the
language of ``--lang`` (commands/_bots.py), never with the English detail."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from azulejos.agents.registry import BOT_ERROR_CODES, BotSpecError, agent_names, make_agent
from azulejos.commands import main
from azulejos.commands._bots import bot_error_text
from azulejos.i18n import translation

#: A spec, or a (spec, seed) pair with a bad seed, for every code of BOT_ERROR_CODES.
SPECS: list[str | tuple[str, object]] = [
    "", "greedy:eps", "nobot", "random:x=1", "greedy:zz=1", "greedy:eps=abc",
    "mcts:iterations=1.5", "greedy:eps=-1", "mcts:iterations=0", "greedy:eps=2",
    "greedy:specials=2", "mcts:temperature=0", "fastmcts:eval=foo", "fastmcts:weights=w.npz",
    "fastmcts:chance=65", "fastmcts:widen=20", "mcts:time=nan", "mcts:time=1,time=2", "cmd:",
    "cmd:python 'bot.py", ("random", "x"),
]


def azulejos(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "azulejos", *args], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def refusal(spec: str | tuple[str, object]) -> BotSpecError:
    name, seed = spec if isinstance(spec, tuple) else (spec, 0)
    with pytest.raises(BotSpecError) as e:
        make_agent(name, seed)  # type: ignore[arg-type]
    return e.value


def test_every_bot_error_has_a_sentence_in_each_language() -> None:
    errors = [refusal(s) for s in SPECS]
    assert {e.code for e in errors} == set(BOT_ERROR_CODES)
    for e in errors:
        english = bot_error_text(translation("en"), e)
        for lang in ("uk", "ru"):
            text = bot_error_text(translation(lang), e)
            assert text != english and re.search("[а-яії]", text), (lang, text)
        assert bot_error_text(translation("fr"), e) != english


def test_tournament_unknown_bot_and_option_in_ukrainian_and_russian() -> None:
    out = azulejos("--lang", "uk", "tournament", "--bots", "greedy,nobot")
    assert out.returncode == 2
    assert out.stderr.strip() == (
        f"azulejos tournament: невідомий бот nobot (відомі: {', '.join(agent_names())} або "
        "cmd:КОМАНДА)")
    out = azulejos("--lang", "ru", "tournament", "--bots", "greedy:zz=1,random")
    assert out.returncode == 2
    assert out.stderr.strip() == (
        "azulejos tournament: у бота greedy нет параметра zz (его параметры: eps, specials)")


def test_tournament_names_a_bot_twice_in_french() -> None:
    out = azulejos("--lang", "fr", "tournament", "--bots", "greedy,greedy")
    assert out.returncode == 2 and "nommez chaque bot une seule fois" in out.stderr
    assert "once" not in out.stderr


def test_engine_says_an_unknown_bot_to_the_person_and_to_the_protocol() -> None:
    out = azulejos("--lang", "fr", "engine", "--bot", "nobot")
    assert out.returncode == 2
    assert out.stdout.startswith("info error unknown bot nobot (known: ")  # the protocol: English
    assert out.stderr.startswith("azulejos engine: bot inconnu : nobot (connus : ")


def test_engine_says_a_bad_option_in_one_sentence_to_the_protocol_and_the_person() -> None:
    """The protocol's info error line is the English of the sentence on stderr, not a second
    wording of the library's message."""
    out = azulejos("--lang", "en", "engine", "--bot", "mcts:time=x")
    assert out.returncode == 2
    assert out.stdout == "info error mcts: time=x must be a finite number\n"
    assert out.stderr == "azulejos engine: mcts: time=x must be a finite number\n"
    out = azulejos("--lang", "uk", "engine", "--bot", "mcts:time=nan")
    assert out.stdout == "info error mcts: time=nan must be a finite number\n"
    assert out.stderr.startswith("azulejos engine: mcts: time=nan") and "finite" not in out.stderr


def test_tournament_refuses_a_non_finite_time_in_french() -> None:
    out = azulejos("--lang", "fr", "tournament", "--bots", "random,mcts:time=nan", "--quiet")
    assert out.returncode == 2 and not out.stdout
    assert out.stderr.startswith("azulejos tournament: mcts : time=nan") and "finite" not in out.stderr


def test_play_with_an_unknown_bot_level_in_ukrainian() -> None:
    out = azulejos("--lang", "uk", "play", "--plain", "--seats", "Ana,bot:zzz")
    assert out.returncode == 2
    assert out.stderr.strip().startswith("azulejos play: невідомий рівень бота zzz (можливі: ")


def test_play_refuses_the_misspelt_level_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--plain", "--seats", "Ana,exprt", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "did you mean expert?" in err and "easy, medium, hard, expert" in err
