"""azulejos tournament: bots against each other, paired deals, seats rotated."""

from __future__ import annotations

import argparse
import gettext
import math
import sys
from typing import TYPE_CHECKING

from azulejos.i18n import N_

from ._common import add_game_options, non_negative_int, positive_int, ruleset_from_args
from ._text import _, current

if TYPE_CHECKING:
    from azulejos.tools.tournament import LineupError

HELP = N_("play a tournament between bots (paired deals, seats rotated) and rate them")


def split_bots(text: str) -> list[str]:
    """Split ``A,B,...`` into specs; a piece ``key=value`` belongs to the spec before it, so
    ``mcts:time=0.5,iterations=900,greedy`` is two bots."""
    out: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            continue
        if out and "=" in piece and ":" not in piece.split("=", 1)[0] and not out[-1].startswith("cmd:"):
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def positive_float(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = -1.0
    if not 0 < x < math.inf:  # (nan fails both)
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds > 0").format(text=repr(text)))
    return x


def lineup_error_text(tr: gettext.NullTranslations, error: LineupError, prog: str) -> str:
    """The line saying why the bots of :func:`~azulejos.tools.tournament.schedule` cannot play
    (its :class:`~azulejos.tools.tournament.LineupError`), translated by ``tr``."""
    from azulejos.agents.registry import agent_names

    _ = tr.gettext
    if error.code == "too_few_bots":
        known = ", ".join(agent_names())  # the registry's list, as an unknown bot's error says
        return _("{prog}: name at least 2 bots with --bots A,B (known: {known}, or cmd:COMMAND)"
                 ).format(prog=prog, known=known)
    return _("{prog}: name each bot once (give a copy options to tell it apart, such as "
             "greedy:eps=0.1)").format(prog=prog)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bots", metavar=_("BOTS"), default="", help=_("comma-separated bot specs, e.g. greedy,flatmc,mcts:time=0.5 or cmd:python bot.py"))
    p.add_argument("--bot", action="append", default=[], metavar=_("SPEC"), help=_("one more bot (repeatable; for specs with commas)"))
    add_game_options(p)
    p.add_argument("--games", metavar=_("GAMES"), type=positive_int, default=20, help=_("games per lineup, rounded up to a multiple of the player count (default 20)"))
    p.add_argument(
        "--ladder", action="store_true",
        help=_("with more bots than players, only neighbours in the order given meet "
        "(a ladder of levels, weakest first) instead of every combination"),
    )
    p.add_argument("--time", type=positive_float, default=1.0, metavar="T", help=_("seconds per move for every bot (default 1); a bot's own time= option may be shorter"))
    p.add_argument("--jobs", type=positive_int, default=1, metavar="J", help=_("games played in parallel processes (default 1)"))
    p.add_argument("--seed", metavar=_("SEED"), type=non_negative_int, default=0, help=_("seed of the deals (default 0)"))
    p.add_argument(
        "--deal-secret", metavar=_("TEXT"),
        help=_("mixed into the deals with the seed; drawn at random when an external (cmd:) bot "
        "plays, so it cannot predict the fills, and published in the summary afterwards"),
    )
    p.add_argument("--out", metavar=_("DIR"), help=_("write every game record and summary.json here"))
    p.add_argument("--json", action="store_true", help=_("print the summary as one JSON object"))
    p.add_argument("--backend", choices=("local", "ray"), default="local", help=_("local processes (default) or a Ray cluster"))
    p.add_argument("--address", metavar=_("ADDR"), help=_("Ray cluster address (with --backend ray), e.g. 127.0.0.1:6379 or auto"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))


def run(args: argparse.Namespace) -> int:
    import json
    import shlex
    import time
    from pathlib import Path

    from azulejos.agents import make_agent
    from azulejos.agents.registry import BotSpecError
    from azulejos.fast.weights import WeightsFileError
    from azulejos.tools.progress import ProgressBar
    from azulejos.tools.tournament import (
        GameResult,
        Interrupted,
        LineupError,
        check_lineup,
        run_local,
        run_ray,
        schedule,
    )
    from azulejos.tools.tournament_stats import summarise, table

    from ._bots import spec_error_text

    tr = current()
    _ = tr.gettext
    prog = "azulejos tournament"
    bots = split_bots(args.bots) + list(args.bot)
    try:
        check_lineup(bots)
    except LineupError as e:
        print(lineup_error_text(tr, e, prog), file=sys.stderr)
        return 2
    for spec in bots:
        try:  # (a cmd: bot is only split into words here: its program starts in each game)
            make_agent(spec, 0)
        except (BotSpecError, WeightsFileError) as e:  # a bad option, a bad weights file
            print(f"{prog}: {spec_error_text(tr, e)}", file=sys.stderr)
            return 2
        except ValueError as e:  # a bot's own check that has no code (none is known)
            print(f"{prog}: {e}", file=sys.stderr)
            return 2
    if args.backend == "ray" and not args.address:
        print(_("{prog}: --backend ray needs --address (e.g. 127.0.0.1:6379 or auto)").format(prog=prog),
              file=sys.stderr)
        return 2
    try:
        secret = args.deal_secret
        if secret is None and any(b.startswith("cmd:") for b in bots):
            import secrets as _secrets

            secret = _secrets.token_hex(16)
        rules = ruleset_from_args(args)
        jobs = schedule(bots, rules, args.games, args.seed, seconds=args.time, secret=secret or "",
                        ladder=args.ladder)
    except LineupError as e:  # checked above already; any front end says it so
        print(lineup_error_text(tr, e, prog), file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else None
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            print(_("{prog}: cannot create {folder}: {reason}").format(
                prog=prog, folder=str(out), reason=e.strerror), file=sys.stderr)
            return 2
    bar = ProgressBar(len(jobs), _("Playing games"), quiet=args.quiet)
    failures = 0

    def progress(r: GameResult) -> None:
        nonlocal failures
        if out is not None:
            (out / f"game-{r.index:05d}.json").write_text(r.record, encoding="utf-8")
        if r.forfeit:
            failures += 1
        bar.step(tr.ngettext("{n} forfeit", "{n} forfeits", failures).format(n=failures)
                 if failures else "")

    started = time.monotonic()
    interrupted = False
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            print(_("{prog}: the ray backend needs the 'ray' package (pip install ray)").format(prog=prog),
                  file=sys.stderr)
            return 2
        try:
            results = run_ray(jobs, args.address, progress)
        except ConnectionError as e:
            print(_("{prog}: cannot reach the Ray cluster at {address}: {error}").format(
                prog=prog, address=args.address, error=e), file=sys.stderr)
            return 2
    else:
        try:
            results = run_local(jobs, args.jobs, progress)
        except Interrupted as e:
            results, interrupted = e.results, True
    bar.close()
    summary = summarise(results)
    summary = {
        "format": "azulejos-tournament/1",
        "command": "azulejos tournament " + " ".join(shlex.quote(a) for a in sys.argv[2:])
        if len(sys.argv) > 1 and sys.argv[1] == "tournament" else None,
        **rules.to_json(), "games": len(jobs),
        "games_per_lineup": -(-args.games // args.players) * args.players,
        "seconds_per_move": args.time, "seed": args.seed, "deal_secret": secret,
        "lineups": "ladder" if args.ladder else "all",
        "backend": args.backend,
        "elapsed_seconds": round(time.monotonic() - started, 1),
        **({"partial": True, "games_scheduled": len(jobs)} if interrupted else {}),
        **summary,
    }
    if out is not None:
        (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(summary))
    elif results:
        print(table(summary, tr))
    if interrupted:
        print(_("interrupted"), file=sys.stderr)
        kept = tr.ngettext("kept {n} finished game of {total}; the others were cancelled",
                           "kept {n} finished games of {total}; the others were cancelled",
                           len(results)).format(n=len(results), total=len(jobs))
        if out is not None:
            kept += " " + _("(records and a partial summary in {folder})").format(folder=str(out))
        print(kept, file=sys.stderr)
        return 130
    return 0
