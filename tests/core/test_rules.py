"""One or more tests per rule id (docs/rules.md R1-R34), on hand-built positions."""

from __future__ import annotations

import random

import pytest

from azulejos.core import (
    IllegalFillError,
    IllegalMoveError,
    InvalidMoveError,
    State,
    Variant,
    factory_count,
)
from azulejos.core.colours import FLOOR_PENALTIES, wall_colour, wall_column
from azulejos.core.events import Bonus, Discarded, Penalised, Placed

from .helpers import EMPTY_WALL, board, position

B, Y, R, K, W = range(5)


def test_R1_hundred_tiles_twenty_per_colour() -> None:
    st = State.new(3)
    assert st.bag == [20, 20, 20, 20, 20]
    assert st.tile_total() == [20] * 5


@pytest.mark.parametrize("players,factories", [(2, 5), (3, 7), (4, 9)])
def test_R2_factory_count_is_2n_plus_1(players: int, factories: int) -> None:
    assert factory_count(players) == factories
    st = State.new(players)
    st.deal(random.Random(0))
    assert len(st.factories) == factories
    assert all(sum(f) == 4 for f in st.factories)


def test_R2_a_factory_beyond_the_count_is_no_source() -> None:
    st = position(2, factories=["BBYR"])
    with pytest.raises(IllegalMoveError) as e:
        st.push("6B1")
    assert e.value.rule == "R2"


def test_R2_fill_with_wrong_factory_count_is_rejected() -> None:
    st = State.new(2)
    with pytest.raises(IllegalFillError):
        st.apply_fill([[B, B, B, B]] * 4)
    with pytest.raises(IllegalFillError):
        st.apply_fill([[B, B, B, B, B]] + [[Y] * 4] * 4)


def test_R3_one_marker_taken_once_per_round() -> None:
    st = position(2, factories=["BBYR", "KKWW"], centre="RY")
    assert st.marker_in_centre
    st.push("CR1")
    assert st.marker_holder == 0 and not st.marker_in_centre
    st.push("CY1")
    assert st.marker_holder == 0
    assert st.player(1).floor == ()  # the second centre taker gets no marker


def test_R4_player_board_shape() -> None:
    st = State.new(2)
    v = st.player(0)
    assert [ln.capacity for ln in v.lines] == [1, 2, 3, 4, 5]
    assert len(v.wall) == 5 and all(len(r) == 5 for r in v.wall)
    assert v.floor == () and v.score == 0


@pytest.mark.parametrize("fallen", range(0, 8))
def test_R5_floor_penalties_by_slot(fallen: int) -> None:
    floor = "B" * fallen or "-"
    st = position(2, factories=["KKKK"], boards=[board(floor=floor, score=30), board()])
    st.push("1KF")  # player 0 adds 4 more; but take a position where only this move remains
    expected_slots = min(7, fallen + 4)
    assert st.is_chance
    assert st.scores[0] == 30 - sum(FLOOR_PENALTIES[:expected_slots])
    assert sum(FLOOR_PENALTIES) == 14
    assert FLOOR_PENALTIES == (1, 1, 2, 2, 2, 3, 3)


def test_R6_coloured_wall_pattern() -> None:
    rows = ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]
    for r in range(5):
        assert "".join("BYRKW"[wall_colour(r, c)] for c in range(5)) == rows[r]
        for k in range(5):
            assert wall_colour(r, wall_column(r, k)) == k


def test_R6_tiling_puts_colour_on_its_printed_space() -> None:
    st = position(2, factories=["KKYY"], boards=[board(lines="-.-.-.KKK.-"), board()])
    st.push("1K4")
    st.push("CY1")
    assert st.player(0).wall[3][wall_column(3, K)] == K


def test_R7_discards_go_to_the_lid() -> None:
    st = position(2, factories=["RRRK"], boards=[board(lines="-.-.RR.-.-"), board()])
    st.push("1R3")  # 1 R fits, 2 to the floor; K to the centre
    st.push("CKF")
    assert st.is_chance
    # line 3 complete: 1 tile on the wall, 2 to the lid; floor tiles (2 R + K + marker) to the lid
    assert st.lid == [0, 0, 4, 1, 0]


@pytest.mark.parametrize("players", [0, 1, 5, "2"])
def test_R8_two_to_four_players(players: object) -> None:
    with pytest.raises(ValueError):
        State.new(players)  # type: ignore[arg-type]


