"""The time manager of a per-game clock (issue 30, item 4): every figure from a clock the test
sets itself (nothing waits)."""

from __future__ import annotations

import io
import random

import pytest

from azulejos.agents import Budget, engine, make_agent
from azulejos.agents.timecontrol import (
    MIN_MOVE,
    OVERHEAD,
    Clock,
    allot,
    difficulty,
    moves_left,
)
from azulejos.core import Ruleset, State

from .conftest import Recorder


def _start(players: int = 2, seed: int = 1) -> State:
    st = State.new(players)
    st.deal(random.Random(seed))
    return st


def test_a_clock_refuses_what_is_no_time() -> None:
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="Clock: left"):
            Clock(bad)
    with pytest.raises(ValueError, match="Clock: increment"):
        Clock(10.0, -0.5)


def test_R24_the_moves_left_shrink_as_the_game_goes_on() -> None:
    st = _start()
    first = moves_left(st)
    assert 15 <= first <= 40  # 2 players: about 5 own takes a round, about 5 rounds
    rng = random.Random(2)
    while st.round < 3 and not st.is_over:
        if not st.legal_actions():
            st.deal(rng)
            continue
        st.push(rng.choice(st.legal_moves()))
    assert moves_left(st) < first


def test_hard_moves_get_more_than_easy_ones_and_a_forced_move_almost_nothing() -> None:
    st = _start()
    clock = Clock(180.0)
    assert difficulty(120) > difficulty(25) > difficulty(4)
    assert allot(clock, st, choices=120) > allot(clock, st, choices=25) > allot(clock, st, choices=4)
    assert allot(clock, st, choices=1) == MIN_MOVE
    assert allot(Clock(180.0, 2.0), st, choices=25) > allot(clock, st, choices=25)  # increment


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seconds,increment,play", [
    (180.0, 0.0, "greedy"), (60.0, 0.0, "greedy"), (5.0, 0.0, "greedy"), (2.0, 0.0, "greedy"),
    (10.0, 1.0, "greedy"), (60.0, 0.0, "random"), (180.0, 0.0, "random")])
def test_a_whole_game_on_the_clock_never_runs_out(players: int, seconds: float,
                                                  increment: float, play: str) -> None:
    """Whole games (greedy moves, or random ones, whose games last 7-9 rounds, far past the
    estimate) in which each move takes what it is allotted plus the overhead: no player's
    clock reaches zero, no move takes more than a fifth of the clock, and a long clock is
    mostly spent, not hoarded."""
    for seed in range(3):
        st = State.new(Ruleset(players, "grey" if seed == 2 else "coloured"))
        rng = random.Random(seed)
        bot = make_agent(play, seed)
        left = [seconds] * players
        longest = 0.0
        while not st.is_over:
            if not st.legal_actions():
                st.deal(rng)
                continue
            p = st.current_player
            t = allot(Clock(left[p], increment), st)
            assert 0.0 <= t <= left[p]
            longest = max(longest, t)
            left[p] -= t + OVERHEAD
            assert left[p] > 0.0, (players, seconds, seed)
            left[p] += increment
            st.push(bot.choose(st.copy()))
        assert longest <= 0.2 * seconds + increment
        if seconds >= 60 and play == "greedy":
            assert max(left) < 0.5 * seconds  # most of the clock was used


def test_a_budget_from_the_clock_is_the_time_managers() -> None:
    st = _start()
    assert Budget.from_clock(60.0, 0.5, st) == Budget(seconds=allot(Clock(60.0, 0.5), st))


def test_go_timeleft_gives_the_bot_the_time_managers_share(recorder: Recorder) -> None:
    from azulejos.agents.protocol import position_line

    st = _start()
    out = io.StringIO()
    lines = f"{position_line(st)}\ngo timeleft 60000 increment 500\ngo timeleft x\nquit\n"
    engine.serve("expert", 1, io.StringIO(lines), out)
    text = out.getvalue()
    assert text.count("bestmove") == 2
    assert "info error timeleft needs milliseconds" in text  # then the default 100 ms
    ms = engine.clock_movetime(60000, 500, st)
    assert ms == pytest.approx(1000 * allot(Clock(60.0, 0.5), st))
    first, second = recorder.budgets
    assert first is not None and first.seconds is not None
    assert engine.search_seconds(ms) - 0.05 <= first.seconds <= engine.search_seconds(ms)
    assert second is not None and second.seconds is not None and second.seconds <= 0.1


def test_parse_timeleft_forms() -> None:
    assert engine.parse_timeleft("timeleft 1500") == ((1500.0, 0.0), None)
    assert engine.parse_timeleft("timeleft 1500 increment 20.5") == ((1500.0, 20.5), None)
    for bad in ("timeleft", "timeleft -5", "timeleft 5 inc 2", "timeleft 5 increment"):
        clock, error = engine.parse_timeleft(bad)
        assert clock is None and error is not None
