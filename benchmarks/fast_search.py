"""Iterations per second of the compiled search (``fastmcts``) against the pure-Python
``mcts`` on the same positions in one run, and how closely ``fastmcts`` keeps its time.

    python benchmarks/fast_search.py --seconds 0.25 --overshoot 40 [--special-factories]

For every position (the first move of a game with 2, 3 and 4 players on both walls, and a
position in the middle of a round) both bots search for ``--seconds`` (``fastmcts`` with
``manage=0``, so it uses the whole budget); the table gives iterations, iterations per second
and the ratio. Then ``--overshoot`` searches of ``fastmcts`` at 0.05 s and at ``--seconds``
measure the wall-clock time of ``search()`` against the budget (mean and maximum excess).
With ``--special-factories`` every game has the Master Chocolatier special displays (R40-R47).
The CPU share of the process is printed, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from azulejos import fast
from azulejos.agents import Budget
from azulejos.agents.fastmcts import FastMCTSAgent
from azulejos.agents.mcts import MCTSAgent
from azulejos.core import Ruleset, State


def positions(special_factories: bool = False) -> list[tuple[str, State]]:
    out: list[tuple[str, State]] = []
    for players in (2, 3, 4):
        for variant in ("coloured", "grey"):
            st = State.new(Ruleset(players, variant, special_factories=special_factories))
            st.deal(random.Random(players * 10 + len(variant)))
            out.append((f"{players}p {variant} opening", st.copy()))
            rng = random.Random(players)
            for _ in range(2 * players + 1):
                if st.is_chance or st.is_over:
                    break
                acts = st.legal_actions()
                st.push(acts[rng.randrange(len(acts))])
            if not st.is_chance and not st.is_over:
                out.append((f"{players}p {variant} mid-round", st.copy()))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=0.25)
    ap.add_argument("--overshoot", type=int, default=40, help="searches per budget")
    ap.add_argument("--special-factories", action="store_true",
                    help="games with the special factory displays (R40-R47)")
    args = ap.parse_args()
    print(f"backend: {fast.backend()}")
    FastMCTSAgent(0).prepare()
    wall0 = time.perf_counter()
    cpu0 = time.process_time()
    print("| position | mcts iterations | fastmcts iterations | mcts it/s | fastmcts it/s | ratio |")
    print("|---|---|---|---|---|---|")
    ratios = []
    for name, st in positions(args.special_factories):
        py = MCTSAgent(1)
        t = time.perf_counter()
        py.search(st.copy(), Budget(seconds=args.seconds))
        py_s = time.perf_counter() - t
        fa = FastMCTSAgent(1, manage=False)
        t = time.perf_counter()
        fa.search(st.copy(), Budget(seconds=args.seconds))
        fa_s = time.perf_counter() - t
        py_rate = py.last_iterations / py_s
        fa_rate = fa.last_iterations / fa_s
        ratios.append(fa_rate / py_rate)
        print(f"| {name} | {py.last_iterations:,} | {fa.last_iterations:,} | {py_rate:,.0f} | "
              f"{fa_rate:,.0f} | {fa_rate / py_rate:.1f}x |")
    print(f"median ratio {statistics.median(ratios):.1f}x")
    pos = [st for _, st in positions(args.special_factories)]
    for budget in (0.05, args.seconds):
        excess = []
        lost = []
        for i in range(args.overshoot):
            st = pos[i % len(pos)]
            fa = FastMCTSAgent(i, manage=False)
            t = time.perf_counter()
            c = time.thread_time()
            fa.search(st.copy(), Budget(seconds=budget))
            wall = time.perf_counter() - t
            excess.append((wall - budget) * 1000)
            lost.append((wall - (time.thread_time() - c)) * 1000)
        worst = max(range(len(excess)), key=lambda j: excess[j])
        print(f"budget {budget:g} s, {len(excess)} searches: wall-clock minus budget "
              f"mean {statistics.mean(excess):+.2f} ms, median {statistics.median(excess):+.2f} ms, "
              f"max {max(excess):+.2f} ms (of which {lost[worst]:.1f} ms waiting for the CPU), "
              f"min {min(excess):+.2f} ms")
    wall = time.perf_counter() - wall0
    print(f"CPU share of this process: {100 * (time.process_time() - cpu0) / wall:.0f} %")


if __name__ == "__main__":
    main()
