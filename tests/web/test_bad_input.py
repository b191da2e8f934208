"""Fuzzed and hostile input: every refused message gets an error and leaves the game as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from azulejos.web import ws as ws_module

from .helpers import auth, create, fingerprint, view

#: A body sent as JSON (a body of any other type is refused: web/csrf.py).
JSON = {"Content-Type": "application/json"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
move_texts = st.text(alphabet="123456789CBYRKWF@0xz ", max_size=5)
messages = st.one_of(
    json_values.map(json.dumps),
    st.text(max_size=60),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["move", "name", "view", "ping", "hello", "Move", ""])},
        optional={"version": json_values | st.integers(-3, 10), "move": move_texts | json_values,
                  "ref": json_values, "name": json_values, "seat": json_values},
    ).map(json.dumps),
)


def test_fuzzed_websocket_messages_change_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The fuzzer sends faster than the flood limit allows a person; that limit has its own test.
    monkeypatch.setattr(ws_module, "RATE", 10_000.0)
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]

    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": t0})

        def drain_until_reply() -> dict[str, Any]:
            while True:
                m: dict[str, Any] = ws.receive_json()
                if m["type"] in ("error", "accepted", "pong", "named"):
                    return m
                if m["type"] == "view":
                    continue

        ws.send_json({"type": "ping"})
        drain_until_reply()

        @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
        @given(raw=messages)
        def one(raw: str) -> None:
            before = view(client, g, t0)
            ws.send_text(raw)
            data: Any = None
            try:
                data = json.loads(raw)
            except ValueError:
                pass
            if isinstance(data, dict) and data.get("type") == "view":
                ws.send_json({"type": "ping"})  # a view request has no reply of its own
            reply = drain_until_reply()
            after = view(client, g, t0)
            if reply["type"] == "accepted":
                assert data["move"].strip().upper() in {m["move"] for m in before["legal"]}
                assert after["version"] > before["version"]
            elif reply["type"] == "named":
                assert after["version"] == before["version"]
            else:
                assert fingerprint(after) == fingerprint(before)

        one()


def test_fuzzed_http_bodies_change_nothing(client: TestClient) -> None:
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body=json_values)
    def one(body: Any) -> None:
        before = view(client, g, t0)
        r = client.post(f"/api/games/{g}/moves", headers=JSON | auth(t0), content=json.dumps(body))
        after = view(client, g, t0)
        if r.status_code == 200:
            assert body["move"].strip().upper() in {m["move"] for m in before["legal"]}
        else:
            assert r.json()["error"]["code"] and fingerprint(after) == fingerprint(before)
        r = client.post("/api/games", headers=JSON, content=json.dumps(body))
        assert r.status_code in (201, 400, 413)

    one()


def test_oversized_payloads_are_refused(client: TestClient) -> None:
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]
    before = fingerprint(view(client, g, t0))
    big = json.dumps({"version": 1, "move": "1B1", "pad": "x" * 10_000})
    r = client.post(f"/api/games/{g}/moves", headers=JSON | auth(t0), content=big)
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    r = client.post("/api/games", headers=JSON, content=big)
    assert r.status_code == 413

    def chunks():  # no content-length: streamed, cut off past the limit
        for _ in range(100):
            yield b"x" * 1000

    r = client.post(f"/api/games/{g}/moves", headers=JSON | auth(t0), content=chunks())
    assert r.status_code == 413
    deep = "[" * 5000 + "]" * 5000
    r = client.post(f"/api/games/{g}/moves", headers=JSON | auth(t0), content=deep[:4000])
    assert r.status_code == 400
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": t0})
        ws.send_text(big)
        while True:
            m = ws.receive_json()
            if m["type"] == "error":
                assert m["error"]["code"] == "too_large"
                break
    assert fingerprint(view(client, g, t0)) == before


def test_flooding_client_is_disconnected(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": t0})
        for _ in range(200):
            ws.send_json({"type": "ping"})
        closed = False
        try:
            for _ in range(400):
                ws.receive_json()
        except WebSocketDisconnect as e:
            closed = e.code == 1008
        assert closed


def _closed_with_1008(ws: Any, replies: int) -> bool:
    from starlette.websockets import WebSocketDisconnect

    try:
        for _ in range(replies):
            ws.receive_json()
    except WebSocketDisconnect as e:
        return e.code == 1008
    return False


def test_flood_of_bad_frames_is_disconnected_too(client: TestClient) -> None:
    """Undecodable and oversized frames count against the flood limit like any other."""
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]
    before = fingerprint(view(client, g, t0))
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": t0})
        for _ in range(200):
            ws.send_bytes(b"\xff\xfe" * 10)
        assert _closed_with_1008(ws, 200)  # at most one reply per frame: never blocks
    assert fingerprint(view(client, g, t0)) == before


def test_messages_before_hello_are_limited(client: TestClient) -> None:
    c = create(client)
    g = c["game"]
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        for _ in range(50):
            ws.send_json({"type": "ping"})
        assert _closed_with_1008(ws, 50)
