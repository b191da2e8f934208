"""Does a longer search change its mind? How often the move a search picks with budget ``--b``
differs from the move it picks with budget ``--a``, against how often two searches with budget
``--a`` and different seeds differ (the search's own noise).

    python benchmarks/search_agreement.py --a 1 --b 4 --positions 40

The positions come from 2-player games (coloured wall) between two copies of ``--spec`` at a
small iteration cap: every ``--every``-th position where the player to move has a choice. On
each, three searches of ``--spec`` (``manage=0``, so each uses its whole budget): seed 1 at
``--a`` seconds, seed 2 at ``--a``, seed 1 at ``--b``. If the longer search disagrees with the
shorter one hardly more often than two short ones disagree with each other, its extra time
mostly re-ranks moves the search cannot tell apart: the evaluation, not the tree, limits it.
The CPU share of the process is printed, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from azulejos.agents import Budget, make_agent
from azulejos.core import State


def game_positions(spec: str, count: int, every: int, seed: int) -> list[State]:
    """``count`` positions with a choice, every ``every``-th of games between two bots."""
    out: list[State] = []
    game = 0
    while len(out) < count:
        rng = random.Random(seed + game)
        bots = [make_agent(f"{spec},iterations=2000", seed=seed + game + p) for p in range(2)]
        st = State.new(2)
        i = 0
        while not st.is_over and len(out) < count:
            if st.is_chance:
                st.deal(rng)
                continue
            if len(st.legal_actions()) > 1:
                if i % every == 0:
                    out.append(st.copy())
                i += 1
            st.push(bots[st.current_player].choose(st.copy()))
        game += 1
    return out


def _interval(k: int, n: int) -> str:
    """A 95 % Wilson interval of the share k / n, in per cent."""
    if n == 0:
        return "-"
    p, z = k / n, 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * (mid - half):.0f}-{100 * (mid + half):.0f} %"


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--spec", default="fastmcts:rounds=1,eval=net", help="the search")
    ap.add_argument("--a", type=float, default=1.0, help="the shorter budget (seconds)")
    ap.add_argument("--b", type=float, default=4.0, help="the longer budget (seconds)")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--every", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    positions = game_positions(args.spec, args.positions, args.every, args.seed)
    searches = [(1, args.a), (2, args.a), (1, args.b)]
    bots = {s: make_agent(f"{args.spec},manage=0", seed=s) for s in (1, 2)}
    for bot in bots.values():
        bot.prepare()  # type: ignore[attr-defined]
    wall0 = time.perf_counter()
    cpu0 = time.process_time()
    same_seed_noise = short_long = other_long = 0
    for st in positions:
        moves = []
        for seed, seconds in searches:
            bot = make_agent(f"{args.spec},manage=0", seed=seed)
            moves.append(bot.choose(st.copy(), Budget(seconds=seconds)).id)
        same_seed_noise += moves[0] != moves[1]
        short_long += moves[0] != moves[2]
        other_long += moves[1] != moves[2]
    n = len(positions)
    share = (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    print(f"{args.spec}, {n} positions, CPU share {share:.0%}")
    print("| pair of searches | positions where the moves differ | share (95 % CI) |")
    print("|---|---|---|")
    for label, k in ((f"{args.a} s seed 1 vs {args.a} s seed 2", same_seed_noise),
                     (f"{args.a} s seed 1 vs {args.b} s seed 1", short_long),
                     (f"{args.a} s seed 2 vs {args.b} s seed 1", other_long)):
        print(f"| {label} | {k} of {n} | {100 * k / n:.0f} % ({_interval(k, n)}) |")


if __name__ == "__main__":
    main()
