"""Compare `azulejos bench` between two source trees, alternating runs in one session.

    python benchmarks/compare_trees.py OLD_SRC NEW_SRC [--rounds 3] [--seconds 2] [--players 2]
    python benchmarks/compare_trees.py OLD_SRC NEW_SRC --timeit [--rounds 3]

OLD_SRC and NEW_SRC are ``src`` folders (for example of a ``git worktree`` at the commit
before a change, and of this checkout). Each round runs ``python -m azulejos bench --json``
once on each tree, in alternating order, with that tree first on ``PYTHONPATH``; the table
shows the median of each figure per tree and the ratio new/old. With ``--timeit`` it times a
few single operations instead (best of 15 ``timeit`` repeats each, per round; 2 players): a copy,
push + pop, a reference random play-out and a one-call accelerated play-out. CPU-time figures
(``games_per_cpu_s``) are used where the bench reports them: they are less sensitive to other
jobs on a shared machine than wall-clock figures. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from typing import Any

FIGURES: list[tuple[str, tuple[str, ...], bool]] = [
    # (label, path in the JSON, higher is better)
    ("reference games/CPU-s", ("paths", "reference", "games_per_cpu_s"), True),
    ("generic loop games/CPU-s", ("paths", "reference", "generic_loop", "games_per_cpu_s"), True),
    ("legal-move listing µs", ("paths", "reference", "legal_moves_us"), False),
    ("copy µs", ("paths", "reference", "copy_us"), False),
    ("push + pop µs", ("paths", "reference", "push_pop_us"), False),
    ("accelerated games/CPU-s", ("paths", "accelerated", "games_per_cpu_s"), True),
    ("accelerated per-call games/CPU-s", ("paths", "accelerated", "per_call", "games_per_cpu_s"), True),
]


def bench(src: str, args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
    cmd = [sys.executable, "-m", "azulejos", "bench", "--json", "--seconds", str(args.seconds),
           "--players", str(args.players), "--variant", args.variant]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    return dict(json.loads(out))


MICRO = r"""
import json, random, timeit
from azulejos import fast
from azulejos.core import State
from azulejos.core.playout import random_playout
fast.warmup()
s = State.new(2); s.deal(random.Random(3)); a = s.legal_actions()[3]; r = random.Random(1)
def best(stmt, number):
    return min(timeit.repeat(stmt, globals=globals(), number=number, repeat=15)) / number * 1e6
print(json.dumps({
    "copy µs": best("s.copy()", 20000),
    "push + pop µs": best("s.push(a); s.pop()", 20000),
    "reference play-out µs": best("random_playout(State.new(2), r)", 20),
    "accelerated one-call play-out µs": best("fast.random_playout(State.new(2), r)", 500),
}))
"""


def micro(src: str) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
    out = subprocess.run([sys.executable, "-c", MICRO], env=env, capture_output=True, text=True,
                         check=True).stdout
    return dict(json.loads(out))


def pick(d: dict[str, Any], path: tuple[str, ...]) -> float:
    v: Any = d
    for k in path:
        v = v[k]
    return float(v)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--variant", default="coloured")
    p.add_argument("--timeit", action="store_true", help="time single operations instead")
    args = p.parse_args()
    if args.timeit:
        return compare_micro(args)
    runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
    for r in range(args.rounds):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for which in order:
            runs[which].append(bench(getattr(args, which), args))
            print(f"round {r + 1}: {which} done", file=sys.stderr, flush=True)
    load = os.getloadavg()[0]
    print(f"{args.players} players, {args.variant}; {args.rounds} alternating rounds of "
          f"{args.seconds:g} s per figure; load average {load:.1f} at the end")
    print(f"{'figure':36} {'old':>12} {'new':>12} {'new/old':>8}")
    for label, path, _higher in FIGURES:
        old = statistics.median(pick(d, path) for d in runs["old"])
        new = statistics.median(pick(d, path) for d in runs["new"])
        print(f"{label:36} {old:12,.2f} {new:12,.2f} {new / old:8.3f}")
    return 0


def compare_micro(args: argparse.Namespace) -> int:
    runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
    for r in range(args.rounds):
        for which in (("old", "new") if r % 2 == 0 else ("new", "old")):
            runs[which].append(micro(getattr(args, which)))
            print(f"round {r + 1}: {which} done", file=sys.stderr, flush=True)
    print(f"timeit, best of 15 repeats, {args.rounds} alternating rounds (median of the rounds); "
          f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"{'figure':36} {'old':>12} {'new':>12} {'new/old':>8}")
    for label in runs["old"][0]:
        old = statistics.median(d[label] for d in runs["old"])
        new = statistics.median(d[label] for d in runs["new"])
        print(f"{label:36} {old:12,.2f} {new:12,.2f} {new / old:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
