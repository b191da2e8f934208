"""Does ``azulejos engine --bot expert`` answer within its movetime on every move of a series of
games? (issue 15, "Done when").

    python benchmarks/engine_movetime.py [--bot expert] [--games 20] [--movetime 1000]
                                         [--players 2] [--variant coloured] [--seed 0]
                                         [--moves N]

One engine process (started once, ``isready`` answered before the first game, as a runner
does) plays every seat of ``--games`` complete games; this script is the referee: it deals the
fills, sends the whole game so far (``position ...``) and ``go movetime MS`` for every move, and
plays the answer. An answer's time runs from writing the ``go`` line to reading ``bestmove``,
as a runner sees it (pipe transfer included). Prints the number of moves, the maximum and a few
percentiles of the answer time, the moves over MS (late answers) and the slowest moves; exit
status 1 if any move was late or illegal. ``--moves N`` stops after N moves in all (a short
look at long movetimes: the share of MS used).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from _engine import engine_ms, send, start, stop, until

from azulejos.agents.protocol import position_line
from azulejos.core import Ruleset, State
from azulejos.notation import parse_move


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=float, default=1000.0, help="milliseconds per move")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variant", default="coloured")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--moves", type=int, default=0, help="stop after this many moves (0: none)")
    args = ap.parse_args()
    p = start(args.bot, args.seed)
    times: list[tuple[float, int, int, str, float]] = []  # (s, game, move no., move, engine's ms)
    illegal = 0
    t_start = time.perf_counter()
    try:
        send(p, "azulejos 1")
        until(p, "azulejosok")
        t0 = time.perf_counter()
        send(p, "isready")
        until(p, "readyok")
        print(f"isready to readyok: {time.perf_counter() - t0:.3f} s", flush=True)
        for game in range(args.games):
            rng = random.Random(args.seed * 100_003 + game)
            st = State.new(Ruleset.of(args.players, args.variant))
            send(p, "newgame")
            n = 0
            while not st.is_over and not (args.moves and len(times) >= args.moves):
                if not st.legal_actions():
                    st.deal(rng)
                    continue
                send(p, position_line(st))
                t0 = time.perf_counter()
                send(p, f"go movetime {args.movetime:g}")
                answer, seen = until(p, "bestmove")
                own = engine_ms(seen)
                used = time.perf_counter() - t0
                n += 1
                text = answer.split()[1]
                try:
                    st.push(parse_move(text))
                except Exception as e:  # noqa: BLE001 - an illegal or garbled answer is counted
                    print(f"game {game + 1} move {n}: illegal answer {answer!r} ({e})")
                    illegal += 1
                    break
                times.append((used, game + 1, n, text, own if own is not None else float("nan")))
            print(f"game {game + 1}/{args.games}: {n} moves, scores {st.scores}, "
                  f"slowest {max(x[0] for x in times if x[1] == game + 1) * 1000:.1f} ms",
                  flush=True)
    finally:
        stop(p)
    ms = [x[0] * 1000 for x in times]
    late = [x for x in times if x[0] * 1000 > args.movetime]
    q = statistics.quantiles(ms, n=1000, method="inclusive") if len(ms) > 1 else ms * 999
    print(f"\n{args.bot}, go movetime {args.movetime:g}, {args.players} players {args.variant}: "
          f"{args.games} games, {len(ms)} moves in {time.perf_counter() - t_start:.0f} s")
    print(f"answer time: median {statistics.median(ms):.1f} ms, p99 {q[989]:.1f} ms, "
          f"p99.9 {q[998]:.1f} ms, max {max(ms):.1f} ms ({max(ms) / args.movetime:.1%} of movetime)")
    print(f"late answers (over {args.movetime:g} ms): {len(late)}; illegal answers: {illegal}")
    print(f"share of movetime used: median {statistics.median(ms) / args.movetime:.1%}, least "
          f"{min(ms) / args.movetime:.1%}")
    print("slowest answers (the engine's own 'info time' in brackets: the rest is the pipe and"
          " the scheduler):")
    for t, g, n, text, own_ms in sorted(times, reverse=True)[:5]:
        print(f"  {t * 1000:.1f} ms ({own_ms:.1f})  game {g} move {n} {text}")
    return 1 if late or illegal else 0


if __name__ == "__main__":
    sys.exit(main())
