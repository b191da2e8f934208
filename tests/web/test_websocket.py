"""The websocket API in-process: greeting, views to everyone, moves, bots, presence."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .helpers import create, fingerprint, view


def recv(ws: Any) -> dict[str, Any]:
    msg: dict[str, Any] = ws.receive_json()
    return msg


def recv_until(ws: Any, kind: str, limit: int = 50) -> dict[str, Any]:
    for _ in range(limit):
        m = recv(ws)
        if m["type"] == kind:
            return m
    raise AssertionError(f"no {kind} message")


def connect(client: TestClient, game: str, token: str) -> Any:
    ws = client.websocket_connect(f"/ws/games/{game}")
    conn = ws.__enter__()
    conn.send_json({"type": "hello", "token": token})
    assert recv(conn)["type"] == "welcome"
    return ws, conn


def test_hello_then_view_then_moves_reach_every_viewer_R10(client: TestClient) -> None:
    c = create(client)
    g = c["game"]
    t0, t1, spec = c["seats"][0]["token"], c["seats"][1]["token"], c["spectator_token"]
    with client.websocket_connect(f"/ws/games/{g}") as a, \
            client.websocket_connect(f"/ws/games/{g}") as b, \
            client.websocket_connect(f"/ws/games/{g}") as s:
        for ws, tok in ((a, t0), (b, t1), (s, spec)):
            ws.send_json({"type": "hello", "token": tok})
            assert recv(ws)["type"] == "welcome"
        va = recv_until(a, "view")["view"]
        assert va["to_move"] and va["you"] == {"role": "seat", "seats": [0], "left": []}
        vs = recv_until(s, "view")["view"]
        assert vs["legal"] == [] and vs["you"]["role"] == "spectator"
        move = va["legal"][0]["move"]
        a.send_json({"type": "move", "version": va["version"], "move": move, "ref": "m1"})
        # the mover gets "accepted" and a view; the others get the view.
        got: dict[str, Any] = {}
        while "accepted" not in got or "view" not in got:
            m = recv(a)
            if m["type"] == "view" and m["view"]["version"] == va["version"] + 1:
                got["view"] = m["view"]
            elif m["type"] == "accepted":
                got["accepted"] = m
        assert got["accepted"] == {"type": "accepted", "version": va["version"] + 1, "ref": "m1"}
        while True:
            vb = recv_until(b, "view")["view"]
            if vb["version"] == va["version"] + 1:
                break
        assert vb["to_move"] and vb["current"] == 1 and vb["log"][-1]["move"] == move
        while recv_until(s, "view")["view"]["version"] != va["version"] + 1:
            pass


def test_presence_shows_who_is_connected(client: TestClient) -> None:
    c = create(client)
    g, t0, t1 = c["game"], c["seats"][0]["token"], c["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{g}") as a:
        a.send_json({"type": "hello", "token": t0})
        recv_until(a, "welcome")
        v = recv_until(a, "view")["view"]
        while not v["seats"][0]["online"]:
            v = recv_until(a, "view")["view"]
        assert not v["seats"][1]["online"]
        with client.websocket_connect(f"/ws/games/{g}") as b:
            b.send_json({"type": "hello", "token": t1})
            while not v["seats"][1]["online"]:
                v = recv_until(a, "view")["view"]
        while v["seats"][1]["online"]:
            v = recv_until(a, "view")["view"]  # b left: a is told


def test_bad_hello_closes_the_socket(client: TestClient) -> None:
    c = create(client)
    other = create(client)
    for hello in (
        {"type": "hello", "token": "nope"},
        {"type": "hello", "token": other["seats"][0]["token"]},
        {"type": "hello"},
    ):
        with client.websocket_connect(f"/ws/games/{c['game']}") as ws:
            ws.send_json(hello)
            m = recv(ws)
            assert m["type"] == "error" and m["error"]["code"] == "bad_token"
            with pytest.raises(WebSocketDisconnect) as e:
                ws.receive_json()
            assert e.value.code == 4403


def test_errors_on_the_socket_change_nothing(client: TestClient) -> None:
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]
    before = fingerprint(view(client, g, t0))
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": t0})
        recv_until(ws, "welcome")
        v = recv_until(ws, "view")["view"]
        bad: list[tuple[str, str]] = [
            ("not json", "malformed"),
            ("[]", "malformed"),
            (json.dumps({"type": "dance"}), "malformed"),
            (json.dumps({"type": "move", "version": v["version"], "move": "9W9"}), "bad_move"),
            (json.dumps({"type": "move", "version": v["version"] + 5, "move": v["legal"][0]["move"]}), "stale"),
            (json.dumps({"type": "move", "version": v["version"]}), "malformed"),
            (json.dumps({"type": "hello", "token": t0}), "malformed"),
            ("x" * 5000, "too_large"),
        ]
        for raw, code in bad:
            ws.send_text(raw)
            m = recv_until(ws, "error")
            assert m["error"]["code"] == code, raw[:40]
        ws.send_bytes(b"\xff\xfe")
        assert recv_until(ws, "error")["error"]["code"] == "malformed"
        ws.send_json({"type": "ping"})
        assert recv_until(ws, "pong")["type"] == "pong"
    assert fingerprint(view(client, g, t0)) == before


def test_bots_play_their_seats_on_the_server(client: TestClient) -> None:
    c = create(client, seats=[{"kind": "person"}, {"kind": "bot", "level": "random"}])
    g, t0 = c["game"], c["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": t0})
        recv_until(ws, "welcome")
        for _ in range(3):
            v = recv_until(ws, "view")["view"]
            while not v["to_move"]:
                v = recv_until(ws, "view")["view"]
            ws.send_json({"type": "move", "version": v["version"], "move": v["legal"][0]["move"]})
        v = view(client, g, t0)
    bot_moves = [e for e in v["log"] if e["kind"] == "move" and e["seat"] == 1]
    assert len(bot_moves) >= 2


def test_all_bot_game_finishes_by_itself(client: TestClient) -> None:
    c = create(client, seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        v = view(client, c["game"], c["spectator_token"])
        if v["phase"] == "over":
            break
        time.sleep(0.05)
    assert v["phase"] == "over" and v["result"]["winners"]


def _patched(held: dict[str, Any] | None, msg: dict[str, Any]) -> dict[str, Any]:
    """A view or patch applied as static/js/socket.js applies it (docs/api.md, "Patches")."""
    if msg["type"] == "view":
        whole: dict[str, Any] = msg["view"]
        return whole
    assert held is not None and msg["base"] == held["version"]
    out = {**held, **msg["view"]}
    if "log" in msg:
        out["log"] = held["log"] + msg["log"]
    return out


def test_R10_R23_patches_over_the_socket_give_the_whole_view(client: TestClient) -> None:
    """A client that asks for patches plays a whole hot-seat game (R10, to its end R23): after
    the first whole view it gets only patches; applied, each equals the whole view it asks for and
    the view over HTTP. A client that does not ask keeps getting whole views."""
    import random

    c = create(client, hotseat=True, seats=[{}, {}])
    g, hot, spec = c["game"], c["hotseat_token"], c["spectator_token"]
    rng = random.Random(4)
    with client.websocket_connect(f"/ws/games/{g}") as ws, \
            client.websocket_connect(f"/ws/games/{g}") as old:
        ws.send_json({"type": "hello", "token": hot, "patches": True})
        assert recv(ws) == {"type": "welcome", "you": {"role": "hotseat", "seats": [0, 1],
                                                       "left": []}, "patches": True}
        old.send_json({"type": "hello", "token": spec})
        assert "patches" not in recv(old)
        held = _patched(None, recv_until(ws, "view"))
        kinds: set[str] = set()
        moves = 0
        while held["phase"] != "over":
            time.sleep(0.04)  # under the socket's message rate limit (ws.RATE)
            ws.send_json({"type": "move", "version": held["version"],
                          "move": rng.choice(held["legal"])["move"]})
            version = None  # the accepted version (a move ending a round also deals, R2)
            while held["version"] != version:
                m = recv(ws)
                if m["type"] in ("view", "patch"):
                    kinds.add(m["type"])
                    held = _patched(held, m)
                else:
                    assert m["type"] == "accepted"
                    version = m["version"]
            moves += 1
            if moves % 10 == 0 or held["phase"] == "over":
                assert held == view(client, g, hot)
                ws.send_json({"type": "view"})  # asked for: the whole view
                m = recv_until(ws, "view")
                assert m["view"] == held
        assert kinds == {"patch"} and moves > 40 and held["result"] is not None
        while (m := recv(old))["type"] != "view" or m["view"]["phase"] != "over":
            assert m["type"] == "view"
