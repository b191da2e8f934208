"""The walk-through: every illustrated move and score is what the engine says."""

from __future__ import annotations

import pytest

from azulejos.core.events import Penalised, Placed
from azulejos.core.moves import parse_move
from azulejos.core.state import State
from azulejos.guide import teach_steps
from azulejos.guide.facts import facts
from azulejos.guide.script import FILLS, MOVES, Point, fill_of, move_at, position
from azulejos.i18n import LANGUAGES
from azulejos.render.text import render_state


@pytest.fixture(scope="module")
def steps():  # type: ignore[no-untyped-def]
    return teach_steps("en")


def test_eight_steps_in_every_language() -> None:
    for lang in LANGUAGES:
        got = teach_steps(lang)
        assert [s.number for s in got] == list(range(1, 9))
        assert all(s.title and s.text and s.caption and s.board for s in got)


def test_the_script_is_legal_play() -> None:
    st = State.new(2)
    for fill, moves in zip(FILLS, MOVES):
        st.apply_fill(fill_of(fill))
        for m in moves:
            assert st.is_legal(parse_move(m)), m
            st.push(m)
        st.check_invariants()
    assert st.round == 4


def test_boards_are_the_engine_rendering(steps) -> None:  # type: ignore[no-untyped-def]
    for s in steps:
        assert s.board == render_state(s.position, ["Ana", "Ben"])


def test_illustrated_moves_replay(steps) -> None:  # type: ignore[no-untyped-def]
    for s in steps:
        if s.move and s.legal:
            after = s.before.copy()
            after.push(s.move)
            assert after == s.position, s.number


def test_step1_R2_five_factories_of_four(steps) -> None:  # type: ignore[no-untyped-def]
    s = steps[0]
    assert s.facts == {"factories": 5, "tiles": 20}
    assert len(s.position.factories) == 5 and all(sum(f) == 4 for f in s.position.factories)
    assert "5" in s.caption and "20" in s.caption


def test_step2_R11_rest_of_factory_to_centre(steps) -> None:  # type: ignore[no-untyped-def]
    s = steps[1]
    before, after = s.before, s.position
    m = parse_move(s.move)
    assert not m.is_centre
    taken = before.factories[m.source][m.colour]
    rest = sum(before.factories[m.source]) - taken
    assert sum(after.factories[m.source]) == 0
    assert sum(after.centre) - sum(before.centre) == rest
    assert (s.facts["taken"], s.facts["moved"]) == (taken, rest)
    assert f"{taken} tiles" in s.caption and f"centre: {rest} tiles" in s.caption


def test_step3_R13_excess_falls_to_the_floor(steps) -> None:  # type: ignore[no-untyped-def]
    s = steps[2]
    seat = s.before.current_player
    m = parse_move(s.move)
    line = s.position.player(seat).lines[m.destination]
    fell = len(s.position.player(seat).floor) - len(s.before.player(seat).floor)
    assert line.count == line.capacity
    assert fell >= 1 and s.facts["fell"] == fell
    assert s.facts["fit"] + s.facts["fell"] == s.facts["taken"]
    assert f"floor: {fell} tile" in s.caption


def test_step4_R12_first_from_centre_takes_the_marker(steps) -> None:  # type: ignore[no-untyped-def]
    s = steps[3]
    seat = s.before.current_player
    assert s.before.marker_in_centre and parse_move(s.move).is_centre
    assert s.position.marker_holder == seat
    assert s.position.player(seat).floor[0] == 5  # the marker's slot
    assert s.facts["marker"] is True


def _placed(state: State) -> list[tuple[int, int, int, int, int]]:
    return [(e.seat, e.row, e.column, e.colour, e.points) for e in state.tiling_log
            if isinstance(e, Placed)]


def test_step5_R17_R18_tiling_points(steps) -> None:  # type: ignore[no-untyped-def]
    s = steps[4]
    assert s.position.round == 2 and s.position.is_chance
    assert s.facts["placed"] == _placed(s.position)
    lone = [e for e in s.position.tiling_log if isinstance(e, Placed) and e.horizontal == 1
            and e.vertical == 1]
    assert lone and all(e.points == int(facts()["single"]) for e in lone)  # R18
    # top-to-bottom: Ana's white tile in row 2 scores 2 because the blue of row 1 is above it
    ana = [e for e in s.position.tiling_log if isinstance(e, Placed) and e.seat == 0]
    assert [(e.row, e.points) for e in ana] == [(0, 1), (1, 2)]
    for e in s.position.tiling_log:
        if isinstance(e, Penalised):
            assert f"score now {e.score}" in s.caption
    assert s.facts["scores"] == s.position.scores


def test_step6_R15_colour_already_in_wall_row(steps) -> None:  # type: ignore[no-untyped-def]
    s = steps[5]
    assert not s.legal and s.facts["rule"] == "R15"
    assert not s.position.is_legal(parse_move(s.move))
    assert s.position.is_legal(parse_move(s.facts["alternative"]))
    assert "R15" in s.caption


def test_step7_R18_row_and_column_both_count(steps) -> None:  # type: ignore[no-untyped-def]
    s = steps[6]
    seat, row, col, h, v, pts = s.facts["highlight"]
    ev = next(e for e in s.position.tiling_log if isinstance(e, Placed) and e.seat == seat
              and e.row == row)
    assert (ev.column, ev.horizontal, ev.vertical, ev.points) == (col, h, v, pts)
    assert h > 1 and v > 1 and pts == h + v
    assert f"a row of {h} and a column of {v}: {pts} points" in s.caption
    assert s.facts["placed"] == _placed(s.position)


def test_step8_R20_marker_holder_starts(steps) -> None:  # type: ignore[no-untyped-def]
    s = steps[7]
    prev = position(Point(2, 9))
    assert prev.marker_holder is not None
    assert s.position.current_player == prev.marker_holder == s.facts["starter"]
    assert s.position.round == 3 and s.facts["round"] == 3


def test_move_at_reads_the_script() -> None:
    assert move_at(Point(1, 0)) == MOVES[0][0]


def test_each_caption_tells_every_move_since_the_previous_board(steps) -> None:  # type: ignore[no-untyped-def]
    """Issue #13: a board shows no move its caption leaves out (step 3 after step 2)."""
    for prev, s in zip(steps[1:3], steps[2:4]):
        if s.before is None or prev.position is None:
            continue
        shown = prev.position
        played = s.before.round == shown.round and sum(map(sum, shown.factories)) + sum(shown.centre) \
            - sum(map(sum, s.before.factories)) - sum(s.before.centre)
        if played:  # tiles left the market between the two boards: the caption says by which move
            assert s.caption.startswith("First, "), s.caption
    assert steps[2].caption.startswith("First, Ben plays 4R3. Ana plays 3B1.")


def test_step7_text_states_the_rule_not_a_condition() -> None:
    text = teach_steps("en")[6].text
    assert "when both are longer" not in text
    assert "counts itself twice" in text
