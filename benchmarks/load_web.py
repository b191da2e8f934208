"""Load test of the game server: many concurrent bot-vs-bot games through the websocket API.

Starts ``azulejos serve`` on a free 127.0.0.1 port (or uses --url) and keeps --games 2-player
games of people running at a time: each seat claimed from its invitation, a websocket per
seat that plays random legal moves from its view; when a game ends a new one takes its place.
After --warmup seconds it measures for --seconds: moves/s, the latency of a move (send ->
"accepted", i.e. checked, stored and broadcast) as percentiles, and the CPU time per move of
the server and of this client. --rate offers a fixed number of moves per second in all
instead of moving as fast as the server answers. The clients ask for their legal moves without
previews (``"previews": "on_demand"``, docs/api.md: they never show one); --with-previews gets
them in every view, as clients before previews on demand did.

    python benchmarks/load_web.py --games 25 --seconds 30              # 50 clients, flat out
    python benchmarks/load_web.py --games 25 --seconds 30 --rate 1000  # 50 clients, 1,000 moves/s
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


def database_cpu_seconds() -> float:
    """CPU time (user + system) so far of every PostgreSQL process on this machine (Linux
    /proc; 0 where none runs): the database's share of a run's work."""
    total = 0.0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if (proc / "comm").read_text().strip() != "postgres":
                continue
            total += cpu_seconds(int(proc.name))
        except (OSError, ValueError, IndexError):
            continue  # it ended meanwhile
    return total


def machine_cpu_seconds() -> float:
    """CPU time spent so far by the whole machine, on all its CPUs (Linux /proc/stat: user,
    nice, system, irq and softirq; not idle, I/O wait or time stolen by the host)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq = (int(f) for f in fields[:7])
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def seat_client(url: str, game: str, token: str, seed: int, deadline: float,
                      latencies: list[float], errors: list[str], compress: bool = True,
                      patches: bool = True, measure_from: float = 0.0,
                      pace: dict[str, float] | None = None, with_previews: bool = False) -> int:
    """One seat: plays a random legal move whenever its view says it is to move. With
    ``patches`` it asks for patches, as the browser does (docs/api.md, "Patches"), and applies
    them as static/js/socket.js does; a server that does not know them sends whole views.

    Moves and latencies count from ``measure_from`` (time.monotonic) on. ``pace``, shared by
    the seats of one game (``{"every": s, "next": t}``): a move is not sent before ``next``, and
    each move puts ``next`` ``every`` seconds later (a fixed offered rate; slower when the
    server is). Unless ``with_previews``, it asks for its views' legal moves without their
    previews (docs/api.md, "Previews on demand"; a server that does not know it sends them)."""
    rng = random.Random(seed)
    moves = 0
    held: dict[str, Any] | None = None
    async with websockets.connect(f"{url.replace('http', 'ws', 1)}/ws/games/{game}", max_size=2**22,
                                  compression="deflate" if compress else None) as ws:
        hello: dict[str, object] = {"type": "hello", "token": token}
        if patches:
            hello["patches"] = True
        if not with_previews:
            hello["previews"] = "on_demand"
        await ws.send(json.dumps(hello))
        sent_at: float | None = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            if msg["type"] == "accepted" and sent_at is not None:
                if time.monotonic() >= measure_from:
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
                    if pace is not None:
                        wait = pace["next"] - time.monotonic()
                        if wait > 0:
                            await asyncio.sleep(wait)
                        # a fixed schedule: a game that fell behind catches up (up to 1 s)
                        pace["next"] = max(pace["next"], time.monotonic() - 1.0) + pace["every"]
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "version": v["version"], "move": move}))
                    if time.monotonic() >= measure_from:
                        moves += 1
    return moves


async def new_game(http: httpx.AsyncClient, url: str) -> dict[str, Any]:
    """A 2-player game of people, each seat claimed from its invitation (docs/api.md)."""
    r = await http.post(url + "/api/games", json={"players": 2})
    r.raise_for_status()
    c: dict[str, Any] = r.json()
    for s in c["seats"]:
        if s.get("invite"):
            claim = await http.post(f"{url}/api/games/{c['game']}/claim", json={"invite": s["invite"]})
            claim.raise_for_status()
            s["token"] = claim.json()["token"]
    return c


