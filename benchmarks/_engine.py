"""Talking to an ``azulejos engine`` process from a benchmark, as a runner does: start it, send
a line, read up to the answer, quit it. Shared by ``engine_movetime.py``, ``engine_clock.py``
and ``engine_protocol.py`` (run as scripts, so ``benchmarks/`` is on the import path)."""

from __future__ import annotations

import os
import subprocess
import sys


def start(bot: str, seed: int) -> subprocess.Popen[str]:
    """A fresh ``python -m azulejos engine --bot BOT --seed SEED``, line-buffered pipes."""
    return subprocess.Popen(
        [sys.executable, "-m", "azulejos", "engine", "--bot", bot, "--seed", str(seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def send(p: subprocess.Popen[str], line: str) -> None:
    assert p.stdin is not None
    p.stdin.write(line + "\n")
    p.stdin.flush()


def until(p: subprocess.Popen[str], prefix: str) -> tuple[str, list[str]]:
    """The first line starting with ``prefix`` (stripped), and the lines before it."""
    assert p.stdout is not None
    seen: list[str] = []
    while True:
        line = p.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine exited before {prefix!r}; it said {seen[-5:]}")
        line = line.strip()
        if line.startswith(prefix):
            return line, seen
        seen.append(line)


def engine_ms(seen: list[str]) -> float | None:
    """The engine's own ``info time MS`` among ``seen`` (the last one), if it gave one."""
    for line in reversed(seen):
        if line.startswith("info time "):
            return float(line.split()[2])
    return None


def stop(p: subprocess.Popen[str], timeout: float = 10.0) -> None:
    """``quit``, then wait up to ``timeout`` seconds; kill the process if it does not end."""
    try:
        send(p, "quit")
        p.wait(timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        p.kill()
        p.wait()
