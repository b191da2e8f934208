"""Game records kept to NOTATION.md ("Game record (JSON)", "Master Chocolatier special factory
displays"): an unfinished game has no result (R23), record_of writes only a record that replays
to its state, unknown round keys are kept, and the reader takes the keys exactly as written."""

from __future__ import annotations

import copy
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from azulejos.core import InvalidRecordError, RecordWriteError, Ruleset, State
from azulejos.core.errors import RECORD_WRITE_ERROR_CODES
from azulejos.i18n import translation
from azulejos.notation import (
    Record,
    RoundRecord,
    dumps,
    from_position,
    parse_record,
    record_of,
    replay,
    to_position,
)
from azulejos.notation.record import _KNOWN
from azulejos.render.record_errors import record_error_text

REPO = Path(__file__).resolve().parents[2]


def played(seed: int = 1, ruleset: Ruleset | None = None, moves: int | None = None) -> State:
    """A game of random moves and seeded fills (to its end, or ``moves`` drafts in)."""
    rng = random.Random(seed)
    st = State.new(ruleset or Ruleset(2, "coloured"))
    done = 0
    while not st.is_over and (moves is None or done < moves):
        if st.is_chance:
            st.deal(rng)
        else:
            st.push(rng.choice(st.legal_moves()))
            done += 1
    return st


def unfinished(**result: object) -> dict[str, Any]:
    """A finished game's record cut to 2 rounds, round 2 to 3 moves without scores, with no
    final_scores/winners, then ``result`` added."""
    data: dict[str, Any] = json.loads(dumps(record_of(played())))
    data["rounds"] = data["rounds"][:2]
    data["rounds"][1]["moves"] = data["rounds"][1]["moves"][:3]
    del data["rounds"][1]["scores"], data["final_scores"], data["winners"]
    data.update(result)
    return data


def refused(data: dict[str, Any] | str) -> InvalidRecordError:
    with pytest.raises(InvalidRecordError) as e:
        replay(parse_record(data if isinstance(data, str) else json.dumps(data)))
    return e.value


# -- 1. an unfinished game has no final_scores/winners (NOTATION.md, R16, R23) -----------------
def test_R16_an_unfinished_game_without_a_result_replays() -> None:
    st = replay(parse_record(json.dumps(unfinished())))
    assert st.round == 2 and st.phase == "draft"


def test_R23_an_unfinished_game_that_names_winners_is_refused() -> None:
    e = refused(unfinished(winners=[1]))
    assert (e.code, e.rule, e.params) == ("result_too_early", "R23", {"round": 2})
    assert "final_scores/winners" in str(e)


def test_R23_an_unfinished_game_with_final_scores_is_refused_for_that_reason() -> None:
    e = refused(unfinished(final_scores=[3, 4]))
    assert (e.code, e.rule) == ("result_too_early", "R23")
    said = record_error_text(translation("en"), e)
    assert "final scores or winners" in said and "scores are recorded" not in said


def test_R16_scores_of_an_unfinished_round_are_still_their_own_reason() -> None:
    data = unfinished(winners=[1])
    data["rounds"][1]["scores"] = [0, 0]
    e = refused(data)
    assert (e.code, e.rule) == ("scores_too_early", "R16")


# -- 2. record_of writes a true record or none ---------------------------------------------------
def test_record_of_a_position_read_mid_game_raises_record_write_error() -> None:
    st = from_position(to_position(played(moves=14)))
    with pytest.raises(RecordWriteError) as e:
        record_of(st)
    assert not isinstance(e.value, InvalidRecordError)  # no record was read
    assert e.value.code == "not_from_start" and "State.new" in str(e.value)


def test_record_of_a_new_game_from_a_position_is_an_empty_record() -> None:
    rec = record_of(from_position(to_position(State.new(3, "grey", 1))))
    assert (rec.players, rec.start_player, rec.rounds) == (3, 1, [])


def test_record_of_refuses_a_move_played_inside_no_history() -> None:
    st = played(moves=5)
    with st.no_history():
        st.push(st.legal_moves()[0])
    before, history = to_position(st), list(st.history)
    with pytest.raises(RecordWriteError) as e:
        record_of(st)
    assert e.value.code == "history_gap" and "no_history" in str(e.value)
    assert to_position(st) == before and st.history == history  # nothing changed


