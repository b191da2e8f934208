"""Numba kernels for the end checks (R34, ruling R35) over the flat layout of
:mod:`azulejos.core.layout`: the twin of :mod:`azulejos.core.endgame`."""

from __future__ import annotations

import numpy as np
from numba import njit

from .tables import (
    BAG,
    COL_CLR,
    FLOOR_N,
    FLOOR_SLOT,
    L_COLOUR,
    L_COUNT,
    LID,
    P0,
    POP,
    ROW_CLR,
    ROW_OCC,
    STRIDE,
)


@njit(cache=True)
def row_completable(s: np.ndarray, b: int, row: int) -> bool:
    """R34: can the row's missing colours go one-to-one into its empty columns?

    Decided with Hall's condition: every set S of missing colours must reach at least |S|
    empty columns whose wall column does not hold one of them already.
    """
    empty = ~s[b + ROW_OCC + row] & 31
    missing = ~s[b + ROW_CLR + row] & 31
    sub = missing
    while sub:
        reach = 0
        for c in range(5):
            if (empty >> c) & 1 and sub & ~s[b + COL_CLR + c] & 31:
                reach += 1
        if reach < POP[sub]:
            return False
        sub = (sub - 1) & missing
    return True


@njit(cache=True)
def any_row_completable(s: np.ndarray, players: int) -> bool:
    for p in range(players):
        b = P0 + p * STRIDE
        for r in range(5):
            if row_completable(s, b, r):
                return True
    return False


@njit(cache=True)
def any_row_reachable(s: np.ndarray, players: int, grey: bool) -> bool:
    """Ruling R35, as ``State.any_row_reachable``: can any row still be completed given the
    tiles that circulate and the pattern lines that can ever complete (a fixpoint)?"""
    supply = np.zeros(5, np.int64)
    for k in range(5):
        supply[k] = s[BAG + k] + s[LID + k]
        for src in range(10):
            supply[k] += s[src * 5 + k]
    free = np.zeros(players * 5, np.bool_)
    for p in range(players):
        b = P0 + p * STRIDE
        for j in range(s[b + FLOOR_N]):
            k = s[b + FLOOR_SLOT + j]
            if k < 5:
                supply[k] += 1
    changed = True
    while changed:
        changed = False
        for p in range(players):
            b = P0 + p * STRIDE
            for i in range(5):
                c = s[b + L_COUNT + i]
                if c and not free[p * 5 + i]:
                    k = s[b + L_COLOUR + i]
                    if supply[k] >= i + 1 - c:
                        free[p * 5 + i] = True
                        supply[k] += c - 1
                        changed = True
    for p in range(players):
        b = P0 + p * STRIDE
        for r in range(5):
            lc = s[b + L_COLOUR + r]
            if lc >= 0 and not free[p * 5 + r]:
                continue
            rc = s[b + ROW_CLR + r]
            ok = True
            for k in range(5):
                if not (rc >> k) & 1 and k != lc and supply[k] < r + 1:
                    ok = False
                    break
            if ok and (not grey or row_completable(s, b, r)):
                return True
    return False
