"""Numba kernels for the Master Chocolatier special factory displays (R40-R47) over the flat
layout of :mod:`azulejos.core.layout`: the twin of :mod:`azulejos.core.specials`. The circle of
displays, the after-fill effects (R41, R47b, R47c), drafting from a special display (R42-R44,
R47a, R47d), and the legal moves the module adds (every SF4 split, in the order of
``State.legal_actions()``), listed, checked and drawn uniformly.

The module's fields follow the players in the array (``layout.SF_*``): a kernel knows the
module is on from the array's length (:func:`module_on`), so the base game's arrays and
kernels are unchanged. The fill with the specials is in :mod:`.chance`, the held SF5 at
wall-tiling (R44, R47a) and the end of a round (R45) in :mod:`.tiling`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .legal import dest_masks
from .legal import is_legal as base_is_legal
from .legal import legal_actions as base_legal_actions
from .legal import random_action as base_random_action
from .rng import below
from .step import marker_to_floor, rest_to_centre, to_floor, to_line
from .tables import (
    CENTRE,
    CENTRE_BASE,
    DRAFT,
    LEFT,
    MARKER,
    NTH,
    NUM_ALL_ACTIONS,
    P0,
    PHASE,
    PLACE_BASE,
    SF1,
    SF2,
    SF3,
    SF4,
    SF5,
    SF5_HOLDER,
    SF5_OUT,
    SF5_TILE,
    SF_KIND,
    SPLIT_BASE,
    SPLIT_CODES,
    STRIDE,
    TURN,
    WK_MASK,
    WK_POP,
)
from .tiling import end_drafting, place


@njit(cache=True, inline="always")
def module_on(s: np.ndarray, players: int) -> bool:
    """Does the array carry the special displays' fields (the module is on)?"""
    return bool(s.shape[0] > P0 + STRIDE * players)


@njit(cache=True)
def reset(s: np.ndarray, players: int) -> None:
    """Every display plain, SF5 unheld (R45; a new game, as ``specials.reset(s, n, ())``)."""
    x = P0 + STRIDE * players
    for f in range(9):
        s[x + SF_KIND + f] = 0
    s[x + SF5_HOLDER] = -1
    s[x + SF5_TILE] = -1
    s[x + SF5_OUT] = -1


@njit(cache=True, inline="always")
def left_of(s: np.ndarray, players: int, f: int) -> int:
    """Display ``f``'s left neighbour still in the circle (R40, R43): a taken SF5 is skipped."""
    nf = 2 * players + 1
    out = s[P0 + STRIDE * players + SF5_OUT]
    g = (f - 1) % nf
    if g == out:
        g = (g - 1) % nf
    return g


@njit(cache=True, inline="always")
def right_of(s: np.ndarray, players: int, f: int) -> int:
    """Display ``f``'s right neighbour still in the circle (R40, R43)."""
    nf = 2 * players + 1
    out = s[P0 + STRIDE * players + SF5_OUT]
    g = (f + 1) % nf
    if g == out:
        g = (g + 1) % nf
    return g


@njit(cache=True)
def after_fill(s: np.ndarray, players: int, extra: int) -> None:
    """R41, R47b, R47c, in display order: SF1 gains ``extra`` (a colour, or -1 for none); an
    SF2 of colour c takes one c from its left and one from its right neighbour, each if it
    has one. The kinds are already in the array."""
    nf = 2 * players + 1
    x = P0 + STRIDE * players
    for f in range(nf):
        kind = s[x + SF_KIND + f]
        if kind == SF1:
            if extra >= 0:
                s[f * 5 + extra] += 1
        elif SF2 <= kind < SF2 + 5:
            c = kind - SF2
            g = (f - 1) % nf
            if s[g * 5 + c]:
                s[g * 5 + c] -= 1
                s[f * 5 + c] += 1
            g = (f + 1) % nf
            if s[g * 5 + c]:
                s[g * 5 + c] -= 1
                s[f * 5 + c] += 1


