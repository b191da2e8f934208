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
]


@pytest.mark.parametrize(("spec", "code"), SPECS)
def test_a_bad_spec_names_its_code(spec: str, code: str) -> None:
    with pytest.raises(BotSpecError) as e:
        make_agent(spec, 0)
    assert e.value.code == code and str(e.value)
    assert set(e.value.params) == set(BOT_ERROR_CODES[code])


def test_every_code_is_produced_and_errors_stay_value_errors() -> None:
    assert {code for _, code in SPECS} == set(BOT_ERROR_CODES)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_agent("nobody", 0)


def test_an_unknown_fastmcts_option_lists_every_option_it_has() -> None:
    """The options read before the numeric ones (eval, prior, their weights) are listed too."""
    with pytest.raises(BotSpecError) as e:
        make_agent("fastmcts:specials=0", 0)
    listed = str(e.value.params["options"]).split(", ")
    assert {"eval", "prior", "weights", "priorweights", "time", "rounds"} <= set(listed)
    assert listed == sorted(listed)
