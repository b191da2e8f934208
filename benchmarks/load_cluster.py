"""Load test of several server processes on one PostgreSQL database (issue 14, item 8): like
``load_web.py`` (N two-player games of people, one websocket per seat, random legal moves as
fast as the server answers), but with --servers processes and each game's two seats connected
to two different processes, so every move is also carried to the other process by the bus.

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
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from cross_process import start  # noqa: E402
from load_web import cpu_seconds, seat_client  # noqa: E402


async def run(urls: list[str], games: int, seconds: float, seed: int, compress: bool = True,
              patches: bool = True) -> dict[str, Any]:
    created = []
    async with httpx.AsyncClient(timeout=30) as http:
        for g in range(games):
            base = urls[g % len(urls)]
            r = await http.post(base + "/api/games", json={"players": 2})
            r.raise_for_status()
            c = r.json()
            for s in c["seats"]:
                claim = await http.post(f"{base}/api/games/{c['game']}/claim",
                                        json={"invite": s["invite"]})
                claim.raise_for_status()
                s["token"] = claim.json()["token"]
            created.append(c)
    latencies: list[float] = []
    errors: list[str] = []
    t0 = time.monotonic()
    deadline = t0 + seconds
    tasks = [
        # seat s of game i on server (i + s) mod n: the two players of a game on two processes
        seat_client(urls[(i + s["seat"]) % len(urls)], c["game"], s["token"],
                    seed + i * 7 + s["seat"], deadline, latencies, errors, compress, patches)
        for i, c in enumerate(created) for s in c["seats"]
    ]
    moves = await asyncio.gather(*tasks)
    elapsed = time.monotonic() - t0
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p / 100 * len(lat)))], 1) if lat else 0.0

    return {
        "servers": len(urls), "games": games, "moves": sum(moves), "seconds": round(elapsed, 2),
        "moves_per_s": round(sum(moves) / elapsed, 1),
        "latency_ms": {"p50": pct(50), "p90": pct(90), "p99": pct(99), "max": pct(100),
                       "mean": round(1000 * statistics.fmean(lat), 1) if lat else None},
        "errors": {c: errors.count(c) for c in set(errors)},
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=os.environ.get("AZULEJOS_TEST_PG"),
                    help="a PostgreSQL URL (default: $AZULEJOS_TEST_PG)")
    ap.add_argument("--servers", type=int, default=2)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-compression", action="store_true",
                    help="clients do not offer permessage-deflate")
    ap.add_argument("--no-patches", action="store_true",
                    help="clients ask for whole views every time (as clients before patches)")
    ap.add_argument("--ws-compression", choices=("on", "off"), default="on",
                    help="the servers' --ws-compression (default on)")
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
        before = [cpu_seconds(p.pid) for p in procs]
        result = asyncio.run(run(urls, args.games, args.seconds, args.seed,
                                 not args.no_compression, not args.no_patches))
        # CPU per move of all the server processes together (each move is also read by the
        # other process, through the bus)
        used = sum(cpu_seconds(p.pid) for p in procs) - sum(before)
        result["server_cpu_ms_per_move"] = round(1000 * used / max(1, int(result["moves"])), 3)
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
