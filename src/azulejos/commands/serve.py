"""azulejos serve: the game server and browser client."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from azulejos.i18n import N_

from ._common import non_negative_int, positive_int
from ._text import _, current

if TYPE_CHECKING:
    from starlette.applications import Starlette

HELP = N_("run the game server: play in the browser with friends and bots")


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(_("{text} is not a port number (0–65535)").format(text=repr(text)))
    return n


def _seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = -1.0
    if not 0 <= x <= 600:
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds (0–600)").format(text=repr(text)))
    return x


def _turn(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = -1.0
    if not 0 <= x <= 7 * 86400:
        raise argparse.ArgumentTypeError(_("{text} is not a number of seconds (0–604800)").format(text=repr(text)))
    return x


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", metavar=_("HOST"), default="127.0.0.1", help=_("address to listen on (default 127.0.0.1)"))
    p.add_argument("--port", metavar=_("PORT"), type=_port, default=8000, help=_("port (default 8000)"))
    p.add_argument(
        "--db",
        metavar=_("URL|FILE"),
        default=None,
        help=_("postgresql://user:pass@host/db, sqlite:///file, or a file path "
        "(default: an SQLite file in ~/.local/share/azulejos)"),
    )
    p.add_argument("--bot-seconds", type=_seconds, default=1.0, metavar="S",
                   help=_("thinking time per bot move (default 1)"))
    p.add_argument("--bot-delay", type=_seconds, default=0.6, metavar="S",
                   help=_("pause before a bot moves, so people can follow (default 0.6)"))
    p.add_argument("--bot-workers", type=positive_int, default=2, metavar="N",
                   help=_("threads for bots (default 2)"))
    p.add_argument("--games-per-minute", type=non_negative_int, default=10, metavar="N",
                   help=_("new games (and new invitations) per client a minute, in bursts of "
                   "as many (default 10; 0: no limit)"))
    p.add_argument("--moves-per-minute", type=non_negative_int, default=300, metavar="N",
                   help=_("moves, claims and leaves per client a minute, in bursts of 60 "
                   "(default 300; 0: no limit)"))
    limits = p.add_argument_group(_("limits per client a minute (0: no limit; docs/api.md, "
                                    "\"Limits\")"))
    limits.add_argument("--signups-per-minute", type=non_negative_int, default=5, metavar="N",
                        help=_("new accounts, in bursts of as many (default 5)"))
    limits.add_argument("--signins-per-minute", type=non_negative_int, default=20, metavar="N",
                        help=_("sign-ins and password or address changes, right or wrong, in "
                        "bursts of 10 (default 20)"))
    limits.add_argument("--resets-per-minute", type=non_negative_int, default=5, metavar="N",
                        help=_("e-mailed links asked for (address verification, password "
                        "reset), in bursts of as many (default 5)"))
    limits.add_argument("--my-games-per-minute", type=non_negative_int, default=60, metavar="N",
                        help=_("look-ups of \"my games\", in bursts of 30 (default 60)"))
    limits.add_argument("--bad-tokens-per-minute", type=non_negative_int, default=30,
                        metavar="N",
                        help=_("look-ups that find nothing (a wrong game token, invitation or "
                        "seat), in bursts of as many (default 30)"))
    limits.add_argument("--renames-per-minute", type=non_negative_int, default=20, metavar="N",
                        help=_("renames of seats and profiles, and vacations started or ended, "
                        "in bursts of 10 (default 20)"))
    limits.add_argument("--profiles-per-minute", type=non_negative_int, default=5, metavar="N",
                        help=_("new player profiles, in bursts of as many (default 5)"))
    limits.add_argument("--chat-per-minute", type=non_negative_int, default=10, metavar="N",
                        help=_("chat messages per game and seat (not per client), in bursts of "
                        "5 (default 10)"))
    p.add_argument("--bot-games", type=non_negative_int, default=4, metavar="N",
                   help=_("games of bots only in play at once, on the whole database "
                   "(default 4; 0: no cap)"))
    p.add_argument("--turn-seconds", type=_turn, default=0, metavar="S",
                   help=_("the clock of games created without one: S seconds per move; a person "
                   "who runs out of time is replaced by the game's stand-in bot (default 0: no "
                   "clock; a game's own clock is chosen in the lobby)"))
    p.add_argument("--proxy", metavar=_("ADDRESS"), default=None,
                   help=_("the address of a reverse proxy in front of the server: the client "
                   "address it reports (X-Forwarded-For) is used for the rate limits"))
    p.add_argument("--workers", type=positive_int, default=1, metavar="N",
                   help=_("server processes behind the one port (default 1); more than one needs "
                   "PostgreSQL: the processes tell each other every change through it"))
    p.add_argument("--ws-compression", choices=("on", "off"), default="on",
                   help=_("compress websocket messages (permessage-deflate) for clients that "
                   "offer it (default on: less to send on slow links; off: less server time "
                   "a move, for a local network or a proxy that compresses; "
                   "docs/performance.md)"))
    p.add_argument("--smtp", metavar=_("SERVER"), default=None,
                   help=_("send e-mail (your turn, game over, the daily digest, account mails) "
                   "through this SMTP server: smtp://user:pass@host:port, "
                   "smtp+starttls://... or smtps://... (default: no e-mail)"))
    p.add_argument("--mail-from", metavar=_("ADDRESS"), default=None,
                   help=_("the From address of the e-mails (needed with --smtp)"))
    p.add_argument("--public-url", metavar=_("ADDRESS"), default=None,
                   help=_("the server's address as players reach it, for the links in e-mails "
                   "(default: http://HOST:PORT)"))
    p.add_argument("--log-level", choices=("critical", "error", "warning", "info", "debug"),
                   default="info", help=_("how much the server logs (default info)"))


#: The limit options (``--signups-per-minute`` ...): their default a minute and the largest
#: burst (a burst is as many as a minute's, at most this).
LIMIT_FLAGS = {"signups": (5, 5), "signins": (20, 10), "resets": (5, 5), "my_games": (60, 30),
               "bad_tokens": (30, 30), "renames": (20, 10), "profiles": (5, 5), "chat": (10, 5)}

#: The environment variable that hands the options to each worker process (--workers).
OPTIONS_ENV = "AZULEJOS_SERVE_OPTIONS"


def _app_options(args: argparse.Namespace, url: str) -> dict[str, Any]:
    """What :func:`worker_app` needs to build the same app in a worker process (JSON)."""
    return {"url": url, "bot_seconds": args.bot_seconds, "bot_delay": args.bot_delay,
            "bot_workers": args.bot_workers, "games_per_minute": args.games_per_minute,
            "moves_per_minute": args.moves_per_minute, "bot_games": args.bot_games,
            "turn_seconds": args.turn_seconds, "smtp": args.smtp, "mail_from": args.mail_from,
            **{f"{what}_per_minute": getattr(args, f"{what}_per_minute") for what in LIMIT_FLAGS},
            "public_url": args.public_url or f"http://{args.host}:{args.port}"}


def _mail_settings(opts: dict[str, Any]) -> Any:
    """The e-mail settings of the options (None: e-mail off); ValueError for bad ones."""
    from azulejos.web.mail import MailSettings

    if not opts.get("smtp"):
        return None
    return MailSettings.parse(opts["smtp"], opts.get("mail_from"), opts.get("public_url"))


def _build_app(opts: dict[str, Any]) -> Starlette:
    from azulejos.guide import get_section
    from azulejos.web.app import create_app
    from azulejos.web.limits import Limits, Rate

    def rate(what: str) -> Rate:
        n = opts.get(f"{what}_per_minute", LIMIT_FLAGS[what][0])
        return Rate(n, min(LIMIT_FLAGS[what][1], n))

    limits = Limits(games=Rate(opts["games_per_minute"], opts["games_per_minute"]),
                    moves=Rate(opts["moves_per_minute"], min(60, opts["moves_per_minute"])),
                    bot_games=opts["bot_games"], signups=rate("signups"),
                    signins=rate("signins"), resets=rate("resets"), my_games=rate("my_games"),
                    bad_tokens=rate("bad_tokens"), names=rate("renames"),
                    profiles=rate("profiles"), chat=rate("chat"))
    return create_app(opts["url"], bot_seconds=opts["bot_seconds"], bot_delay=opts["bot_delay"],
                      bot_workers=opts["bot_workers"], guide=get_section, limits=limits,
                      turn_seconds=opts["turn_seconds"], mail=_mail_settings(opts))


def worker_app() -> Starlette:
    """The app of one worker process of ``serve --workers N`` (uvicorn's factory; the options
    come in :data:`OPTIONS_ENV`)."""
    from azulejos.web.collector import tune_for_serving

    app = _build_app(json.loads(os.environ[OPTIONS_ENV]))
    tune_for_serving()
    return app


def run(args: argparse.Namespace) -> int:

    tr = current()
    _ = tr.gettext
    try:
        import uvicorn
        from sqlalchemy.engine import make_url

        from azulejos.web.storage import database_url
    except ImportError as e:
        print(_("azulejos serve needs the web extra: pip install 'azulejos[web]' ({error})").format(
            error=e), file=sys.stderr)
        return 2
    try:
        url = database_url(args.db)
        if args.workers > 1 and make_url(url).get_backend_name() != "postgresql":
            print(_(
                "azulejos serve: --workers needs a PostgreSQL database (--db postgresql://...): "
                "an SQLite file is served by one process"), file=sys.stderr)
            return 2
        opts = _app_options(args, url)
        try:
            mail = _mail_settings(opts)
        except ValueError as e:
            print(_("azulejos serve: bad e-mail settings: {error}").format(error=e),
                  file=sys.stderr)
            return 2
        app = _build_app(opts)  # also prepares the database once, before any worker starts
    except Exception as e:  # a bad URL, an unreachable or unwritable database
        print(_("azulejos serve: cannot open the database: {error}").format(error=e),
              file=sys.stderr)
        return 2
    store = app.state.store
    print(_("azulejos serve: games are kept in {database}").format(database=store.describe()),
          flush=True)
    if mail is None:
        print(_("azulejos serve: e-mail is off (no --smtp): no mail is sent"), flush=True)
    else:
        print(_("azulejos serve: e-mail is sent through {server} from {sender}; links in it "
                "point to {url}").format(server=mail.smtp.describe(), sender=mail.sender,
                                         url=mail.public_url), flush=True)
    if args.workers > 1:
        print(tr.ngettext("azulejos serve: {n} server process behind the port",
                          "azulejos serve: {n} server processes behind the port",
                          args.workers).format(n=args.workers), flush=True)
    print(_("azulejos serve: open {url} in a browser").format(
        url=f"http://{args.host}:{args.port}/"), flush=True)
    from azulejos.web.ws_deflate import SmallPlainProtocol

    common: dict[str, Any] = {
        "host": args.host, "port": args.port, "log_level": args.log_level, "ws_max_size": 65536,
        "proxy_headers": args.proxy is not None, "forwarded_allow_ips": args.proxy,
        "ws_per_message_deflate": args.ws_compression == "on",
        "ws": SmallPlainProtocol,  # small messages go uncompressed (web/ws_deflate.py)
    }
    if args.workers > 1:
        store.close()
        os.environ[OPTIONS_ENV] = json.dumps(opts)
        uvicorn.run("azulejos.commands.serve:worker_app", factory=True, workers=args.workers,
                    **common)
    else:
        from azulejos.web.collector import tune_for_serving

        tune_for_serving()
        uvicorn.run(app, **common)
    return 0