def test_R8_variant_is_shared_by_all_players() -> None:
    assert State.new(4, "grey").variant is Variant.GREY
    with pytest.raises(ValueError):
        State.new(2, "purple")


def test_R9_setup_fills_from_the_full_bag_and_start_player() -> None:
    st = State.new(3, start_player=2)
    assert st.is_chance and st.bag == [20] * 5
    st.deal(random.Random(5))
    assert sum(st.bag) == 100 - 4 * 7
    assert st.current_player == 2 and st.start_player == 2
    with pytest.raises(ValueError):
        State.new(2, start_player=2)


def test_R10_start_player_moves_first_then_clockwise() -> None:
    st = position(3, factories=["BBBB", "YYYY", "RRRR", "KKKK"], start=1, turn=1)
    order = []
    for mv in ("1BF", "2YF", "3RF", "4KF"):
        order.append(st.current_player)
        st.push(mv)
    assert order == [1, 2, 0, 1]


def test_R11_factory_take_moves_rest_to_centre() -> None:
    st = position(2, factories=["BBYR"])
    st.push("1B1")
    assert st.factories[0] == [0] * 5
    assert st.centre == [0, 1, 1, 0, 0]
    v = st.player(0)
    assert v.lines[0].count == 1 and v.floor == (B,)  # 2 blue: 1 fits line 1, 1 falls


def test_R11_centre_take_takes_all_of_one_colour() -> None:
    st = position(2, factories=["KKKK"], centre="BBBYY")
    st.push("CB3")
    assert st.centre == [0, 2, 0, 0, 0]
    assert st.player(0).lines[2].count == 3


def test_R11_a_colour_that_is_absent_is_no_move() -> None:
    st = position(2, factories=["BBYR"], centre="K")
    before = st.array()
    for mv in ("1K1", "CB1", "2B1"):
        with pytest.raises(IllegalMoveError) as e:
            st.push(mv)
        assert e.value.rule in ("R11",)
        assert mv in str(e.value)
    assert st.array() == before


def test_R12_marker_goes_to_floor_before_the_tiles() -> None:
    st = position(2, factories=["KKKK"], centre="BBB")
    st.push("CBF")
    assert st.player(0).floor == (5, B, B, B)
    assert st.player(0).has_marker


def test_R12_marker_takes_leftmost_free_slot() -> None:
    st = position(2, factories=["KKKK"], centre="Y", boards=[board(floor="RR"), board()])
    st.push("CY1")
    assert st.player(0).floor == (R, R, 5)


def test_R13_excess_tiles_fall_to_the_floor() -> None:
    st = position(2, factories=["RRRR", "KKKK"], boards=[board(lines="-.R.-.-.-"), board()])
    st.push("1R2")
    v = st.player(0)
    assert v.lines[1].count == 2 and v.floor == (R, R, R)


def test_R13_line_of_another_colour_or_full_line_is_illegal() -> None:
    st = position(2, factories=["RRRK"], boards=[board(lines="B.Y.-.-.-"), board()])
    with pytest.raises(IllegalMoveError) as e:
        st.push("1R2")
    assert e.value.rule == "R13" and "line 2" in str(e.value)
    with pytest.raises(IllegalMoveError) as e:
        st.push("1R1")
    assert e.value.rule == "R13"
    st2 = position(2, factories=["BBBK"], boards=[board(lines="B.-.-.-.-"), board()])
    with pytest.raises(IllegalMoveError) as e:
        st2.push("1B1")
    assert e.value.rule == "R13" and "full" in str(e.value)


def test_R13_floor_is_always_legal() -> None:
    st = position(2, factories=["RRRR"], boards=[board(lines="B.YY.KKK.WWWW.-"), board()])
    moves = {m.text() for m in st.legal_moves()}
    assert "1RF" in moves and "1R5" in moves
    assert not {"1R1", "1R2", "1R3", "1R4"} & moves


def test_R14_full_floor_overflows_to_the_lid() -> None:
    st = position(2, factories=["YYYY", "KKKK"], boards=[board(floor="BBBBB"), board()])
    st.push("1YF")
    assert st.player(0).floor == (B, B, B, B, B, Y, Y)
    assert st.lid[Y] == 2


