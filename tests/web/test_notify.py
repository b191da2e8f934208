"""Several server processes on one PostgreSQL database behave as one server (issue 14, item 6):
moves, renames and presence made on one process reach the clients of another at once, through
PostgreSQL LISTEN/NOTIFY (web/bus.py). Real server processes, real websockets. The latency is
measured in benchmarks/cross_process.py; here only a generous sanity bound is checked.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import httpx
import pytest

from .conftest import PG_URL
from .servers import free_port

websockets = pytest.importorskip("websockets")

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set"),
]

#: Far above the target (50 ms) and the measured figures; only "reached at all, not by a
#: one-second poll chain" is checked here.
BOUND = 2.0


class Proc:
    """``azulejos serve`` on a free port (extra options appended)."""

    def __init__(self, db: str, *extra: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "azulejos", "serve", "--port", str(self.port), "--db", db,
             "--bot-delay", "0", "--bot-seconds", "0.05", "--log-level", "warning",
             "--games-per-minute", "0", "--moves-per-minute", "0", *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"the server exited: {err}")
            try:
                if httpx.get(self.base + "/api/meta", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start within 60 s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@pytest.fixture
def pg() -> Iterator[str]:
    """A URL of the test database whose tables go into a fresh PostgreSQL schema (dropped
    after the test), so that these servers share a database with nobody else's tables."""
    from sqlalchemy import create_engine, text

    from azulejos.web.storage import database_url

    assert PG_URL
    name = f"notify_{secrets.token_hex(4)}"
    engine = create_engine(database_url(PG_URL))
    with engine.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {name}"))
    try:
        yield f"{database_url(PG_URL)}?options=-csearch_path%3D{name}"
    finally:
        with engine.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {name} CASCADE"))
        engine.dispose()


@pytest.fixture
def two(pg: str) -> Iterator[tuple[Proc, Proc]]:
    a = Proc(pg)
    try:
        b = Proc(pg)
    except Exception:
        a.stop()
        raise
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


def new_game(base: str) -> tuple[str, list[str]]:
    """A game of two people, both seats claimed: (game id, seat tokens)."""
    r = httpx.post(base + "/api/games", json={"players": 2}, timeout=30)
    r.raise_for_status()
    created = r.json()
    tokens = []
    for s in created["seats"]:
        c = httpx.post(f"{base}/api/games/{created['game']}/claim",
                       json={"invite": s["invite"]}, timeout=30)
        c.raise_for_status()
        tokens.append(c.json()["token"])
    return created["game"], tokens


