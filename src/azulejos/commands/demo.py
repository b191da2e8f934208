"""azulejos demo: a game between random players, printed move by move, in any of the four
languages (the same sentences as the plain line mode, ``play.words``)."""

from __future__ import annotations

import argparse
import random

from azulejos.i18n import LANGUAGES, N_

from ._common import add_game_options, non_negative_int, ruleset_from_args
from ._text import _

HELP = N_("watch a game between random players, move by move")


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_options(p)
    p.add_argument("--seed", metavar=_("SEED"), type=non_negative_int, default=None, help=_("seed for the tile draws"))
    p.add_argument("--colour", action="store_true", help=_("ANSI colours as well as letters"))
    p.add_argument("--boards", choices=("round", "move", "end"), default="round",
                   help=_("when to print the full table (default: at each round)"))
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("language (default: from the environment's locale, else English)"))


def run(args: argparse.Namespace) -> int:
    from azulejos.core import Fill, State
    from azulejos.i18n import resolve_language
    from azulejos.play import preview, result
    from azulejos.play.words import (
        Words,
        fill_sentences,
        move_sentence,
        result_sentence,
        score_line,
        tiling_sentence,
    )
    from azulejos.render.text import render_state

    seed = args.seed if args.seed is not None else random.randrange(10**6)
    rng = random.Random(seed)
    rules = ruleset_from_args(args)
    w = Words(resolve_language(args.lang), "classic", theme_letters=False)
    _ = w.gettext
    st = State.new(rules)
    names = [_("Player {n}").format(n=p + 1) for p in range(rules.players)]

    def board() -> str:
        return render_state(st, names, args.colour, tr=w.tr)

    print(_("azulejos demo: random players, seed {seed}").format(seed=seed))
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
            fill = st.history[-1]
            print()
            print("=== " + w.phrase("filled").format(round=st.round))
            if isinstance(fill, Fill):  # R40, R41: the special displays and what they did
                for text in fill_sentences(w, fill):
                    print("    " + text)
            if args.boards == "round":
                print(board())
            continue
        seat = st.current_player
        move = rng.choice(st.legal_moves())
        sentence = move_sentence(w, names[seat], move, preview(st, move))
        st.push(move)
        print(f"{sentence} [{move.text()}]")
        if args.boards == "move":
            print(board())
        if st.is_chance or st.is_over:
            print(w.phrase("tiling").format(round=st.round - (0 if st.is_over else 1)))
            for ev in st.tiling_log:
                print("  " + tiling_sentence(w, names, ev))
    print()
    print(board())
    print(_("Game over. Final scores:"))
    for p, score in enumerate(st.scores):
        print("  " + score_line(w, names[p], score))
    print(result_sentence(w, names, result(st)))
    return 0
