"""The value network's input: a position encoded as numbers from one player's view (numba).

:func:`encode` writes ``N_IN`` floats for the seat ``view`` from a flat state (the layout of
:mod:`azulejos.core.layout`), so the compiled search can call it at its leaves. The players
come in seat order from ``view`` (the viewer first, then the next seats; the blocks of absent
players of a 2- or 3-player game are zero). Per player (``PLAYER_BLOCK`` numbers):

* 25 wall cells, 1 where a tile lies (R7);
* 25 pattern-line numbers: for line i holding colour k, count / (i + 1) at ``i * 5 + k`` (R13);
* tiles per wall row, per wall column and per colour, each / 5 (the end bonuses, R24, R25);
* the floor's penalty / 14 (R19), the score / 50;
* 1 if the player starts the next round (R9: the first-player marker, or at a fill the
  starter already named).

Then the shared part (``GLOBAL_BLOCK``): bag and lid counts per colour / 20 (R21, R22), the
tiles on the displays and in the centre per colour / 20, the marker still in the centre, the
round / 10, the player count (one-hot 2, 3, 4), the grey wall, and whether a move is due (a
fill awaits otherwise). The Python reference of this encoding is
:func:`azulejos.agents.netfeatures.encode` (checked value for value by the tests).

The network that values positions in the middle of a round too (``fastmcts:eval=mid``) reads
:func:`encode_mid`: the ``N_IN`` numbers above and then ``MID_BLOCK`` more about the draft
(R10-R12): who is to move (one-hot by seat offset from the viewer; all zero at a fill), the
centre's tiles per colour / 20, per colour the most tiles of it on one display / 4 and the
number of displays showing it / 9, and the number of displays not yet taken / 9.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .tables import (
    BAG,
    CENTRE,
    DRAFT,
    FILL,
    FLOOR_N,
    L_COLOUR,
    L_COUNT,
    LID,
    MARKER,
    P0,
    PEN_TOTAL,
    PHASE,
    PLACE,
    ROUND,
    SCORE,
    START,
    STRIDE,
    TURN,
    WALL,
)

#: Numbers per player block and in the shared block, and the whole input's length.
PLAYER_BLOCK = 68
GLOBAL_BLOCK = 22
N_IN = 4 * PLAYER_BLOCK + GLOBAL_BLOCK
#: Offsets inside a player block.
F_WALL = 0
F_LINES = 25
F_ROWS = 50
F_COLS = 55
F_COLOURS = 60
F_FLOOR = 65
F_SCORE = 66
F_STARTS = 67
#: Offsets inside the shared block (after the four player blocks).
G_BAG = 0
G_LID = 5
G_SHOWN = 10
G_MARKER = 15
G_ROUND = 16
G_PLAYERS = 17
G_GREY = 20
G_MOVE = 21
#: The draft block of :func:`encode_mid`, after the ``N_IN`` numbers, and its offsets.
MID_BLOCK = 20
N_MID = N_IN + MID_BLOCK
M_TURN = 0
M_CENTRE = 4
M_MOST = 9
M_DISPLAYS = 14
M_LEFT = 19


@njit(cache=True)
def encode(s: np.ndarray, players: int, grey: bool, view: int, x: np.ndarray) -> None:
    """Write the ``N_IN`` input numbers of the position ``s`` seen by seat ``view`` into x."""
    for i in range(N_IN):
        x[i] = 0.0
    ph = s[PHASE]
    for j in range(players):
        seat = (view + j) % players
        b = P0 + seat * STRIDE
        o = j * PLAYER_BLOCK
        for r in range(5):
            for c in range(5):
                k = s[b + WALL + r * 5 + c]
                if k >= 0:
                    x[o + F_WALL + r * 5 + c] = 1.0
                    x[o + F_ROWS + r] += 0.2
                    x[o + F_COLS + c] += 0.2
                    x[o + F_COLOURS + k] += 0.2
        for i in range(5):
            n = s[b + L_COUNT + i]
            if n > 0:
                x[o + F_LINES + i * 5 + s[b + L_COLOUR + i]] = n / (i + 1.0)
        x[o + F_FLOOR] = PEN_TOTAL[s[b + FLOOR_N]] / 14.0
        x[o + F_SCORE] = s[b + SCORE] / 50.0
        if ph == FILL:
            starts = s[START] == seat
        else:
            starts = s[MARKER] == seat
        if starts:
            x[o + F_STARTS] = 1.0
    g = 4 * PLAYER_BLOCK
    nfac = 2 * players + 1
    for k in range(5):
        x[g + G_BAG + k] = s[BAG + k] / 20.0
        x[g + G_LID + k] = s[LID + k] / 20.0
        shown = s[CENTRE * 5 + k]
        for f in range(nfac):
            shown += s[f * 5 + k]
        x[g + G_SHOWN + k] = shown / 20.0
    if ph == DRAFT and s[MARKER] < 0:
        x[g + G_MARKER] = 1.0
    x[g + G_ROUND] = s[ROUND] / 10.0
    x[g + G_PLAYERS + players - 2] = 1.0
    if grey:
        x[g + G_GREY] = 1.0
    if ph == DRAFT or ph == PLACE:
        x[g + G_MOVE] = 1.0


@njit(cache=True)
def encode_mid(s: np.ndarray, players: int, grey: bool, view: int, x: np.ndarray) -> None:
    """Write the ``N_MID`` input numbers of ``s`` seen by ``view`` (:func:`encode` and the
    draft block) into x."""
    encode(s, players, grey, view, x)
    for i in range(N_IN, N_MID):
        x[i] = 0.0
    ph = s[PHASE]
    if ph != DRAFT and ph != PLACE:
        return
    m = N_IN
    x[m + M_TURN + (s[TURN] - view) % players] = 1.0
    nfac = 2 * players + 1
    left = 0
    for f in range(nfac):
        any_tile = False
        for k in range(5):
            n = s[f * 5 + k]
            if n > 0:
                any_tile = True
                x[m + M_DISPLAYS + k] += 1.0 / 9.0
                if n / 4.0 > x[m + M_MOST + k]:
                    x[m + M_MOST + k] = n / 4.0
        if any_tile:
            left += 1
    x[m + M_LEFT] = left / 9.0
    for k in range(5):
        x[m + M_CENTRE + k] = s[CENTRE * 5 + k] / 20.0


def encode_array(s: np.ndarray, players: int, grey: bool, view: int,
                 mid: bool = False) -> np.ndarray:
    """:func:`encode` (or with ``mid`` :func:`encode_mid`) into a new array (for tests and
    training)."""
    x = np.empty(N_MID if mid else N_IN, dtype=np.float64)
    if mid:
        encode_mid(s, players, grey, view, x)
    else:
        encode(s, players, grey, view, x)
    return x
