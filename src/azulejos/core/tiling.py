"""Wall-tiling over the flat layout: complete lines to the wall with their points (R17, R18),
floor penalties (R19, R20), the grey wall's column choices in R33 order with R31 discards,
and the end of a round or of the game (R21, R23, R34, ruling R35, R24).

The twin of :mod:`azulejos.fast.tiling` (the numba kernels). ``log`` collects the
:class:`~azulejos.core.events.TilingEvent` s of a tiling for front ends; play-outs pass None.
"""

from __future__ import annotations

from typing import Final

from . import endgame
from . import layout as L
from .colours import FLOOR_TOTALS
from .events import Discarded, Penalised, Placed, TilingEvent
from .legal import free_columns

#: PEN_TOTAL[n]: the penalty of a floor line holding n tiles (R19): the core's one table.
PEN_TOTAL: Final = FLOOR_TOTALS
_RUN: Final = L.RUN

Log = list[TilingEvent] | None


def put(s: list[int], log: Log, p: int, r: int, c: int, k: int) -> int:
    """Put colour k at (r, c) of seat p's wall; return its points (R18)."""
    b = L.P0 + p * L.STRIDE
    s[b + L.WALL + r * 5 + c] = k
    ro = s[b + L.ROW_OCC + r] | (1 << c)
    co = s[b + L.COL_OCC + c] | (1 << r)
    s[b + L.ROW_OCC + r] = ro
    s[b + L.COL_OCC + c] = co
    s[b + L.ROW_CLR + r] |= 1 << k
    s[b + L.COL_CLR + c] |= 1 << k
    h = _RUN[ro * 5 + c]
    v = _RUN[co * 5 + r]
    pts = L.tile_points(h, v)
    if log is not None:
        log.append(Placed(p, r, c, k, h, v, pts))
    return pts


