"""How the table fits the window: the full layout, a compact one, or "too small".

A pure function of the window size and the number of players, so it can be tested without a
terminal. Every table of 2, 3 and 4 players fits from ``MIN_SIZE`` (80 × 24) up: the compact
layout uses narrow factories, smaller boards side by side and, when there is no room for it, leaves
out the column of moves (the "Last moves" lines under the boards stay). Below ``MIN_SIZE`` the
game screen says so instead of hiding factories or boards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from azulejos.core.rules import factory_count

MIN_SIZE = (80, 24)
FULL_SIZE = (118, 34)  # the full layout (large boards, others two by two, wide factories)

BOARD_WIDTH = {3: 41, 2: 27, 1: 17}  # a board's width (with its border) by tile size
FACTORY_WIDTH = {3: 11, 2: 6}
CENTRE_MIN = 16
LOG_MIN = 22  # the moves column: 16 cells of text, border, padding and margin
SIDE = 2  # the table's padding left and right


@dataclass(frozen=True, slots=True)
class TableLayout:
    fits: bool  # False: the window is below MIN_SIZE
    compact: bool
    focus_size: int  # tile size of the board in focus (the person to move): 3, 2 or 1
    other_size: int  # tile size of the other boards
    others_per_row: int
    show_log: bool  # the column of moves at the right
    factory_size: int  # 3 (wide factories) or 2 (narrow)


def table_layout(width: int, height: int, players: int) -> TableLayout:
    """The layout of a table of ``players`` in a window of ``width`` × ``height`` cells."""
    factories = factory_count(players)  # R2
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return TableLayout(False, True, 1, 1, players - 1, False, 2)
    wide = factories * FACTORY_WIDTH[3] + CENTRE_MIN + SIDE <= width
    tall = height >= (FULL_SIZE[1] if players > 2 else FULL_SIZE[1] - 6)
    if width >= FULL_SIZE[0] and tall:
        return TableLayout(True, False, 3, 3 if players == 2 else 2, 2, True, 3 if wide else 2)
    sizes = [(3, 3), (3, 2), (2, 2), (2, 1), (1, 1)]
    for log in (True, False):
        for focus, other in sizes:
            boards = BOARD_WIDTH[focus] + 1 + (players - 1) * (BOARD_WIDTH[other] + 1)
            if boards + SIDE + (LOG_MIN if log else 0) <= width:
                return TableLayout(True, True, focus, other, players - 1, log, 3 if wide else 2)
    return TableLayout(True, True, 1, 1, players - 1, False, 2)  # not reached from 80 columns


def replay_layout(width: int, height: int, players: int) -> TableLayout:
    """The replay viewer's layout: the game's (:func:`table_layout`), except that in the compact
    layout every board has the same size (no board is in focus), all in one row.

    >>> replay_layout(80, 24, 2).focus_size, replay_layout(80, 24, 3).other_size
    (2, 1)
    >>> replay_layout(80, 24, 4).show_log, replay_layout(160, 50, 4).compact
    (False, False)
    """
    lay = table_layout(width, height, players)
    if not lay.compact or not lay.fits:
        return lay
    for log in (True, False):
        for size in (3, 2, 1):
            if players * (BOARD_WIDTH[size] + 1) + SIDE + (LOG_MIN if log else 0) <= width:
                return replace(lay, focus_size=size, other_size=size, others_per_row=players,
                               show_log=log)
    return replace(lay, focus_size=1, other_size=1, others_per_row=players, show_log=False)
