"""Numba kernels for moves (R10-R16) over the flat layout of :mod:`azulejos.core.layout`: the
twin of :mod:`azulejos.core.step`. Each kernel applies the same rules in the same order as the
reference, so an array stepped here equals, element for element, the reference
``State.raw`` after the same events. Set-up and fills are in :mod:`.chance`, wall-tiling in
:mod:`.tiling`, the end checks in :mod:`.endgame`. Rule ids are those of ``docs/rules.md``."""

from __future__ import annotations

import numpy as np
from numba import njit

from .tables import (
    CENTRE,
    CENTRE_BASE,
    FLOOR_N,
    FLOOR_SLOT,
    L_COLOUR,
    L_COUNT,
    LEFT,
    LID,
    MARKER,
    MARKER_TILE,
    P0,
    PLACE_BASE,
    STRIDE,
    TURN,
)
from .tiling import end_drafting, place


@njit(cache=True)
def marker_to_floor(s: np.ndarray, b: int, seat: int) -> None:
    """R12: the first to take from the centre puts the marker on their floor first (R14 ruling:
    a full floor takes no marker and no penalty)."""
    s[MARKER] = seat
    fn = s[b + FLOOR_N]
    if fn < 7:
        s[b + FLOOR_SLOT + fn] = MARKER_TILE
        s[b + FLOOR_N] = fn + 1


@njit(cache=True)
def rest_to_centre(s: np.ndarray, at: int) -> None:
    """R11(a): the rest of the factory whose colour counts start at ``at`` goes to the centre."""
    for kk in range(5):
        c = s[at + kk]
        if c:
            s[CENTRE_BASE + kk] += c
            s[at + kk] = 0


@njit(cache=True)
def to_line(s: np.ndarray, b: int, d: int, k: int, n: int) -> int:
    """R13: ``n`` tiles of colour ``k`` onto pattern line ``d`` (5: the floor) of the player
    block at ``b``; returns how many do not fit."""
    if d >= 5:
        return n
    have = s[b + L_COUNT + d]
    fit = d + 1 - have
    if fit > n:
        fit = n
    s[b + L_COLOUR + d] = k
    s[b + L_COUNT + d] = have + fit
    return int(n - fit)


@njit(cache=True)
def to_floor(s: np.ndarray, b: int, k: int, over: int) -> None:
    """R13, R14: ``over`` tiles of colour ``k`` to the floor, and what the floor cannot hold to
    the lid."""
    if over:
        fn = s[b + FLOOR_N]
        while over and fn < 7:
            s[b + FLOOR_SLOT + fn] = k
            fn += 1
            over -= 1
        s[b + FLOOR_N] = fn
        if over:
            s[LID + k] += over


@njit(cache=True)
def draft(s: np.ndarray, players: int, grey: bool, src: int, k: int, d: int) -> None:
    """A drafting move (R11-R16), assumed legal."""
    seat = s[TURN]
    b = P0 + seat * STRIDE
    base = src * 5
    n = s[base + k]
    s[base + k] = 0
    if src == CENTRE:
        if s[MARKER] < 0:
            marker_to_floor(s, b, seat)
    else:
        rest_to_centre(s, base)
    s[LEFT] -= n
    to_floor(s, b, k, to_line(s, b, d, k, n))
    if s[LEFT]:
        s[TURN] = (seat + 1) % players  # R10
    else:
        end_drafting(s, players, grey)  # R16


@njit(cache=True)
def apply_action(s: np.ndarray, players: int, grey: bool, a: int) -> None:
    """Play action id ``a`` (see :mod:`azulejos.core.moves`), assumed legal."""
    if a < PLACE_BASE:
        draft(s, players, grey, a // 30, (a // 6) % 5, a % 6)
    else:
        place(s, players, a % 5)
