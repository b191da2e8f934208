"""Cross-process latency of the game server: two ``azulejos serve`` processes on one PostgreSQL
database, a person on each (by websocket); how long a move made on one process takes to reach
the player connected to the other (send -> the other's new view), next to the mover's own
new view (send -> its own view, through its own process). Bounded by --moves; it stops by itself.

    python benchmarks/cross_process.py --db postgresql://azulejos@127.0.0.1:54329/azulejos_test

The servers' tables go into a fresh PostgreSQL schema of that database (dropped afterwards).
With --workers N a single ``serve --workers N`` is started instead of two servers, and both
players connect to its one port (the kernel spreads the connections over the workers).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: str, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "azulejos", "serve", "--port", str(port), "--db", db,
         "--log-level", "warning", "--games-per-minute", "0", "--moves-per-minute", "0", *extra],
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("a server exited")
        try:
            if httpx.get(url + "/api/meta", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("a server did not start within 60 s")


async def next_view(ws: Any) -> dict[str, Any]:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if msg["type"] == "view":
            view: dict[str, Any] = msg["view"]
            return view
        if msg["type"] == "error":
            raise SystemExit(f"error: {msg['error']}")


async def measure(urls: list[str], moves: int, games: int) -> dict[str, Any]:
    cross: list[float] = []
    local: list[float] = []
    played = 0
    for _ in range(games):
        async with httpx.AsyncClient(timeout=30) as http:
            r = await http.post(urls[0] + "/api/games", json={"players": 2})
            r.raise_for_status()
            c = r.json()
            tokens = []
            for s in c["seats"]:
                claim = await http.post(f"{urls[0]}/api/games/{c['game']}/claim",
                                        json={"invite": s["invite"]})
                claim.raise_for_status()
                tokens.append(claim.json()["token"])
        socks = []
        for seat in (0, 1):
            url = urls[seat % len(urls)].replace("http", "ws", 1)
            ws = await websockets.connect(f"{url}/ws/games/{c['game']}")
            await ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
            socks.append(ws)
        views = [await next_view(ws) for ws in socks]
        await asyncio.sleep(0.2)  # presence notices settle
        while played < moves:
            # drain presence updates: each side's latest view
            for i, ws in enumerate(socks):
                while True:
                    try:
                        views[i] = await asyncio.wait_for(next_view(ws), 0.05)
                    except TimeoutError:
                        break
            if views[0]["phase"] == "over":
                break
            i = 0 if views[0]["to_move"] else 1
            mover, other = socks[i], socks[1 - i]
            v = views[i]
            sent = time.perf_counter()
            await mover.send(json.dumps({"type": "move", "version": v["version"],
                                         "move": v["legal"][0]["move"]}))

            async def reach(ws: Any, seat: int, into: list[float], after: int = v["version"],
                            t0: float = sent, latest: list[dict[str, Any]] = views) -> None:
                while True:
                    nv = await next_view(ws)
                    if nv["version"] > after:
                        into.append(time.perf_counter() - t0)
                        latest[seat] = nv
                        return

            # the other player's new view (through the other process), and the mover's own
            await asyncio.gather(reach(other, 1 - i, cross), reach(mover, i, local))
            played += 1
        for ws in socks:
            await ws.close()
        if played >= moves:
            break

    def pct(xs: list[float], p: float) -> float:
        s = sorted(xs)
        return round(1000 * s[min(len(s) - 1, int(p / 100 * len(s)))], 1)

    return {
        "moves": played,
        "cross_process_ms": {"p50": pct(cross, 50), "p95": pct(cross, 95), "max": pct(cross, 100),
                             "mean": round(1000 * statistics.fmean(cross), 1)},
        "own_view_ms": {"p50": pct(local, 50), "p95": pct(local, 95)},
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default=os.environ.get("AZULEJOS_TEST_PG"),
                    help="a PostgreSQL URL (default: $AZULEJOS_TEST_PG)")
    ap.add_argument("--moves", type=int, default=50)
    ap.add_argument("--workers", type=int, default=0,
                    help="one 'serve --workers N' instead of two servers (default: two servers)")
    args = ap.parse_args()
    if not args.db or not 1 <= args.moves <= 10000:
        ap.error("--db (a PostgreSQL URL) and --moves 1-10000")
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
        if args.workers:
            p, url = start(db, "--workers", str(args.workers))
            procs, urls = [p], [url]
        else:
            a, url_a = start(db)
            procs.append(a)
            b, url_b = start(db)
            procs.append(b)
            urls = [url_a, url_b]
        result = asyncio.run(measure(urls, args.moves, games=20))
        result["servers"] = f"serve --workers {args.workers}" if args.workers else "2 x serve"
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
