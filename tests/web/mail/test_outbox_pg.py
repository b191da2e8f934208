"""The outbox over two server processes on one PostgreSQL database (issue 28, item 3): each
mail is queued by the process that stored the change and sent exactly once, whichever
process's worker claims it."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from azulejos.web.account_tables import mail_outbox_t as t
from azulejos.web.mail import Mailer
from azulejos.web.storage import SqlStore

from ..conftest import PG_URL
from ..helpers import create
from ..test_notify import pg  # noqa: F401  (the fixture: a fresh schema)
from .conftest import WAIT, Clock, People, SmtpServer, mail_app, person, settings
from .test_notifier import first_move

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set"),
]


def test_two_processes_send_each_mail_once(pg: str, smtp: SmtpServer) -> None:  # noqa: F811
    people = People({0: person(0), 1: person(1)})
    with TestClient(mail_app(pg, smtp.url, people)) as a, \
            TestClient(mail_app(pg, smtp.url, people)) as b:
        c = create(a)
        game, tok0, tok1 = c["game"], c["seats"][0]["token"], c["seats"][1]["token"]
        first_move(a, game, tok0)  # on A: seat 1 is told
        smtp.inbox.wait(1)
        first_move(b, game, tok1)  # on B: seat 0 is told
        smtp.inbox.wait(2)
        first_move(a, game, tok0)  # on A again: seat 1 moved since, so told again
        mails = smtp.inbox.wait(3)
    assert [m["To"] for m in mails] == ["player1@example.test", "player0@example.test",
                                        "player1@example.test"]
    store = SqlStore(pg)
    with store.engine.connect() as conn:
        rows = conn.execute(select(t.c.status, t.c.attempts)).all()
    store.close()
    assert sorted((r.status, r.attempts) for r in rows) == [("sent", 1)] * 3
    assert len(smtp.inbox.messages) == 3  # none twice


def test_claims_over_two_engines_never_overlap(pg: str, smtp: SmtpServer) -> None:  # noqa: F811
    clock = Clock()
    sa, sb = SqlStore(pg), SqlStore(pg)
    a = Mailer(sa.engine, settings(smtp.url), now=clock)
    b = Mailer(sb.engine, settings(smtp.url), now=clock)
    for i in range(60):
        a.send(f"p{i}@example.test", "verify_email", "en", {"name": "P", "link": "https://x/v"})
    got: dict[str, list[int]] = {"a": [], "b": []}
    start = threading.Barrier(2)

    def claim(name: str, m: Mailer) -> None:
        start.wait(WAIT)
        while batch := m.outbox.claim(4, lease=300):
            got[name] += [q.mail_id for q in batch]

    threads = [threading.Thread(target=claim, args=(n, m)) for n, m in (("a", a), ("b", b))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(WAIT)
    assert len(got["a"]) + len(got["b"]) == 60
    assert len(set(got["a"]) | set(got["b"])) == 60
    sa.close()
    sb.close()
