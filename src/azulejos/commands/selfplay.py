"""azulejos selfplay: random games written as records."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from azulejos.i18n import N_

from ._common import add_game_options, non_negative_int, positive_int, ruleset_from_args
from ._text import _, current

HELP = N_("play games with uniformly random legal moves and write one record per game")


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_options(p)
    p.add_argument("--games", metavar=_("GAMES"), type=positive_int, default=1, help=_("how many games to play (default 1)"))
    p.add_argument("--seed", metavar=_("SEED"), type=non_negative_int, default=0,
                   help=_("seed of the games' tile draws (default 0)"))
    p.add_argument("--out", required=True, metavar=_("DIR"), help=_("folder for the records"))
    p.add_argument("--jobs", type=positive_int, default=1, metavar="J",
                   help=_("games played in parallel processes (default 1)"))


def run(args: argparse.Namespace) -> int:
    from contextlib import closing

    from azulejos.notation.record import save_record
    from azulejos.tools.progress import ProgressBar
    from azulejos.tools.selfplay import records

    tr = current()
    _ = tr.gettext
    rules = ruleset_from_args(args)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(_("azulejos selfplay: cannot create {folder}: {reason}").format(
            folder=str(out), reason=e.strerror), file=sys.stderr)
        return 2
    written = 0
    try:
        games = records(rules, args.seed, args.games, args.jobs)
        with ProgressBar(args.games, _("Playing random games")) as bar, closing(games):
            for i, rec in enumerate(games):  # in game order, however many processes play
                save_record(rec, out / f"game-{args.seed}-{i:04d}.json")
                written += 1
                bar.step()
    except KeyboardInterrupt:
        print(_("interrupted"), file=sys.stderr)
        print(tr.ngettext("kept {n} finished record of {total} in {folder}",
                          "kept {n} finished records of {total} in {folder}", written).format(
            n=written, total=args.games, folder=str(out)), file=sys.stderr)
        return 130
    print(tr.ngettext("wrote {n} record to {folder}", "wrote {n} records to {folder}",
                      args.games).format(n=args.games, folder=str(out)))
    return 0
