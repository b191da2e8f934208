"""``mcts``: the strongest bot - a PUCT tree search over the current round.

How it plays, and why it is fair:

* **Chance.** Inside a round Azul has no chance and no hidden information: the factories and
  centre are public, and the next fill happens only after the round's wall-tiling (R16-R21).
  The tree therefore covers the current round exactly, for every player (max^n: each node
  maximises the margin of the player who moves there). Nothing after the round end is known, so
  the search either stops there and estimates the rest with a heuristic
  (:func:`~azulejos.agents.features.evaluate`), or - with ``rounds=N`` - plays N more rounds
  with fills it samples itself from the bag counts (determinisation of the refill only). It never
  looks at the real future fills: it is given a copy of the state, which holds none.
* **Priors.** Moves are ordered by their immediate score (points of completed lines, progress,
  floor penalty), turned into a softmax prior for PUCT, so the search spends its time on
  sensible moves among the ~100 of a round's first turn.
* **Play-outs.** From a new leaf the round is finished by an epsilon-greedy policy (best
  immediate score, sometimes a random move), not by uniform random moves.
* **Values.** A leaf is worth, for each player, its estimated final score minus the best other
  player's (exact at the end of the game, with the end bonuses R24).
* **Any-time.** The search stops at the time limit or after the iteration count, and plays the
  most visited move.
"""

from __future__ import annotations

import math
import random

from azulejos.core import MOVES, Move, State
from azulejos.core import layout as L

from .base import Budget, Deadline
from .features import evaluate, margins, move_scores, place_scores
from .policy import policy_playout


class _Node:
    __slots__ = ("player", "acts", "prior", "n", "w", "kids", "visits", "terminal")

    def __init__(self, state: State, temperature: float, specials: bool = True) -> None:
        s = state.raw
        ph = s[L.PHASE]
        self.visits = 0
        self.terminal = ph == L.FILL or ph == L.OVER
        self.player = s[L.TURN]
        if self.terminal:
            self.acts: list[int] = []
            self.prior: list[float] = []
        else:
            if ph == L.DRAFT:
                acts, sc = move_scores(s, state.nfactories, state.ruleset.grey,
                                       specials_aware=specials)
            else:
                acts, sc = place_scores(s)
            top = max(sc)
            ex = [math.exp((v - top) / temperature) for v in sc]
            z = sum(ex)
            self.acts = acts
            self.prior = [e / z for e in ex]
        k = len(self.acts)
        self.n = [0] * k
        self.w = [0.0] * k
        self.kids: list[_Node | None] = [None] * k


class MCTSAgent:
    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        c: float = 2.0,
        eps: float = 0.15,
        temperature: float = 1.5,
        rounds: int = 0,
        scale: float = 10.0,
        specials: int = 1,
    ) -> None:
        self.rng = random.Random(seed)
        self.own = budget
        self.c = c
        self.eps = eps
        self.temperature = temperature
        self.rounds = rounds
        self.scale = scale
        self.specials = bool(specials)  # 0: naive scores of SF4 splits and SF5 (comparison)
        self.last_value: float = 0.0
        self.last_iterations: int = 0

    def choose(self, state: State, budget: Budget | None = None) -> Move:
        move, _ = self.search(state, budget)
        return move

    def search(self, state: State, budget: Budget | None = None) -> tuple[Move, float]:
        """The move to play and its value: the expected margin (points) of the player to move
        over the best other player at the end of the game."""
        acts = state.legal_actions()
        if not acts:
            raise ValueError("no legal move: the state awaits a fill or the game is over")
        root_state = state.copy(history=False)
        me = root_state.current_player
        root = _Node(root_state, self.temperature, self.specials)
        if len(root.acts) == 1:
            self.last_value = 0.0
            self.last_iterations = 0
            return MOVES[root.acts[0]], self._quick_value(root_state, me)
        self._grow(root, root_state, budget)
        best = max(range(len(root.acts)), key=lambda i: (root.n[i], root.w[i]))
        value = root.w[best] / root.n[best] if root.n[best] else 0.0
        self.last_value = value
        return MOVES[root.acts[best]], value

    def analyse(
        self, state: State, budget: Budget | None = None, only: tuple[int, ...] | None = None
    ) -> list[tuple[int, int, float]]:
        """The root statistics of one search: ``(action, visits, value)`` for every legal
        action (or only the actions in ``only``), the most visited first. The value is the
        mean expected final margin, in points, of the player to move (0 for an unvisited
        action). The search is the one :meth:`search` runs; the engine review
        (:mod:`azulejos.agents.review`) uses ``only`` to value one move with the whole budget."""
        if not state.legal_actions():
            raise ValueError("no legal move: the state awaits a fill or the game is over")
        root_state = state.copy(history=False)
        root = _Node(root_state, self.temperature, self.specials)
        if only is not None:
            keep = [i for i, a in enumerate(root.acts) if a in only]
            if not keep:
                raise ValueError("none of the actions to analyse is legal")
            z = sum(root.prior[i] for i in keep) or 1.0
            root.acts = [root.acts[i] for i in keep]
            root.prior = [root.prior[i] / z for i in keep]
            root.n = [0] * len(keep)
            root.w = [0.0] * len(keep)
            root.kids = [None] * len(keep)
        self._grow(root, root_state, budget)
        out = [
            (a, root.n[i], root.w[i] / root.n[i] if root.n[i] else 0.0)
            for i, a in enumerate(root.acts)
        ]
        out.sort(key=lambda t: (-t[1], -t[2]))
        return out

    def _grow(self, root: _Node, root_state: State, budget: Budget | None) -> None:
        """Run the search from ``root`` (a node of ``root_state``) until the budget is spent."""
        deadline = Deadline(self.own, budget)
        rng = self.rng
        players = root_state.players
        grey = root_state.ruleset.grey
        c = self.c
        scale = self.scale
        it = 0
        while it < 1 or not deadline.done(it):
            st = root_state.copy(history=False)
            node = root
            path: list[tuple[_Node, int]] = []
            while True:
                if node.terminal:
                    break
                # PUCT selection for the player to move at this node.
                sq = math.sqrt(node.visits + 1)
                best_i = 0
                best_u = -1e18
                n_ = node.n
                w_ = node.w
                fpu = (sum(w_) / node.visits / scale - 0.2) if node.visits else 0.0
                for i, p in enumerate(node.prior):
                    ni = n_[i]
                    q = w_[i] / ni / scale if ni else fpu
                    u = q + c * p * sq / (1 + ni)
                    if u > best_u:
                        best_u = u
                        best_i = i
                path.append((node, best_i))
                st.apply_unchecked(node.acts[best_i])
                kid = node.kids[best_i]
                if kid is None:
                    kid = _Node(st, self.temperature, self.specials)
                    node.kids[best_i] = kid
                    if not kid.terminal:
                        policy_playout(st, rng, self.eps, self.rounds, self.specials)
                    node = kid
                    break
                node = kid
            if node.terminal and self.rounds and st.is_chance:
                policy_playout(st, rng, self.eps, self.rounds, self.specials)
            m = margins(evaluate(st.raw, players, grey))
            node.visits += 1
            for nd, i in path:
                nd.visits += 1
                nd.n[i] += 1
                nd.w[i] += m[nd.player]
            it += 1
        self.last_iterations = it

    def _quick_value(self, state: State, me: int) -> float:
        st = state.copy(history=False)
        policy_playout(st, self.rng, 0.0, 0, self.specials)
        return margins(evaluate(st.raw, st.players, st.ruleset.grey))[me]
