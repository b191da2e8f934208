"""Sending through SMTP from the outbox (issue 28, item 3): the outbox survives a restart,
temporary failures are retried with back-off then given up, a refusal is given up at once, and
an SMTP server that hangs never delays a move."""

from __future__ import annotations

import threading
from pathlib import Path

from sqlalchemy import select
from starlette.testclient import TestClient

from azulejos.web.account_tables import mail_outbox_t as t
from azulejos.web.mail import Mailer
from azulejos.web.storage import SqlStore, database_url

from ..helpers import create, view
from .conftest import WAIT, Clock, People, SmtpServer, closed_port_url, mail_app, person, settings
from .test_notifier import first_move, mailer_of, queued

LINK = {"name": "Olena", "link": "https://azul.example.test/account/verify?t=abc"}


def statuses(db: Path) -> list[tuple[str, int]]:
    store = SqlStore(database_url(str(db)))
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(select(t.c.status, t.c.attempts).order_by(t.c.mail_id)).all()
    finally:
        store.close()
    return [(r.status, r.attempts) for r in rows]


def test_mail_queued_while_smtp_is_down_is_sent_after_a_restart(tmp_path: Path,
                                                                smtp: SmtpServer) -> None:
    db, clock = tmp_path / "g.sqlite3", Clock()
    people = People({1: person(1)})
    with TestClient(mail_app(db, closed_port_url(), people, clock)) as client:
        c = create(client)
        first_move(client, c["game"], c["seats"][0]["token"])
        assert queued(client) == [("player1@example.test", "your_turn")]
    [(status, _attempts)] = statuses(db)
    assert status in ("queued", "sending")  # tried and failed, or cut short: not sent
    clock.t += 3600  # later than any back-off and any claim's lease
    with TestClient(mail_app(db, smtp.url, people, clock)):
        [msg] = smtp.inbox.wait(1)
    assert msg["To"] == "player1@example.test"
    assert f"/play/{c['game']}" in msg.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert statuses(db)[0][0] == "sent"


def _mailer(tmp_path: Path, url: str, clock: Clock, **kw: float) -> tuple[SqlStore, Mailer]:
    store = SqlStore(database_url(str(tmp_path / "m.sqlite3")))
    return store, Mailer(store.engine, settings(url, **kw), now=clock)


def test_temporary_failures_are_retried_with_backoff_then_given_up(
        tmp_path: Path, smtp: SmtpServer) -> None:
    clock = Clock()
    store, mailer = _mailer(tmp_path, smtp.url, clock, max_attempts=3, backoff=60)
    assert mailer.delivery is not None
    smtp.inbox.reply = "451 4.3.0 try again later"
    mailer.send("olena@example.test", "verify_email", "en", LINK)
    assert mailer.delivery.deliver_once() == 1
    assert mailer.outbox.counts() == {"queued": 1}
    assert mailer.outbox.due_in() == 60
    assert mailer.delivery.deliver_once() == 0  # not due yet
    clock.t += 59.5
    assert mailer.delivery.deliver_once() == 0
    clock.t += 0.5
    assert mailer.delivery.deliver_once() == 1  # the second try
    assert mailer.outbox.due_in() == 120  # twice as long
    clock.t += 120
    assert mailer.delivery.deliver_once() == 1  # the third and last
    assert mailer.outbox.counts() == {"failed": 1}
    clock.t += 10**6
    assert mailer.delivery.deliver_once() == 0
    assert smtp.inbox.tries == 3 and smtp.inbox.messages == []
    # the server is fine again: a new mail goes
    smtp.inbox.reply = None
    mailer.send("olena@example.test", "reset_password", "uk", LINK)
    assert mailer.delivery.deliver_once() == 1
    [msg] = smtp.inbox.wait(1)
    assert "пароль" in msg["Subject"] and msg["List-Unsubscribe"] is None
    assert LINK["link"] in msg.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    store.close()


