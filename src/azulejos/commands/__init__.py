"""The ``azulejos`` command (layer L6). Each subcommand is a module of this package with
``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``, listed in :data:`COMMANDS`; heavy
imports stay inside ``run``, so importing them all is cheap.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType

from azulejos import __version__

from . import (
    bench,
    demo,
    engine,
    learn,
    play,
    replay,
    review,
    rules,
    selfplay,
    serve,
    show,
    tournament,
    train,
)

#: Every subcommand, in the order ``azulejos --help`` lists them (a test checks that each
#: module of this package is here).
COMMANDS: tuple[ModuleType, ...] = (
    play, serve, rules, learn, replay, review, show, selfplay, tournament, train, engine, bench,
    demo,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="azulejos",
        description="azulejos: the tile-drafting game Azul (rules-compatible), its engine and tools.",
    )
    parser.add_argument("--version", action="version", version=f"azulejos {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for mod in COMMANDS:
        name = mod.__name__.rsplit(".", 1)[1]
        p = sub.add_parser(name, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(p)
        p.set_defaults(handler=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
