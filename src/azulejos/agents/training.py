"""Training the value network of :mod:`azulejos.fast.nn` by self-play (``azulejos train``).

1. **Games**: the compiled search (``fastmcts`` at a small iteration budget; its evaluation
   the hand-set one, or a network already trained: expert iteration) plays itself in games of
   2, 3 and 4 players (one in four on the grey wall). Fills are drawn by the kernels from the
   bag counts (R21, R22), so nothing is known ahead. Every position at the end of a round,
   before the next fill (where the search calls its evaluation), is kept for every player
   with that player's points still to come (final score, with the end bonuses R24/R25, less
   the score then).
   With ``mid`` (``azulejos train --mid``, the network of ``fastmcts:eval=mid``) every
   position is a candidate - each move due in a round, and each end of a round - and a share
   ``keep`` of them is kept (positions of one game are much alike), encoded by
   :func:`~azulejos.fast.nnfeatures.encode_mid`.
2. **Fit**: a two-layer MLP (ReLU) with Adam and a squared error, written out in numpy; the
   games are split 90/10 into training and validation, and the weights of the best
   validation epoch are kept. The hand-set evaluation's error on the same validation
   positions is reported beside the network's.

Everything is drawn from one seed (the kernels' generator per game, numpy's for the
weights and batches), so one command gives the same weights again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from azulejos.fast import nn
from azulejos.fast.nnfeatures import F_SCORE, N_IN, N_MID, encode_array

#: Points per unit of the network's output.
SCALE = 10.0
#: With ``mid``: the share of the positions of a game that are kept.
KEEP_MID = 0.25


@dataclass
class Samples:
    """Positions at the ends of rounds, one row per (position, player)."""

    x: np.ndarray  # (n, N_IN) inputs
    y: np.ndarray  # (n,) points still to come / SCALE
    hand: np.ndarray  # (n,) the hand-set evaluation's points to come / SCALE
    game: np.ndarray  # (n,) the game each row comes from
    players: np.ndarray  # (n,) the player count of that game
    position: np.ndarray  # (n,) the position each row comes from (one row per player)


@dataclass
class Report:
    """What a training run did and how well the network fits."""

    games: int = 0
    positions: int = 0
    epochs: int = 0
    best_epoch: int = 0
    train_rmse: float = 0.0  # in points
    valid_rmse: float = 0.0  # in points
    hand_rmse: float = 0.0  # the hand-set evaluation on the validation rows, in points
    margin_rmse: float = 0.0  # the network's error of the final margin (own less best other)
    hand_margin_rmse: float = 0.0  # the same for the hand-set evaluation
    by_players: dict[int, tuple[float, float]] = field(default_factory=dict)  # net, hand
    held_out_games: int = 0  # whole games kept out of the fit (every tenth game)
    held_out_positions: int = 0  # rows kept out (with fewer than 10 games: every tenth row)


def game_setup(i: int) -> tuple[int, bool]:
    """The player count and wall of self-play game ``i``: 2, 3, 4 in turn; every fourth round
    of three games on the grey wall."""
    return 2 + i % 3, (i // 3) % 4 == 3


def start_game(players: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A self-play game's first position (the first fill drawn, R9, R21) and what the kernels
    need beside it: the state, its generator (seeded by ``seed``), an empty log and a work
    array."""
    from azulejos.core import layout as L
    from azulejos.fast.chance import fill, init_state
    from azulejos.fast.rng import new_state
    from azulejos.fast.tables import WK_SIZE

    rs = new_state(seed)
    s = np.zeros(L.size(players), dtype=np.int64)
    init_state(s, players, seed % players)
    log = np.empty(0, dtype=np.int64)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    fill(s, players, rs, log, wk)
    return s, rs, log, wk


