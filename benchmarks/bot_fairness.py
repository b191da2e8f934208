"""Is a person's bot reply fair while games of bots only run? (issue #14, item 7)

Starts ``azulejos serve`` (the code on PYTHONPATH) on a free 127.0.0.1 port with its default
bot settings (1 s per bot move, 0.6 s pause, 2 bot workers), plays a person against a bot
(``--level``, default medium) and measures the bot's reply: from sending the person's move to
the view in which the bot has answered. First with nothing else running, then while --load
anonymous clients' games of bots only (4 ``--load-level`` bots each, default expert) run. The
cap on all-bot games is raised to --load so that they all run (the cap would refuse most).

    python benchmarks/bot_fairness.py --moves 10 --load 12

Works against the server before seat invitations too (tokens straight from game creation).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

import httpx
import load_web
import websockets


def start_server(load: int) -> tuple[subprocess.Popen[bytes], str]:
    """``azulejos serve`` with its default bot settings, the cap on all-bot games raised to
    ``load`` (the shared start of ``load_web``, which also lifts the rate limits)."""
    return load_web.start_server(None, "--bot-games", str(load))


async def person_game(http: httpx.AsyncClient, level: str) -> tuple[str, str]:
    r = await http.post("/api/games", json={
        "players": 2, "seats": [{"kind": "person", "name": "Me"}, {"kind": "bot", "level": level}]})
    r.raise_for_status()
    c = r.json()
    seat = c["seats"][0]
    if seat.get("invite"):
        r = await http.post(f"/api/games/{c['game']}/claim", json={"invite": seat["invite"]})
        r.raise_for_status()
        return c["game"], r.json()["token"]
    return c["game"], seat["token"]


async def replies(url: str, game: str, token: str, moves: int, rng: random.Random) -> list[float]:
    """Play until ``moves`` bot answers were timed: from the person's move to the view with
    the bot's answer (a move after which the person moves again, as at the start of a round
    the person begins, has no answer to time)."""
    out: list[float] = []
    async with websockets.connect(f"{url.replace('http', 'ws', 1)}/ws/games/{game}",
                                  max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: float | None = None
        while len(out) < moves:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if msg["type"] != "view":
                continue
            v = msg["view"]
            if v["phase"] == "over":
                break
            if not v["to_move"]:
                continue
            last = [e for e in v["log"] if e["kind"] == "move"][-1:]
            if sent is not None and last and last[0]["seat"] == 1:  # the bot answered
                out.append(time.perf_counter() - sent)
            await asyncio.sleep(0.2)  # a person reads the board
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "version": v["version"],
                                      "move": rng.choice(v["legal"])["move"]}))
    return out


async def measure(url: str, level: str, moves: int, seed: int) -> list[float]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        game, token = await person_game(http, level)
    return await replies(url, game, token, moves, random.Random(seed))


async def load_games(url: str, n: int, level: str) -> int:
    started = 0
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        for _ in range(n):
            r = await http.post("/api/games", json={
                "players": 4, "seats": [{"kind": "bot", "level": level}] * 4})
            started += r.status_code == 201
    return started


def stats(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {"n": len(xs), "median": round(statistics.median(xs), 2),
            "mean": round(statistics.fmean(xs), 2), "max": round(xs[-1], 2)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=10, help="bot replies measured per phase")
    ap.add_argument("--load", type=int, default=12, help="all-bot games started for the load")
    ap.add_argument("--level", default="medium")
    ap.add_argument("--load-level", default="expert")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not 1 <= args.moves <= 100 or not 0 <= args.load <= 100:
        ap.error("--moves 1-100, --load 0-100")
    proc, url = start_server(args.load)
    try:
        quiet = asyncio.run(measure(url, args.level, args.moves, args.seed))
        started = asyncio.run(load_games(url, args.load, args.load_level))
        time.sleep(2.0)  # the bots of the load are thinking
        loaded = asyncio.run(measure(url, args.level, args.moves, args.seed + 1))
    finally:
        proc.terminate()
        proc.wait(10)
    q, lo = stats(quiet), stats(loaded)
    result: dict[str, Any] = {
        "unloaded": q, "loaded": lo, "all_bot_games_started": started,
        "ratio_median": round(lo["median"] / q["median"], 2),
        "ratio_mean": round(lo["mean"] / q["mean"], 2),
        "load_average": os.getloadavg()[0],
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
