"""What the view says of each seat, and what a seat that left is told (issue 28, Deliver
item 5): an unjoined seat is ``invited`` (not ``offline``); a late move or previews from a
seat that left get ``you_left`` (HTTP and websocket), not ``not_your_turn``."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from azulejos.web.views import SEAT_STATES, seat_state

from .helpers import auth, claim_seat, create, fingerprint, play, view


def states(v: dict[str, Any]) -> list[str]:
    return [s["state"] for s in v["seats"]]


def test_the_seat_states() -> None:
    assert seat_state("person", claimed=False, left=False, online=False) == "invited"
    assert seat_state("person", claimed=True, left=False, online=False) == "offline"
    assert seat_state("person", claimed=True, left=False, online=True) == "online"
    assert seat_state("person", claimed=True, left=True, online=False) == "left"
    assert seat_state("bot", claimed=False, left=False, online=False) == "bot"
    assert set(SEAT_STATES) == {"bot", "left", "invited", "online", "offline"}


def test_an_unjoined_seat_is_invited_until_claimed_then_offline_or_online(client: TestClient) -> None:
    c = create(client, claim=False, players=3,
               seats=[{}, {}, {"kind": "bot", "level": "random"}])
    g = c["game"]
    assert states(view(client, g, c["spectator_token"])) == ["invited", "invited", "bot"]
    t0 = claim_seat(client, g, c["seats"][0]["invite"])
    assert states(view(client, g, t0)) == ["offline", "invited", "bot"]
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": t0})
        assert ws.receive_json()["type"] == "welcome"
        assert states(ws.receive_json()["view"]) == ["online", "invited", "bot"]
    hot = create(client, hotseat=True)  # hot-seat seats are nobody's invitation
    assert "invited" not in states(view(client, hot["game"], hot["hotseat_token"]))


def test_a_late_move_from_a_seat_that_left_is_told_so(client: TestClient) -> None:
    c = create(client, players=3, stand_in="random")
    g = c["game"]
    t0, t1 = c["seats"][0]["token"], c["seats"][1]["token"]
    v = view(client, g, t0)
    stale = v["version"]
    assert client.post(f"/api/games/{g}/leave", headers=auth(t0), json={}).status_code == 200
    before = fingerprint(view(client, g, t1))
    for version in (stale, view(client, g, t1)["version"]):  # the old view's version or not
        r = play(client, g, t0, version, v["legal"][0]["move"])
        assert r.status_code == 409, r.text
        assert r.json()["error"] == {"code": "you_left", "seat": 0, "bot": "random",
                                     "message": r.json()["error"]["message"]}
    assert states(view(client, g, t1))[0] == "left"
    with client.websocket_connect(f"/ws/games/{g}") as ws:
        ws.send_json({"type": "hello", "token": t0})
        assert ws.receive_json()["type"] == "welcome"
        now = ws.receive_json()["view"]["version"]
        ws.send_json({"type": "move", "version": now, "move": v["legal"][0]["move"], "ref": 1})
        m = ws.receive_json()
        assert m["type"] == "error" and m["error"]["code"] == "you_left" and m["ref"] == 1
        ws.send_json({"type": "previews", "version": now, "moves": ["1B1"], "ref": 2})
        m = ws.receive_json()
        assert m["type"] == "error" and m["error"]["code"] == "you_left" and m["ref"] == 2
    assert fingerprint(view(client, g, t1)) == before  # nothing changed


def test_a_hot_seat_with_a_seat_still_playing_is_not_told_it_left(client: TestClient) -> None:
    hot = create(client, hotseat=True)
    g, token = hot["game"], hot["hotseat_token"]
    v = view(client, g, token)
    assert client.post(f"/api/games/{g}/leave", headers=auth(token),
                       json={"seat": 1 - v["current"]}).status_code == 200
    v = view(client, g, token)
    r = play(client, g, token, v["version"] - 1, v["legal"][0]["move"])
    assert r.json()["error"]["code"] == "stale"
