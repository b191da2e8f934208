"""Golden records of games with the special factory displays (R40-R47): valid ones replay
exactly (and are written back identically), invalid ones fail with one precise line naming
the round, the move and the rule, from the library and from ``azulejos replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from azulejos.__main__ import main
from azulejos.core import InvalidRecordError
from azulejos.i18n import translation
from azulejos.notation import dumps, load_record, record_of, replay
from azulejos.render.record_errors import record_error_text

HERE = Path(__file__).parent / "special_factories"
VALID = sorted((HERE / "valid").glob("*.json"))
INVALID = sorted((HERE / "invalid").glob("*.json"))
EXPECTED: dict[str, str] = json.loads((HERE / "invalid.json").read_text())


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_R46_valid_record_replays_and_is_written_back_identically(path: Path) -> None:
    rec = load_record(path)
    st = replay(rec)
    assert st.is_over and st.scores == rec.final_scores and st.winners() == rec.winners
    assert dumps(record_of(st, **rec.extra)) == path.read_text()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_R46_invalid_record_is_rejected_precisely(name: str) -> None:
    with pytest.raises(InvalidRecordError) as e:
        replay(load_record(HERE / "invalid" / name))
    assert EXPECTED[name] in str(e.value) and "\n" not in str(e.value)


def test_R46_replay_cli_one_line_per_bad_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert {p.name for p in INVALID} == set(EXPECTED)
    assert main(["replay", *map(str, VALID)]) == 0
    assert capsys.readouterr().out.count(": valid, finished") == len(VALID)
    assert main(["--lang", "en", "replay", *map(str, INVALID)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(INVALID)
    for p in INVALID:
        [line] = [ln for ln in lines if ln.startswith(str(p) + ":")]
        with pytest.raises(InvalidRecordError) as e:
            replay(load_record(p))
        assert line == f"{p}: {record_error_text(translation('en'), e.value)}"


def test_R46_show_prints_the_specials(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(VALID[0]), "--round", "1", "--move", "7", "--position"]) == 0
    out = capsys.readouterr().out
    assert "special displays: 4 SF4, 5 SF2R" in out and "2c+sf " in out


def test_R46_selfplay_with_the_flag_writes_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games"
    assert main(["selfplay", "--special-factories", "--players", "3", "--variant", "grey",
                 "--games", "3", "--seed", "7", "--out", str(out)]) == 0
    files = sorted(out.glob("*.json"))
    assert len(files) == 3
    for f in files:
        data = json.loads(f.read_text())
        assert data["special_factories"] is True and all("specials" in r for r in data["rounds"])
        assert replay(load_record(f)).is_over


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_R46_the_replay_viewer_steps_through_module_records(path: Path) -> None:
    """``azulejos replay --view`` builds its frames with each round's specials (R40, R41):
    every move of the record is a frame and the last one holds the final scores."""
    from azulejos.play.words import Words
    from azulejos.tui.replay import frames

    rec = load_record(path)
    out = frames(rec, Words("en"))
    assert len(out) == sum(1 + len(r.moves) for r in rec.rounds)
    assert out[-1].state.scores == replay(rec).scores
