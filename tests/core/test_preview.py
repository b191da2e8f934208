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


# -- Master Chocolatier special factory displays (R40-R47) ------------------------------------
def sf_state(specials: tuple[tuple[int, int], ...], extra: tuple[int, ...] = ()) -> State:
    from azulejos.core import Ruleset
    from azulejos.core.events import Fill

    st = State.new(Ruleset(2, special_factories=True))
    st.apply_fill(Fill(((B, B, B, Y), (Y, Y, R, R), (K, K, K, K), (B, B, R, W), (R, R, R, Y)),
                       specials, extra))
    return st


def test_R42_SF3_preview_says_the_rest_stays_on_it() -> None:
    from azulejos.core.specials import SF1, SF3

    st = sf_state(((0, SF3), (3, SF1)), (K,))
    pv = pv_of(st, "1Y2")
    assert (pv.special, pv.taken, pv.stays, pv.to_centre, pv.sent) == ("SF3", 1, 3, 0, ())
    after = st.copy()
    after.push(parse_move("1Y2"))
    assert sum(after.factories[0]) == pv.stays and sum(after.centre) == 0


def test_R43_SF4_preview_names_where_each_colour_goes() -> None:
    from azulejos.core.specials import SF1, SF4

    st = sf_state(((1, SF1), (3, SF4)), (W,))
    left, right = st.neighbours(3)
    pv = pv_of(st, "4B2/<>")  # display 4 holds B B R W: red goes left, white right
    assert pv.special == "SF4" and pv.to_centre == 0 and pv.stays == 0
    assert pv.sent == ((R, 1, left), (W, 1, right))
    after = st.copy()
    after.push(parse_move("4B2/<>"))
    for k, n, to in pv.sent:
        assert after.factories[to][k] == st.factories[to][k] + n


def test_R44_R47a_SF5_preview_holds_the_display_and_catches_the_first_falling_tile() -> None:
    from azulejos.core.specials import SF1, SF5

    st = sf_state(((2, SF5), (3, SF1)), (Y,))
    pv = pv_of(st, "3K1")  # four black tiles onto line 1: three fall, SF5 catches one
    assert pv.special == "SF5" and pv.takes_sf5
    assert (pv.to_line, pv.to_sf5, pv.to_floor) == (1, 1, 2)
    assert pv.penalty == FLOOR_EXTRA[0][2]
    after = st.copy()
    after.push(parse_move("3K1"))
    assert after.sf5_holder == 0 and after.sf5_tile == K and len(after.player(0).floor) == 2


def test_R41_SF1_and_SF2_drafts_are_plain_the_effect_was_at_the_fill() -> None:
    from azulejos.core.specials import SF1, SF2

    st = sf_state(((0, SF1), (2, SF2 + R)), (K,))
    for mv in st.legal_moves():
        if mv.is_draft and mv.source in (0, 2):
            pv = preview(st, mv)
            src = st.factories[mv.source]
            assert pv.special in ("SF1", f"SF2{'BYRKW'[R]}")
            assert pv.to_centre == sum(src) - src[mv.colour] and not pv.sent and not pv.stays
