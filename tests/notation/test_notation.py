"""Move text, action ids, position strings and records (docs/notation.md)."""

from __future__ import annotations

import json
import random

import pytest

from azulejos.core import InvalidMoveError, InvalidPositionError, InvalidRecordError, State
from azulejos.notation import (
    action_id,
    from_position,
    move_text,
    parse_move,
    parse_record,
    record_of,
    replay,
    to_position,
)
from azulejos.notation.record import dumps


def test_move_text_examples_from_the_notation() -> None:
    m = parse_move("3B2")
    assert (m.source, m.colour, m.destination) == (2, 0, 1)
    c = parse_move("crf")
    assert c.is_centre and c.is_floor and c.text() == "CRF"
    g = parse_move("2@4")
    assert not g.is_draft and (g.line, g.column) == (1, 3)
    assert move_text(action_id("3B2")) == "3B2"


@pytest.mark.parametrize("bad", ["", "3B", "3B22", "0B1", "AB1", "3Z1", "3B6", "3B0", "6@1", "1@0", "@", 5])
def test_bad_move_text_is_invalid(bad: object) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(bad)  # type: ignore[arg-type]


def test_position_string_example_and_errors() -> None:
    s = State.new(2)
    s.deal(random.Random(0))
    text = to_position(s)
    assert text.startswith("2c 1 d0 0c ")
    assert from_position(text) == s
    broken = [
        "",
        "5c 1 d0 0c",
        text.replace("2c", "2x", 1),
        text.replace(" d0 ", " z0 ", 1),
        text + " extra",
        text.replace("20", "21", 1) if "20" in text else text + " x",
    ]
    for b in broken:
        with pytest.raises(InvalidPositionError):
            from_position(b)


def test_position_rejects_an_impossible_wall_on_the_coloured_side() -> None:
    s = State.new(2)
    text = to_position(s)
    # player 1 wall row 1 column 1 must be blue on the coloured wall; put yellow there
    parts = text.split()
    lines, wall, floor, score = parts[9].split("/")
    parts[9] = "/".join([lines, "Y" + wall[1:], floor, score])
    parts[6] = "20.19.20.20.20"
    with pytest.raises(InvalidPositionError, match="R6"):
        from_position(" ".join(parts))


def test_record_writer_and_reader_round_trip_and_ignore_unknown_keys() -> None:
    rng = random.Random(3)
    s = State.new(3, "grey", 2)
    while not s.is_over:
        if s.is_chance:
            s.deal(rng)
        else:
            s.push(rng.choice(s.legal_moves()))
    rec = record_of(s, names=["a", "b", "c"])
    data = json.loads(dumps(rec))
    assert data["format"] == "azulejos-record/1" and data["start_player"] == 2
    assert data["variant"] == "grey" and data["names"] == ["a", "b", "c"]
    assert all(len(r["factories"]) == 7 for r in data["rounds"])
    data["something_else"] = {"x": 1}
    assert replay(parse_record(json.dumps(data))) == s


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d.pop("rounds"), "missing key 'rounds'"),
        (lambda d: d.update(rounds="x"), "rounds must be a list"),
        (lambda d: d["rounds"][0].update(moves=[1, 2]), "moves must be a list of strings"),
        (lambda d: d["rounds"][0].update(scores=[1]), "must have 2 entries"),
        (lambda d: d.update(final_scores=["a", "b"]), "final_scores must be a list"),
        (lambda d: d.update(variant="purple"), "variant must be"),
        (lambda d: d.update(start_player=5), "start_player must be"),
        (lambda d: d["rounds"][0]["factories"].__setitem__(0, "BBX"), "not a colour letter"),
    ],
)
def test_malformed_records_get_one_clear_error(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    s = State.new(2)
    rng = random.Random(1)
    s.deal(rng)
    while not s.is_chance:
        s.push(rng.choice(s.legal_moves()))
    data = json.loads(dumps(record_of(s)))
    mutate(data)
    with pytest.raises(InvalidRecordError, match=message.replace("(", r"\(")):
        replay(parse_record(json.dumps(data)))


def test_action_id_examples_in_the_docs() -> None:
    assert [action_id(t) for t in ("1B1", "1BF", "3B2", "CRF", "CWF", "1@1", "5@5")] == [
        0, 5, 61, 287, 299, 300, 324,
    ]


def test_record_of_refuses_a_history_that_does_not_start_a_game() -> None:
    from azulejos.core import RecordWriteError

    st = State.new(2)
    st.deal(random.Random(1))
    st.push(st.legal_actions()[0])
    st.clear_history()
    with pytest.raises(RecordWriteError, match="starts in round 1 \\(draft\\)"):
        record_of(st)


@pytest.mark.parametrize("players, variant", [(2, "coloured"), (3, "grey"), (4, "coloured")])
def test_R40_R44_position_string_round_trips_every_module_position(players: int, variant: str) -> None:
    """``2c+sf`` positions: the specials, the taken SF5 with its holder and tile, and SF4's
    effects survive the position string at every point of a game (R40-R44)."""
    from azulejos.core import Ruleset

    rng = random.Random(players)
    st = State.new(Ruleset(players, variant, special_factories=True))
    seen_sf5 = False
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
        else:
            st.push(st.legal_actions()[rng.randrange(len(st.legal_actions()))])
        text = to_position(st)
        assert text.split()[0] == f"{players}{variant[0]}+sf"
        back = from_position(text)
        assert to_position(back) == text and back.raw == st.raw
        assert text.split()[9].startswith("sf")
        seen_sf5 = seen_sf5 or not text.split()[9].endswith("/-")
    assert seen_sf5  # some position had a taken SF5 (R44)
    with pytest.raises(InvalidPositionError):
        from_position(text.replace("+sf", "", 1))
