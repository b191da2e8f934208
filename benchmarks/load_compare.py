"""Compare the game server between two source trees under load, alternating runs in one session.

    python benchmarks/load_compare.py OLD_SRC NEW_SRC [--rounds 3] [--games 50] [--seconds 20]
        [--db URL] [--servers 1]

Each round runs ``benchmarks/load_web.py`` (or ``load_cluster.py`` with ``--servers 2``) once on
each tree, in alternating order, with that tree as ``PYTHONPATH`` for both the server and the
load client; the table shows the median of each figure per tree and the ratio new/old (the
machine may be shared: alternating runs see the same background load). Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FIGURES = [("moves/s", ("moves_per_s",)), ("p50 ms", ("latency_ms", "p50")),
           ("p90 ms", ("latency_ms", "p90")), ("p99 ms", ("latency_ms", "p99")),
           ("max ms", ("latency_ms", "max")),
           ("server CPU ms/move", ("server_cpu_ms_per_move",)),
           ("client CPU ms/move", ("client_cpu_ms_per_move",))]


def one(src: str, args: argparse.Namespace) -> dict[str, Any]:
    script = "load_web.py" if args.servers == 1 else "load_cluster.py"
    cmd = [sys.executable, str(HERE / script), "--games", str(args.games),
           "--seconds", str(args.seconds), "--seed", str(args.seed)]
    if args.servers != 1:
        cmd += ["--servers", str(args.servers)]
    if args.db:
        cmd += ["--db", args.db]
    if args.no_compression:
        cmd.append("--no-compression")
    if args.ws_compression == "off":  # the old tree must know the switch too
        cmd += ["--ws-compression", "off"]
    env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
    for attempt in (1, 2):  # a run that fails (a busy machine) is said and run once more
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if done.returncode == 0 or attempt == 2:
            break
        print(f"a run failed ({src}), once more: {done.stderr[-600:]}", file=sys.stderr, flush=True)
    done.check_returncode()
    out = done.stdout
    return dict(json.loads(out[out.index("{"):]))


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
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--servers", type=int, default=1)
    p.add_argument("--db", help="database (default: a temporary SQLite file per run)")
    p.add_argument("--no-compression", action="store_true",
                   help="clients do not offer permessage-deflate")
    p.add_argument("--ws-compression", choices=("on", "off"), default="on",
                   help="the servers' --ws-compression (both trees must know it)")
    args = p.parse_args()
    runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
    for r in range(args.rounds):
        for which in (("old", "new") if r % 2 == 0 else ("new", "old")):
            res = one(getattr(args, which), args)
            runs[which].append(res)
            print(f"round {r + 1}: {which}: {res['moves']} moves, {res['moves_per_s']} moves/s, "
                  f"p99 {res['latency_ms']['p99']} ms, errors {res['errors']}",
                  file=sys.stderr, flush=True)
    print(f"{args.games} games, {args.servers} server(s), {args.db or 'SQLite'}"
          f"{', no compression' if args.no_compression else ''}"
          f"{', server compression off' if args.ws_compression == 'off' else ''}; {args.rounds} "
          f"alternating rounds (median); load average {os.getloadavg()[0]:.1f} at the end")
    print(f"{'figure':18} {'old':>10} {'new':>10} {'new/old':>8}")
    for label, path in FIGURES:
        if any(path[0] not in d for d in runs["old"] + runs["new"]):
            continue  # load_cluster.py does not measure it
        old = statistics.median(pick(d, path) for d in runs["old"])
        new = statistics.median(pick(d, path) for d in runs["new"])
        print(f"{label:18} {old:10,.2f} {new:10,.2f} {new / old:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
