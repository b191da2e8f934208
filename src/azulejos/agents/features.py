"""Fast move scoring and position evaluation on the flat state layout.

Bots read the flat ``list[int]`` of a state (:mod:`azulejos.core.layout`, the documented
contract for accelerated paths) instead of the readable view, because these functions run
thousands of times per move inside play-outs.

* :func:`move_scores` rates every legal move of the player to move by its immediate effect:
  points of a pattern line it completes (R17, R18), a share of those points for a line it only
  advances, minus the extra floor penalty it causes (R5, R12, R14, R19).
* :func:`evaluate` estimates each player's final score from a position reached at the end of a
  round (or at the end of the game, where it is exact): the score so far, the expected value of
  half-filled pattern lines carried into the next round, and the end bonuses (R24) weighted by how
  reachable they still are in the rounds that can remain.
"""

from __future__ import annotations

from typing import Final

from azulejos.core import layout as L
from azulejos.core import specials
from azulejos.core.colours import FLOOR_EXTRA, FLOOR_TOTALS, WALL_COLUMNS
from azulejos.core.legal import dest_masks
from azulejos.core.moves import PLACE_BASE, SPLIT_BASE, SPLIT_CODES

#: Cumulative floor penalty of the first n slots (R5): the core's table.
PEN: Final = FLOOR_TOTALS
_RUN: Final = L.RUN
_POP: Final = tuple(bin(m).count("1") for m in range(32))
_SRC_FACTORY_CENTRE = 9


#: Points for a tile put at (r, c) of a wall with row mask ``ro`` and column mask ``co``
#: (R18): the core's own computation.
tile_points = L.placement_points


def _line_points(s: list[int], b: int, grey: bool) -> list[list[int]]:
    """pts[line][colour]: points a tile of that colour would earn in that wall row now.

    On the grey wall (R30) the best free column whose colour is allowed is assumed; -1 marks
    colours that cannot go in the row at all.
    """
    out: list[list[int]] = []
    for r in range(5):
        ro = s[b + L.ROW_OCC + r]
        cols = WALL_COLUMNS[r]
        row: list[int] = []
        for k in range(5):
            if grey:
                best = -1
                for c in range(5):
                    if not ro >> c & 1 and not s[b + L.COL_CLR + c] >> k & 1:
                        p = tile_points(ro, s[b + L.COL_OCC + c], r, c)
                        if p > best:
                            best = p
                row.append(best)
            else:
                c = cols[k]  # R6
                row.append(-1 if ro >> c & 1 else tile_points(ro, s[b + L.COL_OCC + c], r, c))
        out.append(row)
    return out


def move_scores(
    s: list[int], nfactories: int, grey: bool, partial: float = 0.5, specials_aware: bool = True
) -> tuple[list[int], list[float]]:
    """Every legal action of the player to move with its immediate score (drafting phase only).

    ``partial`` weighs the points of a line that the move advances but does not complete.
    With the special displays, ``specials_aware=False`` gives the naive scores kept for
    comparison (``docs/strength.md``): every SF4 split of a draft alike, SF5 like a plain display.
    """
    seat = s[L.TURN]
    b = L.P0 + seat * L.STRIDE
    fn = s[b + L.FLOOR_N]
    marker = s[L.MARKER] < 0
    pts = _line_points(s, b, grey)
    lcnt = s[b + L.L_COUNT : b + L.L_COUNT + 5]
    masks = dest_masks(s, seat)  # the core's legal destinations (R13, R15)
    acts: list[int] = []
    scores: list[float] = []
    extra_pen = FLOOR_EXTRA[fn]  # the core's floor arithmetic (R5, R12, R14, R19)
    players = (nfactories - 1) // 2
    sf = len(s) > L.size(players)
    # R44, R47a: an empty SF5 held by the mover catches the first tile that falls, free; a draft
    # from the untaken SF5 takes it (and its catch) along; the marker never lands on it.
    held = catch_all = 0
    sf5_src = -1
    hold_value = 0.0
    if sf and specials_aware:
        x = specials.base(players)
        holder = s[x + L.SF5_HOLDER]
        if holder == seat and s[x + L.SF5_TILE] < 0:
            catch_all = 1
        elif holder < 0:
            ks = specials.kinds(s, players)
            if specials.SF5 in ks:
                sf5_src = ks.index(specials.SF5)
                # a penalty-free floor space for the rest of the round: worth about half the
                # next floor space's penalty when nothing falls now (R44)
                hold_value = 0.5 * extra_pen[1]
    for src in (*range(nfactories), _SRC_FACTORY_CENTRE):
        base = src * 5
        extra = 1 if (src == _SRC_FACTORY_CENTRE and marker) else 0
        held = catch_all or (1 if src == sf5_src else 0)
        for k in range(5):
            n = s[base + k]
            if not n:
                continue
            a0 = src * 30 + k * 6
            mk = masks[k]
            for d in range(5):
                if not mk >> d & 1:
                    continue
                room = d + 1 - lcnt[d]
                fit = n if n < room else room
                over = n - fit
                if held and over:
                    pen = extra_pen[over - 1 + extra]  # one tile on the SF5 (R44)
                elif src == sf5_src:
                    pen = extra_pen[extra] - hold_value
                else:
                    pen = extra_pen[over + extra]
                p = pts[d][k]
                if p < 0:  # grey wall: no column can take it; it will be discarded (R31)
                    gain = -float(d + 1)
                elif fit == room:
                    gain = float(p)
                else:
                    gain = partial * p * fit / (d + 1)
                acts.append(a0 + d)
                scores.append(gain - pen)
            acts.append(a0 + 5)
            scores.append(-extra_pen[n - held + extra] - 0.5)
    if sf:
        return _special_forms(s, players, grey, partial, acts, scores, specials_aware)
    return acts, scores


