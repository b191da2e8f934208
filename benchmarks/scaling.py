"""What one server process costs per game and per player: the per-process figures behind
docs/scaling.md (issue 29, item 6).

Starts ``azulejos serve`` on a free 127.0.0.1 port (SQLite in a temporary folder, or --db) and
measures, one after the other:

1. **finished games**: --finished 2-player games of people played to their end through the
   websocket API (random legal moves, as ``load_web.py`` plays them): moves a game, the server's
   CPU per move and per game, and the database's growth per finished game (the SQLite file with
   its WAL, or ``pg_database_size`` on PostgreSQL);
2. **games in progress, idle**: --idle 2-player games with both seats connected by websocket and
   nobody moving (people thinking): the server's resident memory per game with its two sockets,
   and its CPU per connected socket per hour while nobody moves (--idle-seconds).

    python benchmarks/scaling.py --finished 20 --idle 200 --idle-seconds 20
    python benchmarks/scaling.py --finished 20 --idle 200 --db postgresql://azulejos@127.0.0.1:54329/azulejos_test
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from load_web import cpu_seconds, database_cpu_seconds, new_game, seat_client, start_server


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def database_bytes(db: str) -> int:
    """The database's size: the SQLite pages in use (WAL included), or PostgreSQL's own count."""
    if db.startswith("postgresql"):
        from sqlalchemy import create_engine, text

        url = db.replace("postgresql://", "postgresql+psycopg://", 1)
        engine = create_engine(url)
        try:
            with engine.connect() as conn:
                return int(conn.execute(text("select pg_database_size(current_database())"))
                           .scalar_one())
        finally:
            engine.dispose()
    import sqlite3

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)  # sees the WAL's pages too
    try:
        pages = conn.execute("pragma page_count").fetchone()[0]
        free = conn.execute("pragma freelist_count").fetchone()[0]
        size = conn.execute("pragma page_size").fetchone()[0]
        return int((pages - free) * size)
    finally:
        conn.close()


async def finished_games(url: str, n: int, pid: int, db: str, seed: int) -> dict[str, Any]:
    latencies: list[float] = []
    errors: list[str] = []
    size0 = database_bytes(db)
    cpu0, db0 = cpu_seconds(pid), database_cpu_seconds()
    t0 = time.monotonic()
    moves = 0
    async with httpx.AsyncClient(timeout=30) as http:
        async def one(i: int) -> int:
            c = await new_game(http, url)
            played = await asyncio.gather(*(
                seat_client(url, c["game"], s["token"], seed + 10 * i + s["seat"],
                            time.monotonic() + 600, latencies, errors)
                for s in c["seats"]))
            return sum(played)
        for start in range(0, n, 10):  # ten at a time
            moves += sum(await asyncio.gather(*(one(i) for i in range(start, min(n, start + 10)))))
    cpu = cpu_seconds(pid) - cpu0
    out: dict[str, Any] = {
        "games": n, "moves": moves, "moves_per_game": round(moves / n, 1),
        "seconds": round(time.monotonic() - t0, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / max(1, moves), 3),
        "server_cpu_ms_per_game": round(1000 * cpu / n, 1),
        "database_bytes_per_game": round((database_bytes(db) - size0) / n),
        "errors": {c: errors.count(c) for c in set(errors)},
    }
    pg = database_cpu_seconds() - db0
    if pg > 0:
        out["database_cpu_ms_per_move"] = round(1000 * pg / max(1, moves), 3)
    return out


async def idle_games(url: str, n: int, seconds: float, pid: int) -> dict[str, Any]:
    ready = 0
    done = asyncio.Event()
    all_ready = asyncio.Event()
    sockets = 2 * n

    async def hold(game: str, token: str) -> None:
        nonlocal ready
        ws_url = f"{url.replace('http', 'ws', 1)}/ws/games/{game}"
        async with websockets.connect(ws_url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "patches": True,
                                      "previews": "on_demand"}))
            await ws.recv()  # the first view
            ready += 1
            if ready == sockets:
                all_ready.set()
            await done.wait()

    rss0 = rss_bytes(pid)
    async with httpx.AsyncClient(timeout=30) as http:
        games = [await new_game(http, url) for _ in range(n)]
    holders = [asyncio.create_task(hold(c["game"], s["token"])) for c in games for s in c["seats"]]
    await asyncio.wait_for(all_ready.wait(), timeout=300)
    await asyncio.sleep(1.0)  # let the last views go out
    rss1 = rss_bytes(pid)
    cpu0 = cpu_seconds(pid)
    await asyncio.sleep(seconds)  # nobody moves: what holding them costs
    cpu = cpu_seconds(pid) - cpu0
    done.set()
    await asyncio.gather(*holders)
    return {
        "games": n, "sockets": sockets, "idle_seconds": seconds,
        "rss_mib_before": round(rss0 / 2**20, 1), "rss_mib_with_games": round(rss1 / 2**20, 1),
        "rss_kib_per_game_with_two_sockets": round((rss1 - rss0) / n / 1024, 1),
        "idle_cpu_ms_per_socket_per_hour": round(1000 * cpu / sockets * 3600 / seconds, 2),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--finished", type=int, default=20, help="games played to the end")
    ap.add_argument("--idle", type=int, default=200, help="games held open with nobody moving")
    ap.add_argument("--idle-seconds", type=float, default=20.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    args = ap.parse_args()
    if not 1 <= args.finished <= 1000 or not 1 <= args.idle <= 5000:
        ap.error("--finished 1-1000 and --idle 1-5000")
    if not 1 <= args.idle_seconds <= 3600:
        ap.error("--idle-seconds 1-3600")
    db = args.db or str(Path(tempfile.mkdtemp()) / "scaling.sqlite3")
    proc, url = start_server(db)
    try:
        result = {
            "database": "postgresql" if db.startswith("postgresql") else "sqlite",
            "finished": asyncio.run(finished_games(url, args.finished, proc.pid, db, args.seed)),
            "idle": asyncio.run(idle_games(url, args.idle, args.idle_seconds, proc.pid)),
        }
    finally:
        proc.terminate()
        proc.wait(10)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
