"""The engine review (``azulejos review``, ``agents/review.py``): every move of a record gets
the engine's preferred move and the points lost; the annotated record still replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from azulejos.agents import Budget
from azulejos.agents.mcts import MCTSAgent
from azulejos.agents.review import (
    REVIEW_FORMAT,
    annotate,
    mistakes,
    read_review,
    review_record,
)
from azulejos.commands import main
from azulejos.core import MOVES
from azulejos.notation.record import Record, dumps, load_record, parse_record, replay

GOLDEN = Path(__file__).parent.parent / "golden" / "valid"
#: (file, players, wall) - small records: the first round of a golden game.
GAMES = [
    ("bots-2p-hard-medium.json", 2, "coloured"),
    ("game-5-0000.json", 2, "grey"),
    ("bots-3p-coloured.json", 3, "coloured"),
    ("game-2-0000.json", 3, "grey"),
    ("game-3-0000.json", 4, "coloured"),
    ("game-4-0000.json", 4, "grey"),
]
FAST = Budget(iterations=24)


def first_round(name: str) -> Record:
    """The record of the first round of a golden game (a valid, unfinished record)."""
    data = json.loads((GOLDEN / name).read_text())
    data["rounds"] = data["rounds"][:1]
    for key in ("final_scores", "winners"):
        data.pop(key, None)
    data.pop("winners", None)
    rec = parse_record(data)
    replay(rec)
    return rec


@pytest.mark.parametrize(("name", "players", "wall"), GAMES)
def test_R30_review_covers_every_move_of_2_3_4_players_both_walls(
    name: str, players: int, wall: str
) -> None:
    rec = first_round(name)
    assert rec.players == players and rec.variant.value == wall
    reviews = review_record(rec, FAST, seed=1)
    assert [len(r) for r in reviews] == [len(r.moves) for r in rec.rounds]
    seats = set()
    for rnd, rr in zip(reviews, rec.rounds):
        for r, text in zip(rnd, rr.moves):
            assert r.played.text() == text
            assert r.lost >= 0
            seats.add(r.seat)
            if r.note is None:
                assert r.value is not None and r.played_value is not None
                assert r.lost == pytest.approx(max(0.0, r.value - r.played_value))
                if r.best == r.played:
                    assert r.lost == 0
            else:
                assert r.note in ("forced", "column") and r.lost == 0 and r.best == r.played
    assert seats == set(range(players))
    if wall == "grey":  # column choices (R30, R33) are moves of their own, reviewed trivially
        assert any(r.note == "column" for rnd in reviews for r in rnd)
    # the same budget (iterations) and seed: the same review
    again = review_record(rec, FAST, seed=1)
    assert [[x.to_json() for x in rnd] for rnd in again] == [[x.to_json() for x in rnd] for rnd in reviews]


def test_annotated_record_replays_and_reads_back(tmp_path: Path) -> None:
    rec = first_round("game-3-0000.json")
    reviews = review_record(rec, FAST)
    out = annotate(rec, reviews, FAST, 0)
    path = tmp_path / "r.json"
    path.write_text(dumps(out))
    back = load_record(path)
    replay(back)  # the review key is an unknown key: the record stays valid
    entries = read_review(back)
    assert entries is not None
    assert back.extra["review"]["format"] == REVIEW_FORMAT
    assert [len(e) for e in entries] == [len(r.moves) for r in back.rounds]
    assert entries[0][0]["best"] == reviews[0][0].best.text()
    # a review that does not match the moves is ignored, not trusted
    bad = json.loads(path.read_text())
    bad["review"]["moves"][0].pop()
    assert read_review(parse_record(bad)) is None


def test_mistakes_are_the_biggest_losses_of_one_seat() -> None:
    rec = first_round("bots-2p-hard-medium.json")
    reviews = review_record(rec, FAST)
    for seat in range(2):
        worst = mistakes(reviews, seat, top=2)
        assert len(worst) <= 2
        assert all(m.seat == seat and m.lost >= 2 for m in worst)
        assert [m.lost for m in worst] == sorted((m.lost for m in worst), reverse=True)


def test_analyse_only_values_the_given_move() -> None:
    rec = first_round("bots-2p-hard-medium.json")
    from azulejos.core import State
    from azulejos.notation.record import parse_fill

    st = State.new(rec.ruleset, None, rec.start_player)
    st.apply_fill(parse_fill(rec.rounds[0].factories, 1))
    acts = st.legal_actions()
    full = MCTSAgent(0).analyse(st, Budget(iterations=50))
    assert sorted(a for a, _, _ in full) == sorted(acts)
    assert sum(n for _, n, _ in full) == 50
    only = MCTSAgent(0).analyse(st, Budget(iterations=20), only=(acts[-1],))
    assert [(a, n) for a, n, _ in only] == [(acts[-1], 20)]
    with pytest.raises(ValueError):
        MCTSAgent(0).analyse(st, Budget(iterations=5), only=(MOVES[-1].id,) if MOVES[-1].id not in acts else ())


def test_review_command_writes_an_annotated_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "game.json"
    src.write_text(dumps(first_round("bots-3p-coloured.json")))
    assert main(["review", str(src), "--iterations", "16", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "coups analysés" in out or "coup analysé" in out
    annotated = tmp_path / "game.review.json"
    assert main(["replay", str(annotated)]) == 0
    assert read_review(load_record(annotated)) is not None


@pytest.mark.parametrize("content", [None, "{not json", '{"format": "azulejos-record/1"}'])
def test_review_bad_input_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None
) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    assert main(["review", str(path), "--time", "0.01"]) == 1
    cap = capsys.readouterr()
    assert cap.out == ""
    assert len(cap.err.strip().splitlines()) == 1 and "Traceback" not in cap.err
    assert cap.err.startswith(str(path))


def test_R11_review_of_an_illegal_record_names_the_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = first_round("bots-2p-hard-medium.json").to_json()
    data["rounds"][0]["moves"][1] = data["rounds"][0]["moves"][0]  # the source is empty now
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data))
    assert main(["review", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Round 1, move 2: " in err and "(R11)" in err


def test_R40_R43_review_of_a_special_factories_record_replays_the_specials(tmp_path: Path) -> None:
    """A record with the special displays is reviewed move by move: each round's specials and
    SF1's extra tile are applied (R40, R41), SF4 splits are reviewed like any move (R43), and the
    annotated record still replays."""
    src = GOLDEN.parent / "special_factories" / "valid" / "sf-2p-coloured.json"
    data = json.loads(src.read_text())
    data["rounds"] = data["rounds"][:2]
    for key in ("final_scores", "winners"):
        data.pop(key, None)
    rec = parse_record(data)
    replay(rec)
    reviews = review_record(rec, FAST, seed=1)
    assert [len(r) for r in reviews] == [len(r.moves) for r in rec.rounds]
    played = [r.played.text() for rnd in reviews for r in rnd]
    assert played == [m for r in rec.rounds for m in r.moves]
    assert any("/" in m for m in played)  # an SF4 split was reviewed
    out = tmp_path / "r.json"
    out.write_text(dumps(annotate(rec, reviews, FAST, 1)))
    assert replay(load_record(out)).round == replay(rec).round
