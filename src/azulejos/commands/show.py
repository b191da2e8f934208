"""azulejos show: print the position at a point of a record."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from azulejos.i18n import N_

from ._text import _, current

if TYPE_CHECKING:
    import gettext

    from azulejos.core.state import State

from ._common import non_negative_int, positive_int

HELP = N_("print the position at a point of a game record")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar=_("FILE"), help=_("an azulejos-record/1 JSON file"))
    p.add_argument("--round", metavar=_("ROUND"), type=positive_int, help=_("round to stop in (1-based)"))
    p.add_argument(
        "--move", metavar=_("MOVE"), type=non_negative_int, help=_("moves of that round to play (default: all)")
    )
    p.add_argument("--position", action="store_true", help=_("also print the position string"))
    p.add_argument("--colour", action="store_true", help=_("ANSI colours as well as letters"))


def run(args: argparse.Namespace) -> int:
    from azulejos.core.errors import InvalidRecordError
    from azulejos.notation.position import to_position
    from azulejos.notation.record import load_record, replay
    from azulejos.play import record_seats
    from azulejos.play.words import Words
    from azulejos.render.record_errors import record_error_text
    from azulejos.render.text import render_state

    tr = current()
    _ = tr.gettext
    if args.move is not None and args.round is None:
        print(_("azulejos show: --move needs --round"), file=sys.stderr)
        return 2
    try:
        rec = load_record(args.file)
        if args.round is not None and args.round > len(rec.rounds):
            n = len(rec.rounds)
            print(tr.ngettext("{file}: the record has {n} round: give --round 1 to {n}",
                              "{file}: the record has {n} rounds: give --round 1 to {n}", n)
                  .format(file=args.file, n=n), file=sys.stderr)
            return 2
        if args.round is not None and args.move is not None:
            moves = len(rec.rounds[args.round - 1].moves)
            if args.move > moves:
                print(tr.ngettext("{file}: round {round} has {n} move: give --move 0 to {n}",
                                  "{file}: round {round} has {n} moves: give --move 0 to {n}", moves)
                      .format(file=args.file, round=args.round, n=moves), file=sys.stderr)
                return 2
        st = replay(rec, until_round=args.round, until_move=args.move)
    except InvalidRecordError as e:
        print(f"{args.file}: {record_error_text(tr, e)}", file=sys.stderr)
        return 1
    names = Words(getattr(args, "lang", None), "classic", theme_letters=False).names(record_seats(rec))
    print(render_state(st, names, colour=args.colour, tr=tr))
    if st.ruleset.special_factories:
        print(_specials_line(st, tr))
    if args.position:
        print(to_position(st))
    return 0


def _specials_line(st: State, tr: gettext.NullTranslations) -> str:
    """The round's special displays (R40) and the held SF5 (R44), in one line."""
    from azulejos.core.colours import LETTERS

    _ = tr.gettext
    shown = ", ".join(f"{f + 1} {name}" for f, name in sorted(st.specials.items()))
    line = _("special displays: {displays}").format(displays=shown) if shown else \
        _("special displays: none")
    if st.sf5_holder is not None:
        if st.sf5_tile is None:
            line = _("{line}; SF5 held by player {number} (empty)").format(
                line=line, number=st.sf5_holder + 1)
        else:
            line = _("{line}; SF5 held by player {number} (holding {tile})").format(
                line=line, number=st.sf5_holder + 1, tile=LETTERS[st.sf5_tile])
    return line