def test_R14_a_floor_of_eight_fallen_tiles_keeps_seven() -> None:
    st = position(2, factories=["KKKK", "RRRR"], boards=[board(floor="BBBB"), board()])
    st.push("1KF")  # 4 + 4 = 8 fallen: 7 slots, 1 to the lid
    assert len(st.player(0).floor) == 7 and st.lid[K] == 1


def test_R14_marker_counts_as_a_slot_and_is_penalised() -> None:
    st = position(2, factories=[], centre="B", boards=[board(score=10), board()])
    st.push("CB1")  # marker to floor slot 1 (-1); blue to line 1
    assert st.is_chance
    assert st.scores[0] == 10 + 1 - 1


def test_R14_marker_taken_onto_a_full_floor() -> None:
    st = position(
        2, factories=["WWWW"], centre="B", boards=[board(floor="RRRRRRR", score=20), board()]
    )
    st.push("CB1")
    v = st.player(0)
    assert v.has_marker and len(v.floor) == 7 and 5 not in v.floor
    st.push("1WF")
    assert st.is_chance
    assert st.scores[0] == 20 + 1 - 14  # no extra penalty for the marker
    assert st.start_player == 0  # but it still starts the next round (R20)


def test_R15_no_colour_on_a_line_whose_wall_row_has_it() -> None:
    wall = "B----.-----.-----.-----.-----"  # row 1 holds blue
    st = position(2, factories=["BBKK"], boards=[board(wall=wall), board()])
    with pytest.raises(IllegalMoveError) as e:
        st.push("1B1")
    assert e.value.rule == "R15"
    assert "1B1" not in {m.text() for m in st.legal_moves()}
    st.push("1B2")


def test_R16_drafting_ends_when_all_sources_are_empty() -> None:
    st = position(2, factories=["BBBB"], centre="Y")
    st.push("1BF")
    assert st.phase == "draft"
    st.push("CY1")
    assert st.phase == "fill" and st.round == 2


def test_R17_complete_lines_tile_incomplete_lines_stay() -> None:
    st = position(2, factories=["YYYY"], boards=[board(lines="-.RR.BB.-.-"), board()])
    st.push("1Y5")
    assert st.is_chance
    v = st.player(0)
    assert v.wall[1][wall_column(1, R)] == R
    assert v.lines[1].count == 0 and v.lines[2].count == 2 and v.lines[4].count == 4
    assert st.lid[R] == 1


def test_R18_isolated_tile_scores_one() -> None:
    st = position(2, factories=["BBBB"], centre="Y", boards=[board(lines="-.-.-.-.-"), board()])
    st.push("1B1")
    st.push("CY1")
    placed = [e for e in st.tiling_log if isinstance(e, Placed)]
    assert [(p.seat, p.points) for p in placed] == [(0, 1), (1, 1)]


def test_R18_tile_joining_row_and_column_counts_twice() -> None:
    # Row 3 (index 2) has its neighbours left and right; column has tiles above and below.
    # Wall row 2 (index 2): K W B Y R. Put B at (2,2). Left (2,1)=W, right (2,3)=Y.
    # Column 2: (1,2)=Y above, (3,2)=W below.
    wall = "-----.--Y--.-W-Y-.--W--.-----"
    st = position(2, factories=["KKKK"], boards=[board(lines="-.-.BBB.-.-", wall=wall), board()])
    st.push("1KF")
    placed = [e for e in st.tiling_log if isinstance(e, Placed) and e.seat == 0]
    assert len(placed) == 1
    p = placed[0]
    assert (p.row, p.column, p.horizontal, p.vertical, p.points) == (2, 2, 3, 3, 6)


def test_R18_row_run_only() -> None:
    wall = "-----.-----.KW---.-----.-----"
    st = position(2, factories=["YYYY"], boards=[board(lines="-.-.BBB.-.-", wall=wall), board()])
    st.push("1YF")
    p = [e for e in st.tiling_log if isinstance(e, Placed)][0]
    assert (p.horizontal, p.vertical, p.points) == (3, 1, 3)


def test_R18_earlier_tiles_of_the_same_step_count() -> None:
    # Lines 1 and 2 complete: B at (0,0) then W at (1,0): the second joins the first's column.
    st = position(2, factories=["KKKK"], boards=[board(lines="B.WW.-.-.-"), board()])
    st.push("1KF")
    placed = [e for e in st.tiling_log if isinstance(e, Placed) and e.seat == 0]
    assert [(p.row, p.column, p.points) for p in placed] == [(0, 0, 1), (1, 0, 2)]


