"""azulejos bench: the engine paths side by side (games/s, moves/s, per-operation costs)."""

from __future__ import annotations

import argparse
import json
import sys

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
    from azulejos.tools.progress import working

    rules = ruleset_from_args(args)
    note = _("Measuring the reference engine, then the accelerated path: a dozen measurements "
             "of {seconds} s each (the first run also compiles the kernels: a minute or "
             "two)…").format(seconds=f"{args.seconds:g}")
    try:
        with working(note):
            result = run_bench(rules, args.seconds)
    except KeyboardInterrupt:
        print(_("interrupted"), file=sys.stderr)
        print(_("Nothing was measured to the end, so no figure is printed."), file=sys.stderr)
        return 130
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0
