"""azulejos admin: the operator's work on a server's database (docs/api.md, "Fair play").

``azulejos admin operator NAME`` makes the account NAME the server's operator (its /admin page
and the moderation API open to it); ``--off`` makes it a player again. It writes the database
that ``azulejos serve --db`` uses; every server process on it sees the change at once."""

from __future__ import annotations

import argparse
import sys

from azulejos.i18n import N_

from ._text import _, current

HELP = N_("the operator's work on a server's database: make an account the operator")


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="admin_command", metavar=_("ACTION"), required=True)
    op = sub.add_parser("operator", help=_("make an account the server's operator (or, with "
                                           "--off, a player again)"))
    op.add_argument("name", metavar=_("NAME"), help=_("the account's user name"))
    op.add_argument("--off", action="store_true", help=_("make the account a player again"))
    op.add_argument(
        "--db", metavar=_("URL|FILE"), default=None,
        help=_("the server's database, as for azulejos serve --db (default: the SQLite file "
               "in ~/.local/share/azulejos)"))


def run(args: argparse.Namespace) -> int:
    tr = current()
    _ = tr.gettext
    try:
        from azulejos.web.accounts.service import name_key
        from azulejos.web.fairplay.store import SqlFairPlay
        from azulejos.web.storage import SqlStore, database_url
    except ImportError as e:
        print(_("azulejos admin needs the web extra: pip install 'azulejos[web]' ({error})")
              .format(error=e), file=sys.stderr)
        return 2
    try:
        store = SqlStore(database_url(args.db))
    except Exception as e:  # a bad URL, an unreachable or unwritable database
        print(_("azulejos admin: cannot open the database: {error}").format(error=e),
              file=sys.stderr)
        return 2
    try:
        done = SqlFairPlay(store.engine).set_operator(name_key(args.name), not args.off)
    finally:
        store.close()
    if not done:
        print(_("azulejos admin: no account is named {name}").format(name=args.name),
              file=sys.stderr)
        return 1
    if args.off:
        print(_("{name} is no longer an operator").format(name=args.name))
    else:
        print(_("{name} is the server's operator now: sign in and open /admin")
              .format(name=args.name))
    return 0
