"""Benchmark the engine paths (the same measurements as ``azulejos bench``).

    python benchmarks/bench_engine.py [--players N] [--variant V] [--seconds S] [--json]
    python benchmarks/bench_engine.py --all-players   # 2, 3 and 4 players, one table each
"""

from __future__ import annotations

import sys

from azulejos.commands import main

if __name__ == "__main__":
    argv = sys.argv[1:]
    if "--all-players" in argv:
        argv.remove("--all-players")
        rc = 0
        for n in ("2", "3", "4"):
            rc |= main(["bench", "--players", n, *argv])
            print()
        sys.exit(rc)
    sys.exit(main(["bench", *argv]))
