"""The machine-readable reason of a refused record (``InvalidRecordError.code`` and ``params``,
``RECORD_ERROR_CODES``): every code a record can produce is produced by a malformed record,
with its rule, and the English message stays for library users."""

from __future__ import annotations

from pathlib import Path

import pytest

from azulejos.core.errors import RECORD_ERROR_CODES, InvalidRecordError, RecordWriteError
from azulejos.notation import load_record, parse_record, record_of, replay

from .bad_records import BASE, Bad, bad_records, golden_bad

CASES = bad_records() + golden_bad()


def refusal(body: bytes) -> InvalidRecordError:
    with pytest.raises(InvalidRecordError) as e:
        replay(parse_record(body))
    return e.value


@pytest.mark.parametrize("bad", CASES, ids=lambda b: b.id)
def test_a_malformed_record_gives_its_code_rule_and_params(bad: Bad) -> None:
    e = refusal(bad.body)
    assert (e.code, e.rule) == (bad.code, bad.rule), str(e)
    assert str(e) and "\n" not in str(e)  # the English line is kept
    assert set(e.params) <= set(RECORD_ERROR_CODES[e.code]) | {"round", "move_number", "move"}
    if e.round is not None:
        assert e.params["round"] == e.round


def test_every_code_a_record_can_produce_is_produced() -> None:
    produced = {b.code for b in CASES}
    # unreadable: a file (below); invalid: the default of a caller that gives no code
    assert produced == set(RECORD_ERROR_CODES) - {"unreadable", "invalid"}


def test_R13_an_illegal_move_is_located_by_round_move_and_text() -> None:
    e = next(refusal(b.body) for b in CASES if b.id == "golden:illegal-move-R13.json")
    assert e.params == {"round": 1, "move_number": 3, "move": "1B2"} and e.rule == "R13"


def test_R18_round_scores_carry_both_lists() -> None:
    e = next(refusal(b.body) for b in CASES if b.id == "R18_round_scores")
    assert e.params == {"round": 1, "expected": "0, 0", "found": "99, 0"}


def test_a_missing_file_is_unreadable_with_its_errno(tmp_path: Path) -> None:
    with pytest.raises(InvalidRecordError) as e:
        load_record(tmp_path / "nothing.json")
    assert e.value.code == "unreadable" and e.value.params["errno"] == 2
    assert "cannot read" in str(e.value)
    with pytest.raises(InvalidRecordError) as e:
        load_record(tmp_path)
    assert e.value.code == "unreadable" and e.value.params["errno"] != 0


def test_record_of_a_game_taken_up_midway_is_not_from_start() -> None:
    """No record was read: record_of refuses with RecordWriteError, not InvalidRecordError."""
    st = replay(load_record(BASE), until_round=2, until_move=0)
    st.clear_history()
    with pytest.raises(RecordWriteError) as e:
        record_of(st)
    assert not isinstance(e.value, InvalidRecordError) and isinstance(e.value, ValueError)
    assert e.value.code == "not_from_start"
    assert e.value.params == {"round": 2, "phase": "draft"}
    assert "to_position" in str(e.value)  # says what to do instead


def test_the_default_code_is_invalid() -> None:
    e = InvalidRecordError("something")
    assert e.code == "invalid" and e.params == {} and str(e) == "something"
