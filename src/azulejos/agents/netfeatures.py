"""The value network's input encoding over the public ``State`` API: the readable reference of
the numba encoder :func:`azulejos.fast.nnfeatures.encode` (the tests compare them value for
value). The layout and its meaning are documented there."""

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
    N_IN,
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
