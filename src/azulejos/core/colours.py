"""Colours and wall geometry (R1, R5, R6)."""

from __future__ import annotations

from typing import Final

BLUE: Final = 0
YELLOW: Final = 1
RED: Final = 2
BLACK: Final = 3
WHITE: Final = 4

#: Canonical colour order (R1): blue, yellow, red, black, white.
COLOURS: Final = (BLUE, YELLOW, RED, BLACK, WHITE)
#: One-letter names in canonical order (docs/notation.md).
LETTERS: Final = "BYRKW"
NAMES: Final = ("blue", "yellow", "red", "black", "white")

TILES_PER_COLOUR: Final = 20  # R1
FACTORY_SIZE: Final = 4  # R2
WALL_SIZE: Final = 5  # R4
FLOOR_SLOTS: Final = 7  # R4
#: Penalty of each floor slot, left to right (R5), as positive numbers.
FLOOR_PENALTIES: Final = (1, 1, 2, 2, 2, 3, 3)
#: Total penalty of the first n occupied floor slots, n = 0..7 (R5, R19).
FLOOR_TOTALS: Final = tuple(sum(FLOOR_PENALTIES[:n]) for n in range(FLOOR_SLOTS + 1))
#: FLOOR_EXTRA[before][falling]: the extra penalty (positive) when ``falling`` tiles (the marker
#: included) drop on a floor with ``before`` occupied slots; those past the seventh slot go to
#: the lid and cost nothing (R5, R12, R14, R19). ``falling`` runs to 21: 20 tiles and the marker.
FLOOR_EXTRA: Final = tuple(
    tuple(FLOOR_TOTALS[min(before + n, FLOOR_SLOTS)] - FLOOR_TOTALS[before] for n in range(22))
    for before in range(FLOOR_SLOTS + 1)
)


def colour_letter(colour: int) -> str:
    """The notation letter of a colour index."""
    return LETTERS[colour]


def colour_of_letter(letter: str) -> int:
    """The colour index of a letter (case-insensitive); ``ValueError`` if none."""
    index = LETTERS.find(letter.upper()) if len(letter) == 1 else -1
    if index < 0:
        raise ValueError(f"{letter!r} is not a colour letter (one of {LETTERS})")
    return index


def wall_column(row: int, colour: int) -> int:
    """Column of ``colour`` in ``row`` on the coloured wall (R6)."""
    return (colour + row) % 5


def wall_colour(row: int, column: int) -> int:
    """Colour printed at (row, column) on the coloured wall (R6)."""
    return (column - row) % 5


#: ``WALL_COLUMNS[row][colour]``: the column of each colour in each row of the coloured wall
#: (R6), the table of :func:`wall_column` for hot loops (the bots' move scoring and its twin).
WALL_COLUMNS: Final = tuple(tuple(wall_column(r, k) for k in COLOURS) for r in range(WALL_SIZE))


def floor_penalty(occupied: int) -> int:
    """Total penalty (positive) of the first ``occupied`` floor slots (R5, R19).

    >>> floor_penalty(3), floor_penalty(7), floor_penalty(9)
    (4, 14, 14)
    """
    return FLOOR_TOTALS[max(0, min(occupied, FLOOR_SLOTS))]