def test_a_refused_mail_is_given_up_at_once(tmp_path: Path, smtp: SmtpServer) -> None:
    clock = Clock()
    store, mailer = _mailer(tmp_path, smtp.url, clock)
    assert mailer.delivery is not None
    smtp.inbox.reply = "550 5.1.1 no such mailbox"
    mailer.send("nobody@example.test", "verify_email", "fr", LINK)
    assert mailer.delivery.deliver_once() == 1
    assert mailer.outbox.counts() == {"failed": 1}
    clock.t += 10**6
    assert mailer.delivery.deliver_once() == 0 and smtp.inbox.tries == 1
    store.close()


def test_send_refuses_bad_input_and_queues_nothing(tmp_path: Path, smtp: SmtpServer) -> None:
    store, mailer = _mailer(tmp_path, smtp.url, Clock())
    for to, template in [("not an address", "verify_email"), ("a@b.example", "nonsense"),
                         ("a@b.example\nBcc: x@y.example", "verify_email")]:
        try:
            mailer.send(to, template, "en", LINK)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{to!r}, {template!r} was queued")
    assert mailer.outbox.counts() == {}
    off = Mailer(store.engine, None)
    assert off.enabled is False
    off.send("a@b.example", "verify_email", "en", LINK)  # e-mail off: nothing queued
    assert mailer.outbox.counts() == {}
    store.close()


def test_two_senders_never_claim_one_mail(tmp_path: Path, smtp: SmtpServer) -> None:
    """Several processes on one database: each mail is claimed by exactly one sender (the
    conditional update), and a claim whose sender died is taken again after its lease."""
    clock = Clock()
    store, a = _mailer(tmp_path, smtp.url, clock)
    other = SqlStore(database_url(str(tmp_path / "m.sqlite3")))
    b = Mailer(other.engine, settings(smtp.url), now=clock)
    for i in range(40):
        a.send(f"p{i}@example.test", "verify_email", "en", LINK)
    got: dict[str, list[int]] = {"a": [], "b": []}
    start = threading.Barrier(2)

    def claim(name: str, m: Mailer) -> None:
        start.wait(WAIT)
        while True:
            batch = m.outbox.claim(3, lease=300)
            if not batch:
                return
            got[name] += [q.mail_id for q in batch]

    threads = [threading.Thread(target=claim, args=("a", a)),
               threading.Thread(target=claim, args=("b", b))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(WAIT)
    assert sorted(got["a"] + got["b"]) == list(range(1, 41))  # every one, none twice
    assert a.outbox.claim(50, lease=300) == []  # claimed: nobody else takes them
    clock.t += 301  # the claims' sender died: they are taken again
    assert len(b.outbox.claim(50, lease=300)) == 40
    other.close()
    store.close()


def test_a_hanging_smtp_server_does_not_delay_moves(tmp_path: Path, smtp: SmtpServer) -> None:
    smtp.inbox.hold = threading.Event()
    people = People({0: person(0), 1: person(1)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        c = create(client)
        game = c["game"]
        first_move(client, game, c["seats"][0]["token"])  # a mail to seat 1
        assert smtp.inbox.entered.wait(WAIT)  # the SMTP server now hangs inside that mail
        # seat 1 moves while the SMTP server hangs: answered, and the next mail is queued
        first_move(client, game, c["seats"][1]["token"])
        assert view(client, game, c["seats"][0]["token"])["current"] == 0
        assert not smtp.inbox.hold.is_set() and smtp.inbox.messages == []
        assert queued(client) == [("player1@example.test", "your_turn"),
                                  ("player0@example.test", "your_turn")]
        smtp.inbox.hold.set()
        mails = smtp.inbox.wait(2)
        assert {m["To"] for m in mails} == {"player0@example.test", "player1@example.test"}
    assert statuses(tmp_path / "g.sqlite3") == [("sent", 1), ("sent", 1)]


class Broken:
    def address_of(self, game_id: str, seat: int) -> None:
        raise RuntimeError("the accounts database is down")


def test_a_failing_recipients_lookup_never_fails_a_move(tmp_path: Path,
                                                        smtp: SmtpServer) -> None:
    app = mail_app(tmp_path / "g.sqlite3", smtp.url, People())
    with TestClient(app) as client:
        mailer_of(client).recipients = Broken()
        c = create(client)
        version = first_move(client, c["game"], c["seats"][0]["token"])
        assert view(client, c["game"], c["seats"][1]["token"])["version"] == version
        assert queued(client) == []
