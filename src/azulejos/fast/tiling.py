"""Numba kernels for wall-tiling (R17-R20, R23, R24, R30-R34, ruling R35) over the flat layout
of :mod:`azulejos.core.layout`: the twin of :mod:`azulejos.core.tiling`, applying the same
rules in the same order, so arrays stay identical element for element. With the special
displays (R40-R47; the array is longer) the held SF5 is tiled here too (R44, R47a) and the
round's specials end with the round (R45)."""

from __future__ import annotations

import numpy as np
from numba import njit

from .endgame import any_row_completable, any_row_reachable
from .legal import free_columns
from .tables import (
    COL_CLR,
    COL_OCC,
    ENDED_BY,
    FILL,
    FLOOR_N,
    FLOOR_SLOT,
    L_COLOUR,
    L_COUNT,
    LID,
    MARKER,
    NEXT_START,
    OVER,
    P0,
    PEN_TOTAL,
    PHASE,
    PLACE,
    ROUND,
    ROW_CLR,
    ROW_OCC,
    RUN,
    SCORE,
    SF5_HOLDER,
    SF5_OUT,
    SF5_TILE,
    SF_KIND,
    START,
    STRIDE,
    TQ_INDEX,
    TQ_LINE,
    TURN,
    WALL,
)


@njit(cache=True, inline="always")
def put(s: np.ndarray, b: int, r: int, c: int, k: int) -> int:
    """Put colour k at (r, c) of the wall at offset b; return its points (R18)."""
    s[b + WALL + r * 5 + c] = k
    ro = s[b + ROW_OCC + r] | (1 << c)
    co = s[b + COL_OCC + c] | (1 << r)
    s[b + ROW_OCC + r] = ro
    s[b + COL_OCC + c] = co
    s[b + ROW_CLR + r] |= 1 << k
    s[b + COL_CLR + c] |= 1 << k
    h = RUN[ro * 5 + c]
    v = RUN[co * 5 + r]
    if h == 1 and v == 1:
        return 1
    pts = 0
    if h > 1:
        pts += h
    if v > 1:
        pts += v
    return pts


