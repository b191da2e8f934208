"""Training the learned move prior of :mod:`azulejos.fast.prior` (``azulejos train --prior``).

1. **Games**: the compiled search at ``expert``'s setting (one more round with a sampled fill
   valued by the value network, ``rounds=1,eval=net``) at a fixed number of iterations plays
   itself in games of 2, 3 and 4 players (one in four on the grey wall; fills drawn from the bag
   counts, R21, R22). At every drafting move with a choice, the features of each legal move and
   the share of the search's visits it got are kept: the visits are the target (expert
   iteration: the prior learns where the search ends up, so that the next search starts there).
   With a prior already learned, the searches use it (a later generation).
2. **Fit**: the weights of the linear softmax, by Adam on the cross-entropy between the prior
   and the visit shares (full batch, a small L2 penalty towards the hand-set prior). The games
   are split 90/10; the weights of the best validation step are kept, and the hand-set prior's
   cross-entropy on the same positions is reported beside the learnt one's.

Everything is drawn from one seed, so one command gives the same weights again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from azulejos.fast.prior import N_PF, hand_weights

from .training import game_setup, start_game

#: The temperature of the hand-set prior the fit starts from (``fastmcts``'s default).
TEMPERATURE = 1.5


@dataclass
class PriorSamples:
    """Drafting positions: every legal move's features and visit share, positions one after
    the other (``start[i]`` is the first row of position ``i``)."""

    x: np.ndarray  # (rows, N_PF)
    target: np.ndarray  # (rows,) visit shares, summing to 1 per position
    start: np.ndarray  # (positions,) first row of each position
    game: np.ndarray  # (positions,) the game each position comes from


@dataclass
class PriorReport:
    games: int = 0
    positions: int = 0
    steps: int = 0
    best_step: int = 0
    valid_ce: float = 0.0  # cross-entropy of the learnt prior on held-out games (nats)
    hand_ce: float = 0.0  # the hand-set prior's on the same positions
    target_entropy: float = 0.0  # the visit shares' own entropy there (the floor of both)
    valid_top: float = 0.0  # share of held-out positions where the learnt prior's favourite
    hand_top: float = 0.0  # ... (the hand-set one's) is the search's most visited move
    held_out_games: int = 0  # whole games kept out of the fit (every tenth game)
    held_out_positions: int = 0  # positions kept out (fewer than 10 games: every tenth one)


def play_game(
    players: int, grey: bool, seed: int, iterations: int, net: np.ndarray, pw: np.ndarray,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """One self-play game; for every drafting move with a choice, the moves' features and
    visit shares. The move played is the most visited (in the first round drawn in proportion
    to the visits, for varied games)."""
    from azulejos.core import layout as L
    from azulejos.fast import search as K
    from azulejos.fast.chance import fill
    from azulejos.fast.step import apply_action

    from .fastmcts import Tree

    s, rs, log, wk = start_game(players, seed)
    pick = np.random.default_rng(seed)
    feats = np.empty((K.MAX_EDGES, N_PF), dtype=np.float64)
    out: list[tuple[np.ndarray, np.ndarray]] = []
    tree = Tree(1024, 16384)
    while True:
        ph = s[L.PHASE]
        if ph == L.OVER:
            break
        if ph == L.FILL:
            fill(s, players, rs, log, wk)
            continue
        cnt = K.make_root(s, players, grey, TEMPERATURE, pw, *tree.arrays())
        if cnt == 1:
            apply_action(s, players, grey, int(tree.e_act[0]))
            continue
        done = 0
        while done < iterations:
            got = K.run(s, players, grey, iterations - done, 2.0, 0.15, TEMPERATURE, 1, 0, -1,
                        0.0, 10.0, rs, False, net, pw, *tree.arrays())
            done += got
            if got == 0 and not tree.grow(int(K.edge_room(s, players))):
                break
        visits = tree.e_n[:cnt].astype(np.float64)
        if ph == L.DRAFT and visits.sum() > 0:
            n = K.prior_features(s, players, grey, feats)
            if n == cnt:  # the same moves in the same order as the root's edges
                out.append((feats[:n].copy(), visits / visits.sum()))
        if s[L.ROUND] == 1 and visits.sum() > 0:
            a = int(tree.e_act[int(pick.choice(cnt, p=visits / visits.sum()))])
        else:
            a = int(tree.e_act[int(np.argmax(visits))])
        apply_action(s, players, grey, a)
    return out


def self_play(
    games: int, seed: int, iterations: int = 800, net: np.ndarray | None = None,
    pw: np.ndarray | None = None, progress: Callable[[], None] | None = None,
) -> PriorSamples:
    """Play ``games`` games (see :func:`azulejos.agents.training.game_setup`) with the value
    network ``net`` (default: the shipped one) and the prior ``pw`` (default: the hand-set
    one) and collect their samples."""
    from .fastmcts import load_net

    weights = load_net() if net is None else net
    prior = np.zeros(0) if pw is None else pw
    xs: list[np.ndarray] = []
    ts: list[np.ndarray] = []
    starts: list[int] = []
    gs: list[int] = []
    rows = 0
    for i in range(games):
        players, grey = game_setup(i)
        for x, t in play_game(players, grey, seed * 1_000_003 + i, iterations, weights, prior):
            xs.append(x)
            ts.append(t)
            starts.append(rows)
            gs.append(i)
            rows += x.shape[0]
        if progress is not None:
            progress()
    return PriorSamples(
        np.concatenate(xs) if xs else np.zeros((0, N_PF)),
        np.concatenate(ts) if ts else np.zeros(0),
        np.array(starts, dtype=np.int64), np.array(gs, dtype=np.int64),
    )


def _softmax(z: np.ndarray, start: np.ndarray) -> np.ndarray:
    top = np.maximum.reduceat(z, start)
    counts = np.diff(np.r_[start, z.shape[0]])
    e = np.exp(z - np.repeat(top, counts))
    tot = np.add.reduceat(e, start)
    return e / np.repeat(tot, counts)  # type: ignore[no-any-return]


def cross_entropy(w: np.ndarray, x: np.ndarray, target: np.ndarray, start: np.ndarray) -> float:
    """The mean over positions of the cross-entropy of the visit shares under the prior ``w``."""
    if start.shape[0] == 0:
        return 0.0
    p = _softmax(x @ w, start)
    return float(-np.sum(target * np.log(np.maximum(p, 1e-300))) / start.shape[0])


def top_agreement(w: np.ndarray, x: np.ndarray, target: np.ndarray, start: np.ndarray) -> float:
    """The share of positions where the prior's favourite move is the most visited one."""
    if start.shape[0] == 0:
        return 0.0
    z = x @ w
    ends = np.r_[start[1:], z.shape[0]]
    hits = sum(
        1 for a, b in zip(start, ends) if target[a + int(np.argmax(z[a:b]))] >= target[a:b].max()
    )
    return float(hits) / int(start.shape[0])


