"""Random play-outs on the reference engine: uniform over legal moves, fills sampled."""

from __future__ import annotations

import random

from . import layout as L
from .state import State


def random_playout(state: State, rng: random.Random, *, until_round_end: bool = False) -> list[int]:
    """Play ``state`` to the end (or to the end of the current round) with uniformly random
    legal moves and randomly sampled fills. Mutates ``state`` without recording history.
    Returns the scores.
    """
    s = state._s
    hist = state._hist
    state._hist = []
    try:
        while True:
            ph = s[L.PHASE]
            if ph == L.OVER:
                break
            if ph == L.FILL:
                if until_round_end:
                    break
                state._fill_unchecked(state.sample_fill(rng))
                s = state._s
                continue
            acts = state.legal_actions()
            a = acts[rng.randrange(len(acts))]
            if a < 300:
                state._draft(a // 30, a // 6 % 5, a % 6)
            else:
                state._place(a % 5)
    finally:
        state._hist = hist
    return state.scores
