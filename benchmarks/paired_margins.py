"""Strength against one fixed opponent at several budgets, compared deal by deal.

    python benchmarks/paired_margins.py BOT DIR DIR [DIR ...]

Each DIR holds the game records of one ``azulejos tournament --out DIR`` run of BOT against the
same opponent with the same ``--seed`` (so the same deals, each played twice with the seats
swapped), at a different ``--time``. For each deal the script takes BOT's mean final margin
over the opponent in its two games, and prints per run the mean margin and the wins; then, for
each run after the first, the mean change in margin from the run before it over the deals both
played, with its 95 % interval (Student's t over the deals). Comparing deal by deal removes
most of the luck of the deals, so it shows a change in strength with fewer games than the win
rates do (docs/strength.md, "Does strength grow with time?").
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import statistics
import sys
from pathlib import Path

#: Student's t, two-sided 95 %, by degrees of freedom (beyond 30: the normal's 1.96 is close).
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120,
        17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064,
        25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042}


def deals(bot: str, folder: str) -> dict[int, list[tuple[float, float]]]:
    """Deal number -> [(BOT's margin over the best other player, its share of the win)] for
    the deals of ``folder`` played in both seatings."""
    out: dict[int, list[tuple[float, float]]] = {}
    for name in sorted(glob.glob(str(Path(folder) / "game-*.json"))):
        game = json.loads(Path(name).read_text())
        if bot not in game["bots"]:
            raise SystemExit(f"{name}: {bot!r} did not play (bots: {game['bots']})")
        me = game["bots"].index(bot)
        scores = game["final_scores"]
        margin = scores[me] - max(s for i, s in enumerate(scores) if i != me)
        win = 1 / len(game["winners"]) if me in game["winners"] else 0.0
        out.setdefault(int(game["deal"]), []).append((margin, win))
    return {k: v for k, v in out.items() if len(v) == 2}


def interval(xs: list[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` and its 95 % interval."""
    mean = statistics.mean(xs)
    if len(xs) < 2:
        return mean, -math.inf, math.inf
    half = T975.get(len(xs) - 1, 1.96) * statistics.stdev(xs) / math.sqrt(len(xs))
    return mean, mean - half, mean + half


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bot", help="the bot spec whose strength is compared")
    ap.add_argument("folders", nargs="+", help="game records of each run, in budget order")
    args = ap.parse_args()
    runs = {f: deals(args.bot, f) for f in args.folders}
    print("| run | deals | games | bot's wins | mean margin (95 % CI) |")
    print("|---|---|---|---|---|")
    for f, d in runs.items():
        games = [g for pair in d.values() for g in pair]
        mean, lo, hi = interval([statistics.mean(m for m, _ in pair) for pair in d.values()])
        wins = sum(w for _, w in games)
        print(f"| {f} | {len(d)} | {len(games)} | {wins:g} | {mean:+.2f} ({lo:+.2f} to {hi:+.2f}) |")
    print()
    print("| from | to | deals | change in margin (95 % CI) |")
    print("|---|---|---|---|")
    for a, b in zip(args.folders, args.folders[1:]):
        common = sorted(set(runs[a]) & set(runs[b]))
        if not common:
            print(f"| {a} | {b} | 0 | - |")
            continue
        diffs = [statistics.mean(m for m, _ in runs[b][k]) - statistics.mean(m for m, _ in runs[a][k])
                 for k in common]
        mean, lo, hi = interval(diffs)
        print(f"| {a} | {b} | {len(common)} | {mean:+.2f} ({lo:+.2f} to {hi:+.2f}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
