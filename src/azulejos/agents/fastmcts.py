"""``fastmcts``: the ``mcts`` search compiled - the whole loop runs in numba kernels.

The search is the one of :mod:`azulejos.agents.mcts` (PUCT over the current round, max^n
values, the epsilon-greedy play-out to the end of the round, the hand-set evaluation; the
same options ``c``, ``eps``, ``temperature``, ``rounds``, ``scale``), but the tree is kept in
flat arrays and every iteration runs in :func:`azulejos.fast.search.run`: 50-160 times as many
iterations per second (docs/performance.md). It never sees the real future fills:
with ``rounds`` > 0 it samples them from the bag counts (R21, R22).

With ``eval=net`` the leaves are valued by the shipped value network (:mod:`azulejos.fast.nn`,
trained by ``azulejos train``, :mod:`azulejos.agents.training`; ``weights=PATH`` for another
file) instead of the hand-set evaluation; the fallback keeps the hand-set one. With
``eval=mid,weights=PATH`` a network of every position (``azulejos train --mid``; none is
shipped: the one trained lost to the play-outs, docs/strength.md) values each new leaf where it
stands, without a play-out (``eps`` and ``rounds`` then do not apply). With
``prior=net`` the drafting moves of a new node get the learned prior of
:mod:`azulejos.fast.prior` (trained by ``azulejos train --prior``,
:mod:`azulejos.agents.prior_training`; ``priorweights=PATH`` for another file) instead of the
softmax of their hand-set scores.

With ``chance=K`` a fill reached in the tree is a chance node of K sampled fills, and the
search goes on into the next round below each (:func:`azulejos.fast.search.expand_chance`).

With the Master Chocolatier special displays (R40-R47) the kernels apply the module's rules and
score its moves as ``mcts`` does (SF5 held or taken along, every SF4 split valued by what it
leaves the next player: :mod:`azulejos.fast.scores`); the learned prior covers base-game
moves only, so such games keep the hand-set prior.

Fallback: when the numba kernels are not available (``fast.available()`` is false, e.g.
``AZULEJOS_FAST=0``), the same search runs in pure Python: an
:class:`~azulejos.agents.mcts.MCTSAgent` with the same options and seed.

Time:

* The search runs in chunks of iterations sized from the measured rate so that one chunk
  takes about 2 ms at most; it stops at the first check past its time less ``margin``
  milliseconds (default 0, as every bot's ``Deadline``: the engine protocol keeps its own
  safety margin), so it uses its budget to the end and overshoots it by a fraction of a
  millisecond, unless the process waits for a CPU (docs/performance.md).
* With a time of its own (``fastmcts:time=T``) and ``manage=1`` (the default), ``T`` is the
  *mean* time per move over a game: a move gets more when it has many legal moves (the early
  turns of a round), less when it has few, and the time a move did not use (a forced move, or
  a search stopped because the most visited move could no longer be overtaken) goes to a bank
  that later moves draw on. A runner's time (``go movetime``, ``tournament --time``, a game
  clock's share) replaces ``T``: ``T`` is only the default when the runner gives no time
  (issue 30, item 5), and every move then searches for the whole time it is given. With
  ``manage=0`` every move searches for its whole budget too.
* ``iterations=N`` caps the search at N iterations (a fixed strength, deterministic under a
  seed when no time limit applies).
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from azulejos import fast
from azulejos.core import MOVES, Move, State

from .base import Budget, time_of
from .mcts import MCTSAgent

if TYPE_CHECKING:
    import numpy as np

#: With neither a time nor an iteration count, a move searches this long (as ``Deadline``).
DEFAULT_SECONDS = 1.0
#: A chunk of iterations aims at this many seconds (so the time check is this fine-grained).
CHUNK_SECONDS = 0.002
#: The tree stops growing at this many nodes or edges (about 40 and 160 MB); the search goes on
#: with the tree it has (play-outs from its frontier), so long searches keep a bounded memory.
MAX_TREE_NODES = 1 << 20
MAX_TREE_EDGES = 1 << 22
_loaded = [False]  # the search kernels are loaded in this process
#: The leaf evaluations: the hand-set one of ``agents/features.py``, the value network of the
#: ends of rounds, or the network of every position (no play-outs: ``fast.search.run``).
EVALUATIONS = ("hand", "net", "mid")
#: The most sampled fills a chance node of the tree may have (``chance``).
MAX_CHANCE = 64
#: The largest progressive widening factor of the chance nodes (``widen``).
MAX_WIDEN = 16.0
#: The move priors: the softmax of the hand-set move scores, or the learned one (fast/prior.py).
PRIORS = ("hand", "net")
_LOADED: dict[tuple[str, str], np.ndarray] = {}  # weights files, read once per process


def _load_once(kind: str, path: str | None) -> np.ndarray:
    """The weights of ``kind`` ("net", "mid" or "prior") from ``path`` (None: the shipped
    file), read once per process."""
    key = (kind, path or "")
    if key not in _LOADED:
        from azulejos.fast import nn, prior

        if kind == "prior":
            _LOADED[key] = prior.load(path)
        else:
            _LOADED[key] = nn.load(path, mid=kind == "mid")
    return _LOADED[key]


def load_net(path: str | None = None, mid: bool = False) -> np.ndarray:
    """A value network's flat weights (:mod:`azulejos.fast.nn`; default: the shipped ones;
    with ``mid`` the network of every position), read once per process; ``ValueError`` if the
    file is not such a network."""
    return _load_once("mid" if mid else "net", path)


def load_prior(path: str | None = None) -> np.ndarray:
    """Learned move prior weights (:mod:`azulejos.fast.prior`; default: the shipped ones),
    read once per process; ``ValueError`` if the file is not such a prior."""
    return _load_once("prior", path)


class Tree:
    """The search tree in growable flat arrays (see :mod:`azulejos.fast.search`)."""

    def __init__(self, nodes: int = 4096, edges: int = 65536) -> None:
        import numpy as np

        self.nd_player = np.zeros(nodes, dtype=np.int64)
        self.nd_term = np.zeros(nodes, dtype=np.int64)
        self.nd_first = np.zeros(nodes, dtype=np.int64)
        self.nd_cnt = np.zeros(nodes, dtype=np.int64)
        self.nd_visits = np.zeros(nodes, dtype=np.int64)
        self.e_act = np.zeros(edges, dtype=np.int64)
        self.e_prior = np.zeros(edges, dtype=np.float64)
        self.e_n = np.zeros(edges, dtype=np.int64)
        self.e_w = np.zeros(edges, dtype=np.float64)
        self.e_child = np.zeros(edges, dtype=np.int64)
        self.meta = np.zeros(2, dtype=np.int64)

    def nodes(self) -> tuple[np.ndarray, ...]:
        return (self.nd_player, self.nd_term, self.nd_first, self.nd_cnt, self.nd_visits)

    def edges(self) -> tuple[np.ndarray, ...]:
        return (self.e_act, self.e_prior, self.e_n, self.e_w, self.e_child)

    def arrays(self) -> tuple[np.ndarray, ...]:
        return (*self.nodes(), *self.edges(), self.meta)

    def grow(self, room: int) -> bool:
        """Double whichever of the node and edge arrays is short of room for one expansion
        (one node, ``room`` edges: ``search.edge_room``); False (nothing changed) when that
        would pass the size limit."""
        nodes = self.nd_player.shape[0]
        edges = self.e_act.shape[0]
        want_nodes = 2 * nodes if self.meta[0] + 1 > nodes else nodes
        want_edges = 2 * edges if self.meta[1] + room > edges else edges
        if want_nodes > max(nodes, MAX_TREE_NODES) or want_edges > max(edges, MAX_TREE_EDGES):
            return False
        self.reserve(want_nodes, want_edges)
        return True

    def reserve(self, nodes: int, edges: int) -> None:
        """Make room for ``nodes`` nodes and ``edges`` edges (never shrinks). New arrays are
        zero-filled lazily by the system, so room reserved early costs little until used."""
        import numpy as np

        nodes = min(nodes, MAX_TREE_NODES)
        edges = min(edges, MAX_TREE_EDGES)
        if nodes > self.nd_player.shape[0]:
            for name in ("nd_player", "nd_term", "nd_first", "nd_cnt", "nd_visits"):
                old = getattr(self, name)
                new = np.zeros(nodes, dtype=old.dtype)
                new[: old.shape[0]] = old
                setattr(self, name, new)
        if edges > self.e_act.shape[0]:
            for name in ("e_act", "e_prior", "e_n", "e_w", "e_child"):
                old = getattr(self, name)
                new = np.zeros(edges, dtype=old.dtype)
                new[: old.shape[0]] = old
                setattr(self, name, new)

    def root_stats(self) -> list[tuple[int, int, float]]:
        """``(action, visits, summed value)`` of every edge of the root (node 0)."""
        first = int(self.nd_first[0])
        cnt = int(self.nd_cnt[0])
        return [
            (int(self.e_act[i]), int(self.e_n[i]), float(self.e_w[i]))
            for i in range(first, first + cnt)
        ]


class FastMCTSAgent:
    name = "fastmcts"
    uses_fast_kernels = True  # the engine warms the kernels up before the first clock

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        c: float = 2.0,
        eps: float = 0.15,
        temperature: float = 1.5,
        rounds: int = 0,
        scale: float = 10.0,
        manage: bool = True,
        margin: float = 0.0,
        evaluation: str = "hand",
        weights: str | None = None,
        prior: str = "hand",
        prior_weights: str | None = None,
        chance: int = 0,
        shared: bool = False,
        widen: float = 0.0,
    ) -> None:
        if evaluation not in EVALUATIONS:
            raise ValueError(
                f"bot 'fastmcts': eval must be one of {', '.join(EVALUATIONS)}, not {evaluation!r}"
            )
        if prior not in PRIORS:
            raise ValueError(
                f"bot 'fastmcts': prior must be one of {', '.join(PRIORS)}, not {prior!r}"
            )
        self.prior = prior
        self.prior_weights = prior_weights
        self._pw: np.ndarray | None = None
        if prior_weights is not None:
            if prior != "net":
                raise ValueError("bot 'fastmcts': priorweights need prior=net")
            self._pw = load_prior(prior_weights)
        self.evaluation = evaluation
        self.weights = weights
        self._net: np.ndarray | None = None
        if evaluation == "mid" and weights is None:
            raise ValueError("bot 'fastmcts': eval=mid needs weights (none is shipped)")
        if weights is not None:
            if evaluation == "hand":
                raise ValueError("bot 'fastmcts': weights need eval=net or eval=mid")
            self._net = load_net(weights, mid=evaluation == "mid")  # a bad file is refused now, not at the first move
        self.rng = random.Random(seed)
        self.own = budget
        self.c = c
        self.eps = eps
        self.temperature = temperature
        self.rounds = rounds
        if not 0 <= chance <= MAX_CHANCE:
            raise ValueError(f"bot 'fastmcts': chance must be between 0 and {MAX_CHANCE}")
        self.chance = chance
        self.shared = shared
        if not 0.0 <= widen <= MAX_WIDEN:
            raise ValueError(f"bot 'fastmcts': widen must be between 0 and {MAX_WIDEN:g}")
        self.widen = widen
        self.scale = scale
        self.manage = manage
        self.margin = margin / 1000.0
        self.fallback = MCTSAgent(seed, budget, c, eps, temperature, rounds, scale)
        self.last_value: float = 0.0
        self.last_iterations: int = 0
        self.last_seconds: float = 0.0
        self.last_nodes: int = 0  # the size of the last search's tree
        self.last_path: str = ""
        #: False: search with the pure-Python twin even where the kernels are available (the
        #: engine protocol's first moves while they load in the background, agents/engine.py).
        self.use_kernels = True
        self.bank: float = 0.0
        self.game_round = 0

    # -- the agent protocol ----------------------------------------------------------------
    def choose(self, state: State, budget: Budget | None = None) -> Move:
        move, _ = self.search(state, budget)
        return move

    def prepare(self) -> None:
        """Load the kernels (numba's disk cache, or a compile) before the first clock starts."""
        if fast.available():
            import numpy as np

            from azulejos.fast import search as K
            from azulejos.fast.rng import new_state

            s = State.new(2)
            s.deal(random.Random(0))
            tree = Tree(64, 2048)
            root = np.array(s.raw, dtype=np.int64)
            for grey in (False, True):
                tree.meta[:] = 0
                self._root(root, 2, grey, tree)
                K.run(root, 2, grey, 2, 2.0, 0.15, 1.5, 1, self.chance, 0 if self.shared else -1,
                      self.widen, 10.0, new_state(1), False,
                      self.net_array(), self.prior_array(), *tree.arrays())
            K.quick_value(root.copy(), 2, False, 0, 1)
            _loaded[0] = True

    def net_array(self) -> np.ndarray:
        """The weights the compiled search gets: the network's, or none (an empty array)."""
        if self._net is None:
            import numpy as np

            if self.evaluation == "hand":
                self._net = np.zeros(0)
            else:
                self._net = load_net(self.weights, mid=self.evaluation == "mid")
        return self._net

    def prior_array(self) -> np.ndarray:
        """The learned move prior's weights the compiled search gets, or none (empty)."""
        if self._pw is None:
            import numpy as np

            self._pw = load_prior(self.prior_weights) if self.prior == "net" else np.zeros(0)
        return self._pw

    def accelerated(self, state: State) -> bool:
        """Whether the compiled search plays ``state`` (else the pure-Python fallback)."""
        return self.use_kernels and fast.available()

    def search(self, state: State, budget: Budget | None = None) -> tuple[Move, float]:
        """The move to play and its value (the expected final margin, in points, of the
        player to move over the best other player), as :meth:`MCTSAgent.search`."""
        start = time.perf_counter()
        if not state.legal_actions():
            raise ValueError("no legal move: the state awaits a fill or the game is over")
        if not self.accelerated(state):
            self.last_path = "reference"
            move, value = self.fallback.search(state, budget)
            self.last_iterations = self.fallback.last_iterations
            self.last_value = value
            self.last_seconds = time.perf_counter() - start
            return move, value
        self.last_path = "numba"
        import numpy as np

        from azulejos.fast import search as K

        if state.round < self.game_round:
            self.bank = 0.0  # a new game
        self.game_round = state.round
        players = state.players
        grey = state.ruleset.grey
        root = np.array(state.raw, dtype=np.int64)
        tree = Tree()
        self._root(root, players, grey, tree)
        cnt = int(tree.nd_cnt[0])
        me = state.current_player
        mean = self._mean_seconds(budget)
        if cnt == 1:
            self.last_iterations = 0
            value = float(K.quick_value(root.copy(), players, grey, me, self.rng.getrandbits(63)))
            self._account(mean, time.perf_counter() - start, self.managed(budget))
            self.last_value = value
            return MOVES[int(tree.e_act[0])], value
        seconds, iterations = self.allowance(budget, cnt)
        managed = self.managed(budget)
        self._grow(tree, root, players, grey, start, seconds, iterations,
                   stop_early=managed and iterations is None)
        stats = tree.root_stats()
        best = max(range(len(stats)), key=lambda i: (stats[i][1], stats[i][2]))
        a, n, w = stats[best]
        value = w / n if n else 0.0
        self.last_value = value
        self._account(mean, time.perf_counter() - start, managed)
        return MOVES[a], value

    def analyse(
        self, state: State, budget: Budget | None = None, only: tuple[int, ...] | None = None
    ) -> list[tuple[int, int, float]]:
        """The root statistics of one search, as :meth:`MCTSAgent.analyse`: ``(action,
        visits, mean value)`` for every legal action (or only those in ``only``), the most
        visited first. The search uses its whole budget (no time management)."""
        start = time.perf_counter()
        if not state.legal_actions():
            raise ValueError("no legal move: the state awaits a fill or the game is over")
        if not self.accelerated(state):
            self.last_path = "reference"
            return self.fallback.analyse(state, budget, only)
        self.last_path = "numba"
        import numpy as np

        players = state.players
        grey = state.ruleset.grey
        root = np.array(state.raw, dtype=np.int64)
        tree = Tree()
        self._root(root, players, grey, tree)
        if only is not None:
            cnt = int(tree.nd_cnt[0])
            keep = [i for i in range(cnt) if int(tree.e_act[i]) in only]
            if not keep:
                raise ValueError("none of the actions to analyse is legal")
            acts = tree.e_act[keep].copy()
            prior = tree.e_prior[keep].copy()
            z = float(prior.sum()) or 1.0
            k = len(keep)
            tree.e_act[:k] = acts
            tree.e_prior[:k] = prior / z
            tree.nd_cnt[0] = k
            tree.meta[1] = k
        seconds, iterations = self.allowance(budget, None)
        self._grow(tree, root, players, grey, start, seconds, iterations, stop_early=False)
        out = [(a, n, w / n if n else 0.0) for a, n, w in tree.root_stats()]
        out.sort(key=lambda t: (-t[1], -t[2]))
        return out

    # -- the search and its time -----------------------------------------------------------
    def _root(self, root: np.ndarray, players: int, grey: bool, tree: Tree) -> None:
        from azulejos.fast import search as K

        K.make_root(root, players, grey, self.temperature, self.prior_array(), *tree.arrays())

    def _mean_seconds(self, budget: Budget | None) -> float | None:
        """The bot's own mean seconds per move (its ``time`` option), if it has one."""
        if self.own is not None and self.own.seconds is not None:
            return self.own.seconds
        return None

    def managed(self, budget: Budget | None) -> bool:
        """Whether this move's time is shared out over the game: the bot has a mean time of
        its own (``time``, ``manage=1``) and the runner sets no time (a runner's time is this
        move's budget, used to the end: issue 30, item 5)."""
        mean = self._mean_seconds(budget)
        if mean is None or not self.manage:
            return False
        return budget is None or budget.seconds is None

    def allowance(self, budget: Budget | None, choices: int | None) -> tuple[float | None, int | None]:
        """Seconds (None = no limit) and iterations (None = no cap) for this search.

        The runner's seconds, when it gives some, are this move's time, used to the end (the
        bot's own ``time`` is only its default: issue 30, item 5); without them the bot's own
        seconds are a mean per move, shared out by :attr:`manage` (see the module docs) when
        ``choices`` is given."""
        own_s = self.own.seconds if self.own is not None else None
        its = next(
            (b.iterations for b in (self.own, budget) if b is not None and b.iterations is not None),
            None,
        )
        cap = time_of(self.own, budget)
        if cap is None:
            return (None, its) if its is not None else (DEFAULT_SECONDS, None)
        if own_s is not None and choices is not None and self.managed(budget):
            factor = min(2.0, max(0.5, math.sqrt(choices / 25.0)))
            target = own_s * factor + 0.25 * self.bank
            cap = min(3.0 * own_s, max(0.25 * own_s, target))
        return cap, its

    def _account(self, mean: float | None, used: float, managed: bool) -> None:
        """Bank the time a managed move did not use (or take back what it overspent)."""
        if mean is not None and managed:
            self.bank = min(10.0 * mean, max(-3.0 * mean, self.bank + mean - used))
        self.last_seconds = used

    def _grow(
        self, tree: Tree, root: np.ndarray, players: int, grey: bool, start: float,
        seconds: float | None, iterations: int | None, stop_early: bool,
    ) -> None:
        """Run the compiled search in chunks until the time (less the margin) or the
        iterations are spent; with ``stop_early``, also once the most visited root move can no
        longer be overtaken in the time left."""
        import numpy as np

        from azulejos.fast import search as K
        from azulejos.fast.rng import new_state

        rs = new_state(self.rng.getrandbits(63))
        room = int(K.edge_room(root, players))
        end = None if seconds is None else start + max(0.0, seconds - self.margin)
        done = 0
        chunk = 8
        grow_cost = 0.0
        reserved = False
        frozen = False
        c, eps, temp, rounds, scale = self.c, self.eps, self.temperature, self.rounds, self.scale
        chance = self.chance
        shared = self.rng.getrandbits(56) if self.shared else -1  # the shared fills' seeds
        widen = self.widen
        net = self.net_array()
        pw = self.prior_array()
        while True:
            want = chunk if iterations is None else min(chunk, iterations - done)
            t0 = time.perf_counter()
            got = K.run(
                root, players, grey, want, c, eps, temp, rounds, chance, shared, widen, scale,
                rs, frozen, net, pw, *tree.arrays(),
            )
            t1 = time.perf_counter()
            rate = got / (t1 - t0) if got and t1 > t0 else 0.0
            done += got
            if got < want:
                if end is not None and end - t1 < 2.0 * grow_cost + 0.001:
                    break  # doubling the arrays would overrun the time: stop here
                frozen = not tree.grow(room)
                t2 = time.perf_counter()
                grow_cost = t2 - t1
                t1 = t2
            if iterations is not None and done >= iterations:
                break
            if end is not None:
                left = end - t1
                if left <= 0:
                    break
                if not reserved and got:
                    # Room for the whole search now, while the arrays are small to copy: the
                    # iterations the rate promises, with the nodes and edges per iteration so far.
                    reserved = True
                    expect = done + rate * left
                    tree.reserve(
                        int(1.25 * expect * int(tree.meta[0]) / done) + 16,
                        int(1.25 * expect * int(tree.meta[1]) / done) + 400,
                    )
                if stop_early and rate > 0 and done > 0:
                    n = tree.e_n[: int(tree.nd_cnt[0])]
                    if n.shape[0] > 1:
                        top2 = np.partition(n, -2)[-2:]
                        if int(top2[1]) - int(top2[0]) > rate * left:
                            break
                step = min(left, CHUNK_SECONDS)
                chunk = max(1, int(rate * step)) if rate > 0 else 1
        self.last_iterations = done
        self.last_nodes = int(tree.meta[0])

