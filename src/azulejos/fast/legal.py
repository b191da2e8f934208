"""Numba kernels for legal moves: listing, checking and uniform random choice."""

from __future__ import annotations

import numpy as np
from numba import njit

from .rng import below
from .tables import (
    CENTRE,
    CENTRE_BASE,
    COL_CLR,
    DRAFT,
    L_COLOUR,
    L_COUNT,
    NTH,
    NUM_ACTIONS,
    P0,
    PHASE,
    PLACE,
    PLACE_BASE,
    POP,
    ROW_CLR,
    ROW_OCC,
    STRIDE,
    TQ_LINE,
    TURN,
    WK_MASK,
    WK_POP,
)


@njit(cache=True, inline="always")
def free_columns(s: np.ndarray, b: int, line: int) -> int:
    """Grey wall: bitmask of the columns of ``line``'s row that may take its colour (R30)."""
    k = s[b + L_COLOUR + line]
    occ = s[b + ROW_OCC + line]
    m = 0
    for c in range(5):
        if not (occ >> c) & 1 and not (s[b + COL_CLR + c] >> k) & 1:
            m |= 1 << c
    return m


@njit(cache=True)
def dest_masks(s: np.ndarray, seat: int, wk: np.ndarray) -> None:
    """wk[WK_MASK + k]: legal destinations for colour k (bit 5 = floor) (R13, R15);
    wk[WK_POP + k]: how many."""
    b = P0 + seat * STRIDE
    m0 = 32
    m1 = 32
    m2 = 32
    m3 = 32
    m4 = 32
    for i in range(5):
        c = s[b + L_COLOUR + i]
        bit = 1 << i
        if c < 0:
            rc = s[b + ROW_CLR + i]
            if not rc & 1:
                m0 |= bit
            if not rc & 2:
                m1 |= bit
            if not rc & 4:
                m2 |= bit
            if not rc & 8:
                m3 |= bit
            if not rc & 16:
                m4 |= bit
        elif s[b + L_COUNT + i] <= i:
            if c == 0:
                m0 |= bit
            elif c == 1:
                m1 |= bit
            elif c == 2:
                m2 |= bit
            elif c == 3:
                m3 |= bit
            else:
                m4 |= bit
    wk[WK_MASK] = m0
    wk[WK_MASK + 1] = m1
    wk[WK_MASK + 2] = m2
    wk[WK_MASK + 3] = m3
    wk[WK_MASK + 4] = m4
    wk[WK_POP] = POP[m0]
    wk[WK_POP + 1] = POP[m1]
    wk[WK_POP + 2] = POP[m2]
    wk[WK_POP + 3] = POP[m3]
    wk[WK_POP + 4] = POP[m4]


@njit(cache=True)
def legal_actions(s: np.ndarray, players: int, out: np.ndarray, wk: np.ndarray) -> int:
    """Write the legal action ids in increasing order to ``out`` (>= 325 long); return how
    many (as ``State.legal_actions``)."""
    ph = s[PHASE]
    n = 0
    if ph == DRAFT:
        dest_masks(s, s[TURN], wk)
        nfac = 2 * players + 1
        for si in range(nfac + 1):
            src = si if si < nfac else CENTRE
            base = src * 5
            for k in range(5):
                if s[base + k]:
                    m = wk[WK_MASK + k]
                    a0 = (base + k) * 6
                    for d in range(6):
                        if (m >> d) & 1:
                            out[n] = a0 + d
                            n += 1
    elif ph == PLACE:
        line = s[TQ_LINE]
        m = free_columns(s, P0 + s[TURN] * STRIDE, line)
        for c in range(5):
            if (m >> c) & 1:
                out[n] = PLACE_BASE + line * 5 + c
                n += 1
    return n


@njit(cache=True)
def is_legal(s: np.ndarray, players: int, a: int) -> bool:
    """Is action id ``a`` legal now (R11, R13, R15; grey R30, R33)?"""
    if a < 0 or a >= NUM_ACTIONS:
        return False
    ph = s[PHASE]
    b = P0 + s[TURN] * STRIDE
    if ph == PLACE:
        if a < PLACE_BASE:
            return False
        r = a - PLACE_BASE
        if r // 5 != s[TQ_LINE]:
            return False
        return bool((free_columns(s, b, r // 5) >> (r % 5)) & 1)
    if ph != DRAFT or a >= PLACE_BASE:
        return False
    src = a // 30
    k = (a // 6) % 5
    d = a % 6
    if src != CENTRE and src >= 2 * players + 1:
        return False
    if not s[src * 5 + k]:
        return False
    if d == 5:
        return True
    c = s[b + L_COLOUR + d]
    if c >= 0 and c != k:
        return False
    if c == k and s[b + L_COUNT + d] > d:
        return False
    return not (s[b + ROW_CLR + d] >> k) & 1


@njit(cache=True)
def random_action(s: np.ndarray, players: int, rs: np.ndarray, wk: np.ndarray) -> int:
    """A legal action drawn uniformly (draft or grey column choice); -1 if none is due.

    Drafting: every source holding colour k offers the same destinations (R13, R15), so with
    n_k sources holding k and d_k destinations, there are sum(n_k * d_k) moves; one index
    drawn uniformly from that total picks the colour, the n-th source holding it and the
    destination (each move has exactly one index).
    """
    ph = s[PHASE]
    if ph == DRAFT:
        dest_masks(s, s[TURN], wk)
        nfac = 2 * players + 1
        n0 = 0
        n1 = 0
        n2 = 0
        n3 = 0
        n4 = 0
        for si in range(nfac):
            base = si * 5
            n0 += s[base] > 0
            n1 += s[base + 1] > 0
            n2 += s[base + 2] > 0
            n3 += s[base + 3] > 0
            n4 += s[base + 4] > 0
        n0 += s[CENTRE_BASE] > 0
        n1 += s[CENTRE_BASE + 1] > 0
        n2 += s[CENTRE_BASE + 2] > 0
        n3 += s[CENTRE_BASE + 3] > 0
        n4 += s[CENTRE_BASE + 4] > 0
        t0 = n0 * wk[WK_POP]
        t1 = n1 * wk[WK_POP + 1]
        t2 = n2 * wk[WK_POP + 2]
        t3 = n3 * wk[WK_POP + 3]
        t4 = n4 * wk[WK_POP + 4]
        r = below(rs, t0 + t1 + t2 + t3 + t4)
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
        j = r // pk  # the j-th source (factories in order, then the centre) holding k
        d = NTH[wk[WK_MASK + k] * 8 + (r - j * pk)]
        for si in range(nfac + 1):
            base = si * 5 if si < nfac else CENTRE_BASE
            if s[base + k] > 0:
                if j == 0:
                    return int((base + k) * 6 + d)
                j -= 1
        return -1  # unreachable when the state is valid
    if ph == PLACE:
        line = s[TQ_LINE]
        m = free_columns(s, P0 + s[TURN] * STRIDE, line)
        r = below(rs, POP[m])
        return int(PLACE_BASE + line * 5 + NTH[m * 8 + r])
    return -1
