"""The agent protocol's budget (agents/base.py): a budget that means nothing is refused when it
is made, never turned into a bot that plays its first move at once or thinks for ever."""

from __future__ import annotations

import math

import pytest

from azulejos.agents import Budget
from azulejos.agents.base import Deadline


@pytest.mark.parametrize("seconds", [-1, -0.001, math.nan, math.inf, -math.inf])
def test_a_budget_of_negative_or_non_finite_seconds_is_refused(seconds: float) -> None:
    with pytest.raises(ValueError, match="seconds must be a finite number >= 0"):
        Budget(seconds=seconds)


@pytest.mark.parametrize("iterations", [0, -5])
def test_a_budget_of_fewer_than_one_iteration_is_refused(iterations: int) -> None:
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        Budget(iterations=iterations)


@pytest.mark.parametrize("kwargs", [{"seconds": "1"}, {"seconds": True}, {"iterations": 2.0},
                                    {"iterations": "10"}, {"iterations": False}])
def test_a_budget_of_the_wrong_type_is_a_type_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(TypeError, match="Budget: "):
        Budget(**kwargs)  # type: ignore[arg-type]


def test_sensible_budgets_are_kept_as_given() -> None:
    assert Budget() == Budget(None, None)
    assert Budget(seconds=0).seconds == 0  # answer at once: the engine's go movetime 0
    assert Budget(seconds=0.25, iterations=1) == Budget(0.25, 1)
    assert Deadline(Budget(iterations=3), None).iterations == 3
