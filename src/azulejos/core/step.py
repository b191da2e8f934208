"""Moves over the flat layout: a drafting move (R10-R14, R16) and the dispatch of an action
id to drafting or a grey column choice. No checks: the caller took the move from the legal
list or checked it with :func:`azulejos.core.legal.check`.

The twin of :mod:`azulejos.fast.step` (the numba kernels).
"""

from __future__ import annotations

from . import layout as L
from .moves import CENTRE, PLACE_BASE
from .tiling import Log, end_drafting, place

# Offsets bound once: the draft is the engine's hottest function (play-outs, search).
_TURN, _LEFT, _MARKER, _LID, _CB = L.TURN, L.LEFT, L.MARKER, L.LID, L.CENTRE_BASE
_P0, _STRIDE, _MT = L.P0, L.STRIDE, L.MARKER_TILE
_L_COLOUR, _L_COUNT, _FLOOR_N, _FLOOR_SLOT = L.L_COLOUR, L.L_COUNT, L.FLOOR_N, L.FLOOR_SLOT


def draft(s: list[int], players: int, grey: bool, log: Log, src: int, k: int, d: int) -> None:
    """The player to move takes every tile of colour ``k`` from source ``src`` (a factory
    index, or ``CENTRE``) to destination ``d`` (a pattern line 0-4, or 5 for the floor)."""
    seat = s[_TURN]
    b = _P0 + seat * _STRIDE
    base = src * 5
    n = s[base + k]
    s[base + k] = 0
    if src == CENTRE:
        if s[_MARKER] < 0:
            # R12: the first to take from the centre takes the marker onto the floor first.
            s[_MARKER] = seat
            fn = s[b + _FLOOR_N]
            if fn < 7:
                s[b + _FLOOR_SLOT + fn] = _MT
                s[b + _FLOOR_N] = fn + 1
            # R14 ruling: a full floor keeps the marker off the floor, with no penalty.
    else:
        # R11(a): the rest of the factory goes to the centre.
        for kk in range(5):
            c = s[base + kk]
            if c:
                s[_CB + kk] += c
                s[base + kk] = 0
    left = s[_LEFT] - n
    s[_LEFT] = left
    over = n
    if d < 5:
        have = s[b + _L_COUNT + d]
        fit = d + 1 - have
        if fit > n:
            fit = n
        s[b + _L_COLOUR + d] = k
        s[b + _L_COUNT + d] = have + fit
        over = n - fit
    if over:
        # R13, R14: excess to the floor, left to right; past 7 slots to the lid.
        fn = s[b + _FLOOR_N]
        while over and fn < 7:
            s[b + _FLOOR_SLOT + fn] = k
            fn += 1
            over -= 1
        s[b + _FLOOR_N] = fn
        if over:
            s[_LID + k] += over
    if left:
        s[_TURN] = (seat + 1) % players  # R10: clockwise
    else:
        end_drafting(s, players, grey, log)  # R16


def apply_action(s: list[int], players: int, grey: bool, log: Log, a: int) -> None:
    """Play action id ``a`` (drafting or a grey column choice) without any check."""
    if a < PLACE_BASE:
        draft(s, players, grey, log, a // 30, a // 6 % 5, a % 6)
    else:
        place(s, players, log, a % 5)


__all__ = ["apply_action", "draft"]
