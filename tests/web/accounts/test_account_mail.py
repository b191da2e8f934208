"""Accounts and e-mail together (issue 28, items 1 and 3; web/accounts/recipients.py): an
account whose address is verified gets "your turn" by mail from a local SMTP server when the
other player moves; links point at the server's public address, never at the request's Host;
the notification settings are obeyed, and an unsubscribe link turns them off."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.web.accounts.passwords import Passwords, cheap_hasher
from azulejos.web.app import create_app
from azulejos.web.limits import Limits

from ..mail.conftest import PUBLIC, SmtpServer, settings
from .conftest import sign_up

pytest.importorskip("aiosmtpd")


@pytest.fixture
def two(tmp_path: Path, smtp: SmtpServer) -> Iterator[tuple[TestClient, TestClient]]:
    """Two browsers of one server that sends mail to the local SMTP server."""
    app = create_app(str(tmp_path / "games.sqlite3"), bot_delay=0, bot_seconds=0.05,
                     sync_interval=0, limits=Limits.none(), clock_interval=0,
                     mail_digest_check=0, mail=settings(smtp.url),
                     passwords=Passwords(cheap_hasher()),
                     # one deal, in which the turns alternate as the tests play them (in some
                     # deals a round ends on Bo's move and Bo, first at the centre, begins the next)
                     seeds=lambda: 7)
    with TestClient(app) as ana:
        yield ana, TestClient(app)


def verified(client: TestClient, smtp: SmtpServer, address: str, n: int) -> None:
    """Give the signed-in account ``address`` and confirm it by the link mailed to it (the
    ``n``-th mail of the test)."""
    assert client.post("/api/account/email", json={"email": address, "password": "correct horse"}).status_code == 200
    assert client.post("/api/account/email/verify", json={},
                       headers={"Host": "evil.example"}).status_code == 202
    mail = smtp.inbox.wait(n)[-1]
    body = mail.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    link = re.search(r"\S+/account/verify#(\S+)", body)
    assert link is not None, body
    assert link.group(0).startswith(PUBLIC), link.group(0)  # not the forged Host
    r = client.post("/api/account/email/confirm", json={"code": link.group(1)})
    assert r.status_code == 200, r.text


def new_game(ana: TestClient, bo: TestClient) -> tuple[str, dict[int, str]]:
    c = ana.post("/api/games", json={"players": 2}).json()
    tokens = {}
    for who, s in zip((ana, bo), c["seats"]):
        tokens[s["seat"]] = who.post(f"/api/games/{c['game']}/claim",
                                     json={"invite": s["invite"]}).json()["token"]
    return c["game"], tokens


def move(client: TestClient, game: str, token: str) -> dict[str, Any]:
    auth = {"Authorization": f"Bearer {token}"}
    v = client.get(f"/api/games/{game}", headers=auth).json()
    assert v["to_move"], v["current"]
    r = client.post(f"/api/games/{game}/moves", headers=auth,
                    json={"version": v["version"], "move": v["legal"][0]["move"]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_verified_account_is_told_its_turn_by_mail(two: tuple[TestClient, TestClient],
                                                      smtp: SmtpServer) -> None:
    ana, bo = two
    sign_up(ana, "Ana")
    sign_up(bo, "Bo")
    verified(bo, smtp, "bo@example.test", 1)
    # saving the same address again keeps it verified
    assert bo.post("/api/account/email", json={"email": "bo@example.test", "password": "correct horse"}).json() == {
        "email": "bo@example.test", "email_verified": True}
    game, tokens = new_game(ana, bo)
    move(ana, game, tokens[0])  # Ana moves: Bo's turn
    mails = smtp.inbox.wait(2)
    turn = mails[1]
    assert turn["To"] == "bo@example.test" and "List-Unsubscribe" in turn
    text = turn.get_body(preferencelist=("plain",)).get_content()  # type: ignore[union-attr]
    assert f"{PUBLIC}/play/{game}" in text and "Ana" in text
    # Ana has no verified address: Bo's move tells nobody
    move(bo, game, tokens[1])
    assert len(smtp.inbox.messages) == 2


def test_settings_are_obeyed_and_unsubscribing_turns_them_off(
        two: tuple[TestClient, TestClient], smtp: SmtpServer) -> None:
    ana, bo = two
    sign_up(ana, "Ana")
    sign_up(bo, "Bo")
    verified(bo, smtp, "bo@example.test", 1)
    r = bo.post("/api/account/settings", json={"notifications": {"email_turn": False}})
    assert r.status_code == 200, r.text
    game, tokens = new_game(ana, bo)
    move(ana, game, tokens[0])
    move(bo, game, tokens[1])
    move(ana, game, tokens[0])
    assert len(smtp.inbox.messages) == 1  # only the verification: Bo asked for no turn mails
    bo.post("/api/account/settings", json={"notifications": {"email_turn": True}})
    move(bo, game, tokens[1])
    move(ana, game, tokens[0])
    turn = smtp.inbox.wait(2)[1]
    link = re.search(r"<(https?://[^>]+/mail/unsubscribe\?[^>]+)>", turn["List-Unsubscribe"])
    assert link is not None, turn["List-Unsubscribe"]
    path = link.group(1).removeprefix(PUBLIC)
    r = bo.post(path, data={"List-Unsubscribe": "One-Click"})
    assert r.status_code == 200, r.text
    notes = bo.get("/api/account").json()["settings"]["notifications"]
    assert not (notes["email_turn"] or notes["email_over"] or notes["email_digest"])
    move(bo, game, tokens[1])
    move(ana, game, tokens[0])
    assert len(smtp.inbox.messages) == 2  # unsubscribed: no mail
    # asking for turn mails again in the settings brings them back
    bo.post("/api/account/settings", json={"notifications": {"email_turn": True}})
    move(bo, game, tokens[1])
    move(ana, game, tokens[0])
    assert smtp.inbox.wait(3)[2]["To"] == "bo@example.test"


def test_a_sent_link_mail_keeps_no_secret_in_the_outbox(two: tuple[TestClient, TestClient],
                                                        smtp: SmtpServer) -> None:
    """The accounts keep only the digests of e-mailed links; once sent, the outbox keeps no
    copy of the link either (someone reading the database cannot take a reset link)."""
    from sqlalchemy import select

    from azulejos.web.account_tables import mail_outbox_t

    ana, _bo = two
    sign_up(ana, "Ana")
    verified(ana, smtp, "ana@example.test", 1)
    engine = ana.app.state.store.engine  # type: ignore[attr-defined]
    rows: list[Any] = []
    for _ in range(400):  # the worker marks the mail sent just after the server took it
        with engine.connect() as conn:
            rows = list(conn.execute(select(mail_outbox_t.c.template, mail_outbox_t.c.status,
                                            mail_outbox_t.c.params)).all())
        if rows and rows[0][1] == "sent":
            break
        ana.portal.call(asyncio.sleep, 0.01)  # type: ignore[union-attr]
    assert [(r[0], r[1], r[2]) for r in rows] == [("verify_email", "sent", "{}")]
