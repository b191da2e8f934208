"""Numba kernels for set-up and the round fill (R9, R21, R22), over the flat layout of
:mod:`azulejos.core.layout`: the twin of :mod:`azulejos.core.chance`. The kernels' fill draws
tile by tile with the kernels' own generator (:mod:`.rng`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from .rng import below
from .tables import (
    BAG,
    DRAFT,
    FILL,
    FILL_TAG,
    FLOOR_SLOT,
    L_COLOUR,
    LEFT,
    LID,
    MARKER,
    NEXT_START,
    P0,
    PHASE,
    ROUND,
    START,
    STRIDE,
    TURN,
    WALL,
    WK_NLOG,
    WK_OVERFLOW,
)
from .tiling import finish


@njit(cache=True)
def init_state(s: np.ndarray, players: int, start: int) -> None:
    """A new game awaiting its first fill, as ``State.new`` (R9)."""
    for i in range(s.shape[0]):
        s[i] = 0
    for k in range(5):
        s[BAG + k] = 20  # R1, R9
    s[TURN] = start
    s[PHASE] = FILL
    s[ROUND] = 1
    s[MARKER] = -1
    s[START] = start
    s[NEXT_START] = start
    for p in range(players):
        b = P0 + p * STRIDE
        for i in range(5):
            s[b + L_COLOUR + i] = -1
        for i in range(25):
            s[b + WALL + i] = -1
        for i in range(7):
            s[b + FLOOR_SLOT + i] = -1


@njit(cache=True)
def fill(s: np.ndarray, players: int, rs: np.ndarray, log: np.ndarray, wk: np.ndarray) -> None:
    """Draw the round fill tile by tile (R21) and apply it.

    The lid goes into the bag only when a tile must be drawn from an empty bag (R22), which
    leaves the bag and lid exactly as :func:`azulejos.core.chance.apply_fill` does for the same fill.
    """
    nfac = 2 * players + 1
    rec = -1
    if log.shape[0] > 0:
        n = wk[WK_NLOG]
        if n + 1 + 4 * nfac <= log.shape[0]:
            log[n] = FILL_TAG
            for j in range(4 * nfac):
                log[n + 1 + j] = -1
            rec = n + 1
            wk[WK_NLOG] = n + 1 + 4 * nfac
        else:
            wk[WK_OVERFLOW] = 1
    total = s[BAG] + s[BAG + 1] + s[BAG + 2] + s[BAG + 3] + s[BAG + 4]
    drawn = 0
    for f in range(nfac):
        base = f * 5
        for j in range(4):
            if total == 0:
                total = s[LID] + s[LID + 1] + s[LID + 2] + s[LID + 3] + s[LID + 4]
                if total == 0:
                    break  # R22: bag and lid both empty
                for k in range(5):
                    s[BAG + k] = s[LID + k]
                    s[LID + k] = 0
            r = below(rs, total)
            k = 0
            while r >= s[BAG + k]:
                r -= s[BAG + k]
                k += 1
            s[BAG + k] -= 1
            total -= 1
            s[base + k] += 1
            drawn += 1
            if rec >= 0:
                log[rec + f * 4 + j] = k
    s[LEFT] = drawn
    s[MARKER] = -1
    s[TURN] = s[START]
    if drawn == 0:
        finish(s, players, 3)  # ruling: an empty fill ends the game
    else:
        s[PHASE] = DRAFT


@njit(cache=True)
def apply_fill(s: np.ndarray, players: int, factories: np.ndarray) -> None:
    """Apply a given fill (``factories``: (nfac, 4) colours, -1 = no tile), as
    :func:`azulejos.core.chance.apply_fill` does (R21, R22). The caller vouches for its validity."""
    nfac = 2 * players + 1
    total = 0
    for f in range(nfac):
        base = f * 5
        n = 0
        for j in range(4):
            k = factories[f, j]
            if k >= 0:
                s[base + k] += 1
                n += 1
        if s[BAG] + s[BAG + 1] + s[BAG + 2] + s[BAG + 3] + s[BAG + 4] >= n:
            for j in range(4):
                k = factories[f, j]
                if k >= 0:
                    s[BAG + k] -= 1
        else:
            for kk in range(5):  # R22: the bag runs out inside this factory
                s[BAG + kk] = s[LID + kk] - (s[base + kk] - s[BAG + kk])
                s[LID + kk] = 0
        total += n
    s[LEFT] = total
    s[MARKER] = -1
    s[TURN] = s[START]
    if total == 0:
        finish(s, players, 3)
    else:
        s[PHASE] = DRAFT
