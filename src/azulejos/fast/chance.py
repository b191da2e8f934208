"""Numba kernels for set-up and the round fill (R9, R21, R22), over the flat layout of
:mod:`azulejos.core.layout`: the twin of :mod:`azulejos.core.chance`. The kernels' fill draws
tile by tile with the kernels' own generator (:mod:`.rng`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from .rng import below
from .specials import after_fill
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
    SF1,
    SF5_HOLDER,
    SF5_OUT,
    SF5_TILE,
    SF_KIND,
    START,
    STRIDE,
    TURN,
    WALL,
    WK_NLOG,
    WK_OVERFLOW,
)
from .tiling import finish, module_base


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
    x = module_base(s)
    if x >= 0:  # the special displays (R40-R47): none yet, SF5 unheld
        s[x + SF5_HOLDER] = -1
        s[x + SF5_TILE] = -1
        s[x + SF5_OUT] = -1


@njit(cache=True)
def fill(s: np.ndarray, players: int, rs: np.ndarray, log: np.ndarray, wk: np.ndarray) -> None:
    """Draw the round fill tile by tile (R21) and apply it.

    The lid goes into the bag only when a tile must be drawn from an empty bag (R22), which
    leaves the bag and lid exactly as :func:`azulejos.core.chance.apply_fill` does for the same
    fill. With the special displays (R40-R47; the array is longer) the round's n specials are
    drawn first (n different kinds on n different displays, R40, R47e), then the tiles, then
    SF1's extra tile (R41, R47b), and the after-fill effects are applied (R47c).

    A recorded fill (non-empty ``log``) is ``FILL_TAG``, then 4 colour slots per display (-1:
    no tile); with the module, then the kind code of every display (0: plain) and SF1's extra
    tile (-1: none).
    """
    nfac = 2 * players + 1
    x = module_base(s)
    width = 4 * nfac + (nfac + 1 if x >= 0 else 0)
    rec = -1
    if log.shape[0] > 0:
        n = wk[WK_NLOG]
        if n + 1 + width <= log.shape[0]:
            log[n] = FILL_TAG
            for j in range(width):
                log[n + 1 + j] = -1
            rec = n + 1
            wk[WK_NLOG] = n + 1 + width
        else:
            wk[WK_OVERFLOW] = 1
    sf1 = False
    if x >= 0:
        draw_specials(s, players, rs)
        for f in range(nfac):
            if s[x + SF_KIND + f] == SF1:
                sf1 = True
            if rec >= 0:
                log[rec + 4 * nfac + f] = s[x + SF_KIND + f]
    total = s[BAG] + s[BAG + 1] + s[BAG + 2] + s[BAG + 3] + s[BAG + 4]
    drawn = 0
    extra = -1
    for f in range(nfac + 1 if sf1 else nfac):
        base = f * 5
        for j in range(4 if f < nfac else 1):
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
            drawn += 1
            if f < nfac:
                s[base + k] += 1
                if rec >= 0:
                    log[rec + f * 4 + j] = k
            else:
                extra = k  # SF1's extra tile (R41, R47b)
                if rec >= 0:
                    log[rec + 5 * nfac] = k
    if x >= 0:
        after_fill(s, players, extra)
    s[LEFT] = drawn
    s[MARKER] = -1
    s[TURN] = s[START]
    if drawn == 0:
        finish(s, players, 3)  # ruling: an empty fill ends the game
    else:
        s[PHASE] = DRAFT


@njit(cache=True)
def draw_specials(s: np.ndarray, players: int, rs: np.ndarray) -> None:
    """R40, R47e, R45: this round's n special displays, uniformly: n of the 2n+1 displays
    (selection sampling, in display order), each given a different kind of the nine."""
    nfac = 2 * players + 1
    x = P0 + STRIDE * players
    for f in range(9):
        s[x + SF_KIND + f] = 0
    s[x + SF5_HOLDER] = -1
    s[x + SF5_TILE] = -1
    s[x + SF5_OUT] = -1
    need = players
    used = 0  # bit k: kind k given
    for f in range(nfac):
        if need and below(rs, nfac - f) < need:
            r = below(rs, 9 - players + need)  # one of the kinds not given yet
            kind = 1
            while True:
                if not used >> kind & 1:
                    if r == 0:
                        break
                    r -= 1
                kind += 1
            used |= 1 << kind
            s[x + SF_KIND + f] = kind
            need -= 1


@njit(cache=True)
def put_fill(s: np.ndarray, players: int, factories: np.ndarray) -> int:
    """Put a given fill's tiles on the displays, the lid going into the bag where the bag
    runs out (R21, R22); return how many tiles."""
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
    return total


@njit(cache=True)
def start_round(s: np.ndarray, players: int, total: int) -> None:
    """After a fill of ``total`` tiles: drafting starts with the round's starter (R10), or an
    empty fill ends the game (R36)."""
    s[LEFT] = total
    s[MARKER] = -1
    s[TURN] = s[START]
    if total == 0:
        finish(s, players, 3)
    else:
        s[PHASE] = DRAFT


@njit(cache=True)
def apply_fill(s: np.ndarray, players: int, factories: np.ndarray) -> None:
    """Apply a given fill (``factories``: (nfac, 4) colours, -1 = no tile), as
    :func:`azulejos.core.chance.apply_fill` does (R21, R22). The caller vouches for its validity."""
    start_round(s, players, put_fill(s, players, factories))


@njit(cache=True)
def apply_fill_special(
    s: np.ndarray, players: int, factories: np.ndarray, kinds: np.ndarray, extra: int
) -> None:
    """Apply a given fill with the special displays, as :func:`azulejos.core.chance.apply_fill`
    does: the tiles (R21, R22), this round's kinds (``kinds[f]``: 0 plain or the kind code,
    R40), SF1's extra tile (``extra``, -1 for none; the lid goes into an empty bag first,
    R41, R47b) and the after-fill effects in display order (R47c). The caller vouches for
    its validity."""
    total = put_fill(s, players, factories)
    x = P0 + STRIDE * players
    for f in range(9):
        s[x + SF_KIND + f] = kinds[f] if f < kinds.shape[0] else 0
    s[x + SF5_HOLDER] = -1
    s[x + SF5_TILE] = -1
    s[x + SF5_OUT] = -1
    if extra >= 0:
        if s[BAG] + s[BAG + 1] + s[BAG + 2] + s[BAG + 3] + s[BAG + 4] == 0:
            for kk in range(5):
                s[BAG + kk] = s[LID + kk]
                s[LID + kk] = 0
        s[BAG + extra] -= 1
        total += 1
    after_fill(s, players, extra)
    start_round(s, players, total)