def _take_value(
    counts: list[int], pts: list[list[int]], lcnt: list[int], masks: list[int],
    extra_pen: tuple[int, ...], partial: float,
) -> float:
    """The best immediate score (as :func:`move_scores` rates it) of taking one colour of a
    display holding ``counts``, for the player whose line points, line counts, legal
    destinations and floor are given; 0 for an empty display."""
    best = 0.0
    first = True
    for k in range(5):
        n = counts[k]
        if not n:
            continue
        v = -extra_pen[n] - 0.5
        mk = masks[k]
        for d in range(5):
            if not mk >> d & 1:
                continue
            room = d + 1 - lcnt[d]
            fit = n if n < room else room
            p = pts[d][k]
            if p < 0:
                g = -float(d + 1)
            elif fit == room:
                g = float(p)
            else:
                g = partial * p * fit / (d + 1)
            g -= extra_pen[n - fit]
            if g > v:
                v = g
        if first or v > best:
            best = v
            first = False
    return best


#: How much of the next player's gain from a split's neighbours counts against the split:
#: all of it with 2 players (the margin), less when several opponents share the table.
SPLIT_WEIGHT: Final = (0.0, 0.0, 1.0, 0.6, 0.5)


def split_offers(
    s: list[int], players: int, grey: bool, a: int, partial: float = 0.5
) -> list[tuple[int, float]]:
    """The SF4 splits of plain draft ``a`` (a draft from SF4 that leaves r colours: 2^r
    splits, R43, R47d), each with what it offers the next player: the best single take (as
    :func:`move_scores` rates it) the two neighbours of SF4 then hold for them, a greedy one-ply
    look. Empty when ``a`` is no such draft."""
    kinds = specials.kinds(s, players)
    f = a // 30
    if a >= PLACE_BASE or f >= len(kinds) or kinds[f] != specials.SF4:
        return []
    k = a // 6 % 5
    rest = [kk for kk in range(5) if kk != k and s[f * 5 + kk]]
    r = len(rest)
    if not r:
        return []
    o = (s[L.TURN] + 1) % players
    ob = L.P0 + o * L.STRIDE
    pts = _line_points(s, ob, grey)
    lcnt = s[ob + L.L_COUNT : ob + L.L_COUNT + 5]
    masks = dest_masks(s, o)
    opp_pen = FLOOR_EXTRA[s[ob + L.FLOOR_N]]
    left, right = specials.neighbours(s, players, f)
    first = SPLIT_BASE + a * SPLIT_CODES - 2
    out: list[tuple[int, float]] = []
    for code in range(1 << r, 2 << r):
        lc = s[left * 5 : left * 5 + 5]
        rc = s[right * 5 : right * 5 + 5]
        for j, kk in enumerate(rest):  # bit j: the j-th colour left (0) or right (1)
            if code >> j & 1:
                rc[kk] += s[f * 5 + kk]
            else:
                lc[kk] += s[f * 5 + kk]
        out.append((first + code, max(_take_value(lc, pts, lcnt, masks, opp_pen, partial),
                                      _take_value(rc, pts, lcnt, masks, opp_pen, partial))))
    return out


