"""Numba kernels for the state transitions: set-up, the round fill, drafting, grey column
choices and wall-tiling, over the flat layout of :mod:`azulejos.core.layout`.

Each function applies the same rules in the same order as :mod:`azulejos.core.state`, so an
array stepped here equals, element for element, the reference ``State.raw`` after the same
events (:mod:`azulejos.core.step`, :mod:`~azulejos.core.tiling`, :mod:`~azulejos.core.chance`,
:mod:`~azulejos.core.endgame`). Rule ids (``docs/rules.md``) are cited where a rule is applied.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .rng import below
from .tables import (
    BAG,
    CENTRE,
    CENTRE_BASE,
    COL_CLR,
    COL_OCC,
    DRAFT,
    ENDED_BY,
    FILL,
    FILL_TAG,
    FLOOR_N,
    FLOOR_SLOT,
    L_COLOUR,
    L_COUNT,
    LEFT,
    LID,
    MARKER,
    MARKER_TILE,
    NEXT_START,
    OVER,
    P0,
    PEN_TOTAL,
    PHASE,
    PLACE,
    PLACE_BASE,
    POP,
    ROUND,
    ROW_CLR,
    ROW_OCC,
    RUN,
    SCORE,
    START,
    STRIDE,
    TQ_INDEX,
    TQ_LINE,
    TURN,
    WALL,
    WK_NLOG,
    WK_OVERFLOW,
)


# -- set-up and the round fill -----------------------------------------------------------------
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


# -- wall-tiling ------------------------------------------------------------------------------
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


@njit(cache=True)
def penalise(s: np.ndarray, b: int, score: int) -> None:
    """R19, R20: floor penalty, clamp at 0, floor tiles to the lid (never the marker)."""
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
def discard_line(s: np.ndarray, b: int, i: int) -> None:
    """R31: a complete line with no legal column goes to the floor, then the lid."""
    k = s[b + L_COLOUR + i]
    n = i + 1
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


# -- moves ------------------------------------------------------------------------------------
@njit(cache=True)
def draft(s: np.ndarray, players: int, grey: bool, src: int, k: int, d: int) -> None:
    """A drafting move (R11-R16), assumed legal."""
    seat = s[TURN]
    b = P0 + seat * STRIDE
    base = src * 5
    n = s[base + k]
    s[base + k] = 0
    if src == CENTRE:
        s[LEFT] -= n
        if s[MARKER] < 0:
            # R12: the first to take from the centre puts the marker on the floor first.
            s[MARKER] = seat
            fn = s[b + FLOOR_N]
            if fn < 7:
                s[b + FLOOR_SLOT + fn] = MARKER_TILE
                s[b + FLOOR_N] = fn + 1
            # R14 ruling: a full floor takes no marker and no penalty.
    else:
        for kk in range(5):  # R11(a): the rest of the factory to the centre
            c = s[base + kk]
            if c:
                s[CENTRE_BASE + kk] += c
                s[base + kk] = 0
        s[LEFT] -= n
    over = n
    if d < 5:
        have = s[b + L_COUNT + d]
        fit = d + 1 - have
        if fit > n:
            fit = n
        s[b + L_COLOUR + d] = k
        s[b + L_COUNT + d] = have + fit
        over = n - fit
    if over:
        fn = s[b + FLOOR_N]  # R13, R14: excess to the floor, then the lid
        while over and fn < 7:
            s[b + FLOOR_SLOT + fn] = k
            fn += 1
            over -= 1
        s[b + FLOOR_N] = fn
        if over:
            s[LID + k] += over
    if s[LEFT]:
        s[TURN] = (seat + 1) % players  # R10
    else:
        end_drafting(s, players, grey)  # R16


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


@njit(cache=True)
def apply_action(s: np.ndarray, players: int, grey: bool, a: int) -> None:
    """Play action id ``a`` (see :mod:`azulejos.core.moves`), assumed legal."""
    if a < PLACE_BASE:
        draft(s, players, grey, a // 30, (a // 6) % 5, a % 6)
    else:
        place(s, players, a % 5)
