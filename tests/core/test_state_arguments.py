"""The State API refuses seats, lines, rows, columns and displays that the game does not have,
with a precise error and nothing changed, and takes NumPy's integers wherever it takes ints."""

from __future__ import annotations

import random

import numpy as np
import pytest

from azulejos.core import InvalidMoveError, OutOfRangeError, Ruleset, RulesetError, State


def dealt(players: int = 2, **kw: object) -> State:
    st = State.new(Ruleset(players, **kw))  # type: ignore[arg-type]
    st.deal(random.Random(7))
    return st


@pytest.mark.parametrize("seat", [-1, -3, 2, 5, True, 1.0, "0"])
def test_board_queries_refuse_a_seat_the_game_does_not_have(seat: object) -> None:
    st = dealt()
    before = list(st.raw)
    for query in (st.player, st.board_key, st.bonus, st.destinations):
        with pytest.raises(OutOfRangeError, match="a seat must be a whole number 0-1"):
            query(seat)  # type: ignore[operator]
    for query2 in (st.row_completable, st.free_columns):
        with pytest.raises(OutOfRangeError, match="a seat"):
            query2(seat, 0)  # type: ignore[operator]
    with pytest.raises(OutOfRangeError, match="a seat"):
        st.placement_points(seat, 0, 0)  # type: ignore[arg-type]
    assert st.raw == before


@pytest.mark.parametrize("bad", [-1, 5, 9])
def test_lines_rows_and_columns_run_0_to_4(bad: int) -> None:
    st = dealt()
    with pytest.raises(OutOfRangeError, match="a wall row must be a whole number 0-4"):
        st.row_completable(0, bad)
    with pytest.raises(OutOfRangeError, match="a pattern line must be a whole number 0-4"):
        st.free_columns(0, bad)
    with pytest.raises(OutOfRangeError, match="a wall row"):
        st.placement_points(0, bad, 0)
    with pytest.raises(OutOfRangeError, match="a wall column"):
        st.placement_points(0, 0, bad)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_neighbours_take_displays_0_to_factories_minus_1_R40(players: int) -> None:
    for sf in (False, True):
        st = dealt(players, special_factories=sf)
        n = 2 * players + 1  # R8
        assert st.neighbours(0) == (n - 1, 1)
        with pytest.raises(OutOfRangeError, match=f"a factory display must be a whole number 0-{n - 1}"):
            st.neighbours(n)
        with pytest.raises(OutOfRangeError):
            st.neighbours(-1)


def test_numpy_integers_work_where_ints_do() -> None:
    st = dealt()
    a = st.legal_actions()[0]
    assert st.is_legal(np.int64(a))
    assert st.player(np.int64(1)) == st.player(1)
    st.push(np.int64(a))
    assert st.history[-1].id == a
    assert Ruleset(np.int64(3)).players == 3  # type: ignore[arg-type]
    assert type(Ruleset(np.int64(3)).players) is int  # type: ignore[arg-type]
    assert State.new(2, None, np.int64(1)).current_player == 1  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [True, 2.0, np.float64(2), "2", 5])
def test_ruleset_refuses_a_player_count_that_is_not_2_to_4_R8(players: object) -> None:
    with pytest.raises(RulesetError):
        Ruleset(players)  # type: ignore[arg-type]


def test_is_legal_answers_false_for_what_is_no_move_at_all() -> None:
    st = dealt()
    assert not st.is_legal("ZZZ")
    assert not st.is_legal(99999)
    assert not st.is_legal(True)  # type: ignore[arg-type]
    assert st.is_legal(st.legal_moves()[0].text())
    with pytest.raises(InvalidMoveError):
        st.check("ZZZ")  # check says why


def test_deal_wants_a_random_generator() -> None:
    st = State.new(2)
    for bad in (None, 3, "seed"):
        with pytest.raises(TypeError, match=r"random\.Random"):
            st.deal(bad)  # type: ignore[arg-type]
    assert st.is_chance  # nothing dealt


def test_a_state_has_no_hash_because_it_changes_with_every_move() -> None:
    st = dealt()
    with pytest.raises(TypeError, match="unhashable"):
        hash(st)
    assert st == st.copy()  # equality still compares positions
