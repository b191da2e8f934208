"""The command line's words in the user's language: the translation the help texts and parse
errors use (chosen by :func:`use_language` before the parser is built), and argparse's own fixed
strings ("usage:", "options", "invalid choice", ...) from the project's catalogue.

argparse looks its strings up through the names ``_`` and ``ngettext`` of its own module (bound to
:mod:`gettext`'s default domain); :func:`argparse_words` points them at our catalogue while the
parser is built and used, and puts the originals back afterwards.
"""

from __future__ import annotations

import argparse
import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NoReturn

from azulejos.i18n import N_, Nn_, translation

_current: gettext.NullTranslations = gettext.NullTranslations()


def use_language(lang: str) -> None:
    """Translate the command line's words into ``lang`` from now on."""
    global _current
    _current = translation(lang)


def current() -> gettext.NullTranslations:
    """The command line's translations: the language :func:`azulejos.commands.main` found
    (``--lang L`` anywhere on the line, else ``AZULEJOS_LANG``, else the locale), for the
    messages a command prints while it runs."""
    return _current


def _(message: str) -> str:
    """``message`` in the command line's language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The plural form of ``singular``/``plural`` for ``n`` in the command line's language."""
    return _current.ngettext(singular, plural, n)


#: argparse's strings that a user of ``azulejos`` can meet (Python 3.11's argparse.py), marked
#: here so that the catalogue holds them; the rest are programming errors of a parser.
ARGPARSE_STRINGS: tuple[str, ...] = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
ARGPARSE_PLURALS: tuple[tuple[str, str], ...] = (
    Nn_("expected %s argument", "expected %s arguments"),
)


@contextmanager
def argparse_words() -> Iterator[None]:
    """While inside, argparse's own strings come from our catalogue in the chosen language."""
    saved: tuple[Callable[[str], str], Callable[[str, str, int], str]] = (
        argparse._, argparse.ngettext,  # type: ignore[attr-defined]
    )
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class Parser(argparse.ArgumentParser):
    """argparse's parser, with its help in the chosen language wherever it is printed from, and
    a bad command line refused in one line (no usage block), in that language, with exit
    status 2. Build it and parse with it inside :func:`argparse_words` (as ``main`` does) for
    argparse's words made at those times ("options", the parse errors)."""

    def format_usage(self) -> str:
        with argparse_words():
            return super().format_usage()

    def format_help(self) -> str:
        with argparse_words():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message})
