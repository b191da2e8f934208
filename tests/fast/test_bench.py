"""azulejos bench: the report's shape and honesty (speed itself is never asserted)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from azulejos.commands import main
from azulejos.core import Ruleset
from azulejos.fast import status
from azulejos.tools.bench import format_report, run_bench


def _check_paths(r: dict[str, Any]) -> None:
    assert set(r["paths"]) == {"reference", "accelerated"}
    for path in r["paths"].values():
        assert path["games_per_s"] > 0
        assert "method" in path
    ref = r["paths"]["reference"]
    assert ref["moves_per_s"] > 0 and ref["generic_loop"]["games_per_s"] > 0
    assert "random_playout" in ref["method"] and "push()" in ref["generic_loop"]["method"]
    m = r["machine"]
    assert m["python"] and m["platform"] and m["cpu"]


def test_bench_json_has_both_paths(K: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0.05", "--json", "--players", "3", "--variant", "grey"]) == 0
    r = json.loads(capsys.readouterr().out)
    _check_paths(r)
    acc = r["paths"]["accelerated"]
    assert acc["backend"] == "numba" and acc["moves_per_s"] > 0
    assert r["players"] == 3 and r["variant"] == "grey"
    assert acc["warmup"]["total_s"] is not None  # measured apart from the timings
    assert 80 < acc["moves_per_game"] < 200 and 80 < r["paths"]["reference"]["moves_per_game"] < 200
    for key in ("legal_moves_us", "copy_us", "push_pop_us"):
        assert acc[key] > 0 and r["paths"]["reference"][key] > 0


def test_bench_table_names_both_paths(K: Any) -> None:
    text = format_report(run_bench(Ruleset(2), 0.05))
    assert "reference" in text and "accelerated" in text
    assert "games/s" in text and "moves/s" in text and "warm-up" in text


def test_bench_without_numba_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(status, "_STATUS", status._Status(checked=True, ok=False, reason="numba is not installed (test)"))
    r = run_bench(Ruleset(2), 0.05)
    _check_paths(r)
    assert r["paths"]["accelerated"]["backend"] == "reference"
    assert "unavailable" in format_report(r)


def test_bench_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--seconds", "0"], ["--seconds", "x"], ["--players", "5"], ["--variant", "blue"]):
        with pytest.raises(SystemExit) as e:
            main(["bench", *argv])
        assert e.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_formerly_deadlocked_playout_now_ends_R35(games: Any) -> None:
    """A position no rule but R35 can end: the reference play-out returns, the bench's
    watchdog (kept as a safety net) never fires."""
    import random

    from azulejos.core.playout import random_playout
    from azulejos.tools.bench import run_for

    rng = random.Random(0)
    r = run_for(0.05, lambda: random_playout(games.deadlocked(), rng) and 1, watchdog=True, grace=0.5)
    assert r.stalled == 0 and r.calls >= 1
