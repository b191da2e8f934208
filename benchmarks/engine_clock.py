"""Does ``azulejos engine --bot expert`` keep a per-game clock? (issue 30, item 4).

    python benchmarks/engine_clock.py [--bot expert] [--games 4] [--clock 60] [--increment 0]
                                      [--players 2] [--variant coloured] [--seed 0]

One engine process plays every seat of ``--games`` complete games; this script is the referee
and the clock: each seat has ``--clock`` seconds for the whole game (plus ``--increment`` after
each move), the script sends ``position ...`` and ``go timeleft MS increment MS`` with the time
left on the clock of the player to move, and takes off the time from writing ``go`` to reading
``bestmove`` (as a runner sees it). A seat whose clock passes zero loses on time. Prints, per
game, the moves, the scores, the longest move and every seat's time left at the end; then the
longest move of all, the least time left at the end and the losses on time. Exit status 1 if
any clock ran out or any answer was illegal.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from _engine import send, start, stop, until

from azulejos.agents.protocol import position_line
from azulejos.core import Ruleset, State
from azulejos.notation import parse_move


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--clock", type=float, default=60.0, help="seconds per player per game")
    ap.add_argument("--increment", type=float, default=0.0, help="seconds added per move")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variant", default="coloured")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    p = start(args.bot, args.seed)
    longest_all = 0.0
    ends: list[float] = []
    flagged = illegal = 0
    moves_all: list[float] = []
    t_start = time.perf_counter()
    try:
        send(p, "azulejos 1")
        until(p, "azulejosok")
        send(p, "setoption kernels wait")
        send(p, "isready")
        until(p, "readyok")
        for game in range(args.games):
            rng = random.Random(args.seed * 100_003 + game)
            st = State.new(Ruleset.of(args.players, args.variant))
            left = [args.clock] * args.players
            longest = 0.0
            n = 0
            send(p, "newgame")
            while not st.is_over:
                if not st.legal_actions():
                    st.deal(rng)
                    continue
                seat = st.current_player
                send(p, position_line(st))
                t0 = time.perf_counter()
                send(p, f"go timeleft {left[seat] * 1000:.1f} increment "
                         f"{args.increment * 1000:.1f}")
                answer, _ = until(p, "bestmove")
                used = time.perf_counter() - t0
                n += 1
                moves_all.append(used)
                longest = max(longest, used)
                left[seat] -= used
                if left[seat] < 0:
                    print(f"game {game + 1}: seat {seat} lost on time at move {n}")
                    flagged += 1
                    break
                left[seat] += args.increment
                try:
                    st.push(parse_move(answer.split()[1]))
                except Exception as e:  # noqa: BLE001 - an illegal or garbled answer is counted
                    print(f"game {game + 1} move {n}: illegal answer {answer!r} ({e})")
                    illegal += 1
                    break
            longest_all = max(longest_all, longest)
            ends.extend(left)
            print(f"game {game + 1}/{args.games}: {n} moves, rounds {st.round}, scores "
                  f"{st.scores}, longest move {longest:.2f} s, time left "
                  f"{', '.join(f'{x:.2f}' for x in left)} s", flush=True)
    finally:
        stop(p)
    print(f"\n{args.bot}, {args.clock:g} s per player per game + {args.increment:g} s a move, "
          f"{args.players} players {args.variant}: {args.games} games, {len(moves_all)} moves "
          f"in {time.perf_counter() - t_start:.0f} s")
    print(f"move time: median {statistics.median(moves_all):.3f} s, longest {longest_all:.2f} s;"
          f" time left at the end: least {min(ends):.2f} s, mean {statistics.mean(ends):.2f} s")
    print(f"losses on time: {flagged}; illegal answers: {illegal}")
    return 1 if flagged or illegal else 0


if __name__ == "__main__":
    sys.exit(main())
