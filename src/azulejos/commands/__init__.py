"""The ``azulejos`` command (layer L6). Each subcommand is a module of this package with
``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``, listed in :data:`COMMANDS`; heavy
imports stay inside ``run``, so importing them all is cheap.

The help and the parse errors are in the user's language: :func:`main` finds it before parsing
(``--lang L`` anywhere on the line, else ``AZULEJOS_LANG``, else the locale; see
:func:`azulejos.i18n.language_from_argv`) and builds the parser in it (``_text``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType

from azulejos import __version__
from azulejos.i18n import LANGUAGES, language_from_argv

from . import (
    admin,
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
from ._text import Parser, _, argparse_words, use_language

#: Every subcommand, in the order ``azulejos --help`` lists them (a test checks that each
#: module of this package is here).
COMMANDS: tuple[ModuleType, ...] = (
    play, serve, rules, learn, replay, review, show, selfplay, tournament, train, engine, bench,
    demo, admin,
)


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, its words in the language chosen by :func:`_text.use_language`
    (argparse's own words too when built inside :func:`_text.argparse_words`)."""
    parser = Parser(
        prog="azulejos",
        description=_("azulejos: the tile-drafting game Azul (rules-compatible), its engine and tools."),
    )
    parser.add_argument("--version", action="version", version=f"azulejos {__version__}",
                        help=_("show the version and exit"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None, dest="top_lang",
                        help=_("language of the help and of every command (default: AZULEJOS_LANG, "
                               "else the environment's locale, else English)"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for mod in COMMANDS:
        name = mod.__name__.rsplit(".", 1)[1]
        p = sub.add_parser(name, help=_(mod.HELP), description=_(mod.HELP))
        mod.add_arguments(p)
        try:
            # ``--lang L`` anywhere on the line: every command takes it (its help and errors
            # are already in that language, found before parsing)
            p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, dest="top_lang",
                           help=_("language of the help and of the messages (default: "
                                  "AZULEJOS_LANG, else the environment's locale, else English)"))
        except argparse.ArgumentError:
            pass  # the command has a --lang of its own
        p.set_defaults(handler=mod.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    use_language(language_from_argv(words))
    with argparse_words():
        parser = build_parser()
        args = parser.parse_args(words)
        if not getattr(args, "command", None):
            parser.print_help()
            return 2
    top_lang = args.top_lang
    if top_lang and getattr(args, "lang", top_lang) is None:
        args.lang = top_lang  # ``azulejos --lang uk play`` as ``azulejos play --lang uk``
    try:
        return int(args.handler(args) or 0)
    except KeyboardInterrupt:
        print(_("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