def test_record_of_refuses_a_history_with_a_gap_in_its_middle() -> None:
    st = played(moves=5)
    with st.no_history():
        st.push(st.legal_moves()[0])
    rng = random.Random(7)
    while not st.is_chance:  # recorded again after the gap
        st.push(rng.choice(st.legal_moves()))
    with pytest.raises(RecordWriteError) as e:
        record_of(st)
    assert e.value.code == "history_gap"


def test_record_of_refuses_a_move_applied_unchecked() -> None:
    st = played(moves=3)
    st.apply_unchecked(st.legal_actions()[0])
    with pytest.raises(RecordWriteError, match="apply_unchecked"):
        record_of(st)


@pytest.mark.parametrize("key", sorted(_KNOWN))
def test_record_of_refuses_an_extra_named_like_a_key_of_the_record(key: str) -> None:
    st = played(moves=3)
    with pytest.raises(RecordWriteError) as e:
        record_of(st, **{key: 7}, names=["a", "b"])
    assert (e.value.code, e.value.params) == ("reserved_key", {"key": key, "round": 0})
    assert repr(key) in str(e.value)


@pytest.mark.parametrize("value", [object(), {1, 2}, math.nan, b"bytes", {"deep": [object()]}])
def test_record_of_refuses_an_extra_that_json_cannot_hold(value: object) -> None:
    with pytest.raises(RecordWriteError) as e:
        record_of(played(moves=3), obj=value)
    assert (e.value.code, e.value.params) == ("not_json", {"key": "obj", "round": 0})
    assert "'obj'" in str(e.value) and "JSON" in str(e.value)


def test_dumps_refuses_a_record_whose_extras_are_not_json_or_the_records_own() -> None:
    rec = record_of(played(moves=3))
    rec.extra["obj"] = object()
    with pytest.raises(RecordWriteError, match="'obj'"):
        dumps(rec)
    rec.extra = {"players": 7}
    with pytest.raises(RecordWriteError) as e:
        dumps(rec)
    assert e.value.code == "reserved_key"
    with pytest.raises(RecordWriteError) as e:
        dumps({"format": "azulejos-record/1", "when": object()})
    assert e.value.params == {"key": "when", "round": 0}


def test_every_record_write_error_code_is_raised_above() -> None:
    assert set(RECORD_WRITE_ERROR_CODES) == {"not_from_start", "history_gap", "reserved_key",
                                             "not_json"}


def test_record_of_a_whole_game_replays_to_its_state() -> None:
    for ruleset in (Ruleset(2, "coloured"), Ruleset(3, "grey"), Ruleset(2, "coloured", True)):
        st = played(3, ruleset)
        assert replay(parse_record(dumps(record_of(st, names=["a"])))) == st


# -- 3. unknown round keys are kept (docs/notation.md) -------------------------------------------
def test_unknown_round_keys_are_kept_on_read_and_written_back() -> None:
    data = json.loads(dumps(record_of(played())))
    data["rounds"][0]["comment"] = "hi"
    data["rounds"][1]["clock"] = {"seconds": [1.5, 2.0]}
    rec = parse_record(data)
    assert rec.rounds[0].extra == {"comment": "hi"} and rec.rounds[2].extra == {}
    back = json.loads(dumps(rec))
    assert back["rounds"][0].get("comment") == "hi"
    assert back["rounds"][1]["clock"] == {"seconds": [1.5, 2.0]}
    assert back == data
    replay(rec)  # ignored by the replay


def test_a_round_extra_named_like_a_round_key_is_refused_when_written() -> None:
    rec = Record(Ruleset(2, "coloured"), 0,
                 [RoundRecord(["BBBB"] * 5, [], extra={"moves": ["1B1"]})])
    with pytest.raises(RecordWriteError) as e:
        dumps(rec)
    assert e.value.params == {"key": "moves", "round": 1}


