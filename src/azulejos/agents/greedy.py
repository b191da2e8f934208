"""``greedy``: the best immediate gain, with the fewest floor tiles.

Each drafting move is rated by the points of the pattern line it completes (R17, R18) minus
the floor penalty it adds (R5, R12, R19); a small share of the points of a line it only advances
breaks ties towards progress on the board. Grey-wall column choices take the most points (R30).
Remaining ties are broken at random with the bot's seeded generator. With ``eps`` > 0 the bot
plays a uniformly random legal move with that probability (used by the ``easy`` level).
With the special displays (R40-R47) the scores value SF4 splits and SF5
(:func:`~azulejos.agents.features.move_scores`); ``specials=0`` keeps the naive scores, for
comparison.
"""

from __future__ import annotations

import random

from azulejos.core import MOVES, Move, State
from azulejos.core import layout as L

from .base import Budget
from .features import move_scores, place_scores


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int | None = None, eps: float = 0.0, specials: bool = True) -> None:
        self.rng = random.Random(seed)
        self.eps = eps
        self.specials = specials
        if eps:
            self.name = f"greedy:eps={eps:g}"

    def choose(self, state: State, budget: Budget | None = None) -> Move:
        s = state.raw
        ph = s[L.PHASE]
        if ph == L.DRAFT:
            acts, sc = move_scores(s, state.nfactories, state.ruleset.grey, partial=0.1,
                                   specials_aware=self.specials)
        elif ph == L.PLACE:
            acts, sc = place_scores(s)
        else:
            raise ValueError("no legal move: the state awaits a fill or the game is over")
        if self.eps and self.rng.random() < self.eps:
            return MOVES[acts[self.rng.randrange(len(acts))]]
        best = max(sc)
        ties = [a for a, v in zip(acts, sc) if v >= best - 1e-9]
        return MOVES[ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]]
