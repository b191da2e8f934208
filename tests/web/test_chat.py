"""In-game chat (issue 29, item 2; web/chat.py, web/service_chat.py; docs/api.md, "Chat"): text
only, length and rate limits, mutes that keep a muted seat's messages away, spectators who
read, and messages that reach viewers on another server process."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.core.ruleset import Ruleset
from azulejos.web.chat import MAX_CHAT, clean_chat
from azulejos.web.protocol import CreateRequest, GameError, SeatRequest
from azulejos.web.service import GameService
from azulejos.web.storage import SqlStore

from .helpers import auth, create


def hello(ws: Any, token: str) -> dict[str, Any]:
    """Greet; answer the chat history the connection is sent after its first view."""
    ws.send_json({"type": "hello", "token": token, "chat": True})
    while True:
        msg = ws.receive_json()
        if msg["type"] == "chat_history":
            return dict(msg)


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (views and patches in between are skipped)."""
    for _ in range(50):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return dict(msg)
        assert msg["type"] in ("view", "patch", "welcome"), msg
    raise AssertionError(f"no {kind} message")


def test_clean_chat_keeps_text_and_refuses_empty_long_and_non_text() -> None:
    assert clean_chat("  gg\n\twell   played ") == "gg well played"
    assert clean_chat("<b>bold</b> & <script>x</script>") == "<b>bold</b> & <script>x</script>"
    assert clean_chat("a\u202eb\x00c\u2066") == "abc"  # bidi overrides and controls go
    assert clean_chat("e\u0301") == "\u00e9"  # NFC
    assert len(clean_chat("x" * MAX_CHAT)) == MAX_CHAT
    for bad, code in (("", "malformed"), (" \n ", "malformed"), ("\u202e", "malformed"),
                      (None, "malformed"), (5, "malformed"), (["hi"], "malformed"),
                      ("x" * (MAX_CHAT + 1), "too_long"), ("x" * 10_000, "too_long")):
        with pytest.raises(GameError) as e:
            clean_chat(bad)
        assert e.value.code == code, bad


def test_players_chat_live_and_html_stays_text(client: TestClient) -> None:
    c = create(client)
    g, t0, t1 = c["game"], c["seats"][0]["token"], c["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{g}") as w0, \
            client.websocket_connect(f"/ws/games/{g}") as w1:
        assert hello(w0, t0)["messages"] == []
        hello(w1, t1)
        w0.send_json({"type": "chat", "text": "<img src=x onerror=alert(1)> hi", "ref": 7})
        got = next_of(w1, "chat")["message"]
        assert (got["seat"], got["name"], got["text"], got["seq"]) == (
            0, "Player 1", "<img src=x onerror=alert(1)> hi", 1)
        # the writer's own screen gets it too, then the reply
        first, second = next_of(w0, "chat"), next_of(w0, "chatted")
        assert first["message"] == got and second["message"] == got and second["ref"] == 7
    r = client.get(f"/api/games/{g}/chat", headers=auth(t1))
    assert r.status_code == 200
    assert [m["text"] for m in r.json()["messages"]] == ["<img src=x onerror=alert(1)> hi"]


def test_a_flood_is_limited_and_a_long_message_refused(client: TestClient) -> None:
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]
    codes = [client.post(f"/api/games/{g}/chat", headers=auth(t0), json={"text": f"m{i}"})
             .status_code for i in range(100)]
    assert codes[:5] == [201] * 5  # a burst of five
    assert codes.count(201) <= 6 and codes[-1] == 429
    r = client.post(f"/api/games/{g}/chat", headers=auth(c["seats"][1]["token"]),
                    json={"text": "y" * 10_000})
    assert (r.status_code, r.json()["error"]["code"]) in ((400, "too_long"), (413, "too_large"))
    r = client.post(f"/api/games/{g}/chat", headers=auth(c["seats"][1]["token"]),
                    json={"text": "y" * (MAX_CHAT + 1)})
    assert r.status_code == 400 and r.json()["error"]["code"] == "too_long"
    stored = client.get(f"/api/games/{g}/chat", headers=auth(t0)).json()["messages"]
    assert len(stored) == codes.count(201)  # what was refused was not stored
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        hello(ws, t0)
        ws.send_json({"type": "chat", "text": "z" * 10_000})
        err = next_of(ws, "error")["error"]
        assert err["code"] in ("too_large", "too_long")


