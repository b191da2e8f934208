"""The flat integer layout of a state.

A state is one ``list[int]``; copying it is one C-level list copy and the same layout maps
one-to-one onto the accelerated kernels' arrays. Offsets below are the contract between
the reference engine (:mod:`azulejos.core.state`) and any accelerated path.
"""

from __future__ import annotations

from typing import Final

# -- shared table -------------------------------------------------------------------------
SRC: Final = 0  # 10 sources x 5 colours: count of tiles; source 9 is the centre
CENTRE_BASE: Final = 45
BAG: Final = 50  # 5 colour counts
LID: Final = 55  # 5 colour counts
TURN: Final = 60  # seat to move (drafting) or to choose a column (grey tiling)
PHASE: Final = 61
ROUND: Final = 62  # 1-based
MARKER: Final = 63  # -1: marker in the centre; else the seat holding it
START: Final = 64  # seat that started the current round
LEFT: Final = 65  # tiles left in factories and centre
TQ_INDEX: Final = 66  # grey tiling: index into the seat order of R33
TQ_LINE: Final = 67  # grey tiling: next pattern line to look at
NEXT_START: Final = 68  # seat that starts the next round (set at the end of drafting)
ENDED_BY: Final = 69  # 0 not ended, 1 row (R23), 2 no completable row (R34), 3 empty fill, 4 R35

P0: Final = 70
STRIDE: Final = 64
# -- per player (offset from P0 + seat * STRIDE) ---------------------------------------------
L_COLOUR: Final = 0  # 5 pattern lines: colour or -1
L_COUNT: Final = 5  # 5 pattern lines: tiles held
WALL: Final = 10  # 25 cells row-major: colour or -1
ROW_OCC: Final = 35  # 5 rows: bitmask of occupied columns
COL_OCC: Final = 40  # 5 columns: bitmask of occupied rows
ROW_CLR: Final = 45  # 5 rows: bitmask of colours present
COL_CLR: Final = 50  # 5 columns: bitmask of colours present
FLOOR_SLOT: Final = 55  # 7 slots: colour, MARKER_TILE or -1
FLOOR_N: Final = 62  # occupied floor slots
SCORE: Final = 63

MARKER_TILE: Final = 5

# -- Master Chocolatier special displays (R40-R47): only when the module is on, after the
# players (offset from ``size(players)``); the base game's layout is unchanged --------------
SF_KIND: Final = 0  # 9 displays: 0 plain, or the kind code of ``core.specials`` (1-9)
SF5_HOLDER: Final = 9  # seat holding the taken SF5 (R44), or -1
SF5_TILE: Final = 10  # colour of the tile lying on the held SF5, or -1 (R44, R47a)
SF5_OUT: Final = 11  # display index of the taken SF5, out of the circle (R43), or -1
SF_SIZE: Final = 12

# -- phases -----------------------------------------------------------------------------------
DRAFT: Final = 0
PLACE: Final = 1
FILL: Final = 2
OVER: Final = 3


def size(players: int, special_factories: bool = False) -> int:
    """Length of the layout; the special displays' fields follow the players (R40-R47)."""
    return P0 + STRIDE * players + (SF_SIZE if special_factories else 0)


def _runs() -> tuple[int, ...]:
    table = [0] * (32 * 5)
    for mask in range(32):
        for pos in range(5):
            if not mask >> pos & 1:
                continue
            n = 1
            i = pos - 1
            while i >= 0 and mask >> i & 1:
                n += 1
                i -= 1
            i = pos + 1
            while i < 5 and mask >> i & 1:
                n += 1
                i += 1
            table[mask * 5 + pos] = n
    return tuple(table)


#: RUN[mask * 5 + pos]: length of the unbroken run of set bits of ``mask`` through ``pos``.
RUN: Final = _runs()


def tile_points(h: int, v: int) -> int:
    """Points of a newly placed tile with runs h and v (R18)."""
    if h == 1 and v == 1:
        return 1
    return (h if h > 1 else 0) + (v if v > 1 else 0)


def placement_points(row_mask: int, col_mask: int, row: int, col: int) -> int:
    """Points a tile put now at (row, col) would score (R18), given the occupancy bitmask of
    its wall row (bits by column) and of its wall column (bits by row)."""
    return tile_points(RUN[(row_mask | 1 << col) * 5 + col], RUN[(col_mask | 1 << row) * 5 + row])