# -- drafting ---------------------------------------------------------------------------------
@njit(cache=True)
def draft(s: np.ndarray, players: int, grey: bool, src: int, k: int, d: int, code: int) -> None:
    """A draft with the special displays (assumed legal): SF3 keeps its rest (R42), SF4 sends
    each colour of its rest left or right as ``code`` says (R43, R47d), SF5 is held by the
    drafter and catches the first tile that falls (R44, R47a)."""
    x = P0 + STRIDE * players
    seat = s[TURN]
    b = P0 + seat * STRIDE
    at = src * 5
    n = s[at + k]
    s[at + k] = 0
    if src == CENTRE:
        if s[MARKER] < 0:  # R12, R14 ruling (the marker never goes onto SF5, R47a)
            marker_to_floor(s, b, seat)
    else:
        kind = s[x + SF_KIND + src]
        if kind == SF4:
            left = left_of(s, players, src)
            right = right_of(s, players, src)
            j = 0
            for kk in range(5):
                c = s[at + kk]
                if c:
                    to = right if code >> j & 1 else left
                    s[to * 5 + kk] += c
                    s[at + kk] = 0
                    j += 1
        elif kind != SF3:  # R11(a); SF3 keeps its rest (R42)
            rest_to_centre(s, at)
        if kind == SF5:  # R44: out of the circle, beside the drafter's floor
            s[x + SF5_HOLDER] = seat
            s[x + SF5_OUT] = src
    left_n = s[LEFT] - n
    s[LEFT] = left_n
    over = to_line(s, b, d, k, n)
    if over and s[x + SF5_HOLDER] == seat and s[x + SF5_TILE] < 0:
        s[x + SF5_TILE] = k  # R44, R47a: the first falling tile, even onto a full floor
        over -= 1
    to_floor(s, b, k, over)
    if left_n:
        s[TURN] = (seat + 1) % players  # R10
    else:
        end_drafting(s, players, grey)  # R16, R45