def play_game(
    players: int, grey: bool, seed: int, iterations: int, net: np.ndarray, mid: bool = False
) -> tuple[list[np.ndarray], np.ndarray]:
    """One self-play game: the end-of-round positions (state arrays before each fill after the
    first; with ``mid`` a share :data:`KEEP_MID` of all positions, each move due and each end of
    a round) and the final scores. With ``iterations`` 0 the moves are the play-out policy's
    (epsilon-greedy on the move scores); else the search's most visited move (in the first
    round drawn in proportion to the visits, for varied games)."""
    from azulejos.core import layout as L
    from azulejos.fast import search as K
    from azulejos.fast.chance import fill
    from azulejos.fast.step import apply_action

    from .fastmcts import Tree

    s, rs, log, wk = start_game(players, seed)
    pick = np.random.default_rng(seed)
    sample = np.random.default_rng([seed, 1])  # which positions ``mid`` keeps
    acts = np.empty(K.MAX_EDGES, dtype=np.int64)
    sc = np.empty(K.MAX_EDGES, dtype=np.float64)
    pts = np.empty(25, dtype=np.int64)
    kept: list[np.ndarray] = []
    tree = Tree(1024, 16384)
    no_prior = np.zeros(0)  # the hand-set move prior
    while True:
        ph = s[L.PHASE]
        if ph == L.OVER:
            break
        if mid and sample.random() < KEEP_MID:
            kept.append(s.copy())
        if ph == L.FILL:
            if not mid:
                kept.append(s.copy())
            fill(s, players, rs, log, wk)
            continue
        if iterations <= 0:
            a = K.policy_action(s, players, grey, 0.1, rs, acts, sc, pts, wk)
        else:
            cnt = K.make_root(s, players, grey, 1.5, no_prior, *tree.arrays())
            if cnt == 1:
                a = int(tree.e_act[0])
            else:
                done = 0
                while done < iterations:
                    got = K.run(s, players, grey, iterations - done, 2.0, 0.15, 1.5, 0, 0, -1, 0.0,
                                10.0, rs, False, net, no_prior, *tree.arrays())
                    done += got
                    if got == 0 and not tree.grow(int(K.edge_room(s, players))):
                        break
                n = tree.e_n[:cnt].astype(np.float64)
                if s[L.ROUND] == 1 and n.sum() > 0:
                    a = int(tree.e_act[int(pick.choice(cnt, p=n / n.sum()))])
                else:
                    a = int(tree.e_act[int(np.argmax(n))])
        apply_action(s, players, grey, a)
    final = np.array([s[L.P0 + p * L.STRIDE + L.SCORE] for p in range(players)], dtype=np.int64)
    return kept, final


def self_play(
    games: int, seed: int, iterations: int = 100, net: np.ndarray | None = None,
    progress: Callable[[], None] | None = None, mid: bool = False,
) -> Samples:
    """Play ``games`` games (see :func:`game_setup`) with the search valued by ``net`` (none:
    the hand-set evaluation) and collect their samples (with ``mid``: of every position,
    encoded for the network of every position)."""
    from azulejos.core import layout as L
    from azulejos.fast import search as K

    weights = np.zeros(0) if net is None else net
    xs: list[np.ndarray] = []
    ys: list[float] = []
    hs: list[float] = []
    gs: list[int] = []
    ps: list[int] = []
    pos: list[int] = []
    n_pos = 0
    for i in range(games):
        players, grey = game_setup(i)
        kept, final = play_game(players, grey, seed * 1_000_003 + i, iterations, weights, mid)
        for s in kept:
            hand = np.empty(players, dtype=np.float64)
            K.evaluate(s, players, grey, hand, np.empty(25, dtype=np.int64))
            for p in range(players):
                now = s[L.P0 + p * L.STRIDE + L.SCORE]
                xs.append(encode_array(s, players, grey, p, mid))
                ys.append((final[p] - now) / SCALE)
                hs.append((hand[p] - now) / SCALE)
                gs.append(i)
                ps.append(players)
                pos.append(n_pos)
            n_pos += 1
        if progress is not None:
            progress()
    return Samples(
        np.array(xs, dtype=np.float64).reshape(-1, N_MID if mid else N_IN),
        np.array(ys, dtype=np.float64),
        np.array(hs, dtype=np.float64), np.array(gs, dtype=np.int64),
        np.array(ps, dtype=np.int64), np.array(pos, dtype=np.int64),
    )


def _forward(params: list[np.ndarray], x: np.ndarray) -> tuple[np.ndarray, ...]:
    w1, b1, w2, b2, w3, b3 = params
    z1 = x @ w1 + b1
    a1 = np.maximum(z1, 0.0)
    z2 = a1 @ w2 + b2
    a2 = np.maximum(z2, 0.0)
    y = a2 @ w3 + b3
    return z1, a1, z2, a2, y


