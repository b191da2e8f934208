"""Helpers for the agent tests: positions in every phase, variant and player count, and a bot
that records the budgets the engine gives it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from azulejos.agents import Budget, engine
from azulejos.agents.base import RandomAgent
from azulejos.core import Move, Ruleset, State

from ..games import moves_due


def positions(players: int, variant: str, seed: int, every: int = 7) -> list[State]:
    """Positions along one random game: every ``every``-th move due, and every grey wall
    column choice."""
    due = moves_due(Ruleset(players, variant), seed)
    return [st for i, st in enumerate(due) if i % every == 0 or st.phase == "place"]


@pytest.fixture
def game_positions() -> Callable[..., list[State]]:
    return positions


class Recorder(RandomAgent):
    """A bot that keeps the budgets it is given (and plays random moves)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.budgets: list[Budget | None] = []

    def choose(self, state: State, budget: Budget | None = None) -> Move:
        self.budgets.append(budget)
        return super().choose(state, budget)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """The bot ``engine.serve`` plays, whatever spec it is given: the budgets of its ``go``
    lines (movetime, timeleft) are read back from ``recorder.budgets``."""
    bot = Recorder()
    monkeypatch.setattr(engine, "make_agent", lambda spec, seed: bot)
    return bot
