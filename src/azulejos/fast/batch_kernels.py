"""Numba kernels that step many games at once (rows of one (n, size) ``int64`` array)."""

from __future__ import annotations

import numpy as np
from numba import njit

from .chance import fill, init_state
from .legal import is_legal, legal_actions
from .step import apply_action
from .tables import FILL, NUM_ACTIONS, OVER, PHASE, WK_SIZE


@njit(cache=True)
def batch_reset(arr: np.ndarray, players: int, mask: np.ndarray, rs: np.ndarray) -> None:
    """New games (seat 0 starts, R9) with their first fill, in the rows where ``mask``."""
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    log = np.empty(0, dtype=np.int64)
    for i in range(arr.shape[0]):
        if mask[i]:
            init_state(arr[i], players, 0)
            fill(arr[i], players, rs, log, wk)


@njit(cache=True)
def batch_legal_mask(arr: np.ndarray, players: int, out: np.ndarray) -> None:
    """out[i, a]: is action a legal in game i (all False when the game is over)."""
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    buf = np.empty(NUM_ACTIONS, dtype=np.int64)
    for i in range(arr.shape[0]):
        for a in range(NUM_ACTIONS):
            out[i, a] = False
        n = legal_actions(arr[i], players, buf, wk)
        for j in range(n):
            out[i, buf[j]] = True


@njit(cache=True)
def batch_first_illegal(arr: np.ndarray, players: int, actions: np.ndarray) -> int:
    """The first unfinished game whose action is not legal, or -1."""
    for i in range(arr.shape[0]):
        if arr[i, PHASE] != OVER and not is_legal(arr[i], players, actions[i]):
            return i
    return -1


@njit(cache=True)
def batch_step(
    arr: np.ndarray, players: int, grey: bool, actions: np.ndarray, rs: np.ndarray
) -> None:
    """One (legal) move in every unfinished game; a fill that falls due is drawn at once."""
    wk = np.zeros(WK_SIZE, dtype=np.int64)
    log = np.empty(0, dtype=np.int64)
    for i in range(arr.shape[0]):
        s = arr[i]
        if s[PHASE] == OVER:
            continue
        apply_action(s, players, grey, actions[i])
        if s[PHASE] == FILL:
            fill(s, players, rs, log, wk)
