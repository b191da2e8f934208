"""A compiled tree search: the PUCT search of ``agents/mcts.py`` as numba kernels over arrays.

The tree lives in flat arrays (nodes and edges, see :class:`Tree` in
:mod:`azulejos.agents.fastmcts`), and one call of :func:`run` performs a given number of
iterations - selection, expansion, the epsilon-greedy play-out to the end of the round and the
evaluation - without returning to Python. The move scoring (:mod:`.scores`) and the
evaluation (:func:`evaluate`) are twins of :mod:`azulejos.agents.features` (the same formulas,
checked value for value by the tests); moves are applied by
:func:`azulejos.fast.step.apply_action` (:func:`azulejos.fast.specials.apply_action` with the
special displays, R40-R47) and fills (with ``rounds`` > 0) sampled by
:func:`azulejos.fast.chance.fill`, from the bag counts the state holds (R21, R22).
With a value network (:mod:`azulejos.fast.nn`, ``fastmcts:eval=net``) :func:`run` values its
leaves with the network instead of :func:`evaluate`.

Node arrays (``nd_*``, one entry per node) hold the player to move, whether the node ends the
round (a fill or the end of the game: no edges), the first edge and the number of edges, and
the visits. Edge arrays (``e_*``) hold the action id, the prior, the visits, the summed value
(for the player who moves at the edge's node) and the child node (-1 = not expanded).
``meta[0]`` and ``meta[1]`` count the nodes and edges in use.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from . import specials as SP
from .chance import fill
from .legal import random_action
from .nn import HEADER as NET_HEADER
from .nn import values as net_values
from .nnfeatures import N_MID
from .prior import N_PF, draft_features, softmax_into
from .rng import next_u64, seed_state
from .scores import line_points, move_scores, place_scores
from .step import apply_action
from .tables import (
    COL_OCC,
    DRAFT,
    FILL,
    FLOOR_N,
    L_COLOUR,
    L_COUNT,
    MAX_LEGAL,
    NUM_ACTIONS,
    OVER,
    P0,
    PEN_TOTAL,
    PHASE,
    POP,
    ROW_OCC,
    SCORE,
    STRIDE,
    TURN,
    WALL,
    WK_SIZE,
)

#: The most edges a node can have: every legal action, SF4 splits included (R43); the size of
#: the move buffers.
MAX_EDGES = MAX_LEGAL
#: The most edges a node of the base game can have (every action id).
BASE_EDGES = NUM_ACTIONS
#: Deepest path inside one round (drafting moves plus grey column choices).
MAX_DEPTH = 256
#: The most fills a chance node can have (``agents.fastmcts.MAX_CHANCE``, equal by a test): the
#: stride of the shared fills' seeds (:func:`expand_chance`).
MAX_CHANCE_EDGES = 64


@njit(cache=True, inline="always")
def _reach(filled: int, rounds_left: int) -> float:
    if filled >= 5:
        return 1.0
    if 5 - filled > rounds_left:
        return 0.0
    f = filled / 5.0
    return f * f


@njit(cache=True)
def evaluate(s: np.ndarray, players: int, grey: bool, out: np.ndarray, pts: np.ndarray) -> None:
    """out[p]: estimated final score of player p, as ``features.evaluate`` (exact at the end)."""
    for p in range(players):
        out[p] = float(s[P0 + p * STRIDE + SCORE])
    if s[PHASE] == OVER:
        return
    most = 0
    for p in range(players):
        b = P0 + p * STRIDE
        for r in range(5):
            f = POP[s[b + ROW_OCC + r]]
            if f > most:
                most = f
    rounds_left = 5 - most if most < 5 else 1
    per = np.zeros(5, dtype=np.int64)
    for p in range(players):
        b = P0 + p * STRIDE
        v = out[p]
        have_pts = False
        for i in range(5):
            n = s[b + L_COUNT + i]
            if n:
                if not have_pts:
                    line_points(s, b, grey, pts)
                    have_pts = True
                q = pts[i * 5 + s[b + L_COLOUR + i]]
                if q > 0 and rounds_left > 0:
                    v += 0.6 * q * n / (i + 1)
        for r in range(5):
            v += 2.0 * _reach(POP[s[b + ROW_OCC + r]], rounds_left)
        for c in range(5):
            v += 7.0 * _reach(POP[s[b + COL_OCC + c]], rounds_left)
        for k in range(5):
            per[k] = 0
        for j in range(25):
            k = s[b + WALL + j]
            if k >= 0:
                per[k] += 1
        for k in range(5):
            v += 10.0 * _reach(per[k], rounds_left)
        v -= PEN_TOTAL[s[b + FLOOR_N]]  # R19
        out[p] = v


@njit(cache=True)
def edge_room(s: np.ndarray, players: int) -> int:
    """Room an expansion may need in a game like ``s``'s: one node and at most this many
    edges (more with the special displays, whose SF4 splits are moves of their own)."""
    return MAX_EDGES if SP.module_on(s, players) else BASE_EDGES


@njit(cache=True, inline="always")
def _apply(s: np.ndarray, players: int, grey: bool, a: int) -> None:
    """Play action ``a`` (assumed legal), with the special displays' rules when the module is
    on (R40-R47)."""
    if SP.module_on(s, players):
        SP.apply_action(s, players, grey, a)
    else:
        apply_action(s, players, grey, a)


@njit(cache=True, inline="always")
def _random(s: np.ndarray, players: int, rs: np.ndarray, wk: np.ndarray) -> int:
    """A legal action drawn uniformly (SF4 splits included when the module is on)."""
    if SP.module_on(s, players):
        return int(SP.random_action(s, players, rs, wk))
    return int(random_action(s, players, rs, wk))


@njit(cache=True)
def margins(values: np.ndarray, players: int, out: np.ndarray) -> None:
    """out[p]: own value minus the best other player's (``features.margins``)."""
    for p in range(players):
        best = -1e300
        for q in range(players):
            if q != p and values[q] > best:
                best = values[q]
        out[p] = values[p] - best


