"""The hand-set move scores as numba kernels: the twins of ``move_scores`` and ``place_scores``
of :mod:`azulejos.agents.features` (the same formulas in the same order, checked value for
value by the tests), which the compiled search (:mod:`.search`) uses for its priors and its
epsilon-greedy play-outs.

With the Master Chocolatier special displays (R40-R47; the array is longer, see
:func:`.specials.module_on`) the scores are those of ``features.move_scores`` with
``specials_aware`` on: a draft that the held, empty SF5 catches a falling tile of (R44, R47a)
or that takes the untaken SF5 along, and every SF4 split of a draft (R43, R47d) valued by what
it leaves to the next player (``features.split_offers``, ``features._special_forms``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .legal import dest_masks
from .specials import colours_on, left_of, right_of
from .tables import (
    CENTRE,
    COL_CLR,
    COL_OCC,
    FLOOR_EXTRA,
    FLOOR_N,
    L_COLOUR,
    L_COUNT,
    MARKER,
    P0,
    PLACE_BASE,
    POP,
    ROW_OCC,
    RUN,
    SF4,
    SF5,
    SF5_HOLDER,
    SF5_TILE,
    SF_KIND,
    SPLIT_BASE,
    SPLIT_CODES,
    STRIDE,
    TQ_LINE,
    TURN,
    WALL_COLUMN,
    WK_MASK,
    WK_SIZE,
)

#: ``features.SPLIT_WEIGHT``: how much of the next player's gain from a split's neighbours
#: counts against the split, by the number of players.
SPLIT_WEIGHT = np.array([0.0, 0.0, 1.0, 0.6, 0.5], dtype=np.float64)


@njit(cache=True, inline="always")
def _tile_points(ro: int, co: int, r: int, c: int) -> int:
    """Points a tile put now at (r, c) would score (R18): ``layout.placement_points``."""
    h = RUN[(ro | (1 << c)) * 5 + c]
    v = RUN[(co | (1 << r)) * 5 + r]
    if h == 1 and v == 1:
        return 1
    return (h if h > 1 else 0) + (v if v > 1 else 0)


@njit(cache=True)
def line_points(s: np.ndarray, b: int, grey: bool, pts: np.ndarray) -> None:
    """pts[line * 5 + colour]: points a tile of that colour would earn in that wall row now;
    on the grey wall the best allowed free column (R30); -1 where it cannot go."""
    for r in range(5):
        ro = s[b + ROW_OCC + r]
        for k in range(5):
            if grey:
                best = -1
                for c in range(5):
                    if not (ro >> c) & 1 and not (s[b + COL_CLR + c] >> k) & 1:
                        p = _tile_points(ro, s[b + COL_OCC + c], r, c)
                        if p > best:
                            best = p
                pts[r * 5 + k] = best
            else:
                c = WALL_COLUMN[r * 5 + k]  # R6
                if (ro >> c) & 1:
                    pts[r * 5 + k] = -1
                else:
                    pts[r * 5 + k] = _tile_points(ro, s[b + COL_OCC + c], r, c)


@njit(cache=True, inline="always")
def _line_gain(p: int, fit: int, room: int, d: int) -> float:
    """The points of putting ``fit`` tiles on pattern line ``d`` (0-based, ``room`` free
    spaces) whose colour scores ``p`` in its wall row now: ``p`` when the line completes, half
    of the share that fits when it only advances, -(d + 1) on the grey wall where no column can
    take the colour (R31)."""
    if p < 0:
        return -float(d + 1)
    if fit == room:
        return float(p)
    return 0.5 * p * fit / (d + 1)


@njit(cache=True)
def move_scores(
    s: np.ndarray, players: int, grey: bool, acts: np.ndarray, sc: np.ndarray,
    pts: np.ndarray, wk: np.ndarray,
) -> int:
    """Every legal drafting action with its immediate score, as ``features.move_scores``
    (partial = 0.5): in increasing action order in the base game; with the special displays
    in that order too, each SF4 draft that leaves tiles replaced by its splits. Returns how
    many (at most ``tables.MAX_LEGAL``)."""
    seat = s[TURN]
    b = P0 + seat * STRIDE
    fn = s[b + FLOOR_N]
    marker = s[MARKER] < 0
    line_points(s, b, grey, pts)
    dest_masks(s, seat, wk)  # R13, R15
    nfac = 2 * players + 1
    x = P0 + STRIDE * players
    sf = s.shape[0] > x
    # R44, R47a: an empty SF5 held by the mover catches the first tile that falls, free; a
    # draft from the untaken SF5 takes it (and its catch) along; the marker never lands on it.
    catch_all = 0
    sf5_src = -1
    hold_value = 0.0
    f4 = -1
    if sf:
        holder = s[x + SF5_HOLDER]
        if holder == seat and s[x + SF5_TILE] < 0:
            catch_all = 1
        elif holder < 0:
            for f in range(nfac):
                if s[x + SF_KIND + f] == SF5:
                    sf5_src = f
                    # a penalty-free floor space for the rest of the round: worth about half
                    # the next floor space's penalty when nothing falls now (R44)
                    hold_value = 0.5 * FLOOR_EXTRA[fn, 1]
                    break
        for f in range(nfac):
            if s[x + SF_KIND + f] == SF4:
                f4 = f
                break
    n_out = 0
    for si in range(nfac + 1):
        src = si if si < nfac else CENTRE
        base = src * 5
        extra = 1 if (src == CENTRE and marker) else 0
        held = 1 if (catch_all or src == sf5_src) else 0
        for k in range(5):
            n = s[base + k]
            if not n:
                continue
            a0 = src * 30 + k * 6
            mk = wk[WK_MASK + k]
            for d in range(5):
                if not (mk >> d) & 1:
                    continue
                room = d + 1 - s[b + L_COUNT + d]
                fit = n if n < room else room
                over = n - fit
                if held and over:
                    pen = FLOOR_EXTRA[fn, over - 1 + extra]  # one tile on the SF5 (R44)
                elif src == sf5_src:
                    pen = FLOOR_EXTRA[fn, extra] - hold_value
                else:
                    pen = FLOOR_EXTRA[fn, over + extra]
                acts[n_out] = a0 + d
                sc[n_out] = _line_gain(pts[d * 5 + k], fit, room, d) - pen
                n_out += 1
            acts[n_out] = a0 + 5
            sc[n_out] = -FLOOR_EXTRA[fn, n - held + extra] - 0.5
            n_out += 1
    if f4 >= 0:
        n_out = _split_forms(s, players, grey, f4, acts, sc, n_out)
    return n_out


@njit(cache=True)
def _take_value(
    counts: np.ndarray, pts: np.ndarray, s: np.ndarray, ob: int, wk: np.ndarray, fn: int,
) -> float:
    """``features._take_value``: the best immediate score of taking one colour of a display
    holding ``counts``, for the player of board ``ob`` (line points ``pts``, legal
    destinations in ``wk``, floor ``fn``); 0 for an empty display."""
    best = 0.0
    first = True
    for k in range(5):
        n = counts[k]
        if not n:
            continue
        v = -FLOOR_EXTRA[fn, n] - 0.5
        mk = wk[WK_MASK + k]
        for d in range(5):
            if not (mk >> d) & 1:
                continue
            room = d + 1 - s[ob + L_COUNT + d]
            fit = n if n < room else room
            g = _line_gain(pts[d * 5 + k], fit, room, d) - FLOOR_EXTRA[fn, n - fit]
            if g > v:
                v = g
        if first or v > best:
            best = v
            first = False
    return best


@njit(cache=True)
def _split_forms(
    s: np.ndarray, players: int, grey: bool, f4: int, acts: np.ndarray, sc: np.ndarray, n: int,
) -> int:
    """``features._special_forms``: replace each draft from SF4 (display ``f4``) that leaves r
    > 0 colours by its 2^r splits (R43, R47d), each valued by the best single take its two
    neighbours then offer the next player (``features.split_offers``): the split that offers
    the least keeps the draft's score, the others lose the difference weighted by
    :data:`SPLIT_WEIGHT`. Rewrites the first ``n`` entries; returns the new count."""
    nc = colours_on(s, f4)
    if nc < 2:
        return n  # SF4 empty or of one colour: its drafts leave nothing, no split
    r = nc - 1
    left = left_of(s, players, f4)
    right = right_of(s, players, f4)
    o = (s[TURN] + 1) % players
    ob = P0 + o * STRIDE
    opts = np.empty(25, dtype=np.int64)
    line_points(s, ob, grey, opts)
    owk = np.zeros(WK_SIZE, dtype=np.int64)
    dest_masks(s, o, owk)
    ofn = s[ob + FLOOR_N]
    weight = SPLIT_WEIGHT[players]
    # the offers depend on the colour taken, not on its destination: one row per colour
    offers = np.empty((5, 1 << r), dtype=np.float64)
    least = np.empty(5, dtype=np.float64)
    lc = np.empty(5, dtype=np.int64)
    rc = np.empty(5, dtype=np.int64)
    for k in range(5):
        if not s[f4 * 5 + k]:
            continue
        lo = 1e300
        for code in range(1 << r, 2 << r):
            for kk in range(5):
                lc[kk] = s[left * 5 + kk]
                rc[kk] = s[right * 5 + kk]
            j = 0
            for kk in range(5):
                if kk != k and s[f4 * 5 + kk]:
                    if (code >> j) & 1:
                        rc[kk] += s[f4 * 5 + kk]
                    else:
                        lc[kk] += s[f4 * 5 + kk]
                    j += 1
            a = _take_value(lc, opts, s, ob, owk, ofn)
            b = _take_value(rc, opts, s, ob, owk, ofn)
            v = a if a > b else b
            offers[k, code - (1 << r)] = v
            if v < lo:
                lo = v
        least[k] = lo
    old_a = acts[:n].copy()
    old_s = sc[:n].copy()
    m = 0
    for i in range(n):
        a = old_a[i]
        if a >= PLACE_BASE or a // 30 != f4:
            acts[m] = a
            sc[m] = old_s[i]
            m += 1
            continue
        k = (a // 6) % 5
        first = SPLIT_BASE + a * SPLIT_CODES - 2
        for code in range(1 << r, 2 << r):
            acts[m] = first + code
            sc[m] = old_s[i] - weight * (offers[k, code - (1 << r)] - least[k])
            m += 1
    return m


@njit(cache=True)
def place_scores(s: np.ndarray, acts: np.ndarray, sc: np.ndarray) -> int:
    """Grey wall column choices (R30, R33) with their points, as ``features.place_scores``."""
    b = P0 + s[TURN] * STRIDE
    line = s[TQ_LINE]
    k = s[b + L_COLOUR + line]
    ro = s[b + ROW_OCC + line]
    n_out = 0
    for c in range(5):
        cc = s[b + COL_CLR + c]
        if (ro >> c) & 1 or (cc >> k) & 1:
            continue
        acts[n_out] = PLACE_BASE + line * 5 + c
        sc[n_out] = _tile_points(ro, s[b + COL_OCC + c], line, c) - 0.01 * POP[cc]
        n_out += 1
    return n_out
