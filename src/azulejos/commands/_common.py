"""Helpers shared by subcommands."""

from __future__ import annotations

import argparse
import sys

from azulejos.core.errors import RulesetError
from azulejos.core.rules import VARIANTS
from azulejos.core.ruleset import MODULES, Ruleset
from azulejos.i18n import N_

from ._text import _


def players_arg(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n not in (2, 3, 4):
        raise argparse.ArgumentTypeError(_("players must be 2, 3 or 4"))
    return n


def positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 1:
        raise argparse.ArgumentTypeError(_("{text} is not a positive whole number").format(text=repr(text)))
    return n


def whole_number(text: str) -> int:
    """What ``int`` accepts, refused in the user's language (argparse would name the type)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(text=repr(text))) from None


def number(text: str) -> float:
    """What ``float`` accepts, refused in the user's language (argparse would name the type)."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a number").format(text=repr(text))) from None


def non_negative_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number >= 0").format(text=repr(text)))
    return n


def add_game_options(p: argparse.ArgumentParser, players: bool = True) -> None:
    """The options that make a :class:`Ruleset`: ``--players`` (unless the seats decide it),
    ``--variant`` and one flag per rules module (read them with :func:`ruleset_from_args`)."""
    if players:
        p.add_argument("--players", metavar=_("PLAYERS"), type=players_arg, default=2, help=_("2, 3 or 4 (default 2)"))
    p.add_argument(
        "--variant", choices=VARIANTS, default="coloured", help=_("wall side (default coloured)")
    )
    for m in MODULES:
        text = _("{summary}, {rules}") if m.available else _("{summary}, {rules} (not available yet)")
        p.add_argument(m.flag, dest=m.name, action="store_true",
                       help=text.format(summary=_(m.summary), rules=m.rules))


def ruleset_from_args(args: argparse.Namespace, players: int | None = None) -> Ruleset:
    """The ruleset the options name; a bad combination exits with status 2 and one line
    naming the field (like any other bad option)."""
    mods = {m.name: bool(getattr(args, m.name, False)) for m in MODULES}
    n = players if players is not None else getattr(args, "players", 2)
    try:
        return Ruleset(n, args.variant, **mods)
    except RulesetError as e:
        prog = getattr(args, "command", None) or "azulejos"
        print(f"azulejos {prog}: {ruleset_error_text(e, n)}", file=sys.stderr)
        raise SystemExit(2) from None


def ruleset_error_text(error: RulesetError, players: int) -> str:
    """Why a ruleset cannot be played, in the command line's language, by the field the error
    names (never its English text)."""
    if error.field == "players":
        return _("2, 3 or 4 players play (R8), not {n}").format(n=players)
    if error.field == "variant":
        return _("the wall side is coloured or grey")
    module = next((m for m in MODULES if m.name == error.field), None)
    if module is not None:
        return _("the {summary} ({rules}) are not available in this version").format(
            summary=_(module.summary), rules=module.rules)
    return _("these rules cannot be played together")


#: The rules modules' summaries (core.ruleset.MODULES), marked so that their option help is
#: translated; a test checks that every module's summary is here.
MODULE_SUMMARIES: tuple[str, ...] = (
    N_("Master Chocolatier special factory displays"),
)


def have_terminal() -> bool:
    """Whether standard input and output are a terminal, as a full-screen (Textual) command
    needs: without one it would write escape codes into a file and wait for keys for ever."""
    return sys.stdin.isatty() and sys.stdout.isatty()
