"""Sending: the SMTP transport (smtplib) and the delivery worker.

The worker takes due mails from the outbox (:meth:`.Outbox.claim`), renders each in its
language, sends it in a thread of its own (an SMTP server that hangs holds up only that
thread: never a move, which at most queued a row), then marks it sent, to retry after a
back-off (a temporary failure: the server unreachable, a 4xx answer) or failed (a 5xx answer,
or :attr:`.MailSettings.max_attempts` attempts).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import smtplib
import ssl
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Protocol, TypeVar
from urllib.parse import urlsplit

from .outbox import Outbox, Queued
from .settings import MailSettings, SmtpSettings
from .templates import NOTIFICATIONS, render

log = logging.getLogger("azulejos.web.mail")
T = TypeVar("T")
#: Mails claimed at once by one worker.
BATCH = 20


class Transport(Protocol):
    def send(self, message: EmailMessage) -> None:
        """Hand the message over; raise on failure (see :func:`is_temporary`)."""
        ...


class SmtpTransport:
    """One SMTP connection per mail (a mail is rare; a connection kept open goes stale)."""

    def __init__(self, settings: SmtpSettings) -> None:
        self.settings = settings

    def send(self, message: EmailMessage) -> None:
        s = self.settings
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if s.security == "tls":
            smtp = smtplib.SMTP_SSL(s.host, s.port, timeout=s.timeout, context=context)
        else:
            smtp = smtplib.SMTP(s.host, s.port, timeout=s.timeout)
        with smtp:
            if s.security == "starttls":
                smtp.starttls(context=context)
            if s.user:
                smtp.login(s.user, s.password or "")
            smtp.send_message(message)


def is_temporary(e: BaseException) -> bool:
    """A failure worth another try: no answer, a lost connection, a 4xx reply."""
    if isinstance(e, smtplib.SMTPRecipientsRefused):
        return all(400 <= code < 500 for code, _msg in e.recipients.values())
    if isinstance(e, smtplib.SMTPResponseException):
        return 400 <= e.smtp_code < 500
    return isinstance(e, (smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError, OSError))


class Delivery:
    """The worker: claim, render, send, mark."""

    def __init__(self, outbox: Outbox, transport: Transport, settings: MailSettings) -> None:
        self.outbox = outbox
        self.transport = transport
        self.settings = settings
        self._smtp_pool: ThreadPoolExecutor | None = None
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._inflight: asyncio.Future[None] | None = None

    # -- one mail ------------------------------------------------------------------------------
    def message(self, q: Queued) -> EmailMessage:
        """The mail of a queued row."""
        mail = render(q.template, q.lang, q.params)
        msg = EmailMessage()
        msg["From"] = self.settings.sender
        msg["To"] = q.recipient
        msg["Subject"] = mail.subject
        msg["Date"] = formatdate(self.outbox.now(), usegmt=True)
        msg["Message-ID"] = make_msgid(domain=urlsplit(self.settings.public_url).hostname)
        msg["Auto-Submitted"] = "auto-generated"
        msg["Content-Language"] = q.lang
        if q.template in NOTIFICATIONS and q.params.get("unsubscribe"):
            msg["List-Unsubscribe"] = f"<{q.params['unsubscribe']}>"
            msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"  # RFC 8058
        msg.set_content(mail.text)
        msg.add_alternative(mail.html, subtype="html")
        return msg

    def attempt(self, q: Queued) -> tuple[str, str]:
        """Send one claimed mail: ``("sent", "")``, ``("retry", why)`` or ``("failed", why)``."""
        try:
            message = self.message(q)
        except (KeyError, ValueError, TypeError) as e:
            return "failed", f"cannot be written: {e}"
        try:
            self.transport.send(message)
        except Exception as e:
            why = f"{type(e).__name__}: {e}"
            if is_temporary(e) and q.attempts + 1 < self.settings.max_attempts:
                return "retry", why
            return "failed", why
        return "sent", ""

    def mark(self, q: Queued, outcome: tuple[str, str]) -> None:
        kind, why = outcome
        if kind == "sent":
            self.outbox.sent(q.mail_id)
        elif kind == "retry":
            wait = min(self.settings.max_backoff, self.settings.backoff * 2 ** q.attempts)
            log.warning("mail %d to %s not sent (%s): trying again in %.0f s", q.mail_id,
                        q.recipient, why, wait)
            self.outbox.retry(q.mail_id, wait, why)
        else:
            log.error("mail %d to %s given up: %s", q.mail_id, q.recipient, why)
            self.outbox.failed(q.mail_id, why)

    def deliver_once(self) -> int:
        """Send every mail due now, in this thread (tests; the worker does the same through
        its threads). Returns how many were tried."""
        claimed = self.outbox.claim(BATCH, self.settings.lease)
        for q in claimed:
            self.mark(q, self.attempt(q))
        return len(claimed)

    # -- the worker ----------------------------------------------------------------------------
    def wake(self) -> None:
        """A mail was queued (from any thread): look at once."""
        loop, event = self._loop, self._wake
        if loop is not None and event is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(event.set)

    def start(self, db: Executor | None) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._smtp_pool = ThreadPoolExecutor(1, thread_name_prefix="azulejos-mail")
        self._task = asyncio.create_task(self._run(db))

    async def _run(self, db: Executor | None) -> None:
        assert self._wake is not None and self._loop is not None and self._smtp_pool
        loop, wake, smtp_pool = self._loop, self._wake, self._smtp_pool

        async def in_db(fn: Callable[[], T]) -> T:
            return await loop.run_in_executor(db, fn)

        while True:
            wake.clear()
            tried = 0
            claimed: list[Queued] = []
            try:
                claimed = await in_db(lambda: self.outbox.claim(BATCH, self.settings.lease))
                while claimed:
                    q = claimed[0]
                    # a send under way is finished and marked even if the worker is stopped
                    self._inflight = asyncio.ensure_future(self._one(q, smtp_pool, in_db))
                    claimed.pop(0)
                    await asyncio.shield(self._inflight)
                    tried += 1
            except asyncio.CancelledError:
                if claimed:  # claimed but not begun: queued again for whoever runs next
                    self.outbox.release([q.mail_id for q in claimed])
                raise
            except Exception:
                log.exception("the mail outbox could not be read")
            if tried:
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), self.settings.poll)

    async def _one(self, q: Queued, smtp_pool: Executor,
                   in_db: Callable[[Callable[[], None]], Awaitable[None]]) -> None:
        loop = asyncio.get_running_loop()
        outcome = await loop.run_in_executor(smtp_pool, self.attempt, q)
        await in_db(lambda: self.mark(q, outcome))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._inflight is not None and not self._inflight.done():
            # the mail being sent: its answer is awaited (at most the SMTP timeout), so that
            # a mail handed over is marked sent and never sent again
            await asyncio.wait({self._inflight}, timeout=self.settings.smtp.timeout + 5)
        self._inflight = None
        self._loop = None
        # a send under way is left to its timeout; its claim's lease lets it be tried again
        if self._smtp_pool is not None:
            self._smtp_pool.shutdown(wait=False, cancel_futures=True)
            self._smtp_pool = None
