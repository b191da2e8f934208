"""A bad bot spec raises :class:`BotSpecError` with its English message and a code for the
front ends (``BOT_ERROR_CODES``); every code is produced by some spec."""

from __future__ import annotations

import pytest

from azulejos.agents.registry import BOT_ERROR_CODES, BotSpecError, make_agent

SPECS = [
    ("", "empty"), ("greedy:eps", "option_syntax"), ("nobot", "unknown_bot"),
    ("random:x=1", "no_options"), ("greedy:zz=1", "unknown_option"),
    ("greedy:eps=abc", "not_a_number"), ("mcts:iterations=1.5", "not_a_number"),
    ("greedy:eps=-1", "negative"), ("mcts:iterations=0", "iterations"),
    ("greedy:eps=2", "fraction"), ("greedy:specials=2", "switch"),
    ("mcts:temperature=0", "positive"), ("fastmcts:eval=foo", "choice"),
    ("fastmcts:prior=foo", "choice"), ("fastmcts:weights=w.npz", "needs"),
    ("fastmcts:eval=mid", "needs"), ("fastmcts:chance=65", "range"),
    ("fastmcts:widen=17", "between"), ("fastmcts:shared=2", "switch"),
    # numbers that parse but mean nothing: refused, never a bot that plays at once or never ends
    ("mcts:time=nan", "not_a_number"), ("mcts:time=inf", "not_a_number"),
    ("greedy:eps=nan", "not_a_number"), ("fastmcts:c=1e999", "not_a_number"),
    ("mcts:time=1,time=2", "option_twice"), ("hard:c=1,c=2", "option_twice"),
    ("cmd:", "no_command"), ("cmd:   ", "no_command"), ("cmd:python 'bot.py", "command_syntax"),
    (("random", "x"), "seed"), (("mcts", 1.5), "seed"), (("greedy", True), "seed"),
]


def refuse(spec: str | tuple[str, object]) -> BotSpecError:
    """The error of ``make_agent`` for a spec, or a (spec, seed) pair with a bad seed."""
    name, seed = spec if isinstance(spec, tuple) else (spec, 0)
    with pytest.raises(BotSpecError) as e:
        make_agent(name, seed)  # type: ignore[arg-type]
    return e.value


@pytest.mark.parametrize(("spec", "code"), SPECS)
def test_a_bad_spec_names_its_code(spec: str | tuple[str, object], code: str) -> None:
    error = refuse(spec)
    assert error.code == code and str(error)
    assert set(error.params) == set(BOT_ERROR_CODES[code])


def test_a_number_that_is_not_finite_is_refused_like_one_that_is_not_a_number() -> None:
    for value in ("nan", "inf", "-inf", "infinity", "1e400"):
        error = refuse(f"mcts:time={value}")
        assert (error.code, error.params["value"]) == ("not_a_number", value)
        assert "finite" in str(error)
    assert make_agent("mcts:time=0.5,c=1e3", 0).name == "mcts"  # finite numbers still do


def test_an_option_given_twice_names_it_and_a_level_may_still_change_its_own() -> None:
    error = refuse("mcts:time=1,iterations=5,time=2")
    assert error.params == {"spec": "mcts:time=1,iterations=5,time=2", "option": "time"}
    make_agent("hard:time=0.2", 0)  # one time= replacing the level's own is no repetition


def test_a_seed_must_be_a_whole_number_and_numpy_integers_are_whole_numbers() -> None:
    import numpy as np

    assert refuse(("random", "7")).params == {"seed": "'7'"}
    a, b = make_agent("random", np.int64(7)), make_agent("random", 7)
    assert a.rng.random() == b.rng.random()  # type: ignore[attr-defined]
    make_agent("random", None)


def test_a_cmd_spec_without_a_usable_command_is_a_spec_error_not_a_plain_value_error() -> None:
    from azulejos.agents.external import ExternalAgent

    assert refuse("cmd:").params == {"spec": "cmd:"}
    assert refuse('cmd:sh -c "x').params == {"spec": 'cmd:sh -c "x'}
    with pytest.raises(BotSpecError):  # the class itself says so too
        ExternalAgent("  ")


def test_every_code_is_produced_and_errors_stay_value_errors() -> None:
    assert {code for _, code in SPECS} == set(BOT_ERROR_CODES)
    assert all(isinstance(refuse(spec), ValueError) for spec, _ in SPECS)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_agent("nobody", 0)


def test_an_unknown_fastmcts_option_lists_every_option_it_has() -> None:
    """The options read before the numeric ones (eval, prior, their weights) are listed too."""
    with pytest.raises(BotSpecError) as e:
        make_agent("fastmcts:specials=0", 0)
    listed = str(e.value.params["options"]).split(", ")
    assert {"eval", "prior", "weights", "priorweights", "time", "rounds"} <= set(listed)
    assert listed == sorted(listed)
