"""The one move preview (azulejos.core.preview), per rule id, and against playing the move."""

from __future__ import annotations

import random

import pytest

from azulejos.core import State, parse_move
from azulejos.core.colours import FLOOR_EXTRA, FLOOR_PENALTIES, FLOOR_TOTALS, floor_penalty
from azulejos.core.preview import Preview, preview, previews
from azulejos.core.tiling import PEN_TOTAL

from .helpers import board, play_random, position

B, Y, R, K, W = range(5)


def pv_of(st: State, text: str) -> Preview:
    return preview(st, parse_move(text))


def test_R5_floor_tables_come_from_the_slot_penalties() -> None:
    assert FLOOR_TOTALS == tuple(sum(FLOOR_PENALTIES[:n]) for n in range(8))
    assert FLOOR_TOTALS[7] == 14
    assert PEN_TOTAL == FLOOR_TOTALS  # the wall-tiling charges the same totals (R19)
    for before in range(8):
        for n in range(22):
            assert FLOOR_EXTRA[before][n] == floor_penalty(before + n) - floor_penalty(before)


def test_R13_preview_fills_the_line_and_drops_the_rest() -> None:
    st = position(2, factories=["KKKK", "BYRW"])
    pv = pv_of(st, "1K2")
    assert (pv.taken, pv.to_line, pv.to_floor, pv.to_lid) == (4, 2, 2, 0)
    assert pv.penalty == FLOOR_PENALTIES[0] + FLOOR_PENALTIES[1]
    assert pv.completes_line and not pv.marker
    pv = pv_of(st, "1KF")  # R13: the floor is always a destination
    assert (pv.to_line, pv.to_floor, pv.penalty, pv.completes_line) == (0, 4, 6, False)


def test_R11_preview_counts_the_rest_of_the_factory_for_the_centre() -> None:
    st = position(2, factories=["BBYR"])
    pv = pv_of(st, "1B3")
    assert (pv.taken, pv.to_centre, pv.to_line, pv.completes_line) == (2, 2, 2, False)
    assert pv.wall_points is None and pv.wall_column is None


def test_R12_preview_marker_takes_the_first_free_slot() -> None:
    st = position(2, centre="YY", marker="c", boards=[board(floor="K"), board()])
    pv = pv_of(st, "CY1")
    assert pv.marker and (pv.to_line, pv.to_floor) == (1, 1)
    assert pv.penalty == floor_penalty(3) - floor_penalty(1)  # marker slot and one tile
    assert pv.to_centre == 0


def test_R14_preview_overflow_to_lid() -> None:
    st = position(2, factories=["KKKK"], boards=[board(floor="BBBBBY"), board()])
    pv = pv_of(st, "1KF")
    assert (pv.to_floor, pv.to_lid, pv.penalty) == (1, 3, FLOOR_PENALTIES[6])


def test_R14_preview_marker_on_a_full_floor_costs_nothing() -> None:
    st = position(2, centre="R", marker="c", boards=[board(floor="BBBBYYY"), board()])
    pv = pv_of(st, "CRF")
    assert pv.marker and (pv.to_floor, pv.to_lid, pv.penalty) == (0, 1, 0)


def test_R18_preview_wall_points_of_a_completed_line() -> None:
    # Row 2 (index 2): K W B Y R. A blue tile at (2,2) joins W and Y beside it, Y above and
    # W below: 3 + 3 points (as tests/core/test_rules.py R18).
    wall = "-----.--Y--.-W-Y-.--W--.-----"
    st = position(2, factories=["BBBK"], boards=[board(lines="-.-.-.-.-", wall=wall), board()])
    pv = pv_of(st, "1B3")
    assert pv.completes_line and pv.wall_column == 2 and pv.wall_points == 6


def test_R30_preview_grey_column_points() -> None:
    wall = "-Y---.-----.-----.-----.-----"
    st = position(2, "g", factories=["KKKK"], boards=[board(lines="B.-.-.-.-", wall=wall), board()])
    st.push("1KF")
    pv = pv_of(st, "1@1")
    assert pv.colour == B and (pv.points, pv.horizontal, pv.vertical) == (2, 2, 1)
    assert pv_of(st, "1@4").points == 1
    # On the grey wall a completed line has no column yet (R30).
    grey = position(2, "g", factories=["BBBB"])
    assert pv_of(grey, "1B1").completes_line and pv_of(grey, "1B1").wall_points is None


def test_R11_preview_refuses_an_illegal_move() -> None:
    st = position(2, factories=["KKKK"])
    with pytest.raises(ValueError, match="not legal"):
        pv_of(st, "2KF")


@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R12_R14_preview_agrees_with_playing_every_legal_move(variant: str) -> None:
    rng = random.Random(11)
    checked = 0
    for game in range(12):
        st = State.new(2 + game % 3, variant)
        play_random(st, rng, rng.randrange(1, 60))
        if st.is_over or st.is_chance:
            continue
        seat = st.current_player
        for m in st.legal_moves():
            pv = preview(st, m)
            before = st.player(seat)
            trial = st.copy(history=False)
            trial.push(m)
            if not m.is_draft:
                placed = trial.player(seat).wall[m.line][m.column]
                assert placed == pv.colour
                continue
            if trial.phase != "draft":  # the move ended the round: tiling has moved tiles on
                continue
            after = trial.player(seat)
            assert len(after.floor) - len(before.floor) == pv.to_floor + (
                1 if pv.marker and len(before.floor) < 7 else 0)
            assert sum(trial.lid) - sum(st.lid) == pv.to_lid
            assert after.floor_penalty - before.floor_penalty == pv.penalty
            if not m.is_floor:
                line = after.lines[m.destination]
                assert line.count - before.lines[m.destination].count == pv.to_line
                assert line.is_full == pv.completes_line
            assert sum(trial.centre) - sum(st.centre) == pv.to_centre - (
                pv.taken if m.source == 9 else 0)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R13_previews_of_all_legal_moves_equal_one_by_one(variant: str) -> None:
    rng = random.Random(7)
    st = State.new(3, variant)
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
            continue
        assert previews(st) == [(m, preview(st, m)) for m in st.legal_moves()]
        st.push(rng.choice(st.legal_moves()))
