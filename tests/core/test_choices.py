"""Step-by-step choices (azulejos.core.choices) come from the one move generator."""

from __future__ import annotations

from azulejos.core import FLOOR
from azulejos.core.choices import columns, destinations, takeable

from .helpers import board, position


def test_R11_takeable_lists_each_source_colour_once() -> None:
    st = position(2, factories=["BBYR", "KKKK"], centre="W", marker="c")
    assert takeable(st) == [(0, 0), (0, 1), (0, 2), (1, 3), (9, 4)]


def test_R13_R15_destinations_skip_other_colours_and_walled_rows() -> None:
    # Line 1 is full of yellow (R13); row 2 (index 1) already has blue on the wall (R15).
    wall = "-----.-B---.-----.-----.-----"
    st = position(2, factories=["BBYR"], boards=[board(lines="Y.-.-.-.-", wall=wall), board()])
    assert destinations(st, 0, 0) == [2, 3, 4, FLOOR]
    assert destinations(st, 0, 1) == [1, 2, 3, 4, FLOOR]
    assert destinations(st, 0, 3) == []  # no black there: no move (R11)


def test_R30_columns_are_the_free_ones() -> None:
    wall = "--Y--.B----.-----.-----.-----"
    st = position(2, "g", factories=["KKKK"], boards=[board(lines="B.-.-.-.-", wall=wall), board()])
    assert columns(st) == []
    st.push("1KF")
    assert columns(st) == [1, 3, 4]
