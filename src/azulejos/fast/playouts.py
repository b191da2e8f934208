"""Numba kernels for random play-outs (single, many from one state, whole games), in the base
game and with the special factory displays (R40-R47; the array is longer)."""

from __future__ import annotations

import numpy as np
from numba import njit

from . import specials
from .chance import fill, init_state
from .legal import random_action
from .rng import seed_state
from .step import apply_action
from .tables import (
    FILL,
    OVER,
    P0,
    PHASE,
    ROUND,
    ROUND_LIMIT,
    SCORE,
    SF_SIZE,
    STRIDE,
    WK_NLOG,
    WK_NTRACE,
    WK_OVERFLOW,
    WK_SIZE,
    WK_STALLED,
)


# -- play-outs --------------------------------------------------------------------------------
@njit(cache=True)
def playout(
    s: np.ndarray,
    players: int,
    grey: bool,
    rs: np.ndarray,
    until_round_end: bool,
    log: np.ndarray,
    trace: np.ndarray,
    wk: np.ndarray,
) -> int:
    """Play ``s`` with uniformly random legal moves and sampled fills to the end (or, with
    ``until_round_end``, to the next fill); return the number of moves played.

    With a non-empty ``log``, every move (its action id) and fill (``FILL_TAG`` and the
    colours) is appended; with a non-empty ``trace``, the state after each event is copied
    to the next row. Counts and overflow go to ``wk``.
    """
    moves = 0
    rec = log.shape[0] > 0
    tr = trace.shape[0] > 0
    sf = s.shape[0] > P0 + STRIDE * players  # the special displays (R40-R47) are on
    while True:
        ph = s[PHASE]
        if ph == OVER:
            break
        if ph == FILL:
            if until_round_end:
                break
            if s[ROUND] > ROUND_LIMIT:
                wk[WK_STALLED] = 1
                break
            fill(s, players, rs, log, wk)
        else:
            if sf:
                a = specials.random_action(s, players, rs, wk)
                specials.apply_action(s, players, grey, a)
            else:
                a = random_action(s, players, rs, wk)
                apply_action(s, players, grey, a)
            moves += 1
            if rec:
                n = wk[WK_NLOG]
                if n < log.shape[0]:
                    log[n] = a
                    wk[WK_NLOG] = n + 1
                else:
                    wk[WK_OVERFLOW] = 1
        if tr:
            t = wk[WK_NTRACE]
            if t < trace.shape[0]:
                trace[t, :] = s
                wk[WK_NTRACE] = t + 1
            else:
                wk[WK_OVERFLOW] = 1
    return moves


@njit(cache=True)
def playout_quick(s: np.ndarray, players: int, grey: bool, rs: np.ndarray, until_round_end: bool) -> int:
    """:func:`playout` without recording; -1 if it stalled at ``ROUND_LIMIT``."""
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    log = np.empty(0, dtype=np.int64)
    trace = np.empty((0, s.shape[0]), dtype=np.int64)
    moves = playout(s, players, grey, rs, until_round_end, log, trace, wk)
    return -1 if wk[WK_STALLED] else moves


@njit(cache=True)
def playout_many(base: np.ndarray, players: int, grey: bool, n: int, rs: np.ndarray) -> np.ndarray:
    """Scores of ``n`` independent play-outs from ``base`` (left unchanged): (n, players)."""
    out = np.empty((n, players), dtype=np.int64)
    s = np.empty_like(base)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    log = np.empty(0, dtype=np.int64)
    trace = np.empty((0, base.shape[0]), dtype=np.int64)
    for g in range(n):
        s[:] = base
        playout(s, players, grey, rs, False, log, trace, wk)
        for p in range(players):
            out[g, p] = s[P0 + p * STRIDE + SCORE]
    return out


@njit(cache=True)
def play_games(players: int, grey: bool, n: int, rs: np.ndarray) -> np.ndarray:
    """Play ``n`` whole games from set-up (seat 0 starts). Returns per game: moves, rounds,
    1 if stalled (``ROUND_LIMIT``), and the scores: (n, 3 + players). For the benchmark."""
    return play_games_sized(players, grey, n, rs, P0 + STRIDE * players)


@njit(cache=True)
def play_games_special(players: int, grey: bool, n: int, rs: np.ndarray) -> np.ndarray:
    """:func:`play_games` with the special factory displays (R40-R47)."""
    return play_games_sized(players, grey, n, rs, P0 + STRIDE * players + SF_SIZE)


@njit(cache=True)
def play_games_sized(players: int, grey: bool, n: int, rs: np.ndarray, size: int) -> np.ndarray:
    """:func:`play_games` on arrays of ``size`` (the module is on when it is the longer one)."""
    out = np.empty((n, 3 + players), dtype=np.int64)
    s = np.empty(size, dtype=np.int64)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    log = np.empty(0, dtype=np.int64)
    trace = np.empty((0, s.shape[0]), dtype=np.int64)
    for g in range(n):
        init_state(s, players, 0)
        out[g, 0] = playout(s, players, grey, rs, False, log, trace, wk)
        out[g, 1] = s[ROUND]
        out[g, 2] = wk[WK_STALLED]
        wk[WK_STALLED] = 0
        for p in range(players):
            out[g, 3 + p] = s[P0 + p * STRIDE + SCORE]
    return out


@njit(cache=True)
def playout_seeded(
    s: np.ndarray, players: int, grey: bool, seed: int, until_round_end: bool
) -> int:
    """:func:`playout_quick` with a fresh generator seeded from ``seed`` (one call from Python)."""
    rs = np.empty(4, dtype=np.uint64)
    seed_state(rs, seed)
    return playout_quick(s, players, grey, rs, until_round_end)


@njit(cache=True)
def playout_many_seeded(
    base: np.ndarray, players: int, grey: bool, n: int, seed: int
) -> np.ndarray:
    """:func:`playout_many` with a fresh generator seeded from ``seed``; a stalled play-out
    (``ROUND_LIMIT``) keeps the scores it had when it stopped."""
    rs = np.empty(4, dtype=np.uint64)
    seed_state(rs, seed)
    return playout_many(base, players, grey, n, rs)
