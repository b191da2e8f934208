"""Helpers for the agent tests: positions in every phase, variant and player count."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from azulejos.core import State


def positions(players: int, variant: str, seed: int, every: int = 7) -> list[State]:
    """Positions along one random game (drafting and, on the grey wall, column choices)."""
    rng = random.Random(seed)
    st = State.new(players, variant)
    out: list[State] = []
    i = 0
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
            continue
        if i % every == 0 or st.phase == "place":
            out.append(st.copy())
        acts = st.legal_actions()
        st.push(acts[rng.randrange(len(acts))])
        i += 1
    return out


@pytest.fixture
def game_positions() -> Callable[..., list[State]]:
    return positions
