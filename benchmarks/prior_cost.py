"""What the learned move prior (``fastmcts:prior=net``) costs per iteration of the compiled
search: iterations per second with the hand-set and the learned prior on the same positions
(those of ``fast_search.py``), in alternating rounds so that both see the same machine load.

    python benchmarks/prior_cost.py [--seconds 0.5] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from azulejos.agents import Budget, make_agent

sys.path.insert(0, str(Path(__file__).parent))
from fast_search import positions  # noqa: E402  (the same positions as the search benchmark)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=0.5)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    bots = {
        "hand": make_agent("fastmcts:eval=net,rounds=1,manage=0", 1),
        "learned": make_agent("fastmcts:eval=net,rounds=1,manage=0,prior=net", 1),
    }
    for bot in bots.values():
        bot.prepare()  # type: ignore[attr-defined]
    rates: dict[str, dict[str, list[float]]] = {k: {} for k in bots}
    for _ in range(args.rounds):
        for name, st in positions():
            for key, bot in bots.items():
                t0 = time.perf_counter()
                bot.choose(st.copy(), Budget(seconds=args.seconds))
                its = bot.last_iterations  # type: ignore[attr-defined]
                rates[key].setdefault(name, []).append(its / (time.perf_counter() - t0))
    print(f"{'position':<22} {'hand it/s':>10} {'learned it/s':>13} {'ratio':>6}")
    ratios = []
    for name in rates["hand"]:
        h = statistics.median(rates["hand"][name])
        ln = statistics.median(rates["learned"][name])
        ratios.append(ln / h)
        print(f"{name:<22} {h:>10.0f} {ln:>13.0f} {ln / h:>6.2f}")
    print(f"median ratio learned / hand: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
