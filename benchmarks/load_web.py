"""Load test of the game server: many concurrent bot-vs-bot games through the websocket API.

Starts ``azulejos serve`` on a free 127.0.0.1 port (or uses --url), creates --games 2-player
games, and for every seat opens a websocket that plays random legal moves from its view, all
at once. Bounded by --games and --seconds; it stops by itself. Reports moves/s and the latency
of a move (send -> "accepted", i.e. checked, stored and broadcast) as percentiles.

    python benchmarks/load_web.py --games 50 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def cpu_seconds(pid: int | None = None) -> float:
    """CPU time (user + system) of a process so far: this one, or ``pid`` (Linux /proc)."""
    if pid is None:
        t = os.times()
        return t.user + t.system
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def seat_client(url: str, game: str, token: str, seed: int, deadline: float,
                      latencies: list[float], errors: list[str], compress: bool = True,
                      patches: bool = True) -> int:
    """One seat: plays a random legal move whenever its view says it is to move. With
    ``patches`` it asks for patches, as the browser does (docs/api.md, "Patches"), and applies
    them as static/js/socket.js does; a server that does not know them sends whole views."""
    rng = random.Random(seed)
    moves = 0
    held: dict[str, Any] | None = None
    async with websockets.connect(f"{url.replace('http', 'ws', 1)}/ws/games/{game}", max_size=2**22,
                                  compression="deflate" if compress else None) as ws:
        hello: dict[str, object] = {"type": "hello", "token": token}
        if patches:
            hello["patches"] = True
        await ws.send(json.dumps(hello))
        sent_at: float | None = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] == "accepted" and sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif msg["type"] == "error":
                errors.append(msg["error"]["code"])
                sent_at = None
            elif msg["type"] in ("view", "patch"):
                if msg["type"] == "view":
                    v = held = msg["view"]
                elif held is None or msg["base"] != held["version"]:
                    errors.append("patch_base")  # cannot happen: the server tracks what it sent
                    held = None
                    await ws.send(json.dumps({"type": "view"}))
                    continue
                else:
                    v = {**held, **msg["view"]}
                    if "log" in msg:
                        v["log"] = held["log"] + msg["log"]
                    held = v
                if v["phase"] == "over":
                    return moves
                if v["to_move"] and sent_at is None:
                    move = rng.choice(v["legal"])["move"]
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "version": v["version"], "move": move}))
                    moves += 1
    return moves


async def run(url: str, games: int, seconds: float, seed: int,
              compress: bool = True, patches: bool = True) -> dict[str, object]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        created = []
        for _ in range(games):
            r = await http.post("/api/games", json={"players": 2})
            r.raise_for_status()
            c = r.json()
            for s in c["seats"]:  # each seat claimed from its invitation (docs/api.md)
                if s.get("invite"):
                    claim = await http.post(f"/api/games/{c['game']}/claim", json={"invite": s["invite"]})
                    claim.raise_for_status()
                    s["token"] = claim.json()["token"]
            created.append(c)
    latencies: list[float] = []
    errors: list[str] = []
    t0 = time.monotonic()
    deadline = t0 + seconds
    tasks = [
        seat_client(url, c["game"], s["token"], seed + i * 7 + s["seat"], deadline, latencies, errors,
                    compress, patches)
        for i, c in enumerate(created) for s in c["seats"]
    ]
    moves = await asyncio.gather(*tasks)
    elapsed = time.monotonic() - t0
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        finished = 0
        specs = [c["spectator_token"] for c in created]
        for i in range(0, len(specs), 50):  # the API takes 50 tokens at a time
            r = await http.post("/api/my-games", json={"tokens": specs[i:i + 50]})
            finished += sum(1 for g in r.json()["games"] if g and g["phase"] == "over")
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p / 100 * len(lat)))] if lat else float("nan")

    return {
        "games": games, "finished": finished, "moves": sum(moves), "seconds": round(elapsed, 2),
        "moves_per_s": round(sum(moves) / elapsed, 1),
        "latency_ms": {"p50": round(pct(50), 1), "p90": round(pct(90), 1), "p99": round(pct(99), 1),
                       "max": round(1000 * lat[-1], 1) if lat else None,
                       "mean": round(1000 * statistics.fmean(lat), 1) if lat else None},
        "errors": {c: errors.count(c) for c in set(errors)},
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60.0, help="stop after this long (default 60)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="an already running server (default: start one on 127.0.0.1)")
    ap.add_argument("--db", help="database for the started server (default: a temporary SQLite file)")
    ap.add_argument("--no-compression", action="store_true",
                    help="do not offer permessage-deflate (as a client that does not support it)")
    ap.add_argument("--no-patches", action="store_true",
                    help="ask for whole views every time (as clients before patches)")
    ap.add_argument("--ws-compression", choices=("on", "off"), default="on",
                    help="the started server's --ws-compression (default on)")
    args = ap.parse_args()
    if not 1 <= args.games <= 2000 or not 1 <= args.seconds <= 3600:
        ap.error("--games 1-2000 and --seconds 1-3600")
    proc = None
    url = args.url
    if url is None:
        port = free_port()
        db = args.db or str(Path(tempfile.mkdtemp()) / "load.sqlite3")
        proc = subprocess.Popen(
            [sys.executable, "-m", "azulejos", "serve", "--port", str(port), "--db", db,
             "--log-level", "warning", "--games-per-minute", "0", "--moves-per-minute", "0",
             *(["--ws-compression", "off"] if args.ws_compression == "off" else [])],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(url + "/api/meta", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            proc.kill()
            print("the server did not start", file=sys.stderr)
            return 1
    try:
        server0 = cpu_seconds(proc.pid) if proc is not None else 0.0
        client0 = cpu_seconds()
        result = asyncio.run(run(url, args.games, args.seconds, args.seed,
                                     not args.no_compression, not args.no_patches))
        moves = max(1, int(str(result["moves"])))
        # CPU per move: steadier than moves/s on a machine shared with other work
        result["client_cpu_ms_per_move"] = round(1000 * (cpu_seconds() - client0) / moves, 3)
        if proc is not None:
            result["server_cpu_ms_per_move"] = round(
                1000 * (cpu_seconds(proc.pid) - server0) / moves, 3)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