def test_R19_floor_penalty_and_clamp_at_zero() -> None:
    st = position(2, factories=["KKKK"], boards=[board(lines="B.-.-.-.-", floor="RRRRR", score=3), board()])
    st.push("1KF")  # +1 for blue, floor 7 slots -> -14: 3 + 1 - 14 < 0 -> 0
    assert st.scores[0] == 0
    pen = [e for e in st.tiling_log if isinstance(e, Penalised) and e.seat == 0][0]
    assert pen.penalty == 14 and pen.score == 0


def test_R19_points_of_the_round_count_before_the_clamp() -> None:
    st = position(2, factories=["KKKK"], boards=[board(lines="B.-.-.-.-", floor="R", score=0), board()])
    st.push("1K5")  # floor R (-1), line 1 blue (+1): 0 + 1 - 1 = 0
    assert st.scores[0] == 0
    st2 = position(2, factories=["KKKK"], boards=[board(lines="B.-.-.-.-", floor="-", score=0), board()])
    st2.push("1KF")  # 4 black on floor: -1-1-2-2 = -6; +1 -> clamp 0
    assert st2.scores[0] == 0


def test_R20_floor_to_lid_and_marker_holder_starts_next_round() -> None:
    st = position(2, factories=["KKKK"], centre="B", turn=0, start=0)
    st.push("1KF")  # player 0
    st.push("CB1")  # player 1 takes the marker
    assert st.is_chance and st.start_player == 1 and st.current_player == 1
    assert st.lid[K] == 4 and st.player(0).floor == () and st.player(1).floor == ()
    assert sum(st.lid) == 4  # the marker is never in the lid


def test_R20_nobody_takes_from_centre_same_start_player() -> None:
    st = position(2, factories=["KKKK", "BBBB"], turn=1, start=1)
    st.push("1KF")
    st.push("2BF")
    assert st.is_chance and st.start_player == 1


def test_R21_next_round_is_filled_from_the_bag() -> None:
    st = position(2, factories=["KKKK"])
    st.push("1K4")
    assert st.is_chance and st.round == 2
    bag = sum(st.bag)
    st.deal(random.Random(1))
    assert sum(st.bag) == bag - 20 and st.phase == "draft"


def test_R22_bag_runs_out_mid_fill_lid_refills() -> None:
    st = position(2, round=3, phase="f", factories=[], lid="10.10.10.10.10")
    assert sum(st.bag) == 50
    # 50 in the bag, 50 in the lid: 20 drawn from the bag only.
    fill = st.sample_fill(random.Random(3))
    assert sum(len(f) for f in fill.factories) == 20
    # A bag of 2 tiles: the third tile of factory 1 comes from the lid.
    st2 = position(2, phase="f", factories=[], lid="19.19.20.20.20", boards=[board(), board()])
    assert st2.bag == [1, 1, 0, 0, 0]
    ok = [[R, B, K, Y], [W, W, W, W], [B, B, B, B], [Y, Y, Y, Y], [R, R, R, R]]
    st2.check_fill(ok)
    bad = [[B, R, K, W], [W, W, W, W], [B, B, B, B], [Y, Y, Y, Y], [R, R, R, R]]
    with pytest.raises(IllegalFillError) as e:
        st2.check_fill(bad)  # leaves the yellow tile in the bag
    assert e.value.rule == "R22"
    assert st2.bag == [1, 1, 0, 0, 0]
    st2.apply_fill(ok)
    assert st2.lid == [0] * 5 and sum(st2.bag) == 96 - 16


def test_R22_bag_and_lid_empty_leaves_factories_short() -> None:
    # Four players' walls and lines lock away 94 tiles: 6 remain in the bag, none in the lid.
    wall = "BYRK-.WBYR-.KWBY-.RKWB-.YRKW-"  # 20 tiles, no complete row
    lines = ["-.-.-.YYY.BBBB", "-.K.RR.Y.-", "-.K.R.-.-", "-.K.-.-.-"]
    st = position(4, phase="f", round=5, factories=[], boards=[board(ln, wall) for ln in lines])
    assert st.bag == [0, 0, 1, 1, 4] and st.lid == [0] * 5
    fill = st.sample_fill(random.Random(0))
    assert [len(f) for f in fill.factories] == [4, 2] + [0] * 7
    with pytest.raises(IllegalFillError):
        st.check_fill([[R, K, W, W], [W], [W]] + [[]] * 6)
    st.check_fill([[R, K, W, W], [W, W]] + [[]] * 7)
    st.apply_fill([[W, R, W, K], [W, W]] + [[]] * 7)
    assert st.bag == [0] * 5 and st.phase == "draft"


