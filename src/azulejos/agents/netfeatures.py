"""The value networks' input encodings over the public ``State`` API: the readable references of
the numba encoders :func:`azulejos.fast.nnfeatures.encode` and
:func:`~azulejos.fast.nnfeatures.encode_mid` (the tests compare them value for value). The
layout and its meaning are documented there."""

from __future__ import annotations

from azulejos.core import State
from azulejos.core.colours import FLOOR_TOTALS
from azulejos.fast.nnfeatures import (
    F_COLOURS,
    F_COLS,
    F_FLOOR,
    F_LINES,
    F_ROWS,
    F_SCORE,
    F_STARTS,
    F_WALL,
    G_BAG,
    G_GREY,
    G_LID,
    G_MARKER,
    G_MOVE,
    G_PLAYERS,
    G_ROUND,
    G_SHOWN,
    M_CENTRE,
    M_DISPLAYS,
    M_LEFT,
    M_MOST,
    M_TURN,
    N_IN,
    N_MID,
    PLAYER_BLOCK,
)


def encode(state: State, view: int) -> list[float]:
    """The ``N_IN`` input numbers of ``state`` seen by seat ``view``."""
    x = [0.0] * N_IN
    players = state.players
    for j in range(players):
        seat = (view + j) % players
        board = state.player(seat)
        o = j * PLAYER_BLOCK
        for r, row in enumerate(board.wall):
            for c, colour in enumerate(row):
                if colour is not None:
                    x[o + F_WALL + r * 5 + c] = 1.0
                    x[o + F_ROWS + r] += 0.2
                    x[o + F_COLS + c] += 0.2
                    x[o + F_COLOURS + colour] += 0.2
        for i, line in enumerate(board.lines):
            if line.colour is not None and line.count:
                x[o + F_LINES + i * 5 + line.colour] = line.count / line.capacity
        x[o + F_FLOOR] = FLOOR_TOTALS[len(board.floor)] / 14.0
        x[o + F_SCORE] = board.score / 50.0
        starts = state.start_player == seat if state.is_chance else board.has_marker
        if starts:
            x[o + F_STARTS] = 1.0
    g = 4 * PLAYER_BLOCK
    shown = [sum(f[k] for f in state.factories) + state.centre[k] for k in range(5)]
    for k in range(5):
        x[g + G_BAG + k] = state.bag[k] / 20.0
        x[g + G_LID + k] = state.lid[k] / 20.0
        x[g + G_SHOWN + k] = shown[k] / 20.0
    if state.marker_in_centre:
        x[g + G_MARKER] = 1.0
    x[g + G_ROUND] = state.round / 10.0
    x[g + G_PLAYERS + players - 2] = 1.0
    if state.ruleset.grey:
        x[g + G_GREY] = 1.0
    if not state.is_chance and not state.is_over:
        x[g + G_MOVE] = 1.0
    return x


def encode_mid(state: State, view: int) -> list[float]:
    """The ``N_MID`` input numbers of ``state`` seen by seat ``view``: :func:`encode`, then who
    is to move and how the tiles lie on the displays and in the centre (R10-R12)."""
    x = encode(state, view) + [0.0] * (N_MID - N_IN)
    if state.is_chance or state.is_over:
        return x
    m = N_IN
    x[m + M_TURN + (state.current_player - view) % state.players] = 1.0
    displays = [f for f in state.factories if any(f)]
    x[m + M_LEFT] = len(displays) / 9.0
    for k in range(5):
        x[m + M_CENTRE + k] = state.centre[k] / 20.0
        x[m + M_MOST + k] = max((f[k] for f in displays), default=0) / 4.0
        x[m + M_DISPLAYS + k] = sum(1 for f in displays if f[k]) / 9.0
    return x
