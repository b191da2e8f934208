"""The mailer: what the rest of the server holds (``app.state.mailer``).

``Mailer.enabled`` says whether e-mail is on (``serve --smtp``); :meth:`Mailer.send` queues an
account mail (``verify_email``, ``reset_password``: params ``name`` and ``link``) with one
insert, and the worker sends it. With e-mail off, :meth:`Mailer.send` queues nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select
from sqlalchemy.exc import IntegrityError

from azulejos.i18n import LANGUAGES

from ..account_tables import mail_optout_t, mail_turns_t
from .links import Links, shared_secret
from .notifier import Notifier, Recipients
from .outbox import Outbox
from .sender import Delivery, SmtpTransport, Transport
from .settings import MailSettings, check_address
from .templates import TEMPLATES

log = logging.getLogger("azulejos.web.mail")
#: How often the daily digest is looked at (it goes once a day, whoever looks first).
DIGEST_CHECK = 600.0


class Mailer:
    """E-mail for one server process (see the module text)."""

    def __init__(self, engine: Engine | None, settings: MailSettings | None, *,
                 now: Callable[[], float] = time.time, transport: Transport | None = None,
                 recipients: Recipients | None = None, digest_check: float = DIGEST_CHECK
                 ) -> None:
        self.engine = engine
        self.settings = settings
        self.now = now
        #: E-mail is on: an SMTP server was given and the server has a database.
        self.enabled: bool = settings is not None and engine is not None
        #: Who wants which mail (the accounts set it; None: nobody is notified).
        self.recipients: Recipients | None = recipients
        #: Told the key of each recipient who unsubscribes (the accounts may set it).
        self.on_unsubscribe: Callable[[str], None] | None = None
        self.digest_check = digest_check
        self._outbox: Outbox | None = None
        self._links: Links | None = None
        self.delivery: Delivery | None = None
        if engine is not None and settings is not None:
            self._outbox = Outbox(engine, now)
            self._links = Links(settings.public_url, shared_secret(engine))
            self.delivery = Delivery(self._outbox, transport or SmtpTransport(settings.smtp),
                                     settings)
            self._outbox.on_enqueue = self.delivery.wake
        self.notifier = Notifier(self, None)
        self._digest_task: asyncio.Task[None] | None = None

    @property
    def outbox(self) -> Outbox:
        if self._outbox is None:
            raise RuntimeError("e-mail is off (serve --smtp)")
        return self._outbox

    @property
    def links(self) -> Links:
        if self._links is None:
            raise RuntimeError("e-mail is off (serve --smtp)")
        return self._links

    def describe(self) -> str:
        if self.settings is None:
            return "off"
        return f"{self.settings.smtp.describe()}, from {self.settings.sender}"

    def settings_digest_hour(self) -> int:
        return self.settings.digest_hour if self.settings is not None else 0

    @staticmethod
    def language(lang: str) -> str:
        return lang if lang in LANGUAGES else "en"

    # -- queuing -------------------------------------------------------------------------------
    def send(self, to: str, template: str, lang: str, params: Mapping[str, str]) -> None:
        """Queue ``template`` to ``to`` in ``lang`` (one insert; the worker sends it). With
        e-mail off nothing is queued. :class:`ValueError` for an unknown template or a bad
        address (nothing queued)."""
        if template not in TEMPLATES:
            raise ValueError(f"no mail template {template!r} (templates: {', '.join(TEMPLATES)})")
        check_address(to)
        if not self.enabled:
            log.debug("e-mail is off: %s to %s not sent", template, to)
            return
        self.enqueue(to, template, self.language(lang), dict(params))

    def enqueue(self, to: str, template: str, lang: str, params: Mapping[str, Any],
                dedupe: str | None = None) -> bool:
        return self.outbox.enqueue(to, template, self.language(lang), params, dedupe)

    def queue(self, conn: Connection, to: str, template: str, lang: str,
              params: Mapping[str, Any]) -> None:
        """Queue in the caller's transaction ``conn`` (call :meth:`wake` after it commits)."""
        self.outbox.add(conn, to, template, self.language(lang), params)

    def wake(self) -> None:
        """Mail was queued: the worker looks at once."""
        if self.delivery is not None:
            self.delivery.wake()

    # -- unsubscribing -------------------------------------------------------------------------
    def opted_out(self, key: str) -> bool:
        assert self.engine is not None
        with self.engine.connect() as conn:
            return conn.execute(select(mail_optout_t.c.key)
                                .where(mail_optout_t.c.key == key)).first() is not None

    def unsubscribe(self, token: str) -> str | None:
        """Unsubscribe the recipient of ``token``: ``"done"``, ``"already"`` (a link used
        before: nothing changes), None (a forged or damaged token: nothing changes)."""
        key = self.links.key_of(token) if self.enabled else None
        if key is None:
            return None
        assert self.engine is not None
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(mail_optout_t).values(key=key, at=self.now()))
                conn.execute(delete(mail_turns_t).where(mail_turns_t.c.key == key))
        except IntegrityError:
            return "already"
        if self.on_unsubscribe is not None:
            try:
                self.on_unsubscribe(key)
            except Exception:
                log.exception("the unsubscribe of %s could not be passed on", key)
        return "done"

    def state_of(self, token: str) -> str | None:
        """``"subscribed"``, ``"unsubscribed"`` or None (a bad token), changing nothing."""
        key = self.links.key_of(token) if self.enabled else None
        if key is None:
            return None
        return "unsubscribed" if self.opted_out(key) else "subscribed"

    # -- life cycle ----------------------------------------------------------------------------
    async def start(self, executor: Executor | None) -> None:
        """Start the worker and the digest (``executor``: where database work runs; the
        service's database threads, so SQLite keeps one writer)."""
        if not self.enabled or self.delivery is None:
            return
        self.notifier.executor = executor
        self.delivery.start(executor)
        if self.digest_check > 0:
            self._digest_task = asyncio.create_task(self._digest_loop(executor))

    async def _digest_loop(self, executor: Executor | None) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                await loop.run_in_executor(executor, self.notifier.digest_once, self.now())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the daily mail digest failed")
            await asyncio.sleep(self.digest_check)

    async def stop(self) -> None:
        if self._digest_task is not None:
            self._digest_task.cancel()
            await asyncio.gather(self._digest_task, return_exceptions=True)
            self._digest_task = None
        if self.delivery is not None:
            await self.delivery.stop()
        with contextlib.suppress(Exception):
            await asyncio.get_running_loop().run_in_executor(None, self.notifier.settle)