def test_R23_game_ends_after_tiling_with_a_complete_row() -> None:
    wall = "BYRK-.-----.-----.-----.-----"
    st = position(2, factories=["WWWW", "BBBB"], boards=[board(lines="W.-.-.-.-", wall=wall), board()])
    assert not st.is_over
    st.push("1WF")
    assert not st.is_over and st.phase == "draft"  # nothing ends it mid-round
    st.push("2BF")
    assert st.is_over and st.ended_by == "row"
    assert st.legal_moves() == []
    with pytest.raises(IllegalMoveError) as e:
        st.push("1BF")
    assert e.value.rule == "R23"


def test_R24_end_bonuses() -> None:
    # Player 0 completes row 1, has column 1 complete, and all five blue tiles.
    wall = "BYRK-.WB---.K-B--.R--B-.Y---B"
    st = position(2, factories=["KKKK"], boards=[board(lines="W.-.-.-.-", wall=wall), board()])
    st.push("1KF")
    assert st.is_over
    bonus = [e for e in st.tiling_log if isinstance(e, Bonus) and e.seat == 0][0]
    assert (bonus.rows, bonus.columns, bonus.colours) == (1, 1, 1)
    assert bonus.points == 2 + 7 + 10
    # W placed at (0,4): row run 5, column run 1 -> 5 points; floor KKKK -> -6 (clamped at 0)
    assert st.scores[0] == max(0, 0 + 5 - 6) + 19


def test_R25_most_points_wins() -> None:
    wall = "BYRK-.-----.-----.-----.-----"
    st = position(2, factories=["KKKK"], boards=[board(lines="W.-.-.-.-", wall=wall, score=10), board(score=30)])
    st.push("1K5")
    assert st.is_over and st.winners() == [1]


def test_R25_three_way_tie_broken_by_rows_then_shared() -> None:
    row_done = "BYRK-.-----.-----.-----.-----"
    two_rows = "BYRK-.WBYR-.-----.-----.-----"
    st = position(
        3,
        factories=["KKKK"],
        turn=0,
        boards=[
            board(lines="W.-.-.-.-", wall=row_done, score=15),  # 15 + 5 - 6 (floor) + 2
            board(lines="W.KK.-.-.-", wall=two_rows, score=0),  # 5 + (5 + 2) + 2 * 2
            board(lines="W.KK.-.-.-", wall=two_rows, score=0),
        ],
    )
    st.push("1KF")
    assert st.is_over
    assert st.scores == [16, 16, 16]
    assert [st.player(p).complete_rows for p in range(3)] == [1, 2, 2]
    assert st.winners() == [1, 2]  # rows break the three-way tie; 1 and 2 share the victory


def test_R25_tie_on_points_goes_to_more_rows_and_shared_victory() -> None:
    st = position(3, phase="o", boards=[
        board(wall="BYRKW.-----.-----.-----.-----", score=40),
        board(wall="BYRKW.WBYRK.-----.-----.-----", score=40),
        board(wall="BYRKW.WBYRK.-----.-----.-----", score=40),
    ], extra="x0.0.0.1")
    assert st.winners() == [1, 2]
    st2 = position(3, phase="o", boards=[
        board(wall="BYRKW.-----.-----.-----.-----", score=40),
        board(wall="BYRKW.WBYRK.-----.-----.-----", score=40),
        board(wall="BYRKW.-----.-----.-----.-----", score=39),
    ], extra="x0.0.0.1")
    assert st2.winners() == [1]


# -- grey wall ---------------------------------------------------------------------------------
def test_R30_grey_column_choice_is_a_move() -> None:
    st = position(2, "g", factories=["KKKK"], boards=[board(lines="B.-.-.-.-"), board()])
    st.push("1KF")
    assert st.phase == "place" and st.current_player == 0 and st.pending_line == 0
    assert [m.text() for m in st.legal_moves()] == [f"1@{c}" for c in range(1, 6)]
    st.push("1@3")
    assert st.player(0).wall[0][2] == B
    assert st.is_chance


