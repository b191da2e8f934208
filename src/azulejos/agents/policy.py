"""Play-out policies: how search bots finish a round (or a few) after their tree ends.

Play-outs mutate the state through the engine's fast API (:meth:`State.apply_unchecked`,
:meth:`State.fill_unchecked`), so that no history snapshot is taken per move. Fills beyond the current round, when asked for, are sampled from the bag
counts the state holds (R21, R22): a bot never sees the real future fills.
"""

from __future__ import annotations

import random

from azulejos.core import State
from azulejos.core import layout as L

from .features import move_scores, place_scores


def policy_action(state: State, rng: random.Random, eps: float, specials: bool = True) -> int:
    """The greedy-ish play-out move: the best immediate score (ties at random), or with
    probability ``eps`` a uniformly random legal move. ``specials=False``: the naive scores of
    the special displays (:func:`~azulejos.agents.features.move_scores`)."""
    s = state.raw
    if s[L.PHASE] == L.DRAFT:
        acts, sc = move_scores(s, state.nfactories, state.ruleset.grey, specials_aware=specials)
    else:
        acts, sc = place_scores(s)
    if eps > 0.0 and rng.random() < eps:
        return acts[rng.randrange(len(acts))]
    best = max(sc)
    ties = [a for a, v in zip(acts, sc) if v >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]


def policy_playout(
    state: State, rng: random.Random, eps: float = 0.15, extra_rounds: int = 0,
    specials: bool = True,
) -> None:
    """Play ``state`` to the end of the current round (plus ``extra_rounds`` more rounds with
    sampled fills) or to the end of the game, with :func:`policy_action`. Mutates ``state``."""
    s = state.raw
    while True:
        ph = s[L.PHASE]
        if ph == L.OVER:
            return
        if ph == L.FILL:
            if extra_rounds <= 0:
                return
            extra_rounds -= 1
            state.fill_unchecked(state.sample_fill(rng))
            s = state.raw
            continue
        state.apply_unchecked(policy_action(state, rng, eps, specials))
