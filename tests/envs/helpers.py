"""Shared helpers for the environment tests."""

from __future__ import annotations

import numpy as np

from azulejos.core.state import State
from azulejos.notation import record_of, replay


def pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A uniformly random legal action id from a 0/1 mask."""
    return int(rng.choice(np.flatnonzero(mask)))


def replayed_scores(state: State) -> list[int]:
    """Final scores of the game on ``state`` after a round trip through its record."""
    rec = record_of(state)
    assert rec.final_scores is not None, "the game is not over"
    again = replay(rec)
    assert again.is_over
    return again.scores


def floor_action(mask: np.ndarray) -> int:
    """A legal drafting move that puts its tiles on the floor (always exists, R13)."""
    ids = [a for a in np.flatnonzero(mask).tolist() if a < 300 and a % 6 == 5]
    assert ids, "R13: the floor is always a legal destination"
    return ids[0]
