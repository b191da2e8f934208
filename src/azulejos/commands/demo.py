"""azulejos demo: a game between random players, printed move by move, in any of the four
languages (the same sentences as the plain line mode, ``play.words``). The game is hosted and
dealt as ``azulejos play`` hosts and deals one (``play.host``, ``play.seeding``)."""

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
    from azulejos.core import Fill
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
    from azulejos.tools.selfplay import random_host

    seed = args.seed if args.seed is not None else random.randrange(10**6)
    rules = ruleset_from_args(args)
    w = Words(resolve_language(args.lang), "classic", theme_letters=False)
    _ = w.gettext
    # random bots on a host, dealt by the session's seeding: --seed 5 deals as play --seed 5
    host = random_host(rules, seed)
    st = host.state
    names = [_("Player {n}").format(n=p + 1) for p in range(rules.players)]

    def board() -> str:
        return render_state(host.state, names, args.colour, tr=w.tr)

    def filled() -> None:
        fill = host.state.history[-1]
        print()
        print("=== " + w.phrase("filled").format(round=host.state.round))
        if isinstance(fill, Fill):  # R40, R41: the special displays and what they did
            for text in fill_sentences(w, fill):
                print("    " + text)
        if args.boards == "round":
            print(board())

    print(_("azulejos demo: random players, seed {seed}").format(seed=seed))
    filled()
    while not host.is_over:
        st = host.state
        seat = st.current_player
        version, move = host.choose_bot_move()
        sentence = move_sentence(w, names[seat], move, preview(st, move))
        step = host.play_bot_move(version, move)
        assert step is not None  # nothing else changes the game meanwhile
        print(f"{sentence} [{move.text()}]")
        if args.boards == "move":
            print(board())
        if step.tiling is not None:
            print(w.phrase("tiling").format(round=step.tiling.round))
            for ev in step.tiling.events:
                print("  " + tiling_sentence(w, names, ev))
            if not host.is_over:
                filled()
    st = host.state
    print()
    print(board())
    print(_("Game over. Final scores:"))
    for p, score in enumerate(st.scores):
        print("  " + score_line(w, names[p], score))
    print(result_sentence(w, names, result(st)))
    return 0
