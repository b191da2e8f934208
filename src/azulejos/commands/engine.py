"""azulejos engine: one of our bots behind the stdio protocol of docs/protocol.md."""

from __future__ import annotations

import argparse

from azulejos.i18n import N_

from ._common import whole_number
from ._text import _, current

HELP = N_("run a bot that speaks the external-bot protocol on stdin/stdout (docs/protocol.md)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bot", default="mcts", metavar=_("SPEC"), help=_("bot spec, e.g. mcts or hard (default mcts)"))
    p.add_argument("--seed", metavar=_("SEED"), type=whole_number, default=None, help=_("seed of the bot's generator"))


def run(args: argparse.Namespace) -> int:
    import sys

    from azulejos.agents.engine import serve
    from azulejos.agents.registry import BotSpecError, make_agent
    from azulejos.fast.weights import WeightsFileError

    from ._bots import spec_error_text

    code = serve(args.bot, args.seed, sys.stdin, sys.stdout)
    if code == 2:  # the protocol's "info error" went to stdout; the person reads stderr
        try:
            make_agent(args.bot, args.seed)
        except (BotSpecError, WeightsFileError) as e:  # a bad option, a bad weights file
            print(f"azulejos engine: {spec_error_text(current(), e)}", file=sys.stderr)
        except ValueError:
            pass
    return code