@njit(cache=True, inline="always")
def _uniform(rs: np.ndarray) -> float:
    return float(next_u64(rs) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def policy_action(
    s: np.ndarray, players: int, grey: bool, eps: float, rs: np.ndarray,
    acts: np.ndarray, sc: np.ndarray, pts: np.ndarray, wk: np.ndarray,
) -> int:
    """The play-out move of ``policy.policy_action``: with probability ``eps`` a uniformly
    random legal move, else the best immediate score (ties drawn uniformly)."""
    if eps > 0.0 and _uniform(rs) < eps:
        return _random(s, players, rs, wk)
    if s[PHASE] == DRAFT:
        n = move_scores(s, players, grey, acts, sc, pts, wk)
    else:
        n = place_scores(s, acts, sc)
    best = sc[0]
    for i in range(1, n):
        if sc[i] > best:
            best = sc[i]
    ties = 0
    for i in range(n):
        if sc[i] >= best - 1e-9:
            ties += 1
    r = 0
    if ties > 1:
        r = int(next_u64(rs) % np.uint64(ties))
    for i in range(n):
        if sc[i] >= best - 1e-9:
            if r == 0:
                return int(acts[i])
            r -= 1
    return int(acts[0])


@njit(cache=True)
def policy_playout(
    s: np.ndarray, players: int, grey: bool, eps: float, extra_rounds: int, rs: np.ndarray,
    acts: np.ndarray, sc: np.ndarray, pts: np.ndarray, wk: np.ndarray,
) -> None:
    """Finish the round (plus ``extra_rounds`` rounds with fills sampled from the bag counts,
    R21, R22) or the game with :func:`policy_action`, as ``policy.policy_playout``."""
    log = np.empty(0, dtype=np.int64)
    while True:
        ph = s[PHASE]
        if ph == OVER:
            return
        if ph == FILL:
            if extra_rounds <= 0:
                return
            extra_rounds -= 1
            fill(s, players, rs, log, wk)
            continue
        _apply(s, players, grey, policy_action(s, players, grey, eps, rs, acts, sc, pts, wk))


@njit(cache=True)
def new_node(
    s: np.ndarray, nd_player: np.ndarray, nd_term: np.ndarray, nd_first: np.ndarray,
    nd_cnt: np.ndarray, nd_visits: np.ndarray, meta: np.ndarray, chance: int = 0,
) -> int:
    """Add the node of state ``s``, its edges not yet listed (``nd_cnt`` -1: they are made by
    :func:`expand` when the search first passes through it, since most leaves are never
    visited twice); return its index. The caller makes sure there is room. A fill ends the
    tree there unless ``chance`` > 0: it is then a chance node (:func:`expand_chance`)."""
    node = meta[0]
    meta[0] = node + 1
    ph = s[PHASE]
    nd_player[node] = s[TURN]
    nd_visits[node] = 0
    nd_first[node] = 0
    if ph == OVER or (ph == FILL and chance <= 0):
        nd_term[node] = 1  # the end of the round (or game): no moves in this tree
        nd_cnt[node] = 0
    else:
        nd_term[node] = 0
        nd_cnt[node] = -1
    return int(node)


@njit(cache=True)
def expand(
    s: np.ndarray, players: int, grey: bool, temperature: float, pw: np.ndarray,
    pf: np.ndarray, node: int,
    nd_first: np.ndarray, nd_cnt: np.ndarray, e_act: np.ndarray, e_prior: np.ndarray,
    e_n: np.ndarray, e_w: np.ndarray, e_child: np.ndarray, meta: np.ndarray,
    acts: np.ndarray, sc: np.ndarray, pts: np.ndarray, wk: np.ndarray,
) -> None:
    """List the edges of ``node`` (the node of state ``s``): every legal action with the
    softmax prior of its move score at ``temperature`` (``_Node`` of ``agents/mcts.py``), or
    for a drafting move with learned prior weights ``pw`` (:mod:`.prior`; an empty array for
    none) the softmax of its features (written to ``pf``, which is empty without them) times
    the weights."""
    first = meta[1]
    learned = False
    if s[PHASE] == DRAFT:
        n = move_scores(s, players, grey, acts, sc, pts, wk)
        if pw.shape[0] == N_PF and not SP.module_on(s, players):  # (base-game moves only)
            draft_features(s, players, grey, acts, sc, n, pts, pf)
            softmax_into(pf, n, pw, e_prior, first)
            learned = True
    else:
        n = place_scores(s, acts, sc)
    if not learned:
        top = sc[0]
        for i in range(1, n):
            if sc[i] > top:
                top = sc[i]
        z = 0.0
        for i in range(n):
            e = math.exp((sc[i] - top) / temperature)
            e_prior[first + i] = e
            z += e
        for i in range(n):
            e_prior[first + i] /= z
    for i in range(n):
        e_act[first + i] = acts[i]
        e_n[first + i] = 0
        e_w[first + i] = 0.0
        e_child[first + i] = -1
    nd_first[node] = first
    nd_cnt[node] = n
    meta[1] = first + n


@njit(cache=True)
def expand_chance(
    node: int, chance: int, shared: int, fills: int, rs: np.ndarray, nd_first: np.ndarray,
    nd_cnt: np.ndarray, e_act: np.ndarray, e_prior: np.ndarray, e_n: np.ndarray,
    e_w: np.ndarray, e_child: np.ndarray, meta: np.ndarray,
) -> None:
    """List the edges of the chance node ``node`` (a fill is due, R21): ``chance`` fills
    sampled from the bag counts, each kept as the seed (``e_act``) that draws it again, so the
    tree below each one is searched like the round before it. The seeds come from the search's
    own generator: never the real fills (R22).

    With ``shared`` >= 0 (common random numbers) the seeds are not drawn: the i-th edge of a
    chance node that comes after ``fills`` fills on its path gets the seed ``shared + fills *
    MAX_CHANCE_EDGES + i``. Every chance node at the same round ahead then samples with the
    same seeds, and since the bag does not change within a round (it is drawn from only at
    the fill, R21, and refilled from the lid only when it runs empty there, R22), sibling
    branches mostly meet the same factories: the search compares
    moves over the same fills instead of over different luck. Each fill is still a fair draw
    from its own bag (the base ``shared`` is random per search)."""
    first = meta[1]
    for i in range(chance):
        if shared >= 0:
            e_act[first + i] = (shared + fills * MAX_CHANCE_EDGES + i) & 0x3FFFFFFFFFFFFFFF
        else:
            e_act[first + i] = np.int64(next_u64(rs) >> np.uint64(2))
        e_prior[first + i] = 1.0 / chance
        e_n[first + i] = 0
        e_w[first + i] = 0.0
        e_child[first + i] = -1
    nd_first[node] = first
    nd_cnt[node] = chance
    meta[1] = first + chance


@njit(cache=True)
def make_root(
    s: np.ndarray, players: int, grey: bool, temperature: float, pw: np.ndarray,
    nd_player: np.ndarray, nd_term: np.ndarray, nd_first: np.ndarray, nd_cnt: np.ndarray,
    nd_visits: np.ndarray, e_act: np.ndarray, e_prior: np.ndarray, e_n: np.ndarray,
    e_w: np.ndarray, e_child: np.ndarray, meta: np.ndarray,
) -> int:
    """Start a tree at state ``s`` (a move is due): node 0 with its edges (priors as
    :func:`expand`); returns their number."""
    acts = np.empty(MAX_EDGES, dtype=np.int64)
    pf = np.empty((MAX_EDGES if pw.shape[0] == N_PF else 0, N_PF), dtype=np.float64)
    sc = np.empty(MAX_EDGES, dtype=np.float64)
    pts = np.empty(25, dtype=np.int64)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    meta[0] = 0
    meta[1] = 0
    node = new_node(s, nd_player, nd_term, nd_first, nd_cnt, nd_visits, meta)
    if nd_term[node]:
        return 0
    expand(s, players, grey, temperature, pw, pf, node, nd_first, nd_cnt, e_act, e_prior, e_n,
           e_w, e_child, meta, acts, sc, pts, wk)
    return int(nd_cnt[node])


@njit(cache=True)
def run(
    root: np.ndarray, players: int, grey: bool, iterations: int,
    c: float, eps: float, temperature: float, rounds: int, chance: int, shared: int,
    widen: float, scale: float, rs: np.ndarray, frozen: bool, net: np.ndarray, pw: np.ndarray,
    nd_player: np.ndarray, nd_term: np.ndarray, nd_first: np.ndarray, nd_cnt: np.ndarray,
    nd_visits: np.ndarray, e_act: np.ndarray, e_prior: np.ndarray, e_n: np.ndarray,
    e_w: np.ndarray, e_child: np.ndarray, meta: np.ndarray,
) -> int:
    """Run up to ``iterations`` iterations from node 0 (the node of ``root``, made by
    :func:`make_root`); return how many ran. It stops early, before an iteration, when the node
    or edge arrays might not hold one more expansion: the caller grows them and calls again.
    With ``frozen`` (the tree has reached its size limit) it adds no node and lists no edges:
    a path that reaches an unlisted node or a missing child plays out from there and backs up
    the value along the nodes it passed.

    One iteration is the one of ``MCTSAgent._grow``: PUCT selection (first-play urgency: the
    node's mean value less 0.2) for the player to move at each node, expansion of the first
    new node, the epsilon-greedy play-out to the end of the round (or ``rounds`` rounds more),
    and the evaluation's margins backed up, each node adding the margin of its own player.

    The evaluation is the hand-set :func:`evaluate`, or with a value network ``net`` (the
    flat weights of :mod:`azulejos.fast.nn`; an empty array for none) the network's
    expected final scores. Either looks at the end of a round before the next fill, so the
    unknown fills are averaged in the evaluation itself (the network learnt the outcome over
    the fills that followed such positions). A network of every position (its input
    :func:`~.nnfeatures.encode_mid`, ``fastmcts:eval=mid``) values each new leaf where it
    stands, in the middle of a round too: no play-out is made (``eps`` and ``rounds`` do not
    apply), as in AlphaZero, so the tree's own look-ahead is all the search does. The
    priors are :func:`expand`'s, with the learned weights ``pw`` if not empty.

    With ``chance`` > 0 the tree does not stop at the end of the round: a fill is a chance
    node with ``chance`` sampled fills (:func:`expand_chance`), each visited in turn (the
    least visited next), and the next round is searched below each, so a longer search keeps
    looking further instead of re-sampling the same round's end. ``shared`` >= 0 makes sibling
    chance nodes sample the same fills (:func:`expand_chance`); -1 draws each node's own.
    With ``widen`` > 0 (progressive widening) a chance node visited n times sends its visits
    to its first 1 + floor(widen * sqrt(n)) fills only (at most ``chance``): few fills while
    it has few visits, so the tree below them goes deeper, and more as the visits grow, so a
    longer search averages over more of the fills.
    """
    s = np.empty_like(root)
    crs = np.empty(4, dtype=np.uint64)  # a chance edge's generator, seeded from the edge
    log = np.empty(0, dtype=np.int64)
    acts = np.empty(MAX_EDGES, dtype=np.int64)
    pf = np.empty((MAX_EDGES if pw.shape[0] == N_PF else 0, N_PF), dtype=np.float64)
    sc = np.empty(MAX_EDGES, dtype=np.float64)
    pts = np.empty(25, dtype=np.int64)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    vals = np.empty(players, dtype=np.float64)
    m = np.empty(players, dtype=np.float64)
    path_node = np.empty(MAX_DEPTH, dtype=np.int64)
    path_edge = np.empty(MAX_DEPTH, dtype=np.int64)
    use_net = net.shape[0] >= NET_HEADER
    mid = use_net and int(net[0]) == N_MID  # a network of every position: no play-outs
    nx = np.zeros(int(net[0]) if use_net else 1, dtype=np.float64)
    nh1 = np.zeros(int(net[1]) if use_net else 1, dtype=np.float64)
    nh2 = np.zeros(int(net[2]) if use_net else 1, dtype=np.float64)
    node_cap = nd_player.shape[0]
    edge_cap = e_act.shape[0]
    room = edge_room(root, players)
    done = 0
    while done < iterations:
        if not frozen and (meta[0] + 1 > node_cap or meta[1] + room > edge_cap):
            break
        s[:] = root
        node = 0
        depth = 0
        fills = 0  # the fills passed on this path
        while True:
            if nd_term[node]:
                break
            at_fill = s[PHASE] == FILL  # (a chance node: only with ``chance``)
            if nd_cnt[node] < 0 or depth >= MAX_DEPTH:
                if frozen or depth >= MAX_DEPTH:
                    if not mid:
                        policy_playout(s, players, grey, eps, rounds, rs, acts, sc, pts, wk)
                    break
                if at_fill:
                    expand_chance(node, chance, shared, fills, rs, nd_first, nd_cnt, e_act,
                                  e_prior, e_n, e_w, e_child, meta)
                else:
                    expand(s, players, grey, temperature, pw, pf, node, nd_first, nd_cnt,
                           e_act, e_prior, e_n, e_w, e_child, meta, acts, sc, pts, wk)
            first = nd_first[node]
            cnt = nd_cnt[node]
            best_i = first
            if at_fill:  # the sampled fills in turn
                if widen > 0.0:
                    cnt = min(cnt, 1 + int(widen * math.sqrt(nd_visits[node])))
                for i in range(first + 1, first + cnt):
                    if e_n[i] < e_n[best_i]:
                        best_i = i
            else:
                vis = nd_visits[node]
                sq = math.sqrt(vis + 1)
                fpu = 0.0
                if vis:
                    sw = 0.0
                    for i in range(first, first + cnt):
                        sw += e_w[i]
                    fpu = sw / vis / scale - 0.2
                best_u = -1e18
                for i in range(first, first + cnt):
                    ni = e_n[i]
                    q = e_w[i] / ni / scale if ni else fpu
                    u = q + c * e_prior[i] * sq / (1 + ni)
                    if u > best_u:
                        best_u = u
                        best_i = i
            path_node[depth] = node
            path_edge[depth] = best_i
            depth += 1
            if at_fill:
                seed_state(crs, e_act[best_i])
                fill(s, players, crs, log, wk)
                fills += 1
            else:
                _apply(s, players, grey, e_act[best_i])
            kid = e_child[best_i]
            if kid < 0 and frozen:
                if not mid:
                    policy_playout(s, players, grey, eps, rounds, rs, acts, sc, pts, wk)
                node = -1
                break
            if kid < 0:
                kid = new_node(s, nd_player, nd_term, nd_first, nd_cnt, nd_visits, meta, chance)
                e_child[best_i] = kid
                if not nd_term[kid] and not mid:
                    policy_playout(s, players, grey, eps, rounds, rs, acts, sc, pts, wk)
                node = kid
                break
            node = kid
        if not mid and node >= 0 and nd_term[node] and rounds > 0 and s[PHASE] == FILL:
            policy_playout(s, players, grey, eps, rounds, rs, acts, sc, pts, wk)
        if use_net:
            net_values(s, players, grey, net, vals, nx, nh1, nh2)
        else:
            evaluate(s, players, grey, vals, pts)
        margins(vals, players, m)
        if node >= 0:
            nd_visits[node] += 1
        for j in range(depth):
            nd = path_node[j]
            ei = path_edge[j]
            nd_visits[nd] += 1
            e_n[ei] += 1
            e_w[ei] += m[nd_player[nd]]
        done += 1
    return done


@njit(cache=True)
def scores_of(
    s: np.ndarray, players: int, grey: bool, acts: np.ndarray, sc: np.ndarray
) -> int:
    """The move scores of the node of ``s`` (draft or column choice), for tests and priors."""
    pts = np.empty(25, dtype=np.int64)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    if s[PHASE] == DRAFT:
        return move_scores(s, players, grey, acts, sc, pts, wk)
    return place_scores(s, acts, sc)


@njit(cache=True)
def prior_features(s: np.ndarray, players: int, grey: bool, out: np.ndarray) -> int:
    """out[i]: the features (:mod:`.prior`) of the i-th drafting move of ``s`` in the order of
    the tree's edges; returns how many moves (for training the learned prior)."""
    acts = np.empty(MAX_EDGES, dtype=np.int64)
    sc = np.empty(MAX_EDGES, dtype=np.float64)
    pts = np.empty(25, dtype=np.int64)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    n = move_scores(s, players, grey, acts, sc, pts, wk)
    draft_features(s, players, grey, acts, sc, n, pts, out)
    return n


@njit(cache=True)
def evaluate_margins(s: np.ndarray, players: int, grey: bool, out: np.ndarray) -> None:
    """out[p]: the margins of :func:`evaluate` (for tests and the single-move value)."""
    pts = np.empty(25, dtype=np.int64)
    vals = np.empty(players, dtype=np.float64)
    evaluate(s, players, grey, vals, pts)
    margins(vals, players, out)


@njit(cache=True)
def quick_value(
    s: np.ndarray, players: int, grey: bool, me: int, seed: int
) -> float:
    """The greedy play-out's margin for ``me`` from ``s`` (mutated): the value of a forced
    move (``MCTSAgent._quick_value``)."""
    rs = np.empty(4, dtype=np.uint64)
    seed_state(rs, seed)
    acts = np.empty(MAX_EDGES, dtype=np.int64)
    sc = np.empty(MAX_EDGES, dtype=np.float64)
    pts = np.empty(25, dtype=np.int64)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    policy_playout(s, players, grey, 0.0, 0, rs, acts, sc, pts, wk)
    out = np.empty(players, dtype=np.float64)
    evaluate_margins(s, players, grey, out)
    return float(out[me])
