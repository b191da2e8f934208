"""azulejos train: the value network of ``fastmcts:eval=net`` trained by self-play
(docs/bots.md, "The value network")."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from azulejos.i18n import N_

from ._common import non_negative_int, positive_int
from ._text import _

HELP = N_("train the search's value network by self-play and write its weights (.npz)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", metavar=_("GAMES"), type=positive_int, default=8000,
                   help=_("self-play games per generation (2, 3 and 4 players in turn; default 8000)"))
    p.add_argument("--seed", metavar=_("SEED"), type=non_negative_int, default=0, help=_("seed of the self-play games and of the training (default 0)"))
    p.add_argument("--out", required=True, metavar=_("PATH"), help=_("the weights file to write"))
    p.add_argument("--iterations", metavar="N", type=non_negative_int, default=100,
                   help=_("search iterations per self-play move (0: the play-out policy alone; default 100)"))
    p.add_argument("--epochs", metavar="N", type=positive_int, default=30, help=_("training epochs (default 30)"))
    p.add_argument("--hidden", type=positive_int, nargs=2, default=(32, 16), metavar=("H1", "H2"),
                   help=_("sizes of the two hidden layers (default 32 16)"))
    p.add_argument("--generations", metavar="N", type=positive_int, default=1,
                   help=_("rounds of expert iteration: each later generation plays with the "
                        "network of the one before (default 1)"))
    p.add_argument("-q", "--quiet", action="store_true", help=_("no progress bar"))


def run(args: argparse.Namespace) -> int:
    from azulejos import fast
    from azulejos.agents import training
    from azulejos.i18n import resolve_language, translation
    from azulejos.tools.progress import ProgressBar

    tr = translation(resolve_language(None))
    _ = tr.gettext
    out = Path(args.out)
    if not fast.available():
        print(_("azulejos train: the accelerated engine (numba) is not available."),
              file=sys.stderr)
        return 2
    if not out.parent.is_dir():
        print(_("azulejos train: the folder {folder} does not exist.").format(
            folder=str(out.parent)), file=sys.stderr)
        return 2
    net = None
    for gen in range(args.generations):
        bar = None if args.quiet else ProgressBar(args.games)
        data = training.self_play(
            args.games, args.seed + gen, args.iterations, net, bar.step if bar else None
        )
        ebar = None if args.quiet else ProgressBar(args.epochs, label="epochs")
        net, rep = training.fit(data, args.seed + gen, hidden=tuple(args.hidden),
                                epochs=args.epochs, progress=ebar.step if ebar else None)
        print(tr.ngettext(
            "Generation {gen}: {n} position from the ends of rounds.",
            "Generation {gen}: {n} positions from the ends of rounds.",
            rep.positions,
        ).format(gen=gen + 1, n=rep.positions))
        print(_("Error of the points still to come on held-out games (root mean square): "
                "network {net}, hand-set evaluation {hand}.").format(
                    net=f"{rep.valid_rmse:.2f}", hand=f"{rep.hand_rmse:.2f}"))
        print(_("Error of the final margin over the best other player on the same games: "
                "network {net}, hand-set evaluation {hand}.").format(
                    net=f"{rep.margin_rmse:.2f}", hand=f"{rep.hand_margin_rmse:.2f}"))
    assert net is not None
    meta = {
        "command": (
            f"azulejos train --games {args.games} --seed {args.seed} --iterations "
            f"{args.iterations} --epochs {args.epochs} --hidden {args.hidden[0]} "
            f"{args.hidden[1]} --generations {args.generations}"
        ),
        "games": str(args.games), "seed": str(args.seed), "iterations": str(args.iterations),
        "generations": str(args.generations),
    }
    try:
        training.save(out, net, meta)
    except OSError as e:
        print(_("azulejos train: cannot write {path}: {error}").format(
            path=str(out), error=e.strerror), file=sys.stderr)
        return 2
    print(_("Weights written to {path}.").format(path=str(out)))
    return 0
