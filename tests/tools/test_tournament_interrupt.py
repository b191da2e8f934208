"""Ctrl-C stops a tournament of two processes within seconds (issue 31): the pending games are
cancelled, the finished records kept, and a partial summary says it is partial."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def test_ctrl_c_stops_a_two_process_tournament_and_keeps_the_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "t"
    env = dict(os.environ, AZULEJOS_LANG="en")
    proc = subprocess.Popen(
        [sys.executable, "-m", "azulejos", "tournament", "--bots", "greedy,mcts", "--games", "40",
         "--time", "0.05", "--jobs", "2", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True)  # its own process group: the signal reaches it as a terminal's does
    assert proc.stderr is not None
    line = proc.stderr.readline()  # the first finished game (no blind sleep)
    assert line.startswith("Playing games: ") and "/40" in line, line
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    took = time.monotonic() - t0
    assert proc.returncode == 130, stderr
    assert took < 5, took
    assert "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    assert "interrupted" in lines  # a line of its own
    kept = sorted(out.glob("game-*.json"))
    summary = json.loads((out / "summary.json").read_text())
    assert summary["partial"] is True and summary["games_scheduled"] == 40
    assert 1 <= summary["games"] == len(kept) < 40
    assert f"kept {len(kept)} finished game" in stderr
    assert stdout.startswith("partial results (interrupted):"), stdout
