"""Moderation (issue 29, item 2): reporting a chat message or a player to the operator, the
operator's moderation list, dismissing, suspending (its sessions and seats end, on an open
websocket too; it cannot sign in, chat or report) and lifting; mutes everywhere; and bad input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from azulejos.commands import main
from azulejos.web.app import create_app

from ..accounts.conftest import Clock
from ..helpers import auth, view
from ..players import Player, rated_game, sign_up_at
from ..test_chat import hello, next_of
from .conftest import app_options, operator


def say(who: Player, gid: str, token: str, text: str) -> int:
    r = who.client.post(f"/api/games/{gid}/chat", headers=auth(token), json={"text": text})
    assert r.status_code == 201, r.text
    seq: int = r.json()["seq"]
    return seq


def report(who: Player, gid: str, token: str, seq: Any, note: str = "rude") -> Any:
    return who.client.post(f"/api/games/{gid}/chat/{seq}/report", headers=auth(token),
                           json={"note": note})


def test_a_reported_message_reaches_the_operator_in_context_and_can_be_dismissed(
        server: TestClient, tmp_path: Path) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, t = rated_game(ana, bo)
    say(ana, gid, t[0], "hello")
    bad = say(bo, gid, t[1], "<b>you are bad</b>")
    say(ana, gid, t[0], "why?")
    r = report(ana, gid, t[0], bad, "insults")
    assert r.status_code == 201, r.text
    rid = r.json()["report"]["id"]
    # refused, nothing filed: twice, a message that does not exist, one's own message, signed
    # out, a token of another game, a note too long, unknown fields
    refusals = [
        (report(ana, gid, t[0], bad), 409, "already_reported"),
        (report(ana, gid, t[0], 99), 404, "unknown_message"),
        (report(ana, gid, t[0], "x1"), 400, "malformed"),
        (report(bo, gid, t[1], bad), 400, "malformed"),
        (report(Player(TestClient(server.app), {}), gid, t[0], bad), 401, "signed_out"),
        (report(ana, gid, "not-a-token", bad), 403, "bad_token"),
        (report(ana, gid, t[0], 1, "x" * 501), 400, "malformed"),
        (ana.client.post(f"/api/games/{gid}/chat/1/report", headers=auth(t[0]),
                         json={"why": 1}), 400, "malformed"),
    ]
    for got, status, code in refusals:
        assert (got.status_code, got.json()["error"]["code"]) == (status, code), got.text
    # the moderation list is the operator's alone
    for who, status, code in ((ana, 403, "not_operator"),
                              (Player(TestClient(server.app), {}), 401, "signed_out")):
        for method, path, body in (("get", "/api/admin/reports", None),
                                   ("post", f"/api/admin/reports/{rid}/dismiss", {}),
                                   ("post", "/api/admin/suspensions", {"name": "Bo", "reason": "x"}),
                                   ("post", "/api/admin/suspensions/lift", {"name": "Bo"})):
            got = getattr(who.client, method)(path, **({} if body is None else {"json": body}))
            assert (got.status_code, got.json()["error"]["code"]) == (status, code), path
    op = operator(server, tmp_path / "games.sqlite3")
    listed = op.client.get("/api/admin/reports").json()
    assert listed["open"] == 1 and listed["suspensions"] == []
    (line,) = listed["reports"]
    assert line["kind"] == "message" and line["message"] == "Bo: <b>you are bad</b>"
    assert line["note"] == "insults" and line["game"] == gid and line["seq"] == bad
    assert line["reporter"] == {"account": ana.account["id"], "name": "Ana"}
    assert line["reported"]["user_name"] == "Bo" and line["reported"]["suspended"] is False
    assert [(m["text"], m["reported"]) for m in line["context"]] == [
        ("hello", False), ("<b>you are bad</b>", True), ("why?", False)]
    assert op.client.get("/api/admin/reports?state=purple").status_code == 400
    assert op.client.post(f"/api/admin/reports/{rid}/dismiss", json={}).status_code == 200
    again = op.client.post(f"/api/admin/reports/{rid}/dismiss", json={})
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_open"
    nope = op.client.post("/api/admin/reports/nothing/dismiss", json={})
    assert nope.status_code == 404 and nope.json()["error"]["code"] == "unknown_report"
    assert op.client.get("/api/admin/reports").json()["reports"] == []
    assert op.client.get("/api/admin/reports?state=dismissed").json()["reports"][0]["id"] == rid
    # a player reported for boosting
    r = ana.client.post(f"/api/profiles/{bo.profile}/report", json={"note": "boosting", "game": gid})
    assert r.status_code == 201 and r.json()["report"]["kind"] == "player"
    for body, status, code in (({}, 400, "malformed"), ({"note": "x", "game": 5}, 400, "malformed")):
        got = ana.client.post(f"/api/profiles/{bo.profile}/report", json=body)
        assert (got.status_code, got.json()["error"]["code"]) == (status, code)
    got = ana.client.post("/api/profiles/nobody/report", json={"note": "x"})
    assert got.status_code == 404 and got.json()["error"]["code"] == "unknown_profile"
    # the page: served to anyone (the page asks the API, which is the operator's alone)
    assert server.get("/admin").status_code == 200


def test_a_suspended_account_is_signed_out_its_seats_go_to_the_bot_and_it_cannot_sign_in(
        server: TestClient, tmp_path: Path, clock: Clock) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, t = rated_game(ana, bo)
    op = operator(server, tmp_path / "games.sqlite3")
    # another server process on the same database
    other = TestClient(create_app(str(tmp_path / "games.sqlite3"), **app_options(clock)))
    other.__enter__()
    try:
        with bo.client.websocket_connect(f"/ws/games/{gid}") as ws:
            hello(ws, t[1])
            bad = [({"name": "Bo"}, 400, "malformed"),  # no reason
                   ({"name": "Bo", "reason": "x", "hours": -1}, 400, "malformed"),
                   ({"name": "Bo", "reason": "x", "hours": "2"}, 400, "malformed"),
                   ({"name": "Nobody", "reason": "x"}, 404, "unknown_account"),
                   ({"reason": "x"}, 400, "malformed"),
                   ({"name": "Oper", "reason": "x"}, 400, "malformed")]  # oneself
            for body, status, code in bad:
                got = op.client.post("/api/admin/suspensions", json=body)
                assert (got.status_code, got.json()["error"]["code"]) == (status, code), body
            got = op.client.post("/api/admin/suspensions",
                                 json={"name": "bo", "reason": "insults", "hours": 48})
            assert got.status_code == 201, got.text
            until = got.json()["suspension"]["until"]
            assert until == clock.t + 48 * 3600
            twice = op.client.post("/api/admin/suspensions", json={"name": "Bo", "reason": "x"})
            assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_suspended"
            # the open socket: its seat is the bot's, a move or a message is refused
            ws.send_json({"type": "chat", "text": "still here?", "ref": 1})
            assert next_of(ws, "error")["error"]["code"] in ("you_left", "suspended", "bad_token")
        v = view(server, gid, t[0])  # the game goes on: the stand-in bot plays Bo's seat
        assert v["seats"][1]["left"]["reason"] == "resigned" and v["seats"][0]["left"] is None
        # its session ended (on both processes), it cannot sign in: it is told until when
        assert bo.client.get("/api/account").status_code == 401
        for c in (bo.client, TestClient(other.app)):
            r = c.post("/api/session", json={"name": "Bo", "password": "correct horse"})
            assert r.status_code == 403 and r.json()["error"]["code"] == "suspended"
            assert r.json()["error"]["until"] == until
        # the seat's own token: its seat left the game, it may neither chat nor move
        r = server.post(f"/api/games/{gid}/chat", headers=auth(t[1]), json={"text": "hi"})
        assert r.status_code in (403, 409)
        listed = op.client.get("/api/admin/reports").json()
        assert [s["user_name"] for s in listed["suspensions"]] == ["Bo"]
        # lifted (from the other process): it signs in again; lifting twice is refused
        oc = TestClient(other.app)
        assert oc.post("/api/session", json={"name": "Oper", "password": "correct horse"}
                       ).status_code == 200
        assert oc.post("/api/admin/suspensions/lift", json={"name": "Bo"}).status_code == 200
        again = oc.post("/api/admin/suspensions/lift", json={"name": "Bo"})
        assert again.status_code == 409 and again.json()["error"]["code"] == "not_suspended"
        r = bo.client.post("/api/session", json={"name": "Bo", "password": "correct horse"})
        assert r.status_code == 200
    finally:
        other.__exit__(None, None, None)


def test_a_suspension_for_a_time_runs_out(server: TestClient, tmp_path: Path,
                                          clock: Clock) -> None:
    sign_up_at(server, "Bo", "10.0.0.2")
    op = operator(server, tmp_path / "games.sqlite3")
    assert op.client.post("/api/admin/suspensions", json={"name": "Bo", "reason": "spam",
                                                          "hours": 1}).status_code == 201
    c = TestClient(server.app)
    assert c.post("/api/session", json={"name": "Bo", "password": "correct horse"}
                  ).status_code == 403
    clock.advance(3601)
    assert c.post("/api/session", json={"name": "Bo", "password": "correct horse"}
                  ).status_code == 200


def test_a_suspended_account_cannot_report(server: TestClient, tmp_path: Path) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, t = rated_game(ana, bo)
    seq = say(ana, gid, t[0], "hi")
    svc = server.app.state.service  # type: ignore[attr-defined]
    server.portal.call(svc.fairplay.suspend, bo.account["id"], "spam", None, None)
    # (its session ended: a report needs one, and the account cannot sign in for a new one)
    got = report(bo, gid, t[1], seq)
    assert got.status_code == 401
    err = server.portal.call(_report_as, svc, bo, gid, seq)
    assert err == "suspended"


async def _report_as(svc: Any, who: Player, gid: str, seq: int) -> str:
    from azulejos.web.protocol import GameError

    try:
        await svc.fairplay.report_message((who.account["id"], who.profile), gid, seq, "x")
    except GameError as e:
        return e.code
    return "filed"


def test_the_admin_command_refuses_an_unknown_account(tmp_path: Path, capsys: Any) -> None:
    db = tmp_path / "games.sqlite3"
    assert main(["admin", "operator", "Nobody", "--db", str(db)]) == 1
    assert "Nobody" in capsys.readouterr().err


def test_a_player_muted_everywhere_reaches_the_muter_in_no_game(server: TestClient) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    r = ana.client.post("/api/account/mutes", json={"profile": bo.profile, "muted": True})
    assert r.status_code == 200 and r.json()["muted"] == [{"profile": bo.profile, "name": "Bo"}]
    for body, status in (({"profile": ana.profile, "muted": True}, 400),
                         ({"profile": "nobody", "muted": True}, 404),
                         ({"profile": bo.profile, "muted": "yes"}, 400)):
        assert ana.client.post("/api/account/mutes", json=body).status_code == status
    assert TestClient(server.app).get("/api/account/mutes").status_code == 401
    for _ in range(2):  # in every game, a new one too
        gid, t = rated_game(ana, bo)
        with ana.client.websocket_connect(f"/ws/games/{gid}") as wa, \
                bo.client.websocket_connect(f"/ws/games/{gid}") as wb:
            assert hello(wa, t[0])["muted"] == [1]
            hello(wb, t[1])
            say(bo, gid, t[1], "from Bo")
            say(ana, gid, t[0], "from Ana")
            assert next_of(wa, "chat")["message"]["text"] == "from Ana"  # never Bo's
            assert next_of(wb, "chat")["message"]["text"] == "from Bo"
        history = ana.client.get(f"/api/games/{gid}/chat", headers=auth(t[0])).json()
        assert [m["text"] for m in history["messages"]] == ["from Ana"]
    ana.client.post("/api/account/mutes", json={"profile": bo.profile, "muted": False})
    history = ana.client.get(f"/api/games/{gid}/chat", headers=auth(t[0])).json()
    assert [m["text"] for m in history["messages"]] == ["from Bo", "from Ana"]
