"""Cost per node of the value network: iterations per second of ``fastmcts`` with the hand-set
evaluation and with the network (``eval=net``) on the same positions, in one run.

    python benchmarks/value_net.py --seconds 0.25

For the first move of a game with 2, 3 and 4 players on both walls and a position in the
middle of its first round, each evaluation searches for ``--seconds`` (``manage=0``, so it uses
the whole budget); the table gives iterations per CPU second of the process (so that other
jobs on the machine disturb it less), the ratio and the time the network adds per iteration. Bot specs may be changed with ``--a`` and ``--b``. The CPU share of the
process is printed, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

from azulejos import fast
from azulejos.agents import Budget, make_agent
from azulejos.core import State
from azulejos.fast import nn, search

sys.path.insert(0, str(Path(__file__).parent))
from fast_search import positions  # noqa: E402  (the same positions as the search benchmark)


@njit(cache=False)
def _eval_loop(states: np.ndarray, players: int, grey: bool, net: np.ndarray, times: int,
               kind: int) -> float:
    out = np.empty(players, dtype=np.float64)
    pts = np.empty(25, dtype=np.int64)
    xs = np.zeros(int(net[0]), dtype=np.float64)
    h1 = np.zeros(int(net[1]), dtype=np.float64)
    h2 = np.zeros(int(net[2]), dtype=np.float64)
    acc = 0.0
    for _ in range(times):
        for i in range(states.shape[0]):
            s = states[i]
            if kind == 0:
                search.evaluate(s, players, grey, out, pts)
            else:
                nn.values(s, players, grey, net, out, xs, h1, h2)
            acc += out[0]
    return acc


def leaf_costs(net: np.ndarray, rounds: int = 200) -> None:
    """CPU microseconds per leaf evaluation (all players) at ends of rounds of random games:
    the heuristic and the network, as the search calls them."""
    print("| players | heuristic us/leaf | network us/leaf |")
    print("|---|---|---|")
    for players in (2, 3, 4):
        rng = random.Random(players)
        kept = []
        for _ in range(10):
            st = State.new(players)
            while not st.is_over:
                if st.is_chance:
                    kept.append(list(st.raw))
                    st.deal(rng)
                    continue
                acts = st.legal_actions()
                st.push(acts[rng.randrange(len(acts))])
        states = np.array(kept, dtype=np.int64)
        row = []
        for kind in (0, 1):
            _eval_loop(states[:1], players, False, net, 1, kind)
            t = time.process_time()
            _eval_loop(states, players, False, net, rounds, kind)
            row.append(1e6 * (time.process_time() - t) / (rounds * states.shape[0]))
        print(f"| {players} | {row[0]:.2f} | {row[1]:.2f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--seconds", type=float, default=0.25)
    ap.add_argument("--a", default="fastmcts:manage=0", help="first bot (default: hand-set)")
    ap.add_argument("--b", default="fastmcts:manage=0,eval=net", help="second bot")
    ap.add_argument("--leaves-only", action="store_true", help="only the per-leaf CPU cost")
    args = ap.parse_args()
    print(f"backend: {fast.backend()}")
    leaf_costs(nn.load())
    if args.leaves_only:
        return
    bots = [make_agent(args.a, seed=1), make_agent(args.b, seed=1)]
    for bot in bots:
        bot.prepare()  # type: ignore[attr-defined]
    wall0 = time.perf_counter()
    cpu0 = time.process_time()
    print(f"| position | {args.a} it/CPU-s | {args.b} it/CPU-s | ratio | added us/iteration |")
    print("|---|---|---|---|---|")
    ratios = []
    for name, st in positions():
        rates = []
        for bot in bots:
            cpu = time.process_time()
            bot.choose(st.copy(), Budget(seconds=args.seconds))
            cpu = time.process_time() - cpu  # CPU time: a loaded machine slows both alike
            rates.append(bot.last_iterations / cpu)  # type: ignore[attr-defined]
        ratios.append(rates[1] / rates[0])
        added = 1e6 / rates[1] - 1e6 / rates[0]
        print(f"| {name} | {rates[0]:,.0f} | {rates[1]:,.0f} | {rates[1] / rates[0]:.2f} "
              f"| {added:+.1f} |")
    share = (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    print(f"median ratio {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f}); "
          f"CPU share {share:.0%}")


if __name__ == "__main__":
    main()