@njit(cache=True, inline="always")
def module_base(s: np.ndarray) -> int:
    """Offset of the special displays' fields (R40-R47), or -1 when the module is off (the
    array ends with the players)."""
    x = P0 + STRIDE * ((s.shape[0] - P0) // STRIDE)
    return x if x < s.shape[0] else -1


@njit(cache=True)
def penalise(s: np.ndarray, b: int, score: int) -> None:
    """R19, R20: floor penalty, clamp at 0, floor tiles to the lid (never the marker); the
    tile on a held SF5 costs nothing and goes to the lid (R44, R47a)."""
    fn = s[b + FLOOR_N]
    score -= PEN_TOTAL[fn]
    if score < 0:
        score = 0
    s[b + SCORE] = score
    for j in range(fn):
        k = s[b + FLOOR_SLOT + j]
        if k < 5:
            s[LID + k] += 1
        s[b + FLOOR_SLOT + j] = -1
    s[b + FLOOR_N] = 0
    x = module_base(s)
    if x >= 0 and s[x + SF5_HOLDER] == (b - P0) // STRIDE and s[x + SF5_TILE] >= 0:
        s[LID + s[x + SF5_TILE]] += 1
        s[x + SF5_TILE] = -1


@njit(cache=True)
def tile_coloured(s: np.ndarray, p: int) -> None:
    """R17, R18: complete lines top to bottom onto the coloured wall (R6), then R19/R20."""
    b = P0 + p * STRIDE
    score = s[b + SCORE]
    for i in range(5):
        if s[b + L_COUNT + i] == i + 1:
            k = s[b + L_COLOUR + i]
            score += put(s, b, i, (k + i) % 5, k)
            s[LID + k] += i
            s[b + L_COLOUR + i] = -1
            s[b + L_COUNT + i] = 0
    penalise(s, b, score)


@njit(cache=True)
def discard_line(s: np.ndarray, b: int, i: int) -> None:
    """R31: a complete line with no legal column goes to the floor, then the lid."""
    k = s[b + L_COLOUR + i]
    n = i + 1
    x = module_base(s)
    if x >= 0 and s[x + SF5_HOLDER] == (b - P0) // STRIDE and s[x + SF5_TILE] < 0:
        s[x + SF5_TILE] = k  # R47a: a held SF5 catches the first tile of an R31 line
        n -= 1
    fn = s[b + FLOOR_N]
    while n and fn < 7:
        s[b + FLOOR_SLOT + fn] = k
        fn += 1
        n -= 1
    s[b + FLOOR_N] = fn
    s[LID + k] += n
    s[b + L_COLOUR + i] = -1
    s[b + L_COUNT + i] = 0


@njit(cache=True)
def finish(s: np.ndarray, players: int, why: int) -> None:
    """R24: end bonuses; the game is over (``ENDED_BY`` = why)."""
    for p in range(players):
        b = P0 + p * STRIDE
        rows = 0
        cols = 0
        for r in range(5):
            if s[b + ROW_OCC + r] == 31:
                rows += 1
            if s[b + COL_OCC + r] == 31:
                cols += 1
        colours = 0
        for k in range(5):
            n = 0
            for i in range(25):
                if s[b + WALL + i] == k:
                    n += 1
            if n == 5:
                colours += 1
        s[b + SCORE] += 2 * rows + 7 * cols + 10 * colours
    s[ENDED_BY] = why
    s[PHASE] = OVER


@njit(cache=True)
def after_tiling(s: np.ndarray, players: int, grey: bool) -> None:
    """R23, R34: end the game, or await the next fill (R20, R21)."""
    ended = 0
    for p in range(players):
        b = P0 + p * STRIDE
        for r in range(5):
            if s[b + ROW_OCC + r] == 31:
                ended = 1
                break
        if ended:
            break
    if not ended and grey and not any_row_completable(s, players):
        ended = 2
    if not ended and not any_row_reachable(s, players, grey):
        ended = 4
    x = module_base(s)
    if x >= 0:
        # R45: every display plain again and SF5 back until the next fill draws the
        # specials (R40); its tile went to the lid with its holder's floor.
        for f in range(9):
            s[x + SF_KIND + f] = 0
        s[x + SF5_HOLDER] = -1
        s[x + SF5_TILE] = -1
        s[x + SF5_OUT] = -1
    if ended:
        finish(s, players, ended)
        return
    s[ROUND] += 1
    s[START] = s[NEXT_START]
    s[TURN] = s[START]
    s[MARKER] = -1
    s[PHASE] = FILL


@njit(cache=True)
def advance_grey(s: np.ndarray, players: int) -> None:
    """Walk the R33 order (seats from the next starter, lines top to bottom) until a column
    choice is needed; lines with no legal column are discarded (R31)."""
    nxt = s[NEXT_START]
    j = s[TQ_INDEX]
    i = s[TQ_LINE]
    while j < players:
        p = (nxt + j) % players
        b = P0 + p * STRIDE
        while i < 5:
            if s[b + L_COUNT + i] == i + 1:
                if free_columns(s, b, i):
                    s[PHASE] = PLACE
                    s[TURN] = p
                    s[TQ_INDEX] = j
                    s[TQ_LINE] = i
                    return
                discard_line(s, b, i)
            i += 1
        penalise(s, b, s[b + SCORE])
        j += 1
        i = 0
    s[TQ_INDEX] = players
    s[TQ_LINE] = 0
    after_tiling(s, players, True)


@njit(cache=True)
def end_drafting(s: np.ndarray, players: int, grey: bool) -> None:
    """R16 -> wall-tiling. R20: the marker's holder starts next; if nobody took it, the same."""
    nxt = s[MARKER] if s[MARKER] >= 0 else s[START]
    s[NEXT_START] = nxt
    if not grey:
        for p in range(players):
            tile_coloured(s, p)
        after_tiling(s, players, False)
    else:
        s[TQ_INDEX] = 0
        s[TQ_LINE] = 0
        advance_grey(s, players)


@njit(cache=True)
def place(s: np.ndarray, players: int, column: int) -> None:
    """A grey-wall column choice (R30, R33), assumed legal."""
    p = s[TURN]
    b = P0 + p * STRIDE
    i = s[TQ_LINE]
    k = s[b + L_COLOUR + i]
    s[b + SCORE] += put(s, b, i, column, k)
    s[LID + k] += i
    s[b + L_COLOUR + i] = -1
    s[b + L_COUNT + i] = 0
    s[TQ_LINE] = i + 1
    advance_grey(s, players)