def penalise(s: list[int], log: Log, p: int, score: int) -> None:
    """R19, R20: floor penalty, clamp at 0, floor tiles to the lid, marker back."""
    b = L.P0 + p * L.STRIDE
    fn = s[b + L.FLOOR_N]
    pen = PEN_TOTAL[fn]
    score -= pen
    if score < 0:
        score = 0
    s[b + L.SCORE] = score
    for j in range(fn):
        k = s[b + L.FLOOR_SLOT + j]
        if k < 5:
            s[L.LID + k] += 1
        s[b + L.FLOOR_SLOT + j] = -1
    s[b + L.FLOOR_N] = 0
    x = L.P0 + L.STRIDE * ((len(s) - L.P0) // L.STRIDE)
    if x < len(s) and s[x + L.SF5_HOLDER] == p and s[x + L.SF5_TILE] >= 0:
        # R44, R47a: the tile on a held SF5 costs nothing and goes to the lid.
        s[L.LID + s[x + L.SF5_TILE]] += 1
        s[x + L.SF5_TILE] = -1
    if log is not None:
        log.append(Penalised(p, fn, pen, score))


def tile_coloured(s: list[int], log: Log, p: int) -> None:
    """Coloured wall: every complete line of seat p to its fixed space (R6, R17, R18), then
    the floor (R19, R20)."""
    b = L.P0 + p * L.STRIDE
    score = s[b + L.SCORE]
    for i in range(5):
        if s[b + L.L_COUNT + i] == i + 1:  # R17: complete line
            k = s[b + L.L_COLOUR + i]
            score += put(s, log, p, i, (k + i) % 5, k)  # R6
            s[L.LID + k] += i  # R17: the rest to the lid
            s[b + L.L_COLOUR + i] = -1
            s[b + L.L_COUNT + i] = 0
    penalise(s, log, p, score)


def discard_line(s: list[int], log: Log, p: int, i: int) -> None:
    """R31: a complete line with no legal column goes to the floor, then the lid."""
    b = L.P0 + p * L.STRIDE
    k = s[b + L.L_COLOUR + i]
    n = i + 1
    x = L.P0 + L.STRIDE * ((len(s) - L.P0) // L.STRIDE)
    if x < len(s) and s[x + L.SF5_HOLDER] == p and s[x + L.SF5_TILE] < 0:
        s[x + L.SF5_TILE] = k  # R47a: a held SF5 catches the first tile of an R31 line
        n -= 1
    fn = s[b + L.FLOOR_N]
    while n and fn < 7:
        s[b + L.FLOOR_SLOT + fn] = k
        fn += 1
        n -= 1
    s[b + L.FLOOR_N] = fn
    s[L.LID + k] += n
    s[b + L.L_COLOUR + i] = -1
    s[b + L.L_COUNT + i] = 0
    if log is not None:
        log.append(Discarded(p, i, k, i + 1))


def advance_grey(s: list[int], players: int, log: Log) -> None:
    """Grey wall: walk the R33 order until a column choice is needed or tiling is done."""
    n = players
    nxt = s[L.NEXT_START]
    j = s[L.TQ_INDEX]
    i = s[L.TQ_LINE]
    while j < n:
        p = (nxt + j) % n
        b = L.P0 + p * L.STRIDE
        while i < 5:
            if s[b + L.L_COUNT + i] == i + 1:
                if free_columns(s, p, i):
                    s[L.PHASE] = L.PLACE
                    s[L.TURN] = p
                    s[L.TQ_INDEX] = j
                    s[L.TQ_LINE] = i
                    return
                discard_line(s, log, p, i)  # R31
            i += 1
        penalise(s, log, p, s[b + L.SCORE])
        j += 1
        i = 0
    s[L.TQ_INDEX] = n
    s[L.TQ_LINE] = 0
    after_tiling(s, players, True, log)


def place(s: list[int], players: int, log: Log, column: int) -> None:
    """Grey wall: the pending line's tile goes to ``column`` (R30, R33), then tiling goes on."""
    p = s[L.TURN]
    b = L.P0 + p * L.STRIDE
    i = s[L.TQ_LINE]
    k = s[b + L.L_COLOUR + i]
    s[b + L.SCORE] += put(s, log, p, i, column, k)
    s[L.LID + k] += i
    s[b + L.L_COLOUR + i] = -1
    s[b + L.L_COUNT + i] = 0
    s[L.TQ_LINE] = i + 1
    advance_grey(s, players, log)


def end_drafting(s: list[int], players: int, grey: bool, log: Log) -> None:
    """R16: the factories and centre are empty; tile the walls."""
    if log is not None:
        log.clear()
    # R20: the marker's holder starts the next round; nobody took it -> same starter.
    s[L.NEXT_START] = s[L.MARKER] if s[L.MARKER] >= 0 else s[L.START]
    if grey:
        s[L.TQ_INDEX] = 0
        s[L.TQ_LINE] = 0
        advance_grey(s, players, log)
    else:
        for p in range(players):
            tile_coloured(s, log, p)
        after_tiling(s, players, False, log)


def after_tiling(s: list[int], players: int, grey: bool, log: Log) -> None:
    """R23/R34/R35: end the game, or await the next fill (R21)."""
    ended = 0
    for p in range(players):
        b = L.P0 + p * L.STRIDE
        for r in range(5):
            if s[b + L.ROW_OCC + r] == 31:
                ended = 1
                break
        if ended:
            break
    if not ended and grey and not endgame.any_row_completable(s, players):
        ended = 2
    if not ended and not endgame.any_row_reachable(s, players, grey):
        ended = 4
    x = L.P0 + L.STRIDE * players
    if x < len(s):
        # R45: the round is over; every display is plain and SF5 back until the next fill
        # draws the specials again (R40). Its tile went to the lid with its holder's floor.
        for f in range(9):
            s[x + L.SF_KIND + f] = 0
        s[x + L.SF5_HOLDER] = -1
        s[x + L.SF5_TILE] = -1
        s[x + L.SF5_OUT] = -1
    if ended:
        finish(s, players, log, ended)
        return
    s[L.ROUND] += 1
    s[L.START] = s[L.NEXT_START]
    s[L.TURN] = s[L.START]
    s[L.MARKER] = -1
    s[L.PHASE] = L.FILL


def finish(s: list[int], players: int, log: Log, why: int) -> None:
    """The game ends (``why``: the code of ``State.ended_by``): end bonuses (R24)."""
    for p in range(players):
        b = endgame.bonus(s, p)
        s[L.P0 + p * L.STRIDE + L.SCORE] += b.points
        if log is not None:
            log.append(b)
    s[L.ENDED_BY] = why
    s[L.PHASE] = L.OVER


__all__ = [
    "PEN_TOTAL", "advance_grey", "after_tiling", "discard_line", "end_drafting", "finish",
    "penalise", "place", "put", "tile_coloured",
]
