"""Real servers on a free loopback port, for the restart and browser tests: a process
(:class:`Server`), or the app in a thread of the test's own (:func:`served_in_thread`)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db: Path, port: int, extra: list[str] | None = None) -> None:
        self.db, self.port = db, port
        self.base = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.extra = list(extra or [])  # more options of ``serve`` (the same at each start)

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "azulejos", "serve", "--port", str(self.port), "--db",
             str(self.db), "--bot-delay", "0", "--bot-seconds", "0.05", "--log-level", "warning",
             # every test client comes from 127.0.0.1: no per-client limits
             "--games-per-minute", "0", "--moves-per-minute", "0", *self.extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(self.proc.stderr.read().decode() if self.proc.stderr else "exited")
            try:
                if httpx.get(self.base + "/api/meta", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 30 s")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)  # no clean shutdown: as a crash would be
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@contextmanager
def served_in_thread(db: Path, seed: int) -> Iterator[str]:
    """The app (SQLite file ``db``, every game dealt from ``seed``, bots at once, no limits)
    served by uvicorn in a thread; yields its base URL."""
    import uvicorn

    from azulejos.web.app import create_app
    from azulejos.web.limits import Limits

    port = free_port()
    app = create_app(str(db), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                     limits=Limits.none(), seeds=lambda: seed)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)


def claimed_game(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """A game made through the API with every person seat claimed from its invitation (each
    seat's token put in the seat; None for a bot)."""
    created: dict[str, Any] = httpx.post(f"{base}/api/games", json=body).json()
    for s in created["seats"]:
        s["token"] = None
        if s["invite"]:
            r = httpx.post(f"{base}/api/games/{created['game']}/claim", json={"invite": s["invite"]})
            s["token"] = r.json()["token"]
    return created