def test_R30_grey_column_must_be_empty_and_colour_free() -> None:
    wall = "--Y--.B----.-----.-----.-----"
    st = position(2, "g", factories=["KKKK"], boards=[board(lines="B.-.-.-.-", wall=wall), board()])
    st.push("1KF")
    legal = [m.text() for m in st.legal_moves()]
    assert legal == ["1@2", "1@4", "1@5"]
    before = st.array()
    with pytest.raises(IllegalMoveError) as e:
        st.push("1@3")
    assert e.value.rule == "R30"
    with pytest.raises(IllegalMoveError) as e:
        st.push("1@1")
    assert e.value.rule == "R30" and "column 1" in str(e.value)
    with pytest.raises(IllegalMoveError) as e:
        st.push("2@2")
    assert e.value.rule == "R33"
    with pytest.raises(IllegalMoveError) as e:
        st.push("1BF")
    assert e.value.rule == "R33"
    assert st.array() == before


def test_R30_drafting_still_obeys_R15_on_grey() -> None:
    st = position(2, "g", factories=["BBKK"], boards=[board(wall="---B-.-----.-----.-----.-----"), board()])
    with pytest.raises(IllegalMoveError) as e:
        st.push("1B1")
    assert e.value.rule == "R15"


def test_R31_grey_line_without_legal_column_goes_to_floor() -> None:
    # Row 2 (index 1) has 4 spaces filled; the empty column 5 already holds red lower down.
    wall = "-----.BYKW-.-----.----R.-----"
    st = position(2, "g", factories=["KKKK"], boards=[board(lines="-.RR.-.-.-", wall=wall, score=10), board()])
    st.push("1K5")
    assert st.is_chance  # no choice needed, resolved by the engine
    disc = [e for e in st.tiling_log if isinstance(e, Discarded)]
    assert disc and disc[0].tiles == 2 and disc[0].row == 1
    # the two red tiles were on the floor: -2
    assert st.scores[0] == 8
    assert st.lid[R] == 2


def test_R31_discarded_line_overflows_a_full_floor_to_the_lid() -> None:
    # Row 5 misses only white, and column 5 already holds white in row 1.
    wall = "----W.-----.-----.-----.BYRK-"
    st = position(2, "g", factories=["KKKK"], boards=[board(lines="-.-.-.-.WWWWW", wall=wall, floor="RRRR"), board()])
    st.push("1KF")
    assert st.is_chance
    # 1KF: 3 K fill the floor (4 R + 3 K), 1 K to the lid; the discarded 5 W find the floor
    # full and go to the lid; after the penalty the floor (4 R, 3 K) goes to the lid too.
    assert st.lid == [0, 0, 4, 4, 5]


def test_R32_grey_scoring_and_colour_bonus() -> None:
    # Blue on all five rows in different columns counts for the +10 colour bonus.
    wall = "B----.-B---.--B--.---B-.YRKW-"
    st = position(2, "g", factories=["KKKK"], boards=[board(lines="-.-.-.-.BBBBB", wall=wall), board()])
    st.push("1KF")
    assert st.phase == "place" and [m.text() for m in st.legal_moves()] == ["5@5"]
    st.push("5@5")
    assert st.is_over
    bonus = [e for e in st.tiling_log if isinstance(e, Bonus) and e.seat == 0][0]
    assert (bonus.rows, bonus.colours) == (1, 1)
    placed = [e for e in st.tiling_log if isinstance(e, Placed)][0]
    assert (placed.horizontal, placed.vertical, placed.points) == (5, 1, 5)


def test_R33_choices_in_line_order_players_from_next_starter() -> None:
    st = position(
        2, "g", factories=["KKKK"], centre="Y", turn=0,
        boards=[board(lines="B.WW.-.-.-"), board(lines="R.-.-.-.-")],
    )
    st.push("1KF")  # player 0
    st.push("CYF")  # player 1 takes the marker -> starts next round
    order = []
    while st.phase == "place":
        order.append((st.current_player, st.pending_line))
        st.push(st.legal_moves()[0])
    assert order == [(1, 0), (0, 0), (0, 1)]


