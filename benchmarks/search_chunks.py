"""Where does the time of a late answer go? (issue 15, item 7). Times every chunk of the
compiled search, the tree's array growth and the garbage collector during ``expert``'s moves.

    python benchmarks/search_chunks.py [--games 20] [--seed 11] [--movetime 250] [--over-ms 245]

Plays ``--games`` 2-player games in which ``expert`` makes every move as the engine does
behind ``go movetime MS`` (the same search budget, in this process, without the pipe), and
prints each move that took longer than ``--over-ms``: its time, and every event of it that
took over 5 ms or came after a gap of over 5 ms (a chunk of search is ``run``, about 2 ms
long; ``grow``/``reserve`` are array copies; ``gc`` a collection). Run two at once to see what
two engines side by side meet (``benchmarks/cpu_stalls.py`` shows the same without search).
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any

from azulejos.agents import Budget, make_agent
from azulejos.agents import fastmcts as FM
from azulejos.agents.engine import search_seconds
from azulejos.core import State
from azulejos.fast import search as K

Event = tuple[str, float, float, Any]


def _instrument(events: list[Event]) -> None:
    """Record every kernel call, array growth and collection in ``events``."""
    run = K.run

    def timed_run(*a: Any) -> Any:
        t0 = time.perf_counter()
        got = run(*a)
        events.append(("run", t0, time.perf_counter(), got))
        return got

    K.run = timed_run
    for name in ("grow", "reserve"):
        method = getattr(FM.Tree, name)

        def timed(self: Any, *a: Any, _m: Any = method, _n: str = name) -> Any:
            t0 = time.perf_counter()
            out = _m(self, *a)
            events.append((_n, t0, time.perf_counter(), a))
            return out

        setattr(FM.Tree, name, timed)
    started: list[float] = [0.0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            events.append(("gc", started[0], time.perf_counter(), info["generation"]))

    gc.callbacks.append(on_gc)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--movetime", type=float, default=250.0, help="milliseconds")
    ap.add_argument("--over-ms", type=float, default=245.0)
    args = ap.parse_args()
    agent = make_agent("expert", args.seed)
    agent.prepare()  # type: ignore[attr-defined]
    events: list[Event] = []
    _instrument(events)
    moves = slow = 0
    worst = 0.0
    for g in range(args.games):
        rng = random.Random(args.seed * 1000 + g)
        st = State.new(2)
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
                continue
            events.clear()
            start = time.perf_counter()
            wait = search_seconds(args.movetime, time.perf_counter() - start)
            move = agent.choose(st.copy(), Budget(seconds=wait))
            end = time.perf_counter()
            used = (end - start) * 1000
            moves += 1
            worst = max(worst, used)
            if used > args.over_ms:
                slow += 1
                print(f"game {g + 1} move {moves}: {used:.1f} ms", flush=True)
                prev = start
                for kind, t0, t1, detail in events:
                    gap, dur = (t0 - prev) * 1000, (t1 - t0) * 1000
                    if dur > 5 or gap > 5 or kind != "run":
                        print(f"   {kind} at {(t0 - start) * 1000:.1f} ms: took {dur:.1f} ms "
                              f"after a gap of {gap:.1f} ms ({detail})")
                    prev = t1
                print(f"   then {(end - prev) * 1000:.1f} ms to the answer; "
                      f"{sum(1 for e in events if e[0] == 'run')} chunks", flush=True)
            st.push(move)
    print(f"{moves} moves, {slow} over {args.over_ms:g} ms, longest {worst:.1f} ms")


if __name__ == "__main__":
    main()