@njit(cache=True)
def apply_action(s: np.ndarray, players: int, grey: bool, a: int) -> None:
    """Play action id ``a`` (a draft, an SF4 split or a grey column choice), assumed legal."""
    if a < PLACE_BASE:
        draft(s, players, grey, a // 30, (a // 6) % 5, a % 6, 0)
    elif a < SPLIT_BASE:
        place(s, players, a % 5)
    else:
        q = a - SPLIT_BASE
        plain = q // SPLIT_CODES
        code = q - plain * SPLIT_CODES + 2
        draft(s, players, grey, plain // 30, (plain // 6) % 5, plain % 6, code)


# -- legal moves ------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def sf4_display(s: np.ndarray, players: int) -> int:
    """The index of this round's SF4, or -1."""
    x = P0 + STRIDE * players
    for f in range(2 * players + 1):
        if s[x + SF_KIND + f] == SF4:
            return f
    return -1


@njit(cache=True, inline="always")
def colours_on(s: np.ndarray, f: int) -> int:
    """How many colours display ``f`` holds."""
    at = f * 5
    n = 0
    for kk in range(5):
        if s[at + kk] > 0:
            n += 1
    return n


@njit(cache=True)
def legal_actions(s: np.ndarray, players: int, out: np.ndarray, wk: np.ndarray) -> int:
    """Write the legal action ids with the module on to ``out`` (``MAX_LEGAL`` long) in the
    order of ``State.legal_actions()``; return how many. A draft from SF4 that leaves r > 0
    colours is legal only with a split, in each of its 2^r splits (R43, R47d): the splits
    come after the plain ids, in increasing order."""
    n = base_legal_actions(s, players, out, wk)
    if s[PHASE] != DRAFT:
        return n
    f4 = sf4_display(s, players)
    if f4 < 0:
        return n
    nc = colours_on(s, f4)
    if nc < 2:
        return n  # SF4 empty, or the draft empties it: no / part
    i0 = 0
    while i0 < n and out[i0] // 30 < f4:
        i0 += 1
    i1 = i0
    while i1 < n and out[i1] < PLACE_BASE and out[i1] // 30 == f4:
        i1 += 1
    j = i0
    for i in range(i1, n):
        out[j] = out[i]
        j += 1
    r = nc - 1
    for k in range(5):
        if s[f4 * 5 + k]:
            m = wk[WK_MASK + k]
            a0 = (f4 * 5 + k) * 6
            for d in range(6):
                if (m >> d) & 1:
                    first = SPLIT_BASE + (a0 + d) * SPLIT_CODES - 2
                    for a in range(first + (1 << r), first + (2 << r)):
                        out[j] = a
                        j += 1
    return j


@njit(cache=True)
def is_legal(s: np.ndarray, players: int, a: int) -> bool:
    """Is action id ``a`` (0-8424) legal now with the module on (R11-R15, R30, R33, R43, R47d)?"""
    if a < 0 or a >= NUM_ALL_ACTIONS:
        return False
    if a < SPLIT_BASE:
        if not base_is_legal(s, players, a):
            return False
        if a >= PLACE_BASE or s[PHASE] != DRAFT:
            return True
        src = a // 30
        return not (src != CENTRE and s[P0 + STRIDE * players + SF_KIND + src] == SF4
                    and colours_on(s, src) > 1)
    if s[PHASE] != DRAFT:
        return False
    q = a - SPLIT_BASE
    plain = q // SPLIT_CODES
    code = q - plain * SPLIT_CODES + 2
    src = plain // 30
    if src >= 2 * players + 1 or s[P0 + STRIDE * players + SF_KIND + src] != SF4:
        return False
    if not base_is_legal(s, players, plain):
        return False
    r = colours_on(s, src) - 1
    return r > 0 and code >> r == 1


@njit(cache=True)
def random_action(s: np.ndarray, players: int, rs: np.ndarray, wk: np.ndarray) -> int:
    """A legal action drawn uniformly with the module on (SF4 splits included); -1 if none
    is due. As :func:`azulejos.fast.legal.random_action`, one index over all legal moves:
    each source holding colour k offers the same destinations (R13, R15), and a colour on
    SF4 that leaves r > 0 colours there counts 2^r times, once per split (R43, R47d)."""
    if s[PHASE] != DRAFT:
        return base_random_action(s, players, rs, wk)  # grey column choices, or none
    dest_masks(s, s[TURN], wk)
    nfac = 2 * players + 1
    f4 = sf4_display(s, players)
    w4 = 1
    r4 = 0
    if f4 >= 0:
        nc = colours_on(s, f4)
        if nc > 1:
            r4 = nc - 1
            w4 = 1 << r4
    n0 = s[CENTRE_BASE] > 0
    n1 = s[CENTRE_BASE + 1] > 0
    n2 = s[CENTRE_BASE + 2] > 0
    n3 = s[CENTRE_BASE + 3] > 0
    n4 = s[CENTRE_BASE + 4] > 0
    for si in range(nfac):
        at = si * 5
        w = w4 if si == f4 else 1
        n0 += w if s[at] > 0 else 0
        n1 += w if s[at + 1] > 0 else 0
        n2 += w if s[at + 2] > 0 else 0
        n3 += w if s[at + 3] > 0 else 0
        n4 += w if s[at + 4] > 0 else 0
    t0 = n0 * wk[WK_POP]
    t1 = n1 * wk[WK_POP + 1]
    t2 = n2 * wk[WK_POP + 2]
    t3 = n3 * wk[WK_POP + 3]
    t4 = n4 * wk[WK_POP + 4]
    total = t0 + t1 + t2 + t3 + t4
    if total == 0:
        return -1
    r = below(rs, total)
    if r < t0:
        k = 0
    elif r < t0 + t1:
        k = 1
        r -= t0
    elif r < t0 + t1 + t2:
        k = 2
        r -= t0 + t1
    elif r < t0 + t1 + t2 + t3:
        k = 3
        r -= t0 + t1 + t2
    else:
        k = 4
        r -= t0 + t1 + t2 + t3
    pk = wk[WK_POP + k]
    j = r // pk  # the j-th (source, split) holding k: factories in order, then the centre
    d = NTH[wk[WK_MASK + k] * 8 + (r - j * pk)]
    for si in range(nfac + 1):
        at = si * 5 if si < nfac else CENTRE_BASE
        if s[at + k] > 0:
            width = w4 if si == f4 else 1
            if j < width:
                a = (at + k) * 6 + d
                if si == f4 and r4 > 0:
                    return int(SPLIT_BASE + a * SPLIT_CODES - 2 + (1 << r4) + j)
                return int(a)
            j -= width
    return -1  # unreachable when the state is valid
