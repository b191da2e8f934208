"""Who gets a seat's notification mails (issue 28, items 1 and 3): the account whose profile
sits on the seat, at its verified address, in its language, as its notification settings say
(``email_turn``, ``email_over``, ``email_digest``: accounts/settings.py). The mail parts
(``web/mail/notifier.py``) ask through :class:`~azulejos.web.mail.notifier.Recipients`; an
unsubscribe link turns the account's e-mail notifications off. Blocking; called in a database
thread.
"""

from __future__ import annotations

import json

from sqlalchemy import Engine, and_, select, update

from ..account_tables import accounts_t
from ..mail.notifier import Recipient
from ..tables import seats_t
from . import settings as account_settings


class AccountRecipients:
    """:class:`~azulejos.web.mail.notifier.Recipients` over the accounts' table."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def address_of(self, game_id: str, seat: int) -> Recipient | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts_t.c.account_id, accounts_t.c.name, accounts_t.c.email,
                       accounts_t.c.email_verified, accounts_t.c.settings)
                .select_from(seats_t.join(accounts_t,
                                          accounts_t.c.profile_id == seats_t.c.profile_id))
                .where(and_(seats_t.c.game_id == game_id, seats_t.c.seat == seat))
            ).first()
        if row is None or not row.email or row.email_verified is None:
            return None  # no account on the seat, or no verified address
        prefs = account_settings.loads(row.settings)
        notes = prefs["notifications"]
        turns, over, digest = (bool(notes.get(k)) for k in
                               ("email_turn", "email_over", "email_digest"))
        if not (turns or over or digest):
            return None
        return Recipient(address=row.email, lang=str(prefs.get("lang", "en")), name=row.name,
                         key=f"account:{row.account_id}", digest=digest, turns=turns,
                         over=over)

    def unsubscribed(self, key: str) -> None:
        """The account behind an unsubscribe link: its e-mail notifications go off."""
        kind, _, account_id = key.partition(":")
        if kind != "account" or not account_id:
            return
        with self.engine.begin() as conn:
            text = conn.execute(select(accounts_t.c.settings)
                                .where(accounts_t.c.account_id == account_id)).scalar()
            if text is None:
                return
            prefs = account_settings.loads(text)
            prefs["notifications"].update(email_turn=False, email_over=False,
                                          email_digest=False)
            conn.execute(update(accounts_t).where(accounts_t.c.account_id == account_id)
                         .values(settings=json.dumps(prefs)))
