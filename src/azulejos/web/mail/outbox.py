"""The outbox: mails queued in the database, so that none is lost to a restart.

:meth:`Outbox.enqueue` is one insert. A sender takes due mails with :meth:`Outbox.claim`: a
conditional update per row (``queued`` -> ``sending``, or a ``sending`` row whose lease ran
out: its process died mid-send), so that of several processes exactly one sends each mail.
Then :meth:`Outbox.sent`, :meth:`Outbox.retry` (a temporary failure: again after a back-off)
or :meth:`Outbox.failed` (given up).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..account_tables import mail_outbox_t as t

QUEUED, SENDING, SENT, FAILED = "queued", "sending", "sent", "failed"
#: The mails whose params hold a secret link (forgotten once sent or given up).
SECRET_LINKS = ("verify_email", "reset_password")


@dataclass(frozen=True, slots=True)
class Queued:
    """One mail taken for sending."""

    mail_id: int
    recipient: str
    template: str
    lang: str
    params: dict[str, Any]
    attempts: int  # before this one


class Outbox:
    def __init__(self, engine: Engine, now: Callable[[], float]) -> None:
        self.engine = engine
        self.now = now
        #: Called after each mail queued here (the worker wakes at once).
        self.on_enqueue: Callable[[], None] | None = None

    def enqueue(self, recipient: str, template: str, lang: str, params: Mapping[str, Any],
                dedupe: str | None = None) -> bool:
        """Queue a mail (one insert). ``dedupe``: a mail with this key is queued once ever
        (False: it was queued before, nothing changes)."""
        try:
            with self.engine.begin() as conn:
                self.add(conn, recipient, template, lang, params, dedupe)
        except IntegrityError:
            if dedupe is None:
                raise
            return False
        if self.on_enqueue is not None:
            self.on_enqueue()
        return True

    def add(self, conn: Connection, recipient: str, template: str, lang: str,
            params: Mapping[str, Any], dedupe: str | None = None) -> None:
        """The insert of :meth:`enqueue`, in the caller's transaction."""
        now = self.now()
        conn.execute(insert(t).values(
            recipient=recipient, template=template, lang=lang,
            params=json.dumps(dict(params), ensure_ascii=False), created=now, attempts=0,
            next_attempt=now, status=QUEUED, dedupe=dedupe))

    def claim(self, limit: int, lease: float) -> list[Queued]:
        """Up to ``limit`` due mails, each claimed for this sender for ``lease`` seconds."""
        now = self.now()
        claimable = or_(t.c.status == QUEUED, and_(t.c.status == SENDING, t.c.lease < now))
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(t.c.mail_id, t.c.recipient, t.c.template, t.c.lang, t.c.params,
                       t.c.attempts)
                .where(claimable, t.c.next_attempt <= now)
                .order_by(t.c.next_attempt, t.c.mail_id).limit(limit)).all()
        mine: list[Queued] = []
        for r in rows:
            with self.engine.begin() as conn:
                # the claim: only one process's update finds the row still claimable
                got = conn.execute(update(t).where(t.c.mail_id == r.mail_id, claimable,
                                                   t.c.attempts == r.attempts)
                                   .values(status=SENDING, lease=now + lease)).rowcount
            if got == 1:
                mine.append(Queued(r.mail_id, r.recipient, r.template, r.lang,
                                   json.loads(r.params), r.attempts))
        return mine

    def sent(self, mail_id: int) -> None:
        self._set(mail_id, status=SENT, sent=self.now(), lease=None, attempts=t.c.attempts + 1,
                  error=None)
        self._forget_secrets(mail_id)

    def retry(self, mail_id: int, wait: float, error: str) -> None:
        self._set(mail_id, status=QUEUED, lease=None, attempts=t.c.attempts + 1,
                  next_attempt=self.now() + wait, error=error[:1000])

    def failed(self, mail_id: int, error: str) -> None:
        self._set(mail_id, status=FAILED, lease=None, attempts=t.c.attempts + 1,
                  error=error[:1000])
        self._forget_secrets(mail_id)

    def _forget_secrets(self, mail_id: int) -> None:
        """A sent or given-up mail with a secret link (verify an address, reset a password)
        keeps no params: the accounts keep only the links' digests, and so does the outbox."""
        with self.engine.begin() as conn:
            conn.execute(update(t).where(t.c.mail_id == mail_id, t.c.template.in_(SECRET_LINKS),
                                         t.c.status.in_((SENT, FAILED)))
                         .values(params="{}"))

    def release(self, mail_ids: list[int]) -> None:
        """Give claimed mails back unsent (a stopping worker): queued again, no attempt used."""
        with self.engine.begin() as conn:
            conn.execute(update(t).where(t.c.mail_id.in_(mail_ids), t.c.status == SENDING)
                         .values(status=QUEUED, lease=None))

    def _set(self, mail_id: int, **values: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(t).where(t.c.mail_id == mail_id, t.c.status == SENDING)
                         .values(**values))

    def due_in(self) -> float | None:
        """Seconds until the next queued mail is due (0: now; None: nothing queued)."""
        with self.engine.connect() as conn:
            first = conn.execute(select(func.min(t.c.next_attempt))
                                 .where(t.c.status == QUEUED)).scalar()
        return None if first is None else max(0.0, float(first) - self.now())

    def counts(self) -> dict[str, int]:
        """Mails by status (for the tests and the log)."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(t.c.status, func.count()).group_by(t.c.status)).all()
        return {str(s): int(n) for s, n in rows}