def _select(data: PriorSamples, keep: np.ndarray) -> PriorSamples:
    """The positions where ``keep`` is true, with their rows."""
    ends = np.r_[data.start[1:], data.x.shape[0]]
    rows = np.concatenate([np.arange(a, b) for a, b in zip(data.start[keep], ends[keep])]) \
        if keep.any() else np.zeros(0, dtype=np.int64)
    counts = (ends - data.start)[keep]
    return PriorSamples(data.x[rows], data.target[rows],
                        np.r_[0, np.cumsum(counts)[:-1]].astype(np.int64), data.game[keep])


def fit(
    data: PriorSamples, steps: int = 400, lr: float = 0.02, decay: float = 1e-4,
    progress: Callable[[], None] | None = None,
) -> tuple[np.ndarray, PriorReport]:
    """Fit the weights to ``data``, starting from the hand-set prior; the weights of the best
    validation step and a report."""
    valid = (data.game % 10) == 9
    whole_games = bool(valid.any() and not valid.all())
    if not whole_games:
        valid = np.arange(data.game.shape[0]) % 10 == 9
    tr, va = _select(data, ~valid), _select(data, valid)
    w0 = hand_weights(TEMPERATURE)
    w = w0.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    b1, b2, eps = 0.9, 0.999, 1e-8
    counts = np.diff(np.r_[tr.start, tr.x.shape[0]])
    n_pos = max(1, tr.start.shape[0])
    best = (cross_entropy(w, va.x, va.target, va.start), 0, w.copy())
    for step in range(1, steps + 1):
        p = _softmax(tr.x @ w, tr.start) if counts.size else np.zeros(0)
        g = tr.x.T @ (p - tr.target) / n_pos + decay * (w - w0)
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        w = w - lr * (m / (1 - b1**step)) / (np.sqrt(v / (1 - b2**step)) + eps)
        ce = cross_entropy(w, va.x, va.target, va.start)
        if ce < best[0]:
            best = (ce, step, w.copy())
        if progress is not None:
            progress()
    w = best[2]
    t = va.target
    ent = float(-np.sum(t * np.log(np.maximum(t, 1e-300))) / max(1, va.start.shape[0]))
    report = PriorReport(
        games=int(np.unique(data.game).shape[0]), positions=int(data.start.shape[0]),
        steps=steps, best_step=best[1], valid_ce=best[0],
        hand_ce=cross_entropy(w0, va.x, va.target, va.start), target_entropy=ent,
        valid_top=top_agreement(w, va.x, va.target, va.start),
        hand_top=top_agreement(w0, va.x, va.target, va.start),
        held_out_games=int(np.unique(data.game[valid]).shape[0]) if whole_games else 0,
        held_out_positions=int(valid.sum()),
    )
    return w, report


def save(path: str | Path, w: np.ndarray, meta: dict[str, str]) -> None:
    """Write the weights (``w``) and a few words of provenance to an ``.npz``."""
    with Path(path).open("wb") as f:
        arrays: dict[str, np.ndarray] = {k: np.array(v) for k, v in meta.items()}
        arrays["prior"] = w
        np.savez_compressed(f, **arrays)  # type: ignore[arg-type]
