"""``serve --smtp URL`` read and checked (issue 28, item 3): the three kinds of server, their
default ports, percent-encoded credentials (used: a real local server that requires a login),
and bad URLs refused without showing a password."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from azulejos.web.mail import Mailer, MailSettings, parse_smtp_url
from azulejos.web.mail.settings import check_address, check_public_url
from azulejos.web.storage import SqlStore, database_url

from ..servers import free_port
from .conftest import Clock, Inbox, settings


@pytest.mark.parametrize(("url", "want"), [
    ("smtp://mail.example.test", ("mail.example.test", 25, "plain", None, None)),
    ("smtp+starttls://u@mail.example.test", ("mail.example.test", 587, "starttls", "u", None)),
    ("smtps://u:p%40ss%3Aw@mail.example.test:2465",
     ("mail.example.test", 2465, "tls", "u", "p@ss:w")),
    ("SMTP://127.0.0.1:1025/", ("127.0.0.1", 1025, "plain", None, None)),
])
def test_good_urls(url: str, want: tuple[Any, ...]) -> None:
    s = parse_smtp_url(url)
    assert (s.host, s.port, s.security, s.user, s.password) == want
    assert "p@ss" not in s.describe()


@pytest.mark.parametrize(("url", "said"), [
    ("mail.example.test", "is not an SMTP URL"),
    ("https://mail.example.test", "is not an SMTP URL"),
    ("smtp://", "names no host"),
    ("smtp://u:secret@:25", "names no host"),
    ("smtp://h:0", "the port is not a number"),
    ("smtp://u:secret@h:port", "the port is not a number"),
    ("smtp://h?x=1", "has no path or query"),
    ("smtp://:secret@h", "a password needs a user name"),
])
def test_bad_urls_are_refused_without_the_password(url: str, said: str) -> None:
    with pytest.raises(ValueError, match=said) as e:
        parse_smtp_url(url)
    assert "secret" not in str(e.value)


def test_addresses_and_public_urls() -> None:
    assert check_address("Azulejos <a@b.example>") == "Azulejos <a@b.example>"
    for bad in ["a", "a@b", "<a@b.example", "a@b.example\r\nBcc: c@d.example"]:
        with pytest.raises(ValueError):
            check_address(bad)
    assert check_public_url("https://azul.example.test/games/") == "https://azul.example.test/games"
    for bad in ["azul.example.test", "ftp://x", "https://?q"]:
        with pytest.raises(ValueError):
            check_public_url(bad)
    with pytest.raises(ValueError, match="--mail-from"):
        MailSettings.parse("smtp://h", None, "https://azul.example.test")


class Login:
    def __init__(self) -> None:
        self.seen: list[tuple[bytes, bytes]] = []

    def __call__(self, server: Any, session: Any, envelope: Any, mechanism: str,
                 data: Any) -> AuthResult:
        assert isinstance(data, LoginPassword)
        self.seen.append((data.login, data.password))
        return AuthResult(success=data.login == b"azul" and data.password == b"p@ss",
                          handled=False)  # aiosmtpd answers 535 itself


@pytest.fixture
def login_smtp() -> Iterator[tuple[Inbox, Login, int]]:
    inbox, login, port = Inbox(), Login(), free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port, authenticator=login,
                            auth_required=True, auth_require_tls=False)
    controller.start()
    try:
        yield inbox, login, port
    finally:
        controller.stop()


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_the_credentials_of_the_url_log_in(tmp_path: Path,
                                           login_smtp: tuple[Inbox, Login, int]) -> None:
    inbox, login, port = login_smtp
    store = SqlStore(database_url(str(tmp_path / "m.sqlite3")))
    good = Mailer(store.engine, settings(f"smtp://azul:p%40ss@127.0.0.1:{port}"), now=Clock())
    good.send("olena@example.test", "verify_email", "en", {"name": "Olena", "link": "https://x/v"})
    assert good.delivery is not None and good.delivery.deliver_once() == 1
    assert inbox.wait(1)[0]["To"] == "olena@example.test"
    wrong = Mailer(store.engine, settings(f"smtp://azul:nope@127.0.0.1:{port}"), now=Clock())
    wrong.send("pierre@example.test", "verify_email", "fr", {"name": "Pierre", "link": "https://x/v"})
    assert wrong.delivery is not None and wrong.delivery.deliver_once() == 1
    assert wrong.outbox.counts() == {"sent": 1, "failed": 1}  # 535: refused, given up
    assert login.seen[0] == (b"azul", b"p@ss")  # percent-decoded
    assert set(login.seen[1:]) == {(b"azul", b"nope")}  # (smtplib tries each mechanism)
    store.close()
