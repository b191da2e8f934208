"""Load test of several server processes on one PostgreSQL database (issue 14, item 8): like
``load_web.py`` (N two-player games of people at a time, one websocket per seat, random legal
moves; a warm-up, then the measured seconds), but with --servers processes and each game's
two seats connected to two different processes, so every move is also carried to the other
process by the bus.

    python benchmarks/load_cluster.py --servers 2 --games 50 --seconds 30 \\
        --db postgresql://azulejos@127.0.0.1:54329/azulejos_test

The servers' tables go into a fresh PostgreSQL schema of that database (dropped afterwards).
--servers 1 gives the one-process figure on the same code for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from cross_process import start  # noqa: E402
from load_web import run  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=os.environ.get("AZULEJOS_TEST_PG"),
                    help="a PostgreSQL URL (default: $AZULEJOS_TEST_PG)")
    ap.add_argument("--servers", type=int, default=2)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30.0,
                    help="measure for this long, after the warm-up (default 30)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds played before measuring")
    ap.add_argument("--rate", type=float,
                    help="offer this many moves per second in all (default: as fast as answered)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-compression", action="store_true",
                    help="clients do not offer permessage-deflate")
    ap.add_argument("--no-patches", action="store_true",
                    help="clients ask for whole views every time (as clients before patches)")
    ap.add_argument("--ws-compression", choices=("on", "off"), default="on",
                    help="the servers' --ws-compression (default on)")
    ap.add_argument("--with-previews", action="store_true",
                    help="clients get every legal move's preview in the views (default: on demand)")
    args = ap.parse_args()
    if not args.db or not 1 <= args.servers <= 8 or not 1 <= args.games <= 2000 \
            or not 1 <= args.seconds <= 3600:
        ap.error("--db (a PostgreSQL URL), --servers 1-8, --games 1-2000, --seconds 1-3600")
    from sqlalchemy import create_engine, text

    from azulejos.web.storage import database_url

    base = database_url(args.db)
    name = f"bench_{secrets.token_hex(4)}"
    engine = create_engine(base)
    with engine.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {name}"))
    db = f"{base}?options=-csearch_path%3D{name}"
    procs: list[subprocess.Popen[bytes]] = []
    try:
        urls = []
        for _ in range(args.servers):
            p, url = start(db, *(["--ws-compression", "off"] if args.ws_compression == "off"
                                 else []))
            procs.append(p)
            urls.append(url)
        result = asyncio.run(run(urls, args.games, args.seconds, args.seed,
                                 not args.no_compression, not args.no_patches, args.warmup,
                                 args.rate, [p.pid for p in procs],
                                 with_previews=args.with_previews))
        result["servers"] = args.servers
        print(json.dumps(result, indent=2))
    finally:
        for p in procs:
            p.send_signal(signal.SIGINT)
        for p in procs:
            try:
                p.wait(15)
            except subprocess.TimeoutExpired:
                p.kill()
        with engine.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {name} CASCADE"))
        engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
