"""azulejos train: the value network of ``fastmcts:eval=net``, with ``--mid`` the network of
every position of ``fastmcts:eval=mid``, or with ``--prior`` the learned move prior of
``fastmcts:prior=net``, trained by self-play (docs/bots.md, "The value network", "The network
of every position" and "The learned move prior")."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from azulejos.i18n import N_

from ._common import non_negative_int, positive_int
from ._text import _, current

if TYPE_CHECKING:
    import gettext

HELP = N_("train the search's value network (or its move prior) by self-play and write the weights (.npz)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", metavar=_("GAMES"), type=positive_int, default=8000,
                   help=_("self-play games per generation (2, 3 and 4 players in turn; default 8000)"))
    p.add_argument("--seed", metavar=_("SEED"), type=non_negative_int, default=0, help=_("seed of the self-play games and of the training (default 0)"))
    p.add_argument("--out", required=True, metavar=_("PATH"), help=_("the weights file to write"))
    p.add_argument("--prior", action="store_true",
                   help=_("train the move prior (fastmcts:prior=net) instead of the value network"))
    p.add_argument("--policy", action="store_true",
                   help=_("expert iteration of the move prior and the value network together, each "
                          "generation kept only if it beats the best so far in paired games; "
                          "--out is then a folder, and the same command run again goes on where "
                          "it stopped"))
    p.add_argument("--gate-games", metavar="N", type=positive_int, default=20,
                   help=_("with --policy: deals of the paired games of each generation's gate, "
                          "each played twice (default 20)"))
    p.add_argument("--mid", action="store_true",
                   help=_("train the network of every position (fastmcts:eval=mid): the first "
                          "generation plays with the shipped value network, each later one with "
                          "the network of the one before"))
    p.add_argument("--iterations", metavar="N", type=non_negative_int, default=None,
                   help=_("search iterations per self-play move (0: the play-out policy alone; "
                          "default 100, with --prior 800)"))
    p.add_argument("--steps", metavar="N", type=positive_int, default=400,
                   help=_("with --prior: optimisation steps of the fit (default 400)"))
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
    from azulejos.tools.progress import ProgressBar

    tr = current()
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
    if args.prior and args.mid:
        print(_("azulejos train: choose --prior or --mid, not both."), file=sys.stderr)
        return 2
    if args.policy:
        return _train_policy(args, out)
    if args.prior:
        return _train_prior(args, out)
    iterations = 100 if args.iterations is None else args.iterations
    net = None
    player = None
    if args.mid:
        from azulejos.fast import nn

        player = nn.load()  # the first generation's games: the end-of-round network
    for gen in range(args.generations):
        try:
            with ProgressBar(args.games, _("Self-play games"), quiet=args.quiet) as bar:
                data = training.self_play(args.games, args.seed + gen, iterations, player,
                                          bar.step, mid=args.mid)
            with ProgressBar(args.epochs, _("Training epochs"), quiet=args.quiet) as bar:
                net, rep = training.fit(data, args.seed + gen, hidden=tuple(args.hidden),
                                        epochs=args.epochs, progress=bar.step)
        except KeyboardInterrupt:
            return _interrupted(tr, gen)
        player = net
        if args.mid:
            print(tr.ngettext(
                "Generation {gen}: {n} position from all through the rounds.",
                "Generation {gen}: {n} positions from all through the rounds.",
                rep.positions,
            ).format(gen=gen + 1, n=rep.positions))
        else:
            print(tr.ngettext(
                "Generation {gen}: {n} position from the ends of rounds.",
                "Generation {gen}: {n} positions from the ends of rounds.",
                rep.positions,
            ).format(gen=gen + 1, n=rep.positions))
        _say_errors(tr, rep.held_out_games, rep.held_out_positions, [
            (_("Error of the points still to come on held-out games (root mean square): "
               "network {net}, hand-set evaluation {hand}."),
             _("Error of the points still to come on held-out positions of the same games "
               "(root mean square): network {net}, hand-set evaluation {hand}."),
             f"{rep.valid_rmse:.2f}", f"{rep.hand_rmse:.2f}"),
            (_("Error of the final margin over the best other player on the same games: "
               "network {net}, hand-set evaluation {hand}."),
             _("Error of the final margin over the best other player on the same positions: "
               "network {net}, hand-set evaluation {hand}."),
             f"{rep.margin_rmse:.2f}", f"{rep.hand_margin_rmse:.2f}"),
        ])
    assert net is not None
    command = (
        f"azulejos train {'--mid ' if args.mid else ''}--games {args.games} --seed {args.seed} "
        f"--iterations {iterations} "
        f"--epochs {args.epochs} --hidden {args.hidden[0]} {args.hidden[1]} "
        f"--generations {args.generations}"
    )
    weights = net
    return _write(tr, out, lambda meta: training.save(out, weights, meta), command, args,
                  iterations)


def _interrupted(tr: gettext.NullTranslations, gen: int) -> int:
    """Ctrl-C during generation ``gen`` (0-based): nothing is written, and that is said."""
    print(tr.gettext("interrupted"), file=sys.stderr)
    print(tr.gettext("Stopped during generation {gen}: no weights were written (they are "
                     "written once the last generation is trained).").format(gen=gen + 1),
          file=sys.stderr)
    return 130


def _say_errors(tr: gettext.NullTranslations, games: int, positions: int,
                lines: list[tuple[str, str, str, str]]) -> None:
    """The held-out errors, honestly: on held-out games (10 games or more), else on held-out
    positions of the training games (said so: optimistic), else none (nothing held out)."""
    _ = tr.gettext
    if not positions:
        print(_("Nothing was held out (too few positions), so no held-out error is given: "
                "play more games."))
        return
    if not games:
        print(tr.ngettext(
            "Fewer than 10 games: no whole game is held out, so the errors below are on {n} "
            "held-out position of the training games (optimistic).",
            "Fewer than 10 games: no whole game is held out, so the errors below are on {n} "
            "held-out positions of the training games (optimistic).",
            positions).format(n=positions))
    for on_games, on_positions, net, hand in lines:
        print((on_games if games else on_positions).format(net=net, hand=hand))


def _write(
    tr: gettext.NullTranslations, out: Path, save: Callable[[dict[str, str]], None],
    command: str, args: argparse.Namespace, iterations: int,
) -> int:
    """Save the weights with their provenance and say where (exit status)."""
    _ = tr.gettext
    meta = {
        "command": command, "games": str(args.games), "seed": str(args.seed),
        "iterations": str(iterations), "generations": str(args.generations),
    }
    try:
        save(meta)
    except OSError as e:
        print(_("azulejos train: cannot write {path}: {error}").format(
            path=str(out), error=e.strerror), file=sys.stderr)
        return 2
    print(_("Weights written to {path}.").format(path=str(out)))
    return 0


def _train_prior(args: argparse.Namespace, out: Path) -> int:
    """``--prior``: self-play at expert's setting, the linear softmax fitted to the visits."""
    from azulejos.agents import prior_training
    from azulejos.tools.progress import ProgressBar

    tr = current()
    _ = tr.gettext
    iterations = 800 if args.iterations is None else args.iterations
    if iterations < 2:
        print(_("azulejos train: --prior needs at least 2 search iterations a move."),
              file=sys.stderr)
        return 2
    pw = None
    for gen in range(args.generations):
        try:
            with ProgressBar(args.games, _("Self-play games"), quiet=args.quiet) as bar:
                data = prior_training.self_play(args.games, args.seed + gen, iterations, pw=pw,
                                                progress=bar.step)
            with ProgressBar(args.steps, _("Optimisation steps"), quiet=args.quiet) as bar:
                pw, rep = prior_training.fit(data, steps=args.steps, progress=bar.step)
        except KeyboardInterrupt:
            return _interrupted(tr, gen)
        print(tr.ngettext(
            "Generation {gen}: {n} drafting position with a choice.",
            "Generation {gen}: {n} drafting positions with a choice.",
            rep.positions,
        ).format(gen=gen + 1, n=rep.positions))
        if not rep.held_out_positions:
            print(_("Nothing was held out (too few positions), so no held-out figure is "
                    "given: play more games."))
            continue
        if not rep.held_out_games:
            print(tr.ngettext(
                "Fewer than 10 games: no whole game is held out, so the figures below are on "
                "{n} held-out position of the training games (optimistic).",
                "Fewer than 10 games: no whole game is held out, so the figures below are on "
                "{n} held-out positions of the training games (optimistic).",
                rep.held_out_positions).format(n=rep.held_out_positions))
        print(_("Cross-entropy of the search's visits on held-out games: learnt prior {net}, "
                "hand-set prior {hand} (the visits' own entropy: {floor}).").format(
                    net=f"{rep.valid_ce:.3f}", hand=f"{rep.hand_ce:.3f}",
                    floor=f"{rep.target_entropy:.3f}"))
        print(_("Positions where the prior's favourite is the search's most visited move: "
                "learnt prior {net}, hand-set prior {hand}.").format(net=f"{100 * rep.valid_top:.1f} %",
                                        hand=f"{100 * rep.hand_top:.1f} %"))
    assert pw is not None
    command = (
        f"azulejos train --prior --games {args.games} --seed {args.seed} --iterations "
        f"{iterations} --steps {args.steps} --generations {args.generations}"
    )
    weights = pw
    return _write(tr, out, lambda meta: prior_training.save(out, weights, meta), command, args,
                  iterations)