class Client:
    """One websocket viewer: the latest view it was sent."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.view: dict[str, Any] = {}

    @classmethod
    async def open(cls, url: str, game: str, token: str) -> Client:
        ws = await websockets.connect(f"{url}/ws/games/{game}")
        await ws.send(json.dumps({"type": "hello", "token": token}))
        c = cls(ws)
        await c.until(lambda v: True)
        return c

    async def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = BOUND) -> float:
        """Wait for a view with ``pred`` true; the seconds it took. Fails after ``timeout``."""
        t0 = time.perf_counter()
        if self.view and pred(self.view):
            return 0.0
        while True:
            left = timeout - (time.perf_counter() - t0)
            if left <= 0:
                raise AssertionError(f"no such view within {timeout} s; last: {self.summary()}")
            try:
                raw = await asyncio.wait_for(self.ws.recv(), left)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            if msg["type"] == "view":
                self.view = msg["view"]
                if pred(self.view):
                    return time.perf_counter() - t0
            elif msg["type"] == "error":
                raise AssertionError(f"error from the server: {msg['error']}")

    def summary(self) -> dict[str, Any]:
        return {k: self.view.get(k) for k in ("version", "current", "seats")}

    async def close(self) -> None:
        await self.ws.close()


def run(coro: Awaitable[None]) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


def test_move_rename_and_presence_reach_the_other_process(two: tuple[Proc, Proc]) -> None:
    a, b = two
    game, tokens = new_game(a.base)

    async def scenario() -> None:
        ca = await Client.open(a.ws, game, tokens[0])  # seat 0 on process A
        cb = await Client.open(b.ws, game, tokens[1])  # seat 1 on process B
        # presence: each sees the other online, though connected to another process
        await ca.until(lambda v: v["seats"][1]["online"])
        await cb.until(lambda v: v["seats"][0]["online"])
        # moves, made alternately on each process, are seen on the other (R10: one per turn)
        for _ in range(6):
            mover, other = (ca, cb) if ca.view["to_move"] else (cb, ca)
            version = mover.view["version"]
            move = mover.view["legal"][0]["move"]
            await mover.ws.send(json.dumps({"type": "move", "version": version, "move": move}))
            took = await other.until(lambda v, n=version: v["version"] > n)
            assert took < BOUND
            await mover.until(lambda v, n=version: v["version"] > n)
            assert other.view["version"] == mover.view["version"]
            assert other.view["boards"] == mover.view["boards"]
        # a rename on B is seen on A without any move
        await cb.ws.send(json.dumps({"type": "name", "name": "Zoë from B"}))
        await ca.until(lambda v: v["seats"][1]["name"] == "Zoë from B")
        # B's player goes: A shows them offline at once
        await cb.close()
        await ca.until(lambda v: not v["seats"][1]["online"])
        # and back, on the other process this time: still seen as one server
        cb2 = await Client.open(a.ws, game, tokens[1])
        await ca.until(lambda v: v["seats"][1]["online"])
        await cb2.close()
        await ca.close()

    run(scenario())


def test_a_process_that_stops_takes_its_presence_with_it(two: tuple[Proc, Proc]) -> None:
    a, b = two
    game, tokens = new_game(a.base)

    async def scenario() -> None:
        ca = await Client.open(a.ws, game, tokens[0])
        await Client.open(b.ws, game, tokens[1])
        await ca.until(lambda v: v["seats"][1]["online"])
        b.stop()  # its "bye" (or, killed, the expiry) ends seat 1's presence
        await ca.until(lambda v: not v["seats"][1]["online"], timeout=BOUND)
        await ca.close()

    run(scenario())


def test_the_presence_of_a_process_killed_without_goodbye_expires(two: tuple[Proc, Proc]) -> None:
    from azulejos.web.presence import EXPIRY, HEARTBEAT

    a, b = two
    game, tokens = new_game(a.base)

    async def scenario() -> None:
        ca = await Client.open(a.ws, game, tokens[0])
        await Client.open(b.ws, game, tokens[1])
        await ca.until(lambda v: v["seats"][1]["online"])
        b.proc.send_signal(signal.SIGKILL)  # no bye, no closing frames
        b.proc.wait(10)
        # A forgets B's announcement once it is older than EXPIRY (checked every HEARTBEAT)
        await ca.until(lambda v: not v["seats"][1]["online"], timeout=EXPIRY + HEARTBEAT + BOUND)
        await ca.close()

    run(scenario())


def test_a_turn_timed_out_on_one_process_reaches_the_other(pg: str) -> None:
    # The game gets A's default clock (1 s per move, stored with it); whichever process
    # finds the turn out of time, the players on both see the offer and the time-out (the
    # other one through the bus).
    a = Proc(pg, "--turn-seconds", "1")
    b = Proc(pg)
    try:
        game, tokens = new_game(a.base)

        async def scenario() -> None:
            ca = await Client.open(a.ws, game, tokens[0])
            cb = await Client.open(b.ws, game, tokens[1])
            mover = ca.view["current"]
            # nobody moves: the seat to move runs out of time; both players see the other
            # one asked to wait or hand the seat to the bot (issue 28, "wait or bot")...
            for c in (ca, cb):
                await c.until(lambda v: ((v["clock"] or {}).get("overdue") or {}).get("seat")
                              == mover, timeout=1 + 1 + BOUND)
            # ... the other player chooses the bot on process B; its stand-in bot plays on
            other = tokens[1 - mover]
            r = await asyncio.to_thread(
                httpx.post, f"{b.base}/api/games/{game}/timeout", json={"choice": "bot"},
                headers={"Authorization": f"Bearer {other}"}, timeout=30)
            assert r.status_code == 200, r.text
            for c in (ca, cb):
                await c.until(lambda v: (v["seats"][mover]["left"] or {}).get("reason") == "timeout",
                              timeout=BOUND)
            await ca.until(lambda v: v["current"] != mover, timeout=BOUND)  # the bot moved
            await ca.close()
            await cb.close()

        run(scenario())
    finally:
        a.stop()
        b.stop()


def test_workers_serve_one_port_as_one_server(pg: str) -> None:
    s = Proc(pg, "--workers", "2")
    try:
        game, tokens = new_game(s.base)

        async def scenario() -> None:
            clients = [await Client.open(s.ws, game, tokens[i % 2]) for i in range(6)]
            for c in clients:
                await c.until(lambda v: v["seats"][0]["online"] and v["seats"][1]["online"])
            mover = next(c for c in clients if c.view["to_move"])
            version = mover.view["version"]
            await mover.ws.send(json.dumps({"type": "move", "version": version,
                                            "move": mover.view["legal"][0]["move"]}))
            for c in clients:  # whichever worker each connection landed on
                assert await c.until(lambda v: v["version"] > version) < BOUND
            for c in clients:
                await c.close()

        run(scenario())
    finally:
        s.stop()


@pytest.mark.parametrize(("lang", "says"), [("en", "--workers needs a PostgreSQL database"),
                                             ("uk", "потрібна база даних PostgreSQL")])
def test_workers_refuse_sqlite_in_one_line(tmp_path: Any, lang: str, says: str) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "azulejos", "serve", "--workers", "2", "--db",
         str(tmp_path / "g.sqlite3")],
        capture_output=True, text=True, timeout=60, env={**os.environ, "LANGUAGE": lang},
    )
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0]
    assert not (tmp_path / "g.sqlite3").exists()  # nothing created
