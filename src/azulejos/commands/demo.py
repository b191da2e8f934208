"""azulejos demo: a game between random players, printed move by move."""

from __future__ import annotations

import argparse
import random

from ._common import add_game_options, non_negative_int, ruleset_from_args

HELP = "watch a game between random players, move by move"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_options(p)
    p.add_argument("--seed", type=non_negative_int, default=None)
    p.add_argument("--colour", action="store_true", help="ANSI colours as well as letters")
    p.add_argument("--boards", choices=("round", "move", "end"), default="round",
                   help="when to print the full table (default: at each round)")


def run(args: argparse.Namespace) -> int:
    from azulejos.core import State
    from azulejos.core.colours import LETTERS
    from azulejos.core.events import Bonus, Discarded, Penalised, Placed
    from azulejos.render.text import render_state

    seed = args.seed if args.seed is not None else random.randrange(10**6)
    rng = random.Random(seed)
    rules = ruleset_from_args(args)
    st = State.new(rules)
    names = [f"Player {p + 1}" for p in range(rules.players)]
    print(f"azulejos demo: random players, {rules.text()}, seed {seed}")
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
            print(f"\n=== Round {st.round}: factories {' '.join(f or '-' for f in st.history[-1].texts())}")  # type: ignore[union-attr]
            if st.specials:  # R40: this round's special displays, 1-based as in the records
                print("    special displays: " + ", ".join(f"{f + 1} {k}" for f, k in sorted(st.specials.items())))
            if args.boards == "round":
                print(render_state(st, names, args.colour))
            continue
        seat = st.current_player
        move = rng.choice(st.legal_moves())
        st.push(move)
        print(f"{names[seat]}: {move.text()}")
        if args.boards == "move":
            print(render_state(st, names, args.colour))
        if st.is_chance or st.is_over:
            for ev in st.tiling_log:
                if isinstance(ev, Placed):
                    print(f"  {names[ev.seat]} tiles {LETTERS[ev.colour]} at row {ev.row + 1}, "
                          f"column {ev.column + 1}: +{ev.points}")
                elif isinstance(ev, Discarded):
                    print(f"  {names[ev.seat]}: line {ev.row + 1} has no free column, to the floor")
                elif isinstance(ev, Penalised):
                    print(f"  {names[ev.seat]}: floor -{ev.penalty}, score {ev.score}")
                elif isinstance(ev, Bonus):
                    print(f"  {names[ev.seat]}: bonuses {ev.rows} rows, {ev.columns} columns, "
                          f"{ev.colours} colours: +{ev.points}")
    print()
    print(render_state(st, names, args.colour))
    print("Final scores: " + ", ".join(f"{names[p]} {sc}" for p, sc in enumerate(st.scores)))
    return 0