def _train_policy(args: argparse.Namespace, out: Path) -> int:
    """``--policy``: expert iteration of the prior and the value network, with a gate, into
    the folder ``out`` (resumable: :mod:`azulejos.agents.iteration`)."""
    from azulejos.agents import iteration
    from azulejos.tools.progress import ProgressBar

    tr = current()
    _ = tr.gettext
    settings = iteration.Settings(
        games=args.games, seed=args.seed,
        iterations=200 if args.iterations is None else max(2, args.iterations),
        gate_deals=args.gate_games, gate_iterations=400, epochs=args.epochs, steps=args.steps,
        hidden=(args.hidden[0], args.hidden[1]),
    )

    def bar(total: int, label: str) -> Callable[[], None] | None:
        return None if args.quiet else ProgressBar(total, label).step

    def said(gate: iteration.Gate) -> None:
        text = tr.ngettext(
            "Generation {gen}: the new weights won {wins} of {games} paired game.",
            "Generation {gen}: the new weights won {wins} of {games} paired games.",
            gate.games,
        ).format(gen=gate.generation, wins=f"{gate.wins:g}", games=gate.games)
        print(text + " " + (_("Kept.") if gate.kept else _("Not kept.")))

    try:
        prog = iteration.run(out, args.generations, settings, bar, said)
    except iteration.SettingsMismatch:
        print(_("azulejos train: {folder} holds a run with other settings; choose another "
                "folder.").format(folder=str(out)), file=sys.stderr)
        return 2
    except OSError as e:
        print(_("azulejos train: cannot write {path}: {error}").format(
            path=str(out), error=e.strerror), file=sys.stderr)
        return 2
    print(_("Weights written to {path}.").format(path=str(out)))
    del prog
    return 0
