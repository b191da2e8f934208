"""Mails from game events (issue 28, item 3): "your turn" when the turn passes to a seat whose
owner wants mail, at most one per game and seat until they move, nothing for the mover, bots or
hot-seat games; "game over" at the end. Delivered by a real local SMTP server."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from azulejos.web.mail import Mailer
from azulejos.web.mail.notifier import Snapshot

from ..helpers import auth, create, play, play_random, view
from .conftest import PUBLIC, People, SmtpServer, mail_app, person


def mailer_of(client: TestClient) -> Mailer:
    m: Mailer = client.app.state.mailer  # type: ignore[attr-defined]
    return m


def queued(client: TestClient) -> list[tuple[str, str]]:
    """(recipient, template) of every mail queued so far, once the notifier is done."""
    m = mailer_of(client)
    m.notifier.settle()
    from sqlalchemy import select

    from azulejos.web.account_tables import mail_outbox_t as t
    assert m.engine is not None
    with m.engine.connect() as conn:
        rows = conn.execute(select(t.c.recipient, t.c.template).order_by(t.c.mail_id)).all()
    return [(r.recipient, r.template) for r in rows]


def until(ready: Callable[[], bool], tries: int = 5000) -> None:
    """Ask again (each ask a real request, no sleep) until ``ready()``; fails after ``tries``."""
    for _ in range(tries):
        if ready():
            return
    raise AssertionError("never ready")


def first_move(client: TestClient, game: str, token: str) -> int:
    v = view(client, game, token)
    r = play(client, game, token, v["version"], v["legal"][0]["move"])
    assert r.status_code == 200, r.text
    return int(r.json()["version"])


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Hello Pierre", "It is your turn", "Olena", "Play your move"]),
    ("uk", ["Ваш хід", "Olena"]),
    ("ru", ["Ваш ход", "Olena"]),
    ("fr", ["À vous de jouer", "Olena"]),
])
def test_your_turn_mail_arrives_in_the_players_language(tmp_path: Path, smtp: SmtpServer,
                                                         lang: str, words: list[str]) -> None:
    people = People({0: person(0), 1: person(1, lang)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        c = create(client, seats=[{"kind": "person", "name": "Olena"},
                                  {"kind": "person", "name": "Pierre"}])
        game, token0 = c["game"], c["seats"][0]["token"]
        first_move(client, game, token0)
        [msg] = smtp.inbox.wait(1)
    assert smtp.inbox.envelopes[0] == ["player1@example.test"]
    assert msg["To"] == "player1@example.test"
    assert msg["From"] == "Azulejos <azulejos@example.test>"
    assert "Olena" in msg["Subject"]
    text = msg.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    for w in words:
        assert w in text or w in msg["Subject"], (w, text)
    assert f"{PUBLIC}/play/{game}" in text
    unsub = re.search(r"https://\S+/mail/unsubscribe\?\S+", text)
    assert unsub is not None
    assert msg["List-Unsubscribe"] == f"<{unsub.group(0)}>"
    assert msg["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert f"lang={lang}" in unsub.group(0)
    html = msg.get_body(("html",)).get_content()  # type: ignore[union-attr]
    assert f'href="{PUBLIC}/play/{game}"' in html


def test_html_part_escapes_names(tmp_path: Path, smtp: SmtpServer) -> None:
    people = People({1: person(1)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        c = create(client, seats=[{"kind": "person", "name": "<b>Eve</b>"}, {"kind": "person"}])
        first_move(client, c["game"], c["seats"][0]["token"])
        [msg] = smtp.inbox.wait(1)
    html = msg.get_body(("html",)).get_content()  # type: ignore[union-attr]
    assert "<b>Eve</b>" not in html and "&lt;b&gt;Eve&lt;/b&gt;" in html


def test_one_your_turn_per_game_and_seat_until_they_move(tmp_path: Path,
                                                          smtp: SmtpServer) -> None:
    people = People({0: person(0), 1: person(1), 2: person(2)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        c = create(client, players=3)
        game = c["game"]
        tok = [s["token"] for s in c["seats"]]
        version = first_move(client, game, tok[0])  # seat 1 to move: told once
        # seat 2 leaves: a change stored while seat 1 is still to move - no second mail
        r = client.post(f"/api/games/{game}/leave", headers=auth(tok[2]),
                        json={"seat": 2, "version": version})
        assert r.status_code == 200, r.text
        assert queued(client) == [("player1@example.test", "your_turn")]
        first_move(client, game, tok[1])  # seat 2 is a stand-in bot now; then seat 0
        until(lambda: view(client, game, tok[0])["current"] == 0)  # the bot moved
        mails = queued(client)
    assert mails.count(("player1@example.test", "your_turn")) == 1
    assert ("player2@example.test", "your_turn") not in mails  # left: a bot plays the seat
    assert mails.count(("player0@example.test", "your_turn")) == 1


def test_nothing_for_the_player_who_just_moved(tmp_path: Path, smtp: SmtpServer) -> None:
    people = People({0: person(0), 1: person(1)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        m = mailer_of(client)
        snap = Snapshot("g1", ("Olena", "Pierre"), frozenset({0, 1}), to_move=1, mover=1,
                        over=False)
        m.notifier.handle(snap)  # a new round begins with the one who just moved
        assert queued(client) == []
        m.notifier.handle(Snapshot("g1", ("Olena", "Pierre"), frozenset({0, 1}), to_move=1,
                                   mover=0, over=False))
        assert queued(client) == [("player1@example.test", "your_turn")]


def test_nothing_for_hot_seat_games_or_bots(tmp_path: Path, smtp: SmtpServer) -> None:
    people = People({0: person(0), 1: person(1)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        c = create(client, hotseat=True)
        first_move(client, c["game"], c["hotseat_token"])
        b = create(client, seats=[{"kind": "person"}, {"kind": "bot", "level": "random"}])
        first_move(client, b["game"], b["seats"][0]["token"])
        # the bot answers; the turn comes back to seat 0
        until(lambda: view(client, b["game"], b["seats"][0]["token"])["current"] == 0)
        mails = queued(client)
    assert ("player1@example.test", "your_turn") not in mails
    assert people.asked == [(b["game"], 0)]  # the hot-seat game asked nobody


def test_game_over_mail_with_result_and_replay_link(tmp_path: Path, smtp: SmtpServer) -> None:
    # seat 0 takes the digest (no mail at each turn); seat 1 wants no mail
    people = People({0: person(0, "en", digest=True)})
    with TestClient(mail_app(tmp_path / "g.sqlite3", smtp.url, people)) as client:
        c = create(client)
        end = play_random(client, c, random.Random(5))
        [msg] = smtp.inbox.wait(1)
        assert queued(client) == [("player0@example.test", "game_over")]
    text = msg.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "is over" in msg["Subject"]
    assert f"{PUBLIC}/replay/{c['game']}" in text
    mine = end["result"]["scores"][0]
    assert f"{mine} point" in text
    assert "won" in text or "shared the victory" in text
    assert msg["List-Unsubscribe"] is not None
