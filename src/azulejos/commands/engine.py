"""azulejos engine: one of our bots behind the stdio protocol of docs/protocol.md."""

from __future__ import annotations

import argparse

from azulejos.i18n import N_

from ._common import non_negative_int
from ._text import _, current

HELP = N_("run a bot that speaks the external-bot protocol on stdin/stdout (docs/protocol.md)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bot", default="mcts", metavar=_("SPEC"), help=_("bot spec, e.g. mcts or hard (default mcts)"))
    p.add_argument("--seed", metavar=_("SEED"), type=non_negative_int, default=None, help=_("seed of the bot's generator"))


def run(args: argparse.Namespace) -> int:
    import sys

    from azulejos.agents.engine import serve
    from azulejos.agents.registry import BotSpecError
    from azulejos.fast.weights import WeightsFileError
    from azulejos.i18n import translation

    from ._bots import spec_error_text

    def on_bad_spec(error: ValueError) -> str:
        """Say why the spec makes no bot to the person (stderr, their language) and return the
        same sentence in English for the protocol's ``info error`` line."""
        if not isinstance(error, (BotSpecError, WeightsFileError)):  # (none is known)
            print(f"azulejos engine: {error}", file=sys.stderr)
            return str(error)
        print(f"azulejos engine: {spec_error_text(current(), error)}", file=sys.stderr)
        return spec_error_text(translation("en"), error)

    return serve(args.bot, args.seed, sys.stdin, sys.stdout, on_bad_spec)
