"""Golden records: valid ones replay exactly, invalid ones fail with a precise line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from azulejos.core import InvalidRecordError
from azulejos.i18n import translation
from azulejos.notation import dumps, load_record, record_of, replay
from azulejos.render.record_errors import record_error_text

HERE = Path(__file__).parent
VALID = sorted((HERE / "valid").glob("*.json"))
EXPECTED: dict[str, str] = json.loads((HERE / "invalid.json").read_text())


def azulejos(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "azulejos", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_golden_valid_record_replays_exactly(path: Path) -> None:
    rec = load_record(path)
    st = replay(rec)
    if rec.final_scores is not None:
        assert st.is_over and st.scores == rec.final_scores and st.winners() == rec.winners
        # writing it back gives the same game (moves, fills and scores), canonical form
        again = record_of(st)
        assert [r.moves for r in again.rounds] == [[m.upper() for m in r.moves] for r in rec.rounds]
        assert [r.scores for r in again.rounds] == [r.scores for r in rec.rounds]
        assert json.loads(dumps(again))["final_scores"] == rec.final_scores


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_invalid_record_is_rejected_precisely(name: str) -> None:
    with pytest.raises(InvalidRecordError) as e:
        replay(load_record(HERE / "invalid" / name))
    assert EXPECTED[name] in str(e.value)


def test_replay_cli_accepts_all_valid_records() -> None:
    out = azulejos("replay", *map(str, VALID))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count(": valid") == len(VALID)


def test_replay_cli_reports_one_line_per_bad_file() -> None:
    """Each bad file is one line: its path and the sentence of its error's code (in English
    here; tests/commands/test_record_errors_lang.py has the other languages)."""
    bad = sorted((HERE / "invalid").glob("*.json"))
    assert {p.name for p in bad} == set(EXPECTED)
    out = azulejos("--lang", "en", "replay", str(VALID[0]), *map(str, bad))
    assert out.returncode == 1
    assert "Traceback" not in out.stdout + out.stderr
    lines = [ln for ln in out.stdout.splitlines() if ": valid," not in ln]
    assert len(lines) == len(bad)
    for p in bad:
        [line] = [ln for ln in lines if ln.startswith(str(p) + ":")]
        with pytest.raises(InvalidRecordError) as e:
            replay(load_record(p))
        assert line == f"{p}: {record_error_text(translation('en'), e.value)}"


def test_replay_cli_usage_error_exits_2() -> None:
    assert azulejos("replay").returncode == 2
    assert azulejos("replay", "--nonsense", "x").returncode == 2


def test_replay_cli_missing_file_is_one_line() -> None:
    out = azulejos("--lang", "en", "replay", "/nonexistent/record.json")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stdout.strip() == "/nonexistent/record.json: There is no such file."
