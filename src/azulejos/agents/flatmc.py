"""``flatmc``: flat Monte Carlo, the method of the 2-player university league's winner.

UCB1 chooses which root move to sample next; each sample plays the round out with uniformly
random legal moves (:func:`azulejos.fast.random_playout`, cut at the end of the round) and
scores the result with the heuristic :func:`azulejos.agents.features.evaluate` (own estimated
final score minus the best opponent's). The round being played has no hidden information -
the factories are public - and nothing beyond its end is simulated, so no fill is ever guessed.
The move sampled most often is played.

With the special displays (R40-R47) a draft from SF4 that leaves r colours is 2^r legal moves
(R43); by default (``splits=1``) only its split that offers the next player least
(:func:`azulejos.agents.features.split_offers`) is sampled, so that the samples are not spread
over splits that differ only in where the rest goes. ``splits=0`` samples every split.
"""

from __future__ import annotations

import math
import random

from azulejos import fast
from azulejos.core import MOVES, Move, State

from .base import Budget, Deadline
from .features import evaluate, margins, split_offers


class FlatMCAgent:
    name = "flatmc"
    uses_fast_kernels = True  # its play-outs run on azulejos.fast: the engine warms it up

    def __init__(
        self, seed: int | None = None, budget: Budget | None = None, c: float = 8.0,
        splits: int = 1,
    ) -> None:
        self.rng = random.Random(seed)
        self.own = budget
        self.c = c
        self.splits = splits

    def choose(self, state: State, budget: Budget | None = None) -> Move:
        acts = state.legal_actions()
        if not acts:
            raise ValueError("no legal move: the state awaits a fill or the game is over")
        if len(acts) == 1:
            return MOVES[acts[0]]
        root = state.copy(history=False)
        if self.splits and state.ruleset.special_factories:
            acts = _best_splits(root, acts)
            if len(acts) == 1:
                return MOVES[acts[0]]
        me = root.current_player
        grey = root.ruleset.grey
        n = len(acts)
        visits = [0] * n
        total = [0.0] * n
        order = list(range(n))
        self.rng.shuffle(order)
        deadline = Deadline(self.own, budget)
        it = 0
        rng = self.rng
        while not deadline.done(it) or it < n and it < 1:
            if it < n:
                i = order[it]
            else:
                logn = math.log(it)
                c = self.c
                i = max(
                    range(n),
                    key=lambda j: total[j] / visits[j] + c * math.sqrt(2.0 * logn / visits[j]),
                )
            st = root.copy(history=False)
            st.apply_unchecked(acts[i])
            fast.random_playout(st, rng, until_round_end=True)
            r = margins(evaluate(st.raw, st.players, grey))[me]
            visits[i] += 1
            total[i] += r
            it += 1
        best = max(range(n), key=lambda j: (visits[j], total[j] / visits[j] if visits[j] else -1e9))
        return MOVES[acts[best]]


def _best_splits(state: State, acts: list[int]) -> list[int]:
    """``acts`` with each SF4 draft's splits narrowed to the one that offers the next player
    least (R43, R47d; ties: the first)."""
    split_moves = [a for a in acts if MOVES[a].split]
    if not split_moves:
        return acts
    keep = [a for a in acts if not MOVES[a].split]
    s = state.raw
    for plain in sorted({MOVES[a].plain.id for a in split_moves}):
        offers = split_offers(s, state.players, state.ruleset.grey, plain)
        keep.append(min(offers, key=lambda t: t[1])[0])
    return keep