# -- 4. the keys exactly as NOTATION.md writes them ----------------------------------------------
@pytest.mark.parametrize("variant", ["Grey", "GREY", "Coloured", "gray", "colored", "g", " grey"])
def test_variant_is_coloured_or_grey_exactly(variant: str) -> None:
    data = json.loads(dumps(record_of(played(moves=0))))
    data["variant"] = variant
    with pytest.raises(InvalidRecordError) as e:
        parse_record(data)
    assert e.value.code == "bad_variant" and variant in str(e.value)


def sf_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(record_of(played(ruleset=Ruleset(2, "coloured", True)))))
    return data


@pytest.mark.parametrize("form", [" {}", "{} ", "0{}", "+{}", "{}.0", "fullwidth", "arabic"])
def test_R40_a_display_is_its_number_as_text_exactly(form: str) -> None:
    data = sf_record()
    shown = data["rounds"][0]["specials"]
    number, name = next(iter(shown.items()))
    del shown[number]
    wide = {"fullwidth": chr(0xFF10 + int(number)), "arabic": chr(0x0660 + int(number))}
    shown[wide.get(form) or form.format(number)] = name
    e = refused(data)
    assert (e.code, e.rule) == ("bad_display", "R40")


def test_R40_special_names_are_written_exactly() -> None:
    data = sf_record()
    shown = data["rounds"][0]["specials"]
    for number in shown:
        shown[number] = shown[number].lower()
        break
    e = refused(data)
    assert (e.code, e.rule) == ("bad_special", "R40")


@pytest.mark.parametrize("key", ["specials", "after_fill"])
def test_R46_specials_and_after_fill_need_the_module(key: str) -> None:
    base = json.loads(dumps(record_of(played())))
    base["rounds"][1][key] = {"1": "SF1"} if key == "specials" else {}
    e = refused(base)
    assert e.code == "specials_off" and e.params == {"round": 2, "key": key}
    base["special_factories"] = False
    assert refused(base).code == "specials_off"


@pytest.mark.parametrize("text", ["", "-"])
def test_R46_after_fill_leaves_out_a_display_without_a_change(text: str) -> None:
    data = sf_record()
    changes = data["rounds"][0]["after_fill"]
    unchanged = next(str(d) for d in range(1, 6) if str(d) not in changes)
    changes[unchanged] = text
    e = refused(data)
    assert (e.code, e.rule, e.params["display"]) == ("bad_change", "R46", int(unchanged))


def test_R46_after_fill_writes_a_dash_only_before_losses() -> None:
    data = sf_record()
    for rnd in data["rounds"]:
        gained = [k for k, v in rnd["after_fill"].items() if "-" not in v]
        if gained:
            rnd["after_fill"][gained[0]] += "-"
            break
    else:
        pytest.fail("no display gained without losing in this game")
    assert refused(data).code == "bad_change"


def test_R46_after_fill_letters_are_read_in_any_order_and_case() -> None:
    """NOTATION.md allows this leniency: letters "read in any order and case"."""
    data = sf_record()
    for rnd in data["rounds"]:
        rnd["after_fill"] = {k: "-".join(part[::-1].lower() for part in v.split("-"))
                             for k, v in rnd["after_fill"].items()}
        rnd["factories"] = [f.lower()[::-1] for f in rnd["factories"]]
        rnd["moves"] = [m.lower() for m in rnd["moves"]]
    replay(parse_record(data))


def test_a_name_given_twice_in_the_json_text_is_refused() -> None:
    text = dumps(record_of(played()))
    e = refused(text.replace('"start_player": 0', '"start_player": 0, "start_player": 1', 1))
    assert e.code == "duplicate_key" and e.params == {"key": "start_player"}


def test_scores_null_is_not_a_way_to_leave_them_out() -> None:
    data = json.loads(dumps(record_of(played())))
    for key in ("final_scores", "winners"):
        bad = copy.deepcopy(data)
        bad[key] = None
        assert refused(bad).code == "wrong_type"


def test_every_record_file_in_the_repository_still_reads_and_replays() -> None:
    files = [p for p in REPO.glob("tests/**/*.json")
             if "invalid" not in p.parts and '"azulejos-record/1"' in p.read_text()]
    assert len(files) >= 15
    for path in files:
        replay(parse_record(path.read_bytes()))
