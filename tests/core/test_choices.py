"""Step-by-step choices (azulejos.core.choices) come from the one move generator."""

from __future__ import annotations

import pytest

from azulejos.core import FLOOR, State
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


# -- the SF4 step (R43, R47d) ---------------------------------------------------------------
def _sf4(specials: tuple[tuple[int, int], ...]) -> State:
    from azulejos.core import Ruleset
    from azulejos.core.events import Fill

    st = State.new(Ruleset(2, special_factories=True))
    st.apply_fill(Fill(((0, 0, 0, 1), (1, 1, 2, 2), (3, 3, 3, 3), (0, 0, 2, 4), (2, 2, 2, 1)),
                       specials))
    return st


def test_R43_R47d_every_left_right_choice_is_one_legal_split() -> None:
    from azulejos.core.choices import sf4_rest, split_move
    from azulejos.core.specials import SF3, SF4

    st = _sf4(((1, SF3), (3, SF4)))
    rest = sf4_rest(st, 3, 0)
    assert rest == [(2, 1), (4, 1)]
    made = set()
    for bits in range(4):
        right = [bool(bits >> j & 1) for j in range(len(rest))]
        m = split_move(st, 3, 0, 1, right)
        assert st.is_legal(m) and m.directions == tuple(right)
        made.add(m)
    assert made == {m for m in st.legal_moves() if m.source == 3 and m.colour == 0
                    and m.destination == 1}
    with pytest.raises(ValueError):
        split_move(st, 3, 0, 1, [True])  # one choice per colour left (R43)
    assert sf4_rest(st, 1, 1) == []  # SF3 asks nothing


def test_R43_SF4_sides_skip_a_taken_SF5() -> None:
    from azulejos.core import parse_move
    from azulejos.core.choices import sf4_sides
    from azulejos.core.specials import SF4, SF5

    st = _sf4(((2, SF5), (3, SF4)))
    assert sf4_sides(st, 3) == (2, 4)
    st.push(parse_move("3K1"))  # SF5 (display 3) leaves the circle (R44)
    assert sf4_sides(st, 3) == (1, 4)
