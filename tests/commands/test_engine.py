"""azulejos engine (commands/engine.py, agents/engine.py): its seed is refused below 0 as every
command's is, a greeting of a protocol version it does not speak gets an ``info error`` and no
``azulejosok``, and a bad spec is said in one sentence to the protocol and to the person
(test_bot_errors_lang.py, through a subprocess)."""

from __future__ import annotations

import io

import pytest

from azulejos.agents.engine import greeting_error, serve
from azulejos.commands import main


def engine(lines: list[str], spec: str = "random") -> list[str]:
    out = io.StringIO()
    assert serve(spec, 1, io.StringIO("".join(f"{x}\n" for x in lines)), out) == 0
    return out.getvalue().splitlines()


@pytest.mark.parametrize("seed", ["-1", "-100", "x", "1.5"])
def test_engine_refuses_a_negative_or_malformed_seed(
        seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["engine", "--bot", "random", "--seed", seed])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--seed" in err and "Traceback" not in err


def test_setoption_seed_refuses_a_negative_seed_and_keeps_the_bot() -> None:
    lines = engine(["setoption seed -3", "setoption seed 4", "quit"])
    assert lines == ["info error seed must be a whole number >= 0, not '-3'"]


@pytest.mark.parametrize("greeting", ["azulejos 2", "azulejos 0", "azulejos 1.0", "azulejos",
                                      "azulejos 1 2"])
def test_a_greeting_of_a_version_it_does_not_speak_gets_an_error_and_no_azulejosok(
        greeting: str) -> None:
    lines = engine([greeting, "isready", "quit"])
    assert lines[:2] == ["id name azulejos random", "id protocol 1"]
    assert lines[2].startswith("info error ") and "azulejos 1" in lines[2]
    assert "azulejosok" not in lines and lines[3] == "readyok"  # it still answers commands


def test_the_greeting_of_version_1_is_answered_azulejosok() -> None:
    assert engine(["azulejos 1", "quit"])[2] == "azulejosok"
    assert greeting_error(" 1 ") is None
    assert "'2' is not supported" in (greeting_error("2") or "")


def test_serve_alone_says_the_library_message() -> None:
    out = io.StringIO()
    assert serve("mcts:time=inf", None, io.StringIO(""), out) == 2
    assert out.getvalue() == "info error bot 'mcts': time='inf' is not a finite number\n"
