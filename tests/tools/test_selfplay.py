"""Self-play in several processes (``azulejos selfplay --jobs N``): each game's deals come from
the run's seed and the game's index alone (the fills of R9 and R22 are drawn from that seed),
so the records do not depend on how many processes play them."""

from __future__ import annotations

from pathlib import Path

import pytest

from azulejos.__main__ import main
from azulejos.core import Ruleset
from azulejos.notation.record import dumps, replay
from azulejos.tools.selfplay import game_record, records


@pytest.mark.parametrize("variant,special", [("coloured", False), ("grey", True)])
def test_R9_R22_records_are_the_same_in_one_process_or_two(variant: str, special: bool) -> None:
    rules = Ruleset(2, variant, special_factories=special)
    recs = list(records(rules, 11, 2, jobs=1))
    one = [dumps(r) for r in recs]
    two = [dumps(r) for r in records(rules, 11, 2, jobs=2)]
    assert len(one) == 2 and two == one  # in game order, byte for byte
    assert one[0] != one[1]  # two different games, not one game twice
    assert one == [dumps(game_record(rules, 11, i)) for i in range(2)]
    for rec in recs:
        assert rec.ruleset == rules and replay(rec).is_over


def test_selfplay_jobs_writes_what_one_process_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for jobs in ("1", "2"):
        assert main(["selfplay", "--games", "2", "--seed", "5", "--jobs", jobs,
                     "--out", str(tmp_path / jobs)]) == 0
    names = sorted(p.name for p in (tmp_path / "1").iterdir())
    assert names == ["game-5-0000.json", "game-5-0001.json"]
    assert names == sorted(p.name for p in (tmp_path / "2").iterdir())
    for name in names:
        assert (tmp_path / "2" / name).read_text() == (tmp_path / "1" / name).read_text()


def test_selfplay_refuses_jobs_that_are_no_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for bad in ("0", "-1", "two"):
        with pytest.raises(SystemExit) as e:
            main(["selfplay", "--games", "2", "--jobs", bad, "--out", str(tmp_path / "x")])
        assert e.value.code == 2
        assert "--jobs" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()  # nothing written


def test_stopping_early_ends_the_pool() -> None:
    """A caller that stops after the first record (Ctrl-C in the command) closes the iterator:
    the pool's processes are ended and the next run starts afresh."""
    rules = Ruleset.of(2)
    games = records(rules, 3, 6, jobs=2)
    first = next(games)
    games.close()
    import multiprocessing

    assert multiprocessing.active_children() == []  # no worker left behind
    assert dumps(first) == dumps(game_record(rules, 3, 0))
    with pytest.raises(StopIteration):
        next(games)
