"""A tiny run of the training example (examples/train_masked_policy.py), to keep it working."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (the 'train' extra)")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_masked_policy.py"


@pytest.mark.slow
def test_training_example_runs_and_reports_figures() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--minutes", "0.02", "--eval-games", "3", "--envs", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    rows = re.findall(
        r"^\s+(random moves \(baseline\)|trained policy)\s+win\s+([\d.]+)%", run.stdout, re.M
    )
    assert [r[0] for r in rows] == ["random moves (baseline)", "trained policy"]
    assert all(0.0 <= float(r[1]) <= 100.0 for r in rows)
