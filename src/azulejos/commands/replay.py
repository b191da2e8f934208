"""azulejos replay: validate game records."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from azulejos.i18n import LANGUAGES, N_

from ._common import have_terminal
from ._text import _

if TYPE_CHECKING:
    from azulejos.notation import Record
    from azulejos.tui import Setup

HELP = N_("validate game records (exit 0 when all are valid, 1 otherwise)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar=_("FILE"), help=_("azulejos-record/1 JSON files"))
    p.add_argument("-q", "--quiet", action="store_true", help=_("print only the invalid files"))
    p.add_argument("--view", action="store_true",
                   help=_("step through the (one) record in the terminal viewer"))
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("the viewer's language (default: the record's, else from the "
                   "environment, else English)"))


def run(args: argparse.Namespace) -> int:
    from azulejos.core.errors import InvalidRecordError
    from azulejos.i18n import resolve_language, translation
    from azulejos.notation.record import load_and_replay
    from azulejos.render.record_errors import record_error_text

    if getattr(args, "view", False):
        return _view(args)
    tr = translation(resolve_language(getattr(args, "lang", None)))
    _ = tr.gettext
    bad = 0
    for path in args.files:
        try:
            _rec, st = load_and_replay(path)
        except InvalidRecordError as e:
            bad += 1
            print(f"{path}: {record_error_text(tr, e)}", file=sys.stdout)
            continue
        if not args.quiet:
            if st.is_over:
                print(_("{path}: valid, finished, scores {scores}").format(
                    path=path, scores=st.scores))
            else:
                print(_("{path}: valid, unfinished (round {round}), scores {scores}").format(
                    path=path, round=st.round, scores=st.scores))
    return 1 if bad else 0


def _view(args: argparse.Namespace) -> int:
    """``--view``: open the Textual replay viewer on one valid record."""
    from azulejos.core.errors import InvalidRecordError
    from azulejos.i18n import resolve_language, translation
    from azulejos.notation.record import load_and_replay
    from azulejos.render.record_errors import record_error_text

    tr = translation(resolve_language(args.lang))
    _ = tr.gettext
    if len(args.files) != 1:
        print(_("azulejos replay --view: give exactly one FILE"), file=sys.stderr)
        return 2
    path = args.files[0]
    try:
        rec, _final = load_and_replay(path)
    except InvalidRecordError as e:
        print(f"{path}: {record_error_text(tr, e)}", file=sys.stderr)
        return 1
    if not have_terminal():
        print(_("azulejos replay --view: the viewer needs a terminal; without one, "
                "'azulejos show FILE --round N' prints the position at any point"),
              file=sys.stderr)
        return 2
    from azulejos.tui import AzulejosApp

    AzulejosApp(viewer_setup(rec, args.lang), replay=rec).run()
    return 0


def viewer_setup(rec: Record, lang: str | None) -> Setup:
    """The viewer's look: the record's theme; the language asked for, else the record's, else
    the environment's (as ``azulejos play`` chooses)."""
    from azulejos.i18n import LANGUAGES, resolve_language
    from azulejos.render.themes import THEMES
    from azulejos.tui import Setup

    theme = rec.extra.get("theme")
    saved = rec.extra.get("lang")
    return Setup(theme=theme if theme in tuple(THEMES) else "classic",
                 lang=resolve_language(lang or (saved if saved in LANGUAGES else None)))
