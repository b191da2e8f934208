"""The kernels' disk cache under several processes at once (``fast/status.py``): the cache check
and every warm-up run under an exclusive lock, so processes that start together with a cold or
stale cache never delete what another one is writing; and a tournament game loads its bots'
kernels before any clock runs (issue 15: a compile inside an ``expert`` move took 53.6 s)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from azulejos.fast import status

SRC = str(Path(__file__).resolve().parents[2] / "src")

#: One worker: under the lock, log its entry, check the stamp (dropping stale files), then act
#: as a compile that writes this package's cache files one by one, and log its exit.
_WORKER = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from azulejos.fast.status import cache_lock, refresh_folder

    folder, digest, me = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    log = folder / "log.txt"
    with cache_lock(folder):
        with open(log, "a") as f:
            f.write(f"enter {me}\\n")
        dropped = refresh_folder(folder, digest)
        if dropped or not (folder / "search.run-1.py312.nbi").exists():
            for name in ("search.run-1.py312.nbi", "search.run-1.py312.1.nbc"):
                (folder / name).write_text(me)
                time.sleep(0.02)
        with open(log, "a") as f:
            f.write(f"exit {me}\\n")
    """
)


def test_concurrent_cold_starts_compile_once_and_keep_the_cache(tmp_path: Path) -> None:
    pytest.importorskip("fcntl")
    (tmp_path / "search.run-1.py312.nbi").write_text("stale")  # left by older sources
    (tmp_path / "azulejos-kernels.sha256").write_text("old\n")
    (tmp_path / "other.f-1.py312.nbi").write_text("not ours")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(tmp_path), "new", str(i)],
            env={**os.environ, "PYTHONPATH": SRC},
        )
        for i in range(4)
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    log = (tmp_path / "log.txt").read_text().split("\n")[:-1]
    # the critical sections never overlap: enter i, exit i, enter j, exit j, ...
    assert len(log) == 8
    for k in range(0, 8, 2):
        assert log[k].startswith("enter ") and log[k + 1] == "exit " + log[k].split()[1]
    first = log[0].split()[1]
    # the first process dropped the stale file and wrote the cache; nobody dropped it again
    assert (tmp_path / "search.run-1.py312.nbi").read_text() == first
    assert (tmp_path / "search.run-1.py312.1.nbc").read_text() == first
    assert (tmp_path / "azulejos-kernels.sha256").read_text().strip() == "new"
    assert (tmp_path / "other.f-1.py312.nbi").read_text() == "not ours"  # not a kernel module
    assert not list(tmp_path.glob("azulejos-kernels.sha256.*"))  # no temporary stamp left


def test_refresh_keeps_a_cache_whose_stamp_matches(tmp_path: Path) -> None:
    (tmp_path / "azulejos-kernels.sha256").write_text("same\n")
    (tmp_path / "search.run-1.py312.nbi").write_text("fresh")
    assert status.refresh_folder(tmp_path, "same") is False
    assert (tmp_path / "search.run-1.py312.nbi").read_text() == "fresh"
    assert status.refresh_folder(tmp_path, "other") is True
    assert not (tmp_path / "search.run-1.py312.nbi").exists()


def test_cache_lock_without_a_folder_does_not_lock() -> None:
    with status.cache_lock(None), status.cache_lock(None):
        pass  # nested: would dead-lock if it locked anything


def test_tournament_game_prepares_every_bot_before_the_first_move(monkeypatch: pytest.MonkeyPatch) -> None:
    from azulejos.agents import engine
    from azulejos.agents.fastmcts import FastMCTSAgent
    from azulejos.core import Ruleset
    from azulejos.tools.tournament import play_game, schedule

    prepared: list[str] = []
    real_prepare = engine.prepare
    real_search = FastMCTSAgent.search

    def prepare(agent: object) -> None:
        prepared.append(type(agent).__name__)
        real_prepare(agent)

    def search(self: FastMCTSAgent, *args: object, **kw: object) -> object:
        assert "FastMCTSAgent" in prepared, "a move was searched before the kernels were loaded"
        return real_search(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "prepare", prepare)
    monkeypatch.setattr(FastMCTSAgent, "search", search)
    job = schedule(["fastmcts:iterations=4", "random"], Ruleset(2), games=1, seed=3)[0]
    result = play_game(job)
    assert result.forfeit is None and len(result.scores) == 2
    assert sorted(prepared) == ["FastMCTSAgent", "RandomAgent"]