def predict(net: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The network's outputs for the rows of ``x`` in numpy (the reference of ``nn.forward``)."""
    w1, b1, w2, b2, w3, b3, _scale = nn.unpack(net)
    return _forward([w1, b1, w2, b2, w3, np.array([b3])], x)[-1].reshape(-1)


def fit(
    data: Samples, seed: int, hidden: tuple[int, int] = (32, 16), epochs: int = 30,
    lr: float = 1e-3, batch: int = 256, decay: float = 1e-5,
    progress: Callable[[], None] | None = None,
) -> tuple[np.ndarray, Report]:
    """Fit the MLP to ``data`` (Adam, squared error, L2 ``decay``); the flat weights of the best
    validation epoch and a report."""
    rng = np.random.default_rng(seed)
    h1, h2 = hidden
    valid = (data.game % 10) == 9
    whole_games = bool(valid.any() and not valid.all())
    if not whole_games:
        valid = np.arange(data.y.shape[0]) % 10 == 9
    xt, yt = data.x[~valid], data.y[~valid]
    xv, yv = data.x[valid], data.y[valid]
    n_in = data.x.shape[1]
    params = [
        rng.normal(0.0, np.sqrt(2.0 / n_in), (n_in, h1)), np.zeros(h1),
        rng.normal(0.0, np.sqrt(2.0 / h1), (h1, h2)), np.zeros(h2),
        rng.normal(0.0, np.sqrt(1.0 / h2), (h2, 1)), np.array([float(yt.mean()) if yt.size else 0.0]),
    ]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    b1m, b2m, eps = 0.9, 0.999, 1e-8
    step = 0
    best = (np.inf, 0, [p.copy() for p in params])
    report = Report(positions=int(data.y.shape[0]), epochs=epochs,
                    games=int(np.unique(data.game).shape[0]))
    n = xt.shape[0]
    for epoch in range(1, epochs + 1):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            xb, yb = xt[idx], yt[idx].reshape(-1, 1)
            z1, a1, z2, a2, y = _forward(params, xb)
            d = 2.0 * (y - yb) / xb.shape[0]
            g_w3 = a2.T @ d
            g_b3 = d.sum(axis=0)
            d2 = (d @ params[4].T) * (z2 > 0)
            g_w2 = a1.T @ d2
            g_b2 = d2.sum(axis=0)
            d1 = (d2 @ params[2].T) * (z1 > 0)
            g_w1 = xb.T @ d1
            g_b1 = d1.sum(axis=0)
            grads = [g_w1 + decay * params[0], g_b1, g_w2 + decay * params[2], g_b2,
                     g_w3 + decay * params[4], g_b3]
            step += 1
            for i, g in enumerate(grads):
                m[i] = b1m * m[i] + (1 - b1m) * g
                v[i] = b2m * v[i] + (1 - b2m) * g * g
                mh = m[i] / (1 - b1m**step)
                vh = v[i] / (1 - b2m**step)
                params[i] = params[i] - lr * mh / (np.sqrt(vh) + eps)
        err = float(np.mean((_forward(params, xv)[-1].reshape(-1) - yv) ** 2)) if yv.size else 0.0
        if err < best[0]:
            best = (err, epoch, [p.copy() for p in params])
        if progress is not None:
            progress()
    params = best[2]
    net = nn.pack(params[0], params[1], params[2], params[3], params[4].reshape(-1),
                  float(params[5][0]), SCALE)
    report.best_epoch = best[1]
    report.held_out_positions = int(valid.sum())
    report.held_out_games = int(np.unique(data.game[valid]).shape[0]) if whole_games else 0
    report.train_rmse = _rmse(predict(net, xt), yt)
    report.valid_rmse = _rmse(predict(net, xv), yv)
    report.hand_rmse = _rmse(data.hand[valid], yv)
    pv = predict(net, xv)
    now = data.x[valid][:, F_SCORE] * 50.0 / SCALE  # the score then, in output units
    pos_v = data.position[valid]
    report.margin_rmse = _rmse(*_margins(pv + now, yv + now, pos_v))
    report.hand_margin_rmse = _rmse(*_margins(data.hand[valid] + now, yv + now, pos_v))
    for players in (2, 3, 4):
        sel = data.players[valid] == players
        if sel.any():
            report.by_players[players] = (_rmse(pv[sel], yv[sel]),
                                          _rmse(data.hand[valid][sel], yv[sel]))
    return net, report


def _margins(pred: np.ndarray, final: np.ndarray, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's margin (own value less the best other player's of the same position), by
    the prediction and by the final scores."""
    out_p = np.empty_like(pred)
    out_f = np.empty_like(final)
    starts = np.flatnonzero(np.r_[True, pos[1:] != pos[:-1]])
    ends = np.r_[starts[1:], pos.shape[0]]
    for a, b in zip(starts, ends):
        for vals, out in ((pred[a:b], out_p), (final[a:b], out_f)):
            for i in range(b - a):
                others = np.delete(vals, i)
                out[a + i] = vals[i] - (others.max() if others.size else 0.0)
    return out_p, out_f


def _rmse(pred: np.ndarray, target: np.ndarray) -> float:
    if target.size == 0:
        return 0.0
    return float(np.sqrt(np.mean((pred - target) ** 2)) * SCALE)


def save(path: str | Path, net: np.ndarray, meta: dict[str, str]) -> None:
    """Write the flat weights (``net``) and a few words of provenance to an ``.npz``."""
    p = Path(path)
    with p.open("wb") as f:
        arrays: dict[str, np.ndarray] = {k: np.array(v) for k, v in meta.items()}
        arrays["net"] = net
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]