def test_R34_grey_game_ends_when_no_row_can_be_completed() -> None:
    # Every row of both players is stuck: a missing colour's only free column already has it.
    stuck = "BYRK-.YRKB-.RKBY-.KBYR-.----W"
    st = position(2, "g", factories=["WWWW"], boards=[board(wall=stuck), board(wall=stuck)])
    assert not st.row_completable(0, 0)
    st.push("1WF")
    assert st.is_over and st.ended_by == "stuck"


def test_R34_a_completable_row_keeps_the_game_going() -> None:
    stuck = "BYRK-.YRKB-.RKBY-.KBYR-.----W"
    st = position(2, "g", factories=["WWWW"], boards=[board(wall=stuck), board()])
    st.push("1WF")
    assert not st.is_over


def test_illegal_move_leaves_state_unchanged_and_bad_text_is_invalid() -> None:
    st = position(2, factories=["BBYR"])
    before = (st.array(), len(st.history))
    for bad in ("", "1B", "0B1", "1X1", "CB6", "10B1", "1@6", "hello"):
        with pytest.raises(InvalidMoveError):
            st.push(bad)
    for bad_id in (-1, 8425, 10**6):
        with pytest.raises(InvalidMoveError):
            st.push(bad_id)
    with pytest.raises(IllegalMoveError) as e:  # 325 = 1B1/<, an SF4 split (R43)
        st.push(325)
    assert e.value.rule == "R43"
    assert (st.array(), len(st.history)) == before
    assert isinstance(InvalidMoveError("x"), ValueError)
    assert isinstance(IllegalMoveError("x"), ValueError)


def test_empty_wall_constant_is_five_rows() -> None:
    assert len(EMPTY_WALL.split(".")) == 5


def test_R35_game_ends_when_no_row_can_ever_be_completed() -> None:
    # Every row misses only white, and all 20 white tiles are locked in pattern lines that
    # can never complete (no white tile circulates): no row can ever be completed.
    wall = "BYRK-.-BYRK.K-BYR.RK-BY.YRK-B"
    lines = "-.W.WW.WWW.WWWW"
    st = position(2, factories=["BBBB", "YYYY"], boards=[board(lines, wall), board(lines, wall)])
    assert st.bag[4] == 0 and st.any_row_reachable() is False
    st.push("1BF")
    assert not st.is_over  # nothing ends a game mid-round
    st.push("2YF")
    assert st.is_over and st.ended_by == "blocked"


def test_R35_one_circulating_white_tile_keeps_the_game_going() -> None:
    wall = "BYRK-.-BYRK.K-BYR.RK-BY.YRK-B"
    st = position(
        2, factories=["BBBB", "YYYY"],
        boards=[board("-.W.WW.WWW.WWWW", wall), board("-.W.WW.WWW.WWW", wall)],
    )
    assert st.bag[4] == 1 and st.any_row_reachable()
    st.push("1BF")
    st.push("2YF")
    assert not st.is_over and st.is_chance


def test_R36_a_fill_that_draws_nothing_ends_the_game_with_bonuses() -> None:
    # All 100 tiles are locked: 4 walls of 20 (one empty column each, no complete row) and 20
    # tiles in incomplete pattern lines, so bag and lid are empty when round 5 is due.
    col5 = "BYRK-.WBYR-.KWBY-.RKWB-.YRKW-"
    col4 = "BYR-W.WBY-K.KWB-R.RKW-Y.YRK-B"
    col1 = "-YRKW.-BYRK.-WBYR.-KWBY.-RKWB"
    boards = [
        board("-.K.R.-.BBBB", col5), board("-.K.-.-.-", col5),
        board("-.-.-.-.WWWW", col4), board("-.-.KK.RRR.YYYY", col1),
    ]
    st = position(4, phase="f", round=5, factories=[], boards=boards)
    assert st.bag == [0] * 5 and st.lid == [0] * 5 and st.tile_total() == [20] * 5
    fill = st.sample_fill(random.Random(0))
    assert fill.factories == ((),) * 9
    st.apply_fill(fill)
    assert st.is_over and st.ended_by == "empty"
    assert [b.columns for b in (st.bonus(p) for p in range(4))] == [4, 4, 4, 4]
    assert st.scores == [28, 28, 28, 28]  # R24: four complete columns each, 7 points apiece
    assert st.winners() == [0, 1, 2, 3]  # R25: level on points and rows: a shared victory
    assert st.legal_moves() == []
    st.check_invariants()
