"""azulejos bench: the engine paths side by side (games/s, moves/s, per-operation costs)."""

from __future__ import annotations

import argparse
import json

from azulejos.i18n import N_

from ._common import add_game_options, ruleset_from_args
from ._text import _

HELP = N_("measure the reference engine and the accelerated path side by side")


def _seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = -1.0
    if not 0.05 <= x <= 600:
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds from 0.05 to 600").format(text=repr(text)))
    return x


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_options(p)
    p.add_argument(
        "--seconds", metavar=_("SECONDS"), type=_seconds, default=3.0, help=_("length of each main measurement (default 3)")
    )
    p.add_argument("--json", action="store_true", help=_("print one JSON object instead of a table"))


def run(args: argparse.Namespace) -> int:
    from azulejos.tools.bench import format_report, run_bench

    rules = ruleset_from_args(args)
    result = run_bench(rules, args.seconds)
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0
