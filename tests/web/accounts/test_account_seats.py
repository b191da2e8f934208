"""Seats that follow the account (issue 28, item 1, "a signed-in player's games, seats, profile,
rating and settings ... follow them to any device"; "a guest can turn their seats into an
account's")."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from ..helpers import auth, play, view
from .conftest import AppMaker, sign_up


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": 2, **body})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def claim(client: TestClient, game: str, invite: str) -> dict[str, Any]:
    r = client.post(f"/api/games/{game}/claim", json={"invite": invite})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_a_signed_in_claim_puts_the_accounts_profile_on_the_seat(make_client: AppMaker) -> None:
    ana, bo = make_client(), make_client()
    me = sign_up(ana, "Ana")
    game = new_game(ana)
    got = claim(ana, game["game"], game["seats"][0]["invite"])
    assert got["name"] == "Ana"  # an unnamed seat takes the profile's name
    v = view(ana, game["game"], got["token"])
    assert v["seats"][0]["profile"] == me["profile"]["id"]
    guest = claim(bo, game["game"], game["seats"][1]["invite"])
    assert view(bo, game["game"], guest["token"])["seats"][1]["profile"] is None
    listed = ana.get("/api/account/games").json()
    assert [g["game"] for g in listed["games"]] == [game["game"]]
    line = listed["games"][0]
    assert line["seats"] == [0] and line["role"] == "seat" and "clock" in line
    assert listed["order"] == [0]


def test_another_device_gets_a_seat_token_and_plays(make_client: AppMaker) -> None:
    laptop, phone, other = make_client(), make_client(), make_client()
    sign_up(laptop, "Rita", "right password")
    game = new_game(laptop)
    gid = game["game"]
    mine = claim(laptop, gid, game["seats"][0]["invite"])
    theirs = claim(other, gid, game["seats"][1]["invite"])
    phone.post("/api/session", json={"name": "rita", "password": "right password"})
    assert [g["game"] for g in phone.get("/api/account/games").json()["games"]] == [gid]
    r = phone.post(f"/api/games/{gid}/seat-token", json={})
    assert r.status_code == 200, r.text
    fresh = r.json()
    assert fresh["seat"] == 0 and fresh["token"] != mine["token"]
    v = view(phone, gid, fresh["token"])
    assert v["seats"][0]["name"] == "Rita"
    tokens = {0: fresh["token"], 1: theirs["token"]}
    for _ in range(4):  # both play on, the phone with its new token
        seat = view(phone, gid, fresh["token"])["current"]
        now = view(phone, gid, tokens[seat])
        r = play(phone, gid, tokens[seat], now["version"], now["legal"][0]["move"])
        assert r.status_code == 200, r.text
    # the first device's token keeps working
    assert laptop.get(f"/api/games/{gid}", headers=auth(mine["token"])).status_code == 200
    # the other player's game is not Rita's seat
    assert other.post(f"/api/games/{gid}/seat-token", json={}).status_code == 401
    bad = phone.post(f"/api/games/{gid}/seat-token", json={"seat": 1})
    assert bad.status_code == 403 and bad.json()["error"]["code"] == "not_your_seat"
    assert phone.post(f"/api/games/{gid}/seat-token", json={"seat": "0"}).status_code == 400
    gone = phone.post("/api/games/nosuchgame/seat-token", json={})
    assert gone.status_code == 403 and gone.json() == bad.json()  # as a game of no seat
    # signing out everywhere revokes the further tokens, not the seat's own
    laptop.delete("/api/account/sessions")
    assert phone.get(f"/api/games/{gid}", headers=auth(fresh["token"])).status_code == 403
    assert phone.get(f"/api/games/{gid}", headers=auth(mine["token"])).status_code == 200


def test_a_password_change_revokes_further_seat_tokens(make_client: AppMaker) -> None:
    a, b = make_client(), make_client()
    sign_up(a, "Tom", "right password")
    game = new_game(a)
    claim(a, game["game"], game["seats"][0]["invite"])
    extra = a.post(f"/api/games/{game['game']}/seat-token", json={}).json()["token"]
    assert b.get(f"/api/games/{game['game']}", headers=auth(extra)).status_code == 200
    a.post("/api/account/password", json={"old": "right password", "new": "other password"})
    assert b.get(f"/api/games/{game['game']}", headers=auth(extra)).status_code == 403


def test_a_guest_turns_their_seats_into_the_accounts(make_client: AppMaker) -> None:
    guest, someone = make_client(), make_client()
    game = new_game(guest)
    gid = game["game"]
    mine = claim(guest, gid, game["seats"][0]["invite"])
    other = claim(someone, gid, game["seats"][1]["invite"])
    hers = sign_up(someone, "Held")  # the other seat goes to another profile
    assert someone.post("/api/account/seats", json={"tokens": [other["token"]]}
                        ).json()["results"][0]["ok"]
    me = sign_up(guest, "Guest")
    r = guest.post("/api/account/seats", json={
        "tokens": [mine["token"], other["token"], "not a token", game["spectator_token"], 7]})
    assert r.status_code == 200, r.text
    res = r.json()["results"]
    assert res[0] == {"game": gid, "seat": 0, "ok": True}
    assert res[1]["error"]["code"] == "other_profile" and res[1]["seat"] == 1
    assert [x["error"]["code"] for x in res[2:]] == ["bad_token", "bad_token", "bad_token"]
    v = view(guest, gid, mine["token"])
    assert v["seats"][0]["profile"] == me["profile"]["id"]
    assert v["seats"][1]["profile"] == hers["profile"]["id"]  # unchanged
    assert [g["game"] for g in guest.get("/api/account/games").json()["games"]] == [gid]
    bad: dict[str, Any]
    for bad in ({"tokens": "x"}, {"tokens": ["t"] * 51}, {"seats": []}):
        assert guest.post("/api/account/seats", json=bad).status_code == 400


def test_invitation_links_still_work_for_guests(make_client: AppMaker) -> None:
    host, guest = make_client(), make_client()
    sign_up(host, "Host")
    game = new_game(host)
    got = claim(guest, game["game"], game["seats"][1]["invite"])
    assert view(guest, game["game"], got["token"])["seats"][1]["profile"] is None


def test_a_revoked_seat_token_can_no_longer_change_anything_over_an_open_socket(
        make_client: AppMaker) -> None:
    """A device's further seat token, revoked by a password change while its websocket is
    open: the next move over that socket is refused (bad_token) and the socket is closed;
    nothing is played."""
    a, b, other = make_client(), make_client(), make_client()
    sign_up(a, "Tom", "right password")
    game = new_game(a)
    gid = game["game"]
    mine = claim(a, gid, game["seats"][0]["invite"])
    claim(other, gid, game["seats"][1]["invite"])
    extra = a.post(f"/api/games/{gid}/seat-token", json={}).json()["token"]
    with b.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": extra})
        while (msg := ws.receive_json())["type"] != "view":
            pass
        v = msg["view"]
        a.post("/api/account/password", json={"old": "right password", "new": "other password"})
        ws.send_json({"type": "move", "version": v["version"], "move": v["legal"][0]["move"]})
        while (msg := ws.receive_json())["type"] in ("view", "patch", "chat_history"):
            pass
        assert msg["type"] == "error" and msg["error"]["code"] == "bad_token"
    after = view(a, gid, mine["token"])
    assert after["version"] == v["version"]  # nothing was played
