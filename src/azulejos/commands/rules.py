"""azulejos rules: the rules helper in the terminal, in any of the four languages."""

from __future__ import annotations

import argparse
import sys

from azulejos.i18n import LANGUAGES, N_

from ._common import whole_number
from ._text import _

HELP = (N_("print the rules helper: set-up, rules, walk-through, questions, variant, themes, "
        "special displays"))

_SECTIONS = ("setup", "recap", "teach", "faq", "variant", "chocolatier", "specials")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("language (default: from the environment's locale, else English)"))
    p.add_argument("--section", choices=_SECTIONS, default=None,
                   help=_("print only this section (default: all of them)"))
    p.add_argument("--players", type=whole_number, choices=(2, 3, 4), default=None,
                   help=_("the set-up for this table size only (default: 2, 3 and 4 side by side)"))


def run(args: argparse.Namespace) -> int:
    from azulejos.guide import SECTIONS, get_section
    from azulejos.guide.markup import wrap
    from azulejos.i18n import resolve_language

    lang = resolve_language(args.lang)
    names = [args.section] if args.section else list(SECTIONS)
    text = "\n".join(get_section(name, lang, args.players) for name in names)
    if sys.stdout.isatty():  # fold the prose between words; a pipe gets the markdown as it is
        text = wrap(text, terminal_width())
    print(text, end="")
    return 0


def terminal_width() -> int:
    """The terminal's width for folded prose: at most 100 columns, less one for the margin."""
    import shutil

    return max(40, min(100, shutil.get_terminal_size().columns) - 1)
