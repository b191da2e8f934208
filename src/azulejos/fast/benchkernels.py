"""Timing loops that run inside numba, for ``azulejos bench`` (per-operation costs without
the Python call overhead). Each returns a checksum so the compiler cannot drop the work."""

from __future__ import annotations

import numpy as np
from numba import njit

from . import specials
from .legal import legal_actions
from .step import apply_action
from .tables import MAX_LEGAL, P0, STRIDE, TURN, WK_SIZE


@njit(cache=True)
def bench_legal(positions: np.ndarray, players: int, reps: int) -> int:
    """List the legal moves of every position ``reps`` times."""
    out = np.empty(MAX_LEGAL, dtype=np.int64)
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    acc = 0
    sf = positions.shape[1] > P0 + STRIDE * players  # the special displays are on
    for _ in range(reps):
        for i in range(positions.shape[0]):
            if sf:
                n = specials.legal_actions(positions[i], players, out, wk)
            else:
                n = legal_actions(positions[i], players, out, wk)
            acc += n + out[n - 1]
    return acc


@njit(cache=True)
def bench_copy(positions: np.ndarray, reps: int) -> int:
    """Copy every position into a fresh array ``reps`` times (what a search does per node)."""
    acc = 0
    size = positions.shape[1]
    for r in range(reps):
        for i in range(positions.shape[0]):
            c = positions[i].copy()
            acc += c[(i + r) % size]
    return acc


@njit(cache=True)
def bench_push_pop(
    positions: np.ndarray, players: int, grey: bool, actions: np.ndarray, reps: int
) -> int:
    """Play one move in every position and take it back (restore a snapshot), ``reps`` times."""
    snap = np.empty(positions.shape[1], dtype=np.int64)
    acc = 0
    sf = positions.shape[1] > P0 + STRIDE * players
    for _ in range(reps):
        for i in range(positions.shape[0]):
            s = positions[i]
            snap[:] = s
            if sf:
                specials.apply_action(s, players, grey, actions[i])
            else:
                apply_action(s, players, grey, actions[i])
            acc += s[TURN]
            s[:] = snap
    return acc
