"""Fixtures of the e-mail tests (issue 28, item 3): a real SMTP server on 127.0.0.1 (aiosmtpd),
and apps that send to it. No mail leaves the machine: every app here sends to the local
server or to a closed local port."""

from __future__ import annotations

import asyncio
import email
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("aiosmtpd", reason="the e-mail tests need aiosmtpd (the dev extra)")

from aiosmtpd.controller import Controller  # noqa: E402
from starlette.applications import Starlette  # noqa: E402

from azulejos.web.app import create_app  # noqa: E402
from azulejos.web.limits import Limits  # noqa: E402
from azulejos.web.mail import MailSettings, Recipient, parse_smtp_url  # noqa: E402

from ..servers import free_port  # noqa: E402

WAIT = 20.0  # seconds a test waits for a mail before it fails


class Inbox:
    """What the local SMTP server received; ``reply`` (e.g. ``"451 4.3.0 later"``) answers
    every mail with that instead; ``hold`` makes it hang inside DATA until set."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.envelopes: list[list[str]] = []
        self.tries = 0
        self.reply: str | None = None
        self.hold: threading.Event | None = None
        self.entered = threading.Event()
        self._changed = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self._changed:
            self.tries += 1
            self._changed.notify_all()
        if self.hold is not None:
            self.entered.set()
            await asyncio.get_running_loop().run_in_executor(None, self.hold.wait, WAIT)
        if self.reply is not None:
            return self.reply
        msg = email.message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(msg, EmailMessage)
        with self._changed:
            self.messages.append(msg)
            self.envelopes.append(list(envelope.rcpt_tos))
            self._changed.notify_all()
        return "250 OK"

    def wait(self, n: int, timeout: float = WAIT) -> list[EmailMessage]:
        """The first ``n`` mails, once they arrived (fails after ``timeout``)."""
        with self._changed:
            ok = self._changed.wait_for(lambda: len(self.messages) >= n, timeout)
        assert ok, f"{len(self.messages)} of {n} mails arrived"
        return self.messages[:n]


@dataclass
class SmtpServer:
    inbox: Inbox
    port: int

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    """A local SMTP server on a free port of 127.0.0.1."""
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield SmtpServer(inbox, port)
    finally:
        if inbox.hold is not None:
            inbox.hold.set()
        controller.stop()


@dataclass
class People:
    """A test's :class:`~azulejos.web.mail.Recipients`: seat -> recipient, in every game."""

    by_seat: dict[int, Recipient] = field(default_factory=dict)
    asked: list[tuple[str, int]] = field(default_factory=list)

    def address_of(self, game_id: str, seat: int) -> Recipient | None:
        self.asked.append((game_id, seat))
        return self.by_seat.get(seat)


def person(seat: int, lang: str = "en", digest: bool = False) -> Recipient:
    names = ["Olena", "Pierre", "Dmitri", "Ana"]
    return Recipient(f"player{seat}@example.test", lang, names[seat], f"acct-{seat}", digest)


PUBLIC = "https://azul.example.test"


def settings(url: str, **kw: Any) -> MailSettings:
    return MailSettings(parse_smtp_url(url), "Azulejos <azulejos@example.test>", PUBLIC, **kw)


class Clock:
    """A settable wall clock."""

    def __init__(self, t: float = 1_800_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def mail_app(db: Path | str, url: str, people: People, clock: Callable[[], float] | None = None,
             **kw: Any) -> Starlette:
    return create_app(str(db), bot_delay=0, bot_seconds=0.05, sync_interval=0,
                      limits=Limits.none(), mail=settings(url, **kw), recipients=people,
                      now=clock, clock_interval=0, mail_digest_check=0)


def closed_port_url() -> str:
    """An SMTP URL where nothing listens (the server is down)."""
    return f"smtp://127.0.0.1:{free_port()}"
