"""azulejos review: the engine's review of a game record (docs/bots.md, "Engine review")."""

from __future__ import annotations

import argparse
import errno
import sys
import time
from pathlib import Path

from azulejos.i18n import LANGUAGES, N_

from ._common import non_negative_int, positive_int
from ._text import _, current

HELP = N_("review every move of a game record with the engine and write an annotated record")


def seconds_arg(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not 0 < v <= 60:
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds in (0, 60]").format(text=repr(text)))
    return v


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar=_("FILE"), help=_("an azulejos-record/1 JSON file"))
    p.add_argument("--time", type=seconds_arg, default=None, metavar="T",
                   help=_("seconds of search per move (default 0.4, less in long games so that "
                        "the review takes under 40 s; a played move the search barely "
                        "looked at gets half as much again)"))
    p.add_argument("--iterations", type=positive_int, default=None, metavar="N",
                   help=_("search iterations per move instead of a time (an exactly "
                        "reproducible review)"))
    p.add_argument("--seed", metavar=_("SEED"), type=non_negative_int, default=0, help=_("search seed (default 0)"))
    p.add_argument("-o", "--output", metavar=_("OUT"),
                   help=_("annotated record to write (default: FILE with .review.json)"))
    p.add_argument("--top", metavar=_("TOP"), type=positive_int, default=3, help=_("mistakes listed per player (3)"))
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("language (default: the record's, else from the environment)"))
    p.add_argument("-q", "--quiet", action="store_true", help=_("no progress line"))


def output_path(path: str) -> Path:
    p = Path(path)
    stem = p.name[:-5] if p.name.endswith(".json") else p.name
    return p.with_name(stem + ".review.json")


def run(args: argparse.Namespace) -> int:
    from azulejos.agents import Budget
    from azulejos.agents.review import annotate, default_seconds, mistakes, review_record
    from azulejos.core.errors import InvalidRecordError
    from azulejos.notation.record import load_and_replay, save_record
    from azulejos.play import record_seats
    from azulejos.play.words import Words
    from azulejos.render.oserror import os_error_text
    from azulejos.render.record_errors import record_error_text

    path = args.file
    try:
        rec, _final = load_and_replay(path)
    except InvalidRecordError as e:
        print(f"{path}: {record_error_text(current(), e)}", file=sys.stderr)
        return 1
    saved_lang = rec.extra.get("lang") if rec.extra.get("lang") in LANGUAGES else None
    w = Words(args.lang or saved_lang, "classic", theme_letters=False)
    _ = w.gettext
    names = w.names(record_seats(rec))
    if args.iterations is not None:
        budget = Budget(seconds=args.time, iterations=args.iterations)
    else:
        budget = Budget(seconds=args.time if args.time is not None else default_seconds(rec))
    from azulejos.tools.progress import ProgressBar

    show = not args.quiet and sys.stderr.isatty()
    bar: ProgressBar | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = ProgressBar(total, _("Reviewing moves"), quiet=not show)
        bar.advance_to(done)

    out = Path(args.output) if args.output else output_path(path)
    if not out.parent.is_dir() or out.is_dir():
        # said before the search, not after it (a review can take a minute)
        missing = FileNotFoundError(errno.ENOENT, "") if not out.parent.is_dir() else \
            IsADirectoryError(errno.EISDIR, "")
        print(_("Cannot write {path}: {reason}.").format(path=out, reason=os_error_text(_, missing)),
              file=sys.stderr)
        return 1
    start = time.perf_counter()
    try:
        reviews = review_record(rec, budget, args.seed, progress)
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        print(_("interrupted"), file=sys.stderr)
        print(_("Nothing was written: {path} is written once every move is reviewed.").format(
            path=str(out)), file=sys.stderr)
        return 130
    finally:
        if bar is not None:
            bar.close()
    took = time.perf_counter() - start
    try:
        save_record(annotate(rec, reviews, budget, args.seed), out)
    except OSError as e:
        print(_("Cannot write {path}: {reason}.").format(path=out, reason=os_error_text(_, e)),
              file=sys.stderr)
        return 1
    total = sum(len(r) for r in reviews)
    print(w.ngettext("{n} move reviewed in {seconds} s.", "{n} moves reviewed in {seconds} s.",
                     total).format(n=total, seconds=w.number(took, decimals=1)))
    for seat in range(rec.players):
        mine = [r for rnd in reviews for r in rnd if r.seat == seat]
        lost = sum(r.lost for r in mine)
        print(w.ngettext("{name}: {points} points lost in {n} move.",
                         "{name}: {points} points lost in {n} moves.", len(mine)).format(
            name=names[seat], points=w.number(lost, decimals=1), n=len(mine)))
        worst = mistakes(reviews, seat, args.top)
        if not worst:
            print("  " + _("No mistake of 2 points or more."))
        for r in worst:
            print("  " + _("Round {round}, move {number}: played {played}, the engine prefers "
                           "{best} ({lost} points).").format(
                round=r.round, number=r.number, played=r.played.text(), best=r.best.text(),
                lost=w.number(-r.lost, decimals=1)))
    print(_("Points lost are the expected final margin of the engine's move minus that of the "
            "move played; small differences are search noise, and a move never counts as a "
            "gain."))
    print(_("Annotated record: {path} (azulejos replay --view {path})").format(path=str(out)))
    return 0
