"""Uniformly random self-play (records for testing and interchange)."""

from __future__ import annotations

import random

from azulejos.core import Ruleset, State


def game_rng(seed: int, index: int) -> random.Random:
    """The generator of game ``index`` of a self-play run with ``seed`` (stable across runs)."""
    return random.Random(f"azulejos-selfplay:{seed}:{index}")


def random_game(rules: Ruleset, seed: int, index: int = 0) -> State:
    """Play one game of ``rules`` with uniformly random legal moves; the state keeps its
    history."""
    rng = game_rng(seed, index)
    st = State.new(rules)
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
        else:
            actions = st.legal_actions()
            st.push(actions[rng.randrange(len(actions))])
    return st