def test_a_muted_seat_no_longer_reaches_the_seat_that_muted_it(client: TestClient) -> None:
    c = create(client, players=3)
    g = c["game"]
    t = [s["token"] for s in c["seats"]]
    r = client.post(f"/api/games/{g}/mute", headers=auth(t[1]), json={"seat": 0, "muted": True})
    assert r.status_code == 200 and r.json() == {"muted": [0]}
    with client.websocket_connect(f"/ws/games/{g}") as w1, \
            client.websocket_connect(f"/ws/games/{g}") as w2:
        assert hello(w1, t[1])["muted"] == [0]
        hello(w2, t[2])
        assert client.post(f"/api/games/{g}/chat", headers=auth(t[0]),
                           json={"text": "from 0"}).status_code == 201
        assert client.post(f"/api/games/{g}/chat", headers=auth(t[2]),
                           json={"text": "from 2"}).status_code == 201
        assert next_of(w2, "chat")["message"]["text"] == "from 0"  # seat 2 muted nobody
        assert next_of(w1, "chat")["message"]["text"] == "from 2"  # seat 1 never gets seat 0
    history = client.get(f"/api/games/{g}/chat", headers=auth(t[1])).json()
    assert [m["text"] for m in history["messages"]] == ["from 2"]
    everyone = client.get(f"/api/games/{g}/chat", headers=auth(t[2])).json()["messages"]
    assert [m["text"] for m in everyone] == ["from 0", "from 2"]
    # unmuted: the history has seat 0 again
    client.post(f"/api/games/{g}/mute", headers=auth(t[1]), json={"seat": 0, "muted": False})
    again = client.get(f"/api/games/{g}/chat", headers=auth(t[1])).json()
    assert again["muted"] == [] and len(again["messages"]) == 2


def test_bad_chat_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    c = create(client)
    g, t0 = c["game"], c["seats"][0]["token"]
    spectator, host = c["spectator_token"], c["host_token"]

    def post(token: str, body: dict[str, Any], path: str = "chat") -> tuple[int, str]:
        r = client.post(f"/api/games/{g}/{path}", headers=auth(token), json=body)
        return r.status_code, r.json()["error"]["code"] if r.status_code >= 400 else ""

    assert post(spectator, {"text": "hi"}) == (403, "not_your_seat")
    assert post(host, {"text": "hi"}) == (403, "not_your_seat")
    assert post("nope" * 6, {"text": "hi"})[0] in (401, 403)
    assert post(t0, {"text": "hi", "html": True}) == (400, "malformed")
    assert post(t0, {"text": 3}) == (400, "malformed")
    assert post(t0, {"seat": 0, "muted": True}, "mute") == (400, "malformed")  # oneself
    assert post(t0, {"seat": 9, "muted": True}, "mute") == (400, "malformed")
    assert post(t0, {"seat": 1, "muted": "yes"}, "mute") == (400, "malformed")
    assert post(spectator, {"seat": 1, "muted": True}, "mute") == (403, "not_your_seat")
    r = client.post(f"/api/games/{g}/chat", headers={"Origin": "https://evil.example"} | auth(t0),
                    json={"text": "forged"})
    assert r.status_code == 403
    hot = client.post("/api/games", json={"hotseat": True}).json()
    r = client.post(f"/api/games/{hot['game']}/chat", headers=auth(hot["hotseat_token"]),
                    json={"text": "hi"})
    assert r.status_code == 403
    seen = client.get(f"/api/games/{g}/chat", headers=auth(spectator))
    assert seen.status_code == 200 and seen.json() == {"messages": [], "muted": []}


def test_a_player_who_left_cannot_write(client: TestClient) -> None:
    c = create(client)
    g, t1 = c["game"], c["seats"][1]["token"]
    assert client.post(f"/api/games/{g}/leave", headers=auth(t1), json={}).status_code == 200
    r = client.post(f"/api/games/{g}/chat", headers=auth(t1), json={"text": "bye"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "you_left"


class Inbox:
    """A viewer that keeps what it is sent (a websocket stand-in for the service)."""

    def __init__(self, access: Any) -> None:
        self.access = access
        self.previews_on_demand = True
        self.chat = True
        self.got: list[dict[str, Any]] = []

    def send_view(self, view: dict[str, Any]) -> None:
        pass

    def send(self, message: dict[str, Any]) -> None:
        self.got.append(message)


def test_a_message_written_on_one_process_reaches_a_viewer_on_another(store: SqlStore) -> None:
    async def scenario() -> None:
        a = GameService(store, sync_interval=0)
        b = GameService(store, sync_interval=0)
        created = await a.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "", None), SeatRequest("person", "", None)),
            False, 0))
        gid = created["game"]
        tokens = []
        for s in created["seats"]:
            tokens.append((await a.claim(gid, s["invite"]))["token"])
        s0, s1 = await a.access(tokens[0], gid), await b.access(tokens[1], gid)
        await b.view(s1)
        inbox = Inbox(s1)
        b.subscribe(inbox)
        await b.sync_once()  # the first poll notes where the chat is
        await a.chat_post(s0, "across")
        await b.sync_once()  # found by polling (on PostgreSQL the bus may have been first)
        await b.sync_once()  # a second poll sends nothing again
        texts = [m["message"]["text"] for m in inbox.got if m["type"] == "chat"]
        assert texts == ["across"]
        await a.stop()
        await b.stop()

    asyncio.run(scenario())
