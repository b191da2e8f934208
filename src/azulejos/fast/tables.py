"""Constants and lookup tables shared by the numba kernels.

The offsets are those of :mod:`azulejos.core.layout` (the contract with the reference engine),
copied to plain module constants so that numba freezes them at compile time.
"""

from __future__ import annotations

import numpy as np

from azulejos.core import layout as L
from azulejos.core.colours import FLOOR_EXTRA as _FLOOR_EXTRA
from azulejos.core.colours import FLOOR_TOTALS, WALL_COLUMNS

# -- layout offsets ---------------------------------------------------------------------------
CENTRE_BASE = L.CENTRE_BASE
BAG = L.BAG
LID = L.LID
TURN = L.TURN
PHASE = L.PHASE
ROUND = L.ROUND
MARKER = L.MARKER
START = L.START
LEFT = L.LEFT
TQ_INDEX = L.TQ_INDEX
TQ_LINE = L.TQ_LINE
NEXT_START = L.NEXT_START
ENDED_BY = L.ENDED_BY
P0 = L.P0
STRIDE = L.STRIDE
L_COLOUR = L.L_COLOUR
L_COUNT = L.L_COUNT
WALL = L.WALL
ROW_OCC = L.ROW_OCC
COL_OCC = L.COL_OCC
ROW_CLR = L.ROW_CLR
COL_CLR = L.COL_CLR
FLOOR_SLOT = L.FLOOR_SLOT
FLOOR_N = L.FLOOR_N
SCORE = L.SCORE
MARKER_TILE = L.MARKER_TILE
DRAFT = L.DRAFT
PLACE = L.PLACE
FILL = L.FILL
OVER = L.OVER
CENTRE = 9
#: The coloured wall (R6): ``WALL_COLUMN[row * 5 + colour]`` is the colour's column, the
#: core's ``colours.WALL_COLUMNS`` flattened.
WALL_COLUMN = np.array([c for row in WALL_COLUMNS for c in row], dtype=np.int64)
PLACE_BASE = 300
NUM_ACTIONS = 325

# -- Master Chocolatier special displays (R40-R47): the fields after the players --------------
SF_KIND = L.SF_KIND
SF5_HOLDER = L.SF5_HOLDER
SF5_TILE = L.SF5_TILE
SF5_OUT = L.SF5_OUT
SF_SIZE = L.SF_SIZE
SF1 = 1  # kind codes of azulejos.core.specials: SF2 of colour k is SF2 + k
SF2 = 2
SF3 = 7
SF4 = 8
SF5 = 9
SPLIT_BASE = 325  # SF4 split ids (azulejos.core.moves): 325 + plain * 30 + code - 2
SPLIT_CODES = 30
NUM_ALL_ACTIONS = SPLIT_BASE + 270 * SPLIT_CODES
#: Room for every legal move with the module on: at most 300 drafts, of which the (at most
#: 5 x 6) drafts from SF4 become up to 16 splits each (R43, R47d).
MAX_LEGAL = 1024

#: A play-out stops (and says so in ``wk[WK_STALLED]``) at a fill due after this round: a
#: safety net only. Games in which no row can be completed any more (every such row needs a
#: colour locked in pattern lines that can never complete) end by ruling R35 (docs/rules.md),
#: in the kernels as in the reference, so no game should reach it. The longest finished
#: random game seen lasted 68 rounds (docs/performance.md).
ROUND_LIMIT = 200

#: Log entry that starts a recorded fill; ``4 * factories`` colour slots follow (-1 = none).
FILL_TAG = 1000

# Scratch words (``wk``): destination masks, their popcounts, and bookkeeping.
WK_MASK = 0  # 5 words: legal destinations per colour (bit 5 = floor)
WK_POP = 5  # 5 words: popcount of each mask
WK_NLOG = 10  # entries written to the log
WK_NTRACE = 11  # rows written to the trace
WK_OVERFLOW = 12  # 1 if the log or trace ran out of room
WK_STALLED = 13  # 1 if the play-out stopped at ROUND_LIMIT (see below)
WK_SIZE = 16

# -- lookup tables ------------------------------------------------------------------------------
RUN = np.array(L.RUN, dtype=np.int64)  # RUN[mask * 5 + pos], R18
PEN_TOTAL = np.array(FLOOR_TOTALS, dtype=np.int64)  # R5, R19: the core's table
POP = np.array([bin(m).count("1") for m in range(64)], dtype=np.int64)
FLOOR_EXTRA = np.array(_FLOOR_EXTRA, dtype=np.int64)  # [before, falling], R5, R12, R14, R19


def _nth_table() -> np.ndarray:
    """NTH[mask * 8 + r]: the index of the r-th set bit of a 6-bit mask."""
    t = np.full(64 * 8, -1, dtype=np.int64)
    for mask in range(64):
        r = 0
        for d in range(6):
            if mask >> d & 1:
                t[mask * 8 + r] = d
                r += 1
    return t


NTH = _nth_table()


def size(players: int, special_factories: bool = False) -> int:
    """Length of a state array for ``players`` players (with the special displays' fields
    when the module is on, R40-R47)."""
    return P0 + STRIDE * players + (SF_SIZE if special_factories else 0)
