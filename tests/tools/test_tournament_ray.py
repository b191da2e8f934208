"""The Ray backend, against a local Ray head node started by this test."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="the Ray backend test needs the 'ray' package (pip install ray)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_tournament_on_local_ray_cluster(tmp_path: Path) -> None:
    port = _free_port()
    # Ray puts Unix sockets in its temp dir; their paths must stay short (108 bytes).
    temp = tempfile.mkdtemp(prefix="azr", dir="/tmp")
    ray_cli = Path(sys.executable).with_name("ray")
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    head = subprocess.Popen(
        [str(ray_cli), "start", "--head", "--block", f"--port={port}", "--num-cpus=2",
         "--include-dashboard=false", "--node-ip-address=127.0.0.1", f"--temp-dir={temp}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True,
    )
    try:
        out = tmp_path / "games"
        deadline = time.monotonic() + 90
        proc = None
        while time.monotonic() < deadline:
            proc = subprocess.run(
                [sys.executable, "-m", "azulejos", "tournament", "--bots", "random,greedy",
                 "--games", "4", "--time", "0.2", "--backend", "ray", "--address",
                 f"127.0.0.1:{port}", "--json", "--quiet", "--out", str(out)],
                capture_output=True, text=True, env=env, timeout=120,
            )
            if proc.returncode == 0:
                break
            time.sleep(2)  # the head node may still be starting
        assert proc is not None and proc.returncode == 0, proc.stderr if proc else ""
        summary = json.loads(proc.stdout.strip().splitlines()[-1])
        assert summary["backend"] == "ray"
        assert summary["bots"]["greedy"]["games"] == 4
        assert summary["bots"]["greedy"]["wins"] == 4.0
        assert len(list(out.glob("game-*.json"))) == 4
    finally:
        os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)