async def run(url: str | list[str], games: int, seconds: float, seed: int, compress: bool = True,
              patches: bool = True, warmup: float = 0.0, rate: float | None = None,
              server_pid: int | list[int] | None = None,
              with_previews: bool = False) -> dict[str, object]:
    """``games`` games at a time for ``warmup`` + ``seconds``; when one ends, a new one starts
    in its place (steady state). Figures count the last ``seconds`` only. ``rate``: moves per
    second offered in all (each game paced at rate/games); None: as fast as the server answers.
    Several servers (``url`` a list; load_cluster.py): game i is made on server i mod n and
    its seat s plays on server (i + s) mod n, so the two players of a game are on two
    processes; the server CPU is that of all the ``server_pid`` processes."""
    urls = [url] if isinstance(url, str) else url
    pids = [] if server_pid is None else [server_pid] if isinstance(server_pid, int) else server_pid
    latencies: list[float] = []
    errors: list[str] = []
    counts: list[int] = []
    finished: list[str] = []
    t0 = time.monotonic()
    measure_from = t0 + warmup
    deadline = measure_from + seconds
    cpu: dict[str, float] = {}

    async def slot(i: int, http: httpx.AsyncClient) -> None:
        n = 0
        while time.monotonic() < deadline - 1.0:
            c = await new_game(http, urls[i % len(urls)])
            pace = None if rate is None else {"every": games / rate, "next": time.monotonic()}
            played = await asyncio.gather(*(
                seat_client(urls[(i + s["seat"]) % len(urls)], c["game"], s["token"],
                            seed + (i * 1000 + n) * 7 + s["seat"],
                            deadline, latencies, errors, compress, patches, measure_from, pace,
                            with_previews)
                for s in c["seats"]))
            counts.extend(played)
            finished.append(c["spectator_token"])
            n += 1

    async def sample_cpu() -> None:
        await asyncio.sleep(max(0.0, measure_from - time.monotonic()))
        cpu["server"] = sum(cpu_seconds(p) for p in pids)
        cpu["client"] = cpu_seconds()
        cpu["database"] = database_cpu_seconds()
        cpu["machine"] = machine_cpu_seconds()

    async with httpx.AsyncClient(timeout=30) as http:
        sampler = asyncio.create_task(sample_cpu())
        await asyncio.gather(*(slot(i, http) for i in range(games)))
        await sampler
    elapsed = time.monotonic() - measure_from
    moves = sum(counts)
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p / 100 * len(lat)))] if lat else float("nan")

    result: dict[str, object] = {
        "games_at_a_time": games, "games_played": len(finished), "moves": moves,
        "seconds": round(elapsed, 2), "warmup_seconds": warmup,
        "offered_moves_per_s": rate, "moves_per_s": round(moves / elapsed, 1),
        "latency_ms": {"p50": round(pct(50), 1), "p90": round(pct(90), 1), "p99": round(pct(99), 1),
                       "max": round(1000 * lat[-1], 1) if lat else None,
                       "mean": round(1000 * statistics.fmean(lat), 1) if lat else None},
        "errors": {c: errors.count(c) for c in set(errors)},
        # CPU per move over the measured window: steadier than moves/s on a shared machine
        "client_cpu_ms_per_move": round(1000 * (cpu_seconds() - cpu["client"]) / max(1, moves), 3),
    }
    database = database_cpu_seconds() - cpu["database"]
    if database > 0:  # PostgreSQL's processes (all of them on this machine)
        result["database_cpu_ms_per_move"] = round(1000 * database / max(1, moves), 3)
    # Everything the machine did, per move: its CPUs over this gives the most moves a second
    # it could serve with the load client on it (docs/performance.md)
    result["machine_cpu_ms_per_move"] = round(
        1000 * (machine_cpu_seconds() - cpu["machine"]) / max(1, moves), 3)
    result["machine_cpus"] = os.cpu_count()
    if pids:  # (with several servers: all of them together; each move is also read by the
        # other process, through the bus)
        result["server_cpu_ms_per_move"] = round(
            1000 * (sum(cpu_seconds(p) for p in pids) - cpu["server"]) / max(1, moves), 3)
    return result


def start_server(db: str | None, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    """``azulejos serve`` on a free 127.0.0.1 port, without rate limits, on ``db`` (default: a
    temporary SQLite file); returns the process and its URL once it answers (SystemExit if it
    does not start)."""
    port = free_port()
    db = db or str(Path(tempfile.mkdtemp()) / "load.sqlite3")
    proc = subprocess.Popen(
        [sys.executable, "-m", "azulejos", "serve", "--port", str(port), "--db", db,
         "--log-level", "warning", "--games-per-minute", "0", "--moves-per-minute", "0",
         "--bad-tokens-per-minute", "0", *extra],  # (50 hellos at once: no limit either)
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(url + "/api/meta", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60.0,
                    help="measure for this long, after the warm-up (default 60)")
    ap.add_argument("--warmup", type=float, default=5.0,
                    help="seconds played before measuring (default 5)")
    ap.add_argument("--rate", type=float,
                    help="offer this many moves per second in all (default: as fast as answered)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="an already running server (default: start one on 127.0.0.1)")
    ap.add_argument("--db", help="database for the started server (default: a temporary SQLite file)")
    ap.add_argument("--no-compression", action="store_true",
                    help="do not offer permessage-deflate (as a client that does not support it)")
    ap.add_argument("--no-patches", action="store_true",
                    help="ask for whole views every time (as clients before patches)")
    ap.add_argument("--ws-compression", choices=("on", "off"), default="on",
                    help="the started server's --ws-compression (default on)")
    ap.add_argument("--with-previews", action="store_true",
                    help="get every legal move's preview in the views (as clients before previews "
                         "on demand; default: on demand, never asked for)")
    args = ap.parse_args()
    if not 1 <= args.games <= 2000 or not 1 <= args.seconds <= 3600 or not 0 <= args.warmup <= 600:
        ap.error("--games 1-2000, --seconds 1-3600 and --warmup 0-600")
    if args.rate is not None and not 1 <= args.rate <= 100_000:
        ap.error("--rate 1-100000")
    proc = None
    url = args.url
    if url is None:
        proc, url = start_server(
            args.db, *(["--ws-compression", "off"] if args.ws_compression == "off" else []))
    try:
        result = asyncio.run(run(url, args.games, args.seconds, args.seed, not args.no_compression,
                                 not args.no_patches, args.warmup, args.rate,
                                 proc.pid if proc is not None else None,
                                 with_previews=args.with_previews))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
