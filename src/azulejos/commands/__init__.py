"""The ``azulejos`` command (layer L6). Each subcommand is a module of this package with
``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``; heavy imports stay inside ``run``.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from azulejos import __version__


def _commands() -> list[str]:
    return sorted(
        m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="azulejos",
        description="azulejos: the tile-drafting game Azul (rules-compatible), its engine and tools.",
    )
    parser.add_argument("--version", action="version", version=f"azulejos {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _commands():
        mod = importlib.import_module(f"{__name__}.{name}")
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
