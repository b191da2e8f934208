"""The engine protocol's start-up and time use, measured as a runner sees them.

    python benchmarks/engine_protocol.py [--bots random,greedy,expert] [--repeats 3]
    python benchmarks/engine_protocol.py --budget [--movetimes 250,1000] [--bots ...]

Warm start (default): for each bot, a fresh ``python -m azulejos engine --bot BOT`` process is
started ``--repeats`` times; the figures are the medians of the time from starting the process
to ``readyok`` (interpreter start, imports, the greeting, ``isready``), of the time from
sending ``isready`` to ``readyok``, and of the time from the start until the bot's kernels are
in (``expert`` answers ``readyok`` before that and searches in pure Python until then). "Warm" means numba's disk cache already holds the kernels:
one unmeasured process of a bot that uses them runs first.

Budget use (``--budget``): one engine process per bot answers ``go movetime MS`` on a few
positions (2-player opening, a 2-player position mid-round, 4-player opening); the figures are
the time from writing ``go`` to reading ``bestmove``, as a share of MS, and the search
iterations the engine reports in its ``info`` line (``mcts`` based bots).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from _engine import send, start, stop, until

from azulejos.agents.protocol import position_line
from azulejos.core import State


def warm_start(bot: str) -> tuple[float, float, float]:
    """(seconds from process start to ``readyok``, seconds from ``isready`` to ``readyok``,
    seconds from process start until the bot's kernels are in: a second ``isready`` after
    ``setoption kernels wait``; the same as the first for bots that always wait)."""
    t0 = time.perf_counter()
    p = start(bot, 1)
    try:
        send(p, "azulejos 1")
        until(p, "azulejosok")
        t1 = time.perf_counter()
        send(p, "isready")
        until(p, "readyok")
        t2 = time.perf_counter()
        send(p, "setoption kernels wait")
        send(p, "isready")
        until(p, "readyok")
        t3 = time.perf_counter()
    finally:
        stop(p, timeout=5)
    return t2 - t0, t2 - t1, t3 - t0


def positions() -> list[tuple[str, State]]:
    rng = random.Random(7)
    out = []
    opening = State.new(2)
    opening.deal(rng)
    out.append(("2p opening", opening))
    mid = opening.copy()
    for _ in range(4):
        moves = mid.legal_moves()
        mid.push(moves[rng.randrange(len(moves))])
    out.append(("2p mid-round", mid))
    four = State.new(4)
    four.deal(rng)
    out.append(("4p opening", four))
    return out


def budget_use(bot: str, movetimes: list[float]) -> list[tuple[str, float, float, str]]:
    """(position, movetime ms, seconds from ``go`` to ``bestmove``, iterations or '')."""
    p = start(bot, 1)
    rows = []
    try:
        send(p, "azulejos 1")
        send(p, "isready")
        until(p, "readyok")
        for ms in movetimes:
            for name, st in positions():
                send(p, position_line(st))
                t0 = time.perf_counter()
                send(p, f"go movetime {ms:g}")
                _, info = until(p, "bestmove")
                used = time.perf_counter() - t0
                its = ""
                for line in info:
                    words = line.split()
                    if "iterations" in words:
                        its = words[words.index("iterations") + 1]
                rows.append((name, ms, used, its))
    finally:
        stop(p, timeout=5)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default=None, help="comma-separated bot specs")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--budget", action="store_true", help="measure time use of go movetime")
    ap.add_argument("--movetimes", default="250,1000", help="milliseconds, comma-separated")
    args = ap.parse_args()
    if args.budget:
        bots = (args.bots or "random,greedy,hard,expert,mcts,flatmc").split(",")
        movetimes = [float(x) for x in args.movetimes.split(",")]
        print("| bot | movetime | position | go to bestmove | share used | iterations |")
        print("|---|---|---|---|---|---|")
        for bot in bots:
            for name, ms, used, its in budget_use(bot, movetimes):
                print(f"| `{bot}` | {ms:g} ms | {name} | {used * 1000:.0f} ms "
                      f"| {used * 1000 / ms:.0%} | {its or '-'} |")
        return 0
    bots = (args.bots or "random,greedy,expert,flatmc").split(",")
    if "flatmc" in bots:
        warm_start("flatmc")  # fill numba's disk cache if it is cold; not measured
    print(f"| bot | process start to readyok | isready to readyok | start to kernels in "
          f"| (median of {args.repeats}) |")
    print("|---|---|---|---|---|")
    for bot in bots:
        runs = [warm_start(bot) for _ in range(args.repeats)]
        total = statistics.median(r[0] for r in runs)
        ready = statistics.median(r[1] for r in runs)
        full = statistics.median(r[2] for r in runs)
        print(f"| `{bot}` | {total:.3f} s | {ready:.3f} s | {full:.3f} s | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
