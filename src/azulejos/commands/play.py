"""azulejos play: play in the terminal (Textual app), or in plain line mode with --plain."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from azulejos.i18n import LANGUAGE_NAMES, LANGUAGES, N_
from azulejos.render.themes import THEMES

from ._common import add_game_options, have_terminal, non_negative_int, number, ruleset_from_args
from ._text import _

if TYPE_CHECKING:
    from azulejos.play.clocks import ClockSpec

HELP = N_("play a game in the terminal, against friends on one keyboard or against bots")

_EPILOG = (
    N_("Seats are a comma-separated list: a person's name or a bot level "
    "(easy, medium, hard, expert), e.g. --seats 'Ana,hard'. A word one slip away from a "
    "level (exprt) is refused; write name:Hardy for a person whose name looks like one. "
    "Without --plain the new-game screen opens with these choices filled in.")
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.epilog = _(_EPILOG)
    p.add_argument("--plain", action="store_true",
                   help=_("plain line mode: moves typed in notation (3B2, CRF), the board as text"))
    p.add_argument("--resume", metavar=_("FILE"), help=_("resume a game saved as a record"))
    p.add_argument("--seats", metavar=_("LIST"), help=_("who plays (default: a person and a medium bot)"))
    add_game_options(p, players=False)  # the seats decide the player count
    p.add_argument("--theme", choices=tuple(THEMES), default=None,
                   help=_("look and words (default classic; a resumed game keeps its own)"))
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help=_("language (default: a resumed game's, else from the environment, "
                   "else English)"))
    p.add_argument("--seed", metavar=_("SEED"), type=non_negative_int, default=None, help=_("seed for the tile draws"))
    p.add_argument("--high-contrast", action="store_true", help=_("strong colours on black"))
    p.add_argument("--save", metavar=_("FILE"), default=None,
                   help=_("plain mode: the file 'save' writes when no name is given"))
    p.add_argument("--quick", action="store_true",
                   help=_("skip the new-game screen and start with the options given"))
    p.add_argument("--clock", type=clock_option, default=None, metavar=_("KIND:TIME"),
                   help=_("a clock for the people: move:TIME for each move, game:TIME for each "
                          "player's whole game (TIME in seconds, or with m, h or d: move:30, "
                          "game:5m); move:1d+bank:3d adds a time bank spent once a move's own "
                          "time is up, game:5m+3s adds 3 seconds after each move; out of time, "
                          "a bot plays the seat"))
    p.add_argument("--bot-delay", type=number, default=0.8, metavar=_("SECONDS"),
                   help=_("how long a bot's move is shown before it is played (default 0.8)"))


def clock_option(text: str) -> ClockSpec:
    """The ``--clock`` option (``play.clocks.parse_clock_text``), refused in words."""
    from azulejos.play.clocks import parse_clock_text

    try:
        return parse_clock_text(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("'{value}' is not a clock: write move:TIME or game:TIME, TIME in seconds or with "
              "m, h or d (move:30, game:5m), with a time bank (move:1d+bank:3d) or an "
              "increment (game:5m+3s), or none").format(value=text)) from None


def run(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from azulejos.core.errors import InvalidRecordError
    from azulejos.guide import get_section
    from azulejos.i18n import resolve_language, translation
    from azulejos.notation import load_record
    from azulejos.play import Match, Seat, parse_seat
    from azulejos.play.seats import SeatSpecError, number_bots
    from azulejos.render.record_errors import record_error_text

    from ._bots import seat_error_text

    tr = translation(resolve_language(args.lang))
    _ = tr.gettext
    try:
        if args.seats:
            items = [x for x in args.seats.split(",")]
            if not 2 <= len(items) <= 4:
                raise ValueError(_("--seats needs 2, 3 or 4 entries"))
            # two bots of one level are "Easy bot" and "Easy bot 2"; two people need two names
            seats = number_bots([parse_seat(x, i) for i, x in enumerate(items)])
        else:
            seats = [Seat("Player 1"), Seat("Medium bot", "medium")]
        if len({s.name for s in seats}) != len(seats):
            raise ValueError(_("two seats have the same name"))
    except SeatSpecError as e:
        print(f"azulejos play: {seat_error_text(tr, e)}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"azulejos play: {e}", file=sys.stderr)
        return 2
    rules = ruleset_from_args(args, players=len(seats))
    clock = args.clock if args.clock is not None and args.clock.runs else None
    match = None
    if args.resume:
        try:
            record = load_record(args.resume)
            match = Match.from_record(record, clock=clock)
        except InvalidRecordError as e:
            print(f"azulejos play: {args.resume}: {record_error_text(tr, e)}", file=sys.stderr)
            return 1
        if match.is_over:
            print(_("azulejos play: {file}: that game is already over "
                    "(see it with: azulejos replay --view {file})").format(file=args.resume),
                  file=sys.stderr)
            return 1
    # a resumed game keeps the language and theme it was saved with, unless asked otherwise
    saved = match.extra if match is not None else {}
    saved_lang = saved.get("lang") if saved.get("lang") in LANGUAGES else None
    saved_theme = saved.get("theme") if saved.get("theme") in tuple(THEMES) else None
    lang = resolve_language(args.lang or saved_lang)
    theme = str(args.theme or saved_theme or "classic")
    # an unknown language or theme in a resumed record is not an error: say what is used instead
    _ = translation(lang).gettext  # the game's language from here on
    notes: list[str] = []
    if "lang" in saved and saved_lang is None and not args.lang:
        notes.append(_("{file}: the record's language {value} is unknown, so it is ignored "
                          "(the game's language: {language}).").format(
            file=args.resume, value=json.dumps(saved["lang"], ensure_ascii=False),
            language=LANGUAGE_NAMES.get(lang, lang)))
    if "theme" in saved and saved_theme is None and not args.theme:
        notes.append(_("{file}: the record's theme {value} is unknown, so it is ignored "
                          "(the classic tiles are used).").format(
            file=args.resume, value=json.dumps(saved["theme"], ensure_ascii=False)))
    for note in notes:
        print(f"azulejos play: {note}", file=sys.stderr)
    if match is not None:  # saved again, the record names what is used now
        match.extra.update(theme=theme, lang=lang)
    if args.plain:
        from azulejos.agents.hint import prepare_kernels
        from azulejos.cli import PlainGame
        from azulejos.play.words import Words

        if match is None:
            match = Match.new(seats, rules, args.seed, extra={"theme": theme, "lang": lang},
                              clock=clock)
        words = Words(lang, theme, theme_letters=False)  # the notation is what the player types
        game = PlainGame(match, words, sys.stdin, sys.stdout,
                         save_to=Path(args.save) if args.save else None,
                         echo=not sys.stdin.isatty(), guide=get_section,
                         prepare_engine=prepare_kernels)
        return game.run()
    if not have_terminal():
        print(_("azulejos play: the full-screen game needs a terminal; without one, play in "
                "plain line mode with --plain"), file=sys.stderr)
        return 2
    from azulejos.agents.hint import prepare_kernels
    from azulejos.tui import AzulejosApp, Setup

    setup = Setup(seats, rules, theme, lang, args.seed, args.high_contrast)
    app = AzulejosApp(setup, match=match, bot_delay=max(0.0, args.bot_delay), skip_setup=args.quick,
                      guide=get_section, notice=" ".join(notes), prepare_engine=prepare_kernels,
                      clock=clock)
    app.run()
    return 0
