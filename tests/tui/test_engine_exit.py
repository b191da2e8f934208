"""Leaving the game while the kernels compile (issue 31): the compile runs in a child process
that only fills numba's disk cache, and every exit path kills it and joins the loading thread,
so no thread is inside LLVM when Python ends (play/warmup.py). Each test uses a fresh, empty
cache (a temporary NUMBA_CACHE_DIR), as on a fresh install."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("numba")

#: A game's process in small: start the loading, say when the child compiles, then leave as told
#: (argv[1]: "exit" at once, "eof" at the end of its input, "sigint" on Ctrl-C; "loaded": once
#: the child has filled the cache, leave while the thread loads from it).
SCRIPT = """\
import sys
from azulejos.agents.hint import prepare_kernels
from azulejos.play import Seat
from azulejos.play.warmup import EngineWarmup

how = sys.argv[1]
try:
    warmup = EngineWarmup(prepare_kernels)
    warmup.start([Seat("Ana")])
    while warmup.child is None and warmup.loading():
        warmup.thread.join(0.02)
    assert warmup.child is not None, "no child process"
    print("compiling", warmup.child.pid, flush=True)
    if how == "loaded":
        warmup.child.wait()
        print("loading", warmup.child.returncode, flush=True)
        sys.exit(5)
    if how == "exit":
        sys.exit(3)
    sys.stdin.read()
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
sys.exit(4)
"""


def start(tmp_path: Path, how: str) -> tuple[subprocess.Popen[str], int]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT, how], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()  # waits for the child to start compiling, no blind sleep
    assert line.startswith("compiling"), (line, proc.stderr.read() if proc.stderr else "")
    return proc, int(line.split()[1])


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # a zombie of the killed child is gone too (its parent has ended)
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] == "Z"


@pytest.mark.parametrize(("how", "code"), [("exit", 3), ("eof", 4), ("sigint", 130)])
def test_leaving_while_the_kernels_compile_is_clean(tmp_path: Path, how: str, code: int) -> None:
    proc, child = start(tmp_path, how)
    t0 = time.monotonic()
    if how == "sigint":
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)  # closes its input: the end of input ("eof")
    assert proc.returncode == code, err
    assert time.monotonic() - t0 < 10  # the compile is dropped, not waited for
    assert "UNREACHABLE" not in err and "Traceback" not in err, err
    assert gone(child)


@pytest.mark.slow
def test_leaving_while_the_kernels_load_from_the_fresh_cache(tmp_path: Path) -> None:
    """The child compiles to the end (a minute or two); the process then leaves while its
    thread loads the kernels from the cache: the thread is joined, no LLVM abort."""
    proc, _child = start(tmp_path, "loaded")
    out, err = proc.communicate(timeout=600)
    assert "loading 0" in out, (out, err)
    assert proc.returncode == 5, err
    assert "UNREACHABLE" not in err and "Traceback" not in err, err
    assert any((tmp_path / "cache").rglob("*.nbi"))  # the child filled the cache
