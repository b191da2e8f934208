"""The match runner: turn driving, undo limits, records, bots, previews, results."""

from __future__ import annotations

import pytest

from azulejos.core import FLOOR, IllegalMoveError, InvalidMoveError, State, draft
from azulejos.core.colours import floor_penalty
from azulejos.notation import dumps, parse_record, replay
from azulejos.play import Match, Seat, parse_seat, preview, result, seats_from_json


def people(n: int = 2) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def test_new_match_deals_the_first_round_R9() -> None:
    m = Match.new(people(3), seed=1)
    assert m.state.phase == "draft" and m.seat_to_move == 0
    assert sum(map(sum, m.state.factories)) == 28  # 7 factories of 4 (R2)


def test_same_seed_same_fills_and_bot_moves() -> None:
    a = Match.new([Seat("A"), Seat("B", "easy")], seed=5)
    b = Match.new([Seat("A"), Seat("B", "easy")], seed=5)
    for m in (a, b):
        m.play(m.state.legal_moves()[0])
        _v, mv = m.choose_bot_move()
        m.play(mv)
    assert [p.move for p in a.log] == [p.move for p in b.log]
    assert a.state == b.state


def test_illegal_and_malformed_moves_change_nothing_R13() -> None:
    m = Match.new(people(), seed=2)
    before, version = m.state.copy(), m.version
    with pytest.raises(InvalidMoveError):
        m.play("zz")
    bad = next(mv for mv in (draft(s, k, 0) for s in range(5) for k in range(5))
               if not m.state.is_legal(mv))
    with pytest.raises(IllegalMoveError):
        m.play(bad)
    assert m.state == before and m.log == [] and m.version == version


def test_undo_takes_back_the_persons_move_and_the_bot_reply() -> None:
    m = Match.new([Seat("A"), Seat("B", "easy")], seed=3)
    start = m.state.copy()
    m.play(m.state.legal_moves()[0])
    _v, mv = m.choose_bot_move()
    m.play(mv)
    assert m.can_undo()
    undone = m.undo()
    assert [p.seat for p in undone] == [1, 0]
    assert m.state == start and m.log == []
    assert not m.can_undo() and m.undo() == []


def test_undo_in_hot_seat_takes_back_one_move() -> None:
    m = Match.new(people(), seed=3)
    m.play(m.state.legal_moves()[0])
    m.play(m.state.legal_moves()[0])
    assert len(m.undo()) == 1 and len(m.log) == 1 and m.seat_to_move == 1


def test_no_undo_once_the_round_is_tiled_R17() -> None:
    m = Match.new(people(), seed=4)
    while m.state.round == 1:
        step = m.play(m.state.legal_moves()[-1])
    assert step.tiling is not None and step.tiling.round == 1
    assert m.state.round == 2 and m.state.phase == "draft"
    assert not m.can_undo() and m.undo() == []


def test_a_stale_bot_answer_after_undo_is_ignored() -> None:
    m = Match.new([Seat("A"), Seat("B", "easy")], seed=6)
    m.play(m.state.legal_moves()[0])
    version, mv = m.choose_bot_move()
    m.undo()
    assert m.play_bot_move(version, mv) is None
    assert m.log == []


def test_tiling_report_and_scores_before_R18_R19() -> None:
    m = Match.new(people(), seed=8)
    step = None
    while m.state.round == 1:
        step = m.play(m.state.legal_moves()[len(m.state.legal_moves()) // 2])
    assert step is not None and step.tiling is not None
    t = step.tiling
    assert t.scores_before == (0, 0)
    assert [b.score for b in t.boards_after] == m.state.scores


def test_record_round_trip_and_resume_keeps_seats_and_seed() -> None:
    m = Match.new([Seat("Ana"), Seat("Bot", "medium")], seed=12, extra={"theme": "chocolatier"})
    for _ in range(3):
        if m.is_bot_turn:
            m.play(m.state.legal_moves()[0])
        else:
            m.play(m.state.legal_moves()[-1])
    rec = parse_record(dumps(m.record()))
    assert replay(rec) == m.state
    again = Match.from_record(rec)
    assert again.seats == m.seats and again.seed == 12
    assert again.extra["theme"] == "chocolatier"
    assert [p.move for p in again.log] == [p.move for p in m.log]
    assert again.state == m.state


def test_whole_bot_game_ends_with_a_result_R23_R25() -> None:
    m = Match.new([Seat("A", "easy"), Seat("B", "easy")], seed=1)
    while not m.is_over:
        v, mv = m.choose_bot_move()
        m.play_bot_move(v, mv)
    res = result(m.state)
    assert set(res.winners) <= set(res.tied)
    for s in res.standings:
        assert s.total == s.before_bonus + s.bonus.points  # R24


def test_preview_counts_overflow_and_penalty_R13_R14() -> None:
    st = State.new(2)
    st.apply_fill([(0, 0, 0, 1), (1, 1, 2, 2), (3, 3, 3, 3), (4, 4, 4, 0), (2, 2, 2, 1)])
    pv = preview(st, draft(2, 3, 0))  # four black tiles onto line 1
    assert (pv.taken, pv.to_line, pv.to_floor, pv.penalty) == (4, 1, 3, floor_penalty(3))
    pv = preview(st, draft(0, 0, FLOOR))
    assert (pv.to_line, pv.to_floor, pv.penalty) == (0, 3, 4)
    st.push(draft(0, 0, 2))  # the rest of factory 1 goes to the centre
    pv = preview(st, draft(9, 1, 0))  # first from the centre: the marker comes too (R12)
    assert pv.marker and pv.penalty == 1


def test_result_sentences_explain_the_tie_break_R25() -> None:
    from azulejos.core import Bonus
    from azulejos.play import Result, Standing
    from azulejos.play.words import Words, result_sentence

    w = Words("en")
    st = (Standing(0, 50, Bonus(0, 2, 0, 0), 54, 2), Standing(1, 54, Bonus(1, 0, 0, 0), 54, 0))
    text = result_sentence(w, ["Ana", "Bea"], Result(st, (0,), (0, 1), "rows"))
    assert text == "Ana, Bea tie on 54 points; Ana wins the tie-break with 2 complete rows."
    st2 = (st[0], Standing(1, 50, Bonus(1, 2, 0, 0), 54, 2))
    text = result_sentence(w, ["Ana", "Bea"], Result(st2, (0, 1), (0, 1), "shared"))
    assert text.startswith("Shared victory: Ana, Bea have 54 points and 2 complete rows")
    text = result_sentence(w, ["Ana", "Bea"], Result(st, (1,), (1,), "points"))
    assert text == "Bea wins with 54 points."


def test_seat_parsing() -> None:
    assert parse_seat("expert", 0) == Seat("Expert bot", "expert")
    assert parse_seat("bot:easy", 0).bot == "easy"
    assert parse_seat("", 2) == Seat("Player 3")
    with pytest.raises(ValueError):
        parse_seat("bot:godlike", 0)
    with pytest.raises(ValueError):
        parse_seat("x" * 30, 0)
    assert seats_from_json("junk", 2) == [Seat("Player 1"), Seat("Player 2")]
    assert seats_from_json([{"name": "Z", "bot": "hard"}, {"bot": "nope"}], 2) == [
        Seat("Z", "hard"), Seat("Player 2")]
    # the random bot (and the research bots the web offers) stay bots, not people
    assert seats_from_json([{"name": "random bot", "bot": "random"}, {"bot": "greedy"}], 2) == [
        Seat("random bot", "random"), Seat("Greedy bot", "greedy")]