def _special_forms(
    s: list[int], players: int, grey: bool, partial: float, acts: list[int], scores: list[float],
    aware: bool = True,
) -> tuple[list[int], list[float]]:
    """A draft from SF4 that leaves tiles becomes its 2^r splits (R43, R47d), each valued by
    what it leaves to the next player (:func:`split_offers`): the split that offers the least
    keeps the draft's score; the others lose the difference (weighted by :data:`SPLIT_WEIGHT`).
    (SF5, R44, is valued in :func:`move_scores` itself.)"""
    kinds = specials.kinds(s, players)
    if specials.SF4 not in kinds:
        return acts, scores
    f4 = kinds.index(specials.SF4)
    out_a: list[int] = []
    out_s: list[float] = []
    weight = SPLIT_WEIGHT[players]
    for a, v in zip(acts, scores):
        if a // 30 != f4:
            out_a.append(a)
            out_s.append(v)
            continue
        if not aware:
            k = a // 6 % 5
            r = sum(1 for kk in range(5) if kk != k and s[f4 * 5 + kk])
            first = SPLIT_BASE + a * SPLIT_CODES - 2
            codes = range(first + (1 << r), first + (2 << r)) if r else range(a, a + 1)
            out_a.extend(codes)
            out_s.extend(v for _ in codes)
            continue
        offers = split_offers(s, players, grey, a, partial)
        if not offers:
            out_a.append(a)
            out_s.append(v)
            continue
        least = min(o for _, o in offers)
        for b, offer in offers:
            out_a.append(b)
            out_s.append(v - weight * (offer - least))
    return out_a, out_s


def place_scores(s: list[int]) -> tuple[list[int], list[float]]:
    """Grey wall column choices (R30, R33) with the points each earns now."""
    seat = s[L.TURN]
    b = L.P0 + seat * L.STRIDE
    line = s[L.TQ_LINE]
    k = s[b + L.L_COLOUR + line]
    ro = s[b + L.ROW_OCC + line]
    acts: list[int] = []
    scores: list[float] = []
    for c in range(5):
        if ro >> c & 1 or s[b + L.COL_CLR + c] >> k & 1:
            continue
        acts.append(PLACE_BASE + line * 5 + c)
        # Ties broken towards columns that keep other colours possible: fewer colours there.
        scores.append(tile_points(ro, s[b + L.COL_OCC + c], line, c) - 0.01 * _POP[s[b + L.COL_CLR + c]])
    return acts, scores


def _reach(filled: int, rounds_left: int) -> float:
    """Rough chance that a row/column/colour with ``filled`` of 5 tiles completes in time."""
    if filled >= 5:
        return 1.0
    if 5 - filled > rounds_left:
        return 0.0
    f = filled / 5.0
    return f * f


def evaluate(s: list[int], players: int, grey: bool) -> list[float]:
    """Estimated final score of every player (exact once the game is over, R23-R25)."""
    scores = [float(s[L.P0 + p * L.STRIDE + L.SCORE]) for p in range(players)]
    if s[L.PHASE] == L.OVER:
        return scores
    most = 0
    for p in range(players):
        b = L.P0 + p * L.STRIDE
        for r in range(5):
            f = _POP[s[b + L.ROW_OCC + r]]
            if f > most:
                most = f
    rounds_left = 5 - most if most < 5 else 1
    out: list[float] = []
    for p in range(players):
        b = L.P0 + p * L.STRIDE
        v = scores[p]
        pts: list[list[int]] | None = None
        for i in range(5):
            n = s[b + L.L_COUNT + i]
            if n:
                if pts is None:
                    pts = _line_points(s, b, grey)
                q = pts[i][s[b + L.L_COLOUR + i]]
                if q > 0 and rounds_left > 0:
                    v += 0.6 * q * n / (i + 1)
        for r in range(5):
            v += 2.0 * _reach(_POP[s[b + L.ROW_OCC + r]], rounds_left)
        for c in range(5):
            v += 7.0 * _reach(_POP[s[b + L.COL_OCC + c]], rounds_left)
        per = [0] * 5
        for j in range(25):
            k = s[b + L.WALL + j]
            if k >= 0:
                per[k] += 1
        for k in range(5):
            v += 10.0 * _reach(per[k], rounds_left)
        # Tiles already on the floor mid-round will cost their penalty (R19).
        v -= PEN[s[b + L.FLOOR_N]]
        out.append(v)
    return out


def margins(values: list[float]) -> list[float]:
    """For each player: own value minus the best other player's value."""
    if len(values) == 2:
        a, b = values
        return [a - b, b - a]
    out = []
    for p, v in enumerate(values):
        best = max(values[q] for q in range(len(values)) if q != p)
        out.append(v - best)
    return out
