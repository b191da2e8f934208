"""The search's learned move prior in numba: a linear softmax over features of each move.

The compiled search (:mod:`.search`) gives every drafting move of a new node a prior, the
share of the search it is offered first. By default that prior is the softmax of the move's
hand-set score (``search.move_scores``) at a temperature. With learned weights
(``fastmcts:prior=net``) it is the softmax of ``features . w``, where the features of a move
(:func:`draft_features`, :data:`NAMES`) describe what the move does: the hand-set score itself,
its parts (points, floor penalty, tiles to the floor), where the tiles go, how far the line
and the wall's row and column get, what is left of the colour for the others and how much of
it the others' lines are waiting for. The weights are fitted by :mod:`azulejos.agents.prior_training`
to the visit counts of searches (expert iteration), starting from the hand-set prior (all
weight on the score, ``1 / temperature``), so a fit can only move away from it where the
searches disagree with it.

Only features that differ between the moves of one position count (a softmax ignores what is
common to all of them), so the position enters only through products with per-move features
(the floor penalty and the floor as a destination, scaled by how many tiles are left in the
round). Grey wall column choices (R30) keep the hand-set prior. The shipped weights are
``data/prior.npz`` (made by ``azulejos train --prior``, docs/bots.md); :func:`load` reads them.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from numba import njit

from .tables import (
    CENTRE,
    COL_OCC,
    FLOOR_EXTRA,
    FLOOR_N,
    L_COLOUR,
    L_COUNT,
    MARKER,
    P0,
    POP,
    ROW_OCC,
    STRIDE,
    TURN,
    WALL,
)
from .weights import WeightsFileError, read_array, refuse_unless_finite

#: What each feature of a drafting move measures (the column order of :func:`draft_features`).
NAMES = (
    "score",  # the hand-set move score (search.move_scores)
    "floor_penalty",  # points lost on the floor by this move (R19)
    "to_floor",  # tiles that go to the floor (overflow, or all of them)
    "taken",  # tiles taken
    "completes",  # the pattern line is full after the move (it will be tiled, R17)
    "dest_floor",  # all tiles straight to the floor (R14)
    "dest_1", "dest_2", "dest_3", "dest_4", "dest_5",  # the pattern line they go to
    "from_centre",  # taken from the centre (R11)
    "first_marker",  # takes the first-player marker with them (R12)
    "continues",  # the line already held tiles of this colour
    "line_share",  # the share of the line filled after the move when it is not full
    "wall_points",  # points the tile would score on the wall now (R18)
    "colour_on_wall",  # tiles of this colour already on the own wall / 5 (R25)
    "colour_left",  # tiles of this colour left in the displays after the move / 10
    "denied",  # tiles taken that the others' started lines of this colour wait for / 5
    "penalty_late",  # floor_penalty x the share of the round's tiles already gone
    "floor_late",  # dest_floor x the same share
    "to_centre",  # the other tiles of the display pushed to the centre / 4 (R10)
    "row_done",  # tiles in the destination's wall row / 5 (R24: the row bonus)
    "column_done",  # tiles in the destination's wall column / 5 on the coloured wall (R24)
)
N_PF = len(NAMES)


def hand_weights(temperature: float) -> np.ndarray:
    """The weights under which the learned prior equals the hand-set one (only ``score``, at
    ``1 / temperature``)."""
    w = np.zeros(N_PF, dtype=np.float64)
    w[0] = 1.0 / temperature
    return w


#: The shipped weights (``azulejos train --prior`` writes this format).
DEFAULT_WEIGHTS = Path(__file__).with_name("data") / "prior.npz"


def load(path: str | Path | None = None) -> np.ndarray:
    """The weights of an ``.npz`` written by ``azulejos train --prior`` (default: the shipped
    ones); :class:`~.weights.WeightsFileError` (a ``ValueError``) for a file that is not such
    a prior."""
    p = DEFAULT_WEIGHTS if path is None else Path(path)
    w = read_array(p, "prior")
    if w.shape != (N_PF,):
        raise WeightsFileError(f"{p}: not a move prior for these features ({N_PF} weights)",
                               "wrong_shape", "prior", path=str(p), count=N_PF)
    refuse_unless_finite(w, p, "prior")
    return w


@njit(cache=True)
def draft_features(
    s: np.ndarray, players: int, grey: bool, acts: np.ndarray, sc: np.ndarray, n: int,
    pts: np.ndarray, out: np.ndarray,
) -> None:
    """out[i, :]: the features (:data:`NAMES`) of drafting move ``acts[i]`` for the player to
    move, for the ``n`` moves and scores ``search.move_scores`` just listed (``pts`` still
    holds that player's wall points per line and colour, as it left them)."""
    seat = s[TURN]
    b = P0 + seat * STRIDE
    fn = s[b + FLOOR_N]
    marker = s[MARKER] < 0
    nfac = 2 * players + 1
    left = np.zeros(5, dtype=np.int64)
    total = 0
    for si in range(nfac + 1):
        src = si if si < nfac else CENTRE
        for k in range(5):
            left[k] += s[src * 5 + k]
            total += s[src * 5 + k]
    gone = 1.0 - total / (4.0 * nfac)  # share of the round's tiles already taken
    need = np.zeros(5, dtype=np.int64)  # room in the others' started lines, by colour
    for q in range(players):
        if q == seat:
            continue
        bq = P0 + q * STRIDE
        for r in range(5):
            c = s[bq + L_COUNT + r]
            if 0 < c < r + 1:
                need[s[bq + L_COLOUR + r]] += r + 1 - c
    on_wall = np.zeros(5, dtype=np.int64)
    for j in range(25):
        k = s[b + WALL + j]
        if k >= 0:
            on_wall[k] += 1
    for i in range(n):
        a = acts[i]
        src = a // 30
        k = (a % 30) // 6
        d = a % 6
        taken = s[src * 5 + k]
        extra = 1 if (src == CENTRE and marker) else 0
        f = out[i]
        for j in range(N_PF):
            f[j] = 0.0
        f[0] = sc[i]
        f[3] = taken
        f[11] = 1.0 if src == CENTRE else 0.0
        f[12] = extra
        f[16] = on_wall[k] / 5.0
        f[17] = (left[k] - taken) / 10.0
        f[18] = min(taken, need[k]) / 5.0
        if src != CENTRE:
            f[21] = (s[src * 5 + 0] + s[src * 5 + 1] + s[src * 5 + 2] + s[src * 5 + 3]
                     + s[src * 5 + 4] - taken) / 4.0
        if d == 5:
            over = taken
            f[5] = 1.0
        else:
            held = s[b + L_COUNT + d]
            room = d + 1 - held
            fit = taken if taken < room else room
            over = taken - fit
            f[6 + d] = 1.0
            if fit == room:
                f[4] = 1.0
            else:
                f[14] = (held + fit) / (d + 1.0)
            if held > 0:
                f[13] = 1.0
            p = pts[d * 5 + k]
            if p > 0:
                f[15] = p
            f[22] = POP[s[b + ROW_OCC + d]] / 5.0
            if not grey:
                f[23] = POP[s[b + COL_OCC + (k + d) % 5]] / 5.0
        pen = FLOOR_EXTRA[fn, over + extra]
        f[1] = pen
        f[2] = over
        f[19] = pen * gone
        f[20] = f[5] * gone


@njit(cache=True)
def softmax_into(feats: np.ndarray, n: int, w: np.ndarray, out: np.ndarray, at: int) -> None:
    """out[at + i] = the softmax over the ``n`` moves of ``feats[i] . w``."""
    top = -1e300
    for i in range(n):
        z = 0.0
        f = feats[i]
        for j in range(w.shape[0]):
            z += f[j] * w[j]
        out[at + i] = z
        if z > top:
            top = z
    tot = 0.0
    for i in range(n):
        e = math.exp(out[at + i] - top)
        out[at + i] = e
        tot += e
    for i in range(n):
        out[at + i] /= tot
