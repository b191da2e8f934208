"""Compare `azulejos bench` between two source trees, alternating runs in one session.

    python benchmarks/compare_trees.py OLD_SRC NEW_SRC [--rounds 3] [--seconds 2] [--players 2]

OLD_SRC and NEW_SRC are ``src`` folders (for example of a ``git worktree`` at the commit
before a change, and of this checkout). Each round runs ``python -m azulejos bench --json``
once on each tree, in alternating order, with that tree first on ``PYTHONPATH``; the table
shows the median of each figure per tree and the ratio new/old. CPU-time figures
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
    args = p.parse_args()
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


if __name__ == "__main__":
    raise SystemExit(main())
