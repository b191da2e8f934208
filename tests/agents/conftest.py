"""Helpers for the agent tests: positions in every phase, variant and player count."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from azulejos.core import Ruleset, State

from ..games import moves_due


def positions(players: int, variant: str, seed: int, every: int = 7) -> list[State]:
    """Positions along one random game: every ``every``-th move due, and every grey wall
    column choice."""
    due = moves_due(Ruleset(players, variant), seed)
    return [st for i, st in enumerate(due) if i % every == 0 or st.phase == "place"]


@pytest.fixture
def game_positions() -> Callable[..., list[State]]:
    return positions
