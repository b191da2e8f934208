"""The daily digest (issue 28, item 3): a recipient who chose it gets no mail at each turn,
but once a day one mail listing every game waiting for their move; one process sends it
(the day is claimed in the database); nothing when no game waits or they unsubscribed."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from azulejos.web.mail import Mailer
from azulejos.web.mail.notifier import Recipient

from ..helpers import create
from .conftest import PUBLIC, Clock, People, SmtpServer, mail_app, person
from .test_notifier import first_move, mailer_of, queued

DAY = 86400.0


def test_digest_lists_the_games_waiting_once_a_day(tmp_path: Path, smtp: SmtpServer) -> None:
    clock = Clock(1_800_000_000.0)  # 2027-01-15 08:00 UTC: after the digest hour (7)
    people = People({0: person(0), 1: person(1, "uk", digest=True)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people, clock)) as client:
        mailer = mailer_of(client)
        games, tokens = [], []
        for opponent in ("Olena", "Ana"):
            c = create(client, seats=[{"kind": "person", "name": opponent},
                                      {"kind": "person", "name": "Pierre"}])
            first_move(client, c["game"], c["seats"][0]["token"])
            games.append(c["game"])
            tokens.append(c["seats"][1]["token"])
        waiting = create(client)  # seat 0 to move here: not listed for seat 1
        assert queued(client) == []  # no mail at each turn for a digest reader
        assert mailer.notifier.digest_once(clock()) == 1
        assert mailer.notifier.digest_once(clock()) == 0  # sent today already
        other = Mailer(mailer.engine, mailer.settings, now=clock)  # a second process
        assert other.notifier.digest_once(clock()) == 0
        [msg] = smtp.inbox.wait(1)
        assert msg["To"] == "player1@example.test"
        assert msg["Subject"] == "Azulejos: 2 гри чекають на ваш хід"
        text = msg.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        assert "Вашого ходу чекають у 2 іграх:" in text
        for gid, opponent in zip(games, ("Olena", "Ana"), strict=True):
            assert f"Проти {opponent}:\n{PUBLIC}/play/{gid}" in text.replace("\r\n", "\n")
        assert waiting["game"] not in text
        assert msg["List-Unsubscribe"] is not None
        assert mailer.notifier.digest_once(clock() + DAY) == 1  # the next day, again
        # they move in one game: the next digest lists the other only
        first_move(client, games[0], tokens[0])  # (and Olena is told it is her turn)
        mailer.notifier.settle()
        assert mailer.notifier.digest_once(clock() + 2 * DAY) == 1
        digests = [m for m in smtp.inbox.wait(4) if m["To"] == "player1@example.test"]
        assert len(digests) == 3
        third = digests[-1]
        third_text = third.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        assert games[1] in third_text and games[0] not in third_text
        assert third["Subject"] == "Azulejos: 1 гра чекає на ваш хід"
        # unsubscribed: no digest any more
        assert mailer.unsubscribe(mailer.links.token("acct-1")) == "done"
        assert mailer.notifier.digest_once(clock() + 3 * DAY) == 0


def test_no_digest_when_no_game_waits(tmp_path: Path, smtp: SmtpServer) -> None:
    clock = Clock()
    people = People({0: person(0, digest=True)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people, clock)) as client:
        c = create(client)
        first_move(client, c["game"], c["seats"][0]["token"])  # now seat 1's turn
        mailer = mailer_of(client)
        mailer.notifier.settle()
        assert mailer.notifier.digest_once(clock()) == 0
        assert queued(client) == []


def test_digest_day_begins_at_the_digest_hour(tmp_path: Path, smtp: SmtpServer) -> None:
    clock = Clock()
    app = mail_app(tmp_path / "g.sqlite3", smtp.url, People(), clock)
    n = app.state.mailer.notifier
    morning = 1_800_000_000.0 - 3600  # 07:00 UTC
    assert n.digest_day(morning - 1) == "2027-01-14" and n.digest_day(morning) == "2027-01-15"


def test_the_digest_goes_to_the_address_of_the_moment(tmp_path: Path, smtp: SmtpServer) -> None:
    """Review point: the digest is sent to the recipient's address when it is sent, not the
    one stored when the turn began; no digest to someone who no longer wants it."""
    clock = Clock(1_800_000_000.0)
    people = People({0: person(0), 1: person(1, digest=True)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people, clock)) as client:
        mailer = mailer_of(client)
        c = create(client)
        first_move(client, c["game"], c["seats"][0]["token"])  # seat 1's turn: digest it
        mailer.notifier.settle()
        people.by_seat[1] = Recipient("pierre@new.example.test", "fr", "Pierre", "acct-1",
                                      digest=True)
        assert mailer.notifier.digest_once(clock()) == 1
        [msg] = smtp.inbox.wait(1)
        assert msg["To"] == "pierre@new.example.test"
        people.by_seat[1] = person(1, digest=False)  # mail at each turn now: no digest
        assert mailer.notifier.digest_once(clock() + DAY) == 0
        del people.by_seat[1]  # no verified address any more
        assert mailer.notifier.digest_once(clock() + 2 * DAY) == 0
