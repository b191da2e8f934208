"""A real server process: play part of a game over the websocket, kill the process, start it
again on the same database, and finish the game. Nothing may be lost or changed."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")

from azulejos.notation import parse_record, replay  # noqa: E402
from azulejos.web.ws import RATE  # noqa: E402

from .servers import Server, free_port  # noqa: E402


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "games.sqlite3", free_port())
    try:
        yield s
    finally:
        s.stop()


def ws_play(server: Server, game: str, token: str, rng: random.Random, moves: int | None) -> dict[str, Any]:
    """Play the token's seats over the websocket (``moves`` of them, or to the end)."""
    url = f"ws://127.0.0.1:{server.port}/ws/games/{game}"
    played = 0
    with websockets_sync.connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        view: dict[str, Any] = {}
        while True:
            msg = json.loads(ws.recv(timeout=20))
            if msg["type"] == "error":
                raise AssertionError(msg)
            if msg["type"] != "view":
                continue
            view = msg["view"]
            if view["phase"] == "over" or (moves is not None and played >= moves):
                return view
            if view["to_move"]:
                ws.send(json.dumps({"type": "move", "version": view["version"],
                                    "move": rng.choice(view["legal"])["move"]}))
                played += 1
                # Stay under the server's flood limit (ws.RATE messages a second): a client
                # that answers every view at once is cut off when the server is quick.
                time.sleep(1.5 / RATE)


def test_kill_mid_game_restart_and_finish(server: Server) -> None:
    server.start()
    r = httpx.post(server.base + "/api/games", json={
        "players": 3, "hotseat": True,
        "seats": [{"name": "Ann"}, {"name": "Bo"}, {"kind": "bot", "level": "random"}],
    })
    assert r.status_code == 201
    c = r.json()
    game, hot, spec = c["game"], c["hotseat_token"], c["spectator_token"]
    rng = random.Random(3)
    ws_play(server, game, hot, rng, moves=25)
    time.sleep(0.3)  # let the bot answer, if it is its turn
    before = httpx.get(f"{server.base}/api/games/{game}", headers={"Authorization": f"Bearer {spec}"}).json()
    assert before["round"] >= 2 and before["phase"] != "over"
    server.kill()

    server.start()
    after = httpx.get(f"{server.base}/api/games/{game}", headers={"Authorization": f"Bearer {spec}"}).json()
    bot_turn = before["current"] is not None and before["seats"][before["current"]]["kind"] == "bot"
    if bot_turn:  # the resumed bot may already have played again
        assert after["version"] >= before["version"]
    else:
        for key in ("version", "factories", "centre", "boards", "bag", "lid", "log", "current"):
            assert after[key] == before[key], key
    assert after["log"][: len(before["log"])] == before["log"]
    final = ws_play(server, game, hot, rng, moves=None)
    assert final["phase"] == "over"
    rec = httpx.get(f"{server.base}/api/games/{game}/record", headers={"Authorization": f"Bearer {spec}"})
    st = replay(parse_record(rec.text))
    assert st.is_over and st.scores == final["result"]["scores"]


def test_kill_during_a_timed_turn_and_restart_35_s_later_charges_nothing(server: Server) -> None:
    """Issue 28, item 2 ("the server is killed during a turn and restarted 35 s later: nobody
    is charged"), with two real processes on one SQLite file: the first is killed with SIGKILL
    mid-turn; before the second starts, the database is set back 35 s (the heartbeat, the
    turn's start and deadline: as if the kill had happened 35 s ago, without a sleep)."""
    from sqlalchemy import create_engine, update

    from azulejos.web.tables import games_t, heartbeat_t

    server.start()
    r = httpx.post(server.base + "/api/games", json={
        "players": 2, "hotseat": True, "clock": {"kind": "move", "seconds": 30},
        "seats": [{"name": "Ann"}, {"name": "Bo"}]})
    assert r.status_code == 201
    game, spec = r.json()["game"], r.json()["spectator_token"]
    auth = {"Authorization": f"Bearer {spec}"}
    before = httpx.get(f"{server.base}/api/games/{game}", headers=auth).json()["clock"]
    server.kill()
    engine = create_engine(f"sqlite:///{server.db}")
    with engine.begin() as conn:
        assert conn.execute(update(heartbeat_t).values(beat=heartbeat_t.c.beat - 35)).rowcount == 1
        conn.execute(update(games_t).values(turn_began=games_t.c.turn_began - 35,
                                            turn_deadline=games_t.c.turn_deadline - 35))
    engine.dispose()
    server.start()
    after = httpx.get(f"{server.base}/api/games/{game}", headers=auth).json()
    assert all(s.get("left") is None for s in after["seats"])
    left_at_kill = before["remaining"][0]
    assert left_at_kill - 6 <= after["clock"]["remaining"][0] <= 30  # within one beat (5 s)
