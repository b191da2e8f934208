"""Budgets are obeyed (issue 30, item 5): the caller's time is the budget - `go movetime`,
`tournament --time`, a game clock - and a level's own `time` is only its default."""

from __future__ import annotations

import io
import random

import pytest

from azulejos.agents import Budget, Deadline, base, engine, make_agent
from azulejos.agents.base import time_of
from azulejos.agents.fastmcts import FastMCTSAgent
from azulejos.core import State

from .conftest import Recorder


def test_the_runners_seconds_replace_a_bots_own_time() -> None:
    assert time_of(Budget(seconds=1.8), Budget(seconds=4.0)) == 4.0
    assert time_of(Budget(seconds=1.8), Budget(seconds=0.5)) == 0.5
    assert time_of(Budget(seconds=1.8), None) == 1.8  # the default when the runner gives none
    assert time_of(Budget(seconds=1.8), Budget(iterations=5)) == 1.8
    assert time_of(None, None) is None


def test_the_deadline_derives_from_the_runners_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base.time, "perf_counter", lambda: 100.0)
    assert Deadline(Budget(seconds=1.8), Budget(seconds=16.0)).end == 116.0
    assert Deadline(Budget(seconds=1.8), None).end == 101.8
    hard = Deadline(Budget(seconds=0.5, iterations=200), Budget(seconds=4.0))
    assert hard.end == 104.0 and hard.iterations == 200  # hard's node count stays its floor


@pytest.mark.parametrize("level", ["expert", "expert-2026-12"])
@pytest.mark.parametrize("seconds", [0.25, 1.0, 4.0, 16.0])
def test_expert_searches_the_whole_time_it_is_given(level: str, seconds: float) -> None:
    agent = make_agent(level, seed=1)
    assert isinstance(agent, FastMCTSAgent)
    given = Budget(seconds=seconds)
    assert not agent.managed(given)  # no early stop, no bank: the whole budget is this move's
    for choices in (2, 25, 120):
        assert agent.allowance(given, choices) == (seconds, None)


def test_without_a_runners_time_the_level_shares_out_its_own() -> None:
    agent = make_agent("expert", seed=1)
    assert isinstance(agent, FastMCTSAgent)
    assert agent.managed(None) and agent.managed(Budget(iterations=10))
    few, _ = agent.allowance(None, 3)
    many, _ = agent.allowance(None, 120)
    assert few is not None and many is not None and few < 1.8 < many <= 3 * 1.8


def _position() -> str:
    from azulejos.agents.protocol import position_line

    st = State.new(2)
    st.deal(random.Random(4))
    return position_line(st)


@pytest.mark.parametrize("ms", [250.0, 1000.0, 4000.0, 16000.0])
def test_go_movetime_passes_its_time_down_less_the_safety_margin(
    recorder: Recorder, ms: float
) -> None:
    out = io.StringIO()
    engine.serve("expert", 1, io.StringIO(f"{_position()}\ngo movetime {ms:g}\nquit\n"), out)
    assert "bestmove" in out.getvalue()
    (given,) = recorder.budgets
    assert given is not None and given.iterations is None and given.seconds is not None
    assert engine.search_seconds(ms) - 0.05 <= given.seconds <= engine.search_seconds(ms)
    assert given.seconds >= 0.95 * ms / 1000 - 0.05  # >= 95 % of it (the margin is 10 ms + 1 %)
