"""azulejos learn: an interactive tutorial, puzzles from the walk-through checked by the engine."""

from __future__ import annotations

import argparse

from azulejos.i18n import LANGUAGES, N_
from azulejos.render.themes import THEMES

from ._text import _

HELP = N_("learn the game with small puzzles (answers in move notation, one per line)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("language (default: from the environment's locale, else English)"))
    p.add_argument("--colour", action="store_true", help=_("ANSI colours as well as letters"))
    p.add_argument("--special-factories", action="store_true",
                   help=_("puzzles on the Master Chocolatier special factory displays (R40–R47)"))
    p.add_argument("--theme", choices=tuple(THEMES), default="classic",
                   help=_("the words of the puzzles, their hints and refusals: the tiles' "
                          "(classic, the default) or the Master Chocolatier's candies and "
                          "showcases"))


def run(args: argparse.Namespace) -> int:
    import sys

    from azulejos.guide.puzzles import PUZZLES, SPECIAL_PUZZLES
    from azulejos.guide.tutorial import run_tutorial
    from azulejos.i18n import resolve_language

    puzzles = SPECIAL_PUZZLES if args.special_factories else PUZZLES
    from .rules import terminal_width

    width = terminal_width() if sys.stdout.isatty() else None  # a pipe gets whole lines
    run_tutorial(sys.stdin, sys.stdout, resolve_language(args.lang), colour=args.colour,
                 puzzles=puzzles, width=width, theme=args.theme)
    return 0
