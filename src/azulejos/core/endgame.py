"""The end of the game: can any row still be completed (R34, ruling R35), the end bonuses
(R24) and the winners (R25), over the flat layout.

The twin of :mod:`azulejos.fast.endgame` (the numba kernels).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import layout as L
from .events import Bonus


def bonus(s: Sequence[int], seat: int) -> Bonus:
    """End bonuses the wall of ``seat`` earns now (R24)."""
    b = L.P0 + seat * L.STRIDE
    rows = sum(1 for r in range(5) if s[b + L.ROW_OCC + r] == 31)
    cols = sum(1 for c in range(5) if s[b + L.COL_OCC + c] == 31)
    per = [0] * 5
    for i in range(25):
        k = s[b + L.WALL + i]
        if k >= 0:
            per[k] += 1
    return Bonus(seat, rows, cols, sum(1 for x in per if x == 5))


def complete_rows(s: Sequence[int], seat: int) -> int:
    """Complete horizontal rows of ``seat``'s wall: the tie-break (R25)."""
    b = L.P0 + seat * L.STRIDE
    return sum(1 for r in range(5) if s[b + L.ROW_OCC + r] == 31)


def winners(s: Sequence[int], players: int) -> list[int]:
    """Seats that win a finished game (R25): most points, then most complete rows; else
    shared. Empty while the game goes on."""
    if s[L.PHASE] != L.OVER:
        return []
    scores = [s[L.P0 + p * L.STRIDE + L.SCORE] for p in range(players)]
    best = max(scores)
    tied = [p for p in range(players) if scores[p] == best]
    if len(tied) == 1:
        return tied
    rows = {p: complete_rows(s, p) for p in tied}
    most = max(rows.values())
    return [p for p in tied if rows[p] == most]


def row_completable(s: Sequence[int], seat: int, row: int) -> bool:
    """R34: can the missing colours of this row go one-to-one into its empty columns?"""
    b = L.P0 + seat * L.STRIDE
    occ = s[b + L.ROW_OCC + row]
    missing = [k for k in range(5) if not s[b + L.ROW_CLR + row] >> k & 1]
    cols = [c for c in range(5) if not occ >> c & 1]
    colclr = [s[b + L.COL_CLR + c] for c in range(5)]

    def assign(idx: int, used: int) -> bool:
        if idx == len(missing):
            return True
        k = missing[idx]
        for c in cols:
            if not used >> c & 1 and not colclr[c] >> k & 1:
                if assign(idx + 1, used | (1 << c)):
                    return True
        return False

    return assign(0, 0)


def any_row_completable(s: Sequence[int], players: int) -> bool:
    """R34 (grey wall): does any player have a row that can still be completed?"""
    return any(row_completable(s, p, r) for p in range(players) for r in range(5))


def any_row_reachable(s: Sequence[int], players: int, grey: bool) -> bool:
    """Ruling R35 (docs/rules.md): can any row of any player still be completed, even under
    the most favourable play, given the tiles that can still reach the walls?

    Tiles in the bag, lid, factories, centre and floors circulate. Tiles in an incomplete
    pattern line are locked until the line completes; a line of colour k holding c of its
    m tiles can complete once k's supply is at least m - c, and then returns m - 1 tiles to
    the lid (net gain c - 1 >= 0), so the set of lines that can ever complete is the
    fixpoint computed below - an over-estimate, so the game never ends while a row could
    still be completed. A row is reachable when its pattern line is not blocked for ever
    by a line that can never complete, every missing colour has enough supply to fill
    the line (or is the colour of that line, which can complete), and on the grey wall
    its missing colours fit its empty columns (R34).
    """
    n = players
    supply = [s[L.BAG + k] + s[L.LID + k] + sum(s[k : L.BAG : 5]) for k in range(5)]
    for p in range(n):
        b = L.P0 + p * L.STRIDE
        for j in range(s[b + L.FLOOR_N]):
            k = s[b + L.FLOOR_SLOT + j]
            if k < 5:
                supply[k] += 1
    # Quick answer (the usual case): a row with an empty pattern line whose missing
    # colours all circulate in numbers already; the fixpoint below only adds supply.
    for p in range(n):
        b = L.P0 + p * L.STRIDE
        for r in range(5):
            if s[b + L.L_COUNT + r] == 0 and s[b + L.ROW_OCC + r] != 31:
                rc = s[b + L.ROW_CLR + r]
                if all(supply[k] > r for k in range(5) if not rc >> k & 1) and (
                    not grey or row_completable(s, p, r)
                ):
                    return True
    pending: list[tuple[int, int, int, int]] = []  # (seat, line, colour, count)
    for p in range(n):
        b = L.P0 + p * L.STRIDE
        for i in range(5):
            if s[b + L.L_COUNT + i]:
                pending.append((p, i, s[b + L.L_COLOUR + i], s[b + L.L_COUNT + i]))
    free: set[tuple[int, int]] = set()
    changed = True
    while changed:
        changed = False
        for p, i, k, c in pending:
            if (p, i) not in free and supply[k] >= i + 1 - c:
                free.add((p, i))
                supply[k] += c - 1
                changed = True
    for p in range(n):
        b = L.P0 + p * L.STRIDE
        for r in range(5):
            line_colour = s[b + L.L_COLOUR + r]
            if line_colour >= 0 and (p, r) not in free:
                continue  # blocked for ever
            rc = s[b + L.ROW_CLR + r]
            if all(
                k == line_colour or supply[k] >= r + 1 for k in range(5) if not rc >> k & 1
            ) and (not grey or row_completable(s, p, r)):
                return True
    return False


__all__ = [
    "any_row_completable", "any_row_reachable", "bonus", "complete_rows", "row_completable",
    "winners",
]
