"""E-mail (issue 28, item 3; docs/api.md, "E-mail"): notifications that reach a player without
an open tab, and the account mails (address checks, password resets).

* :mod:`.settings`: ``serve --smtp URL``, ``--mail-from`` and ``--public-url`` read and checked;
* :mod:`.outbox`: the queued mails in the database (they survive restarts), claimed by one
  sender at a time over every process;
* :mod:`.sender`: the SMTP transport (smtplib) and the delivery worker (retries with back-off,
  then gives up);
* :mod:`.templates`: the mails' words in every language (gettext);
* :mod:`.links`: the links in a mail, and the signed unsubscribe tokens;
* :mod:`.notifier`: "your turn", "game over" and the daily digest, from the game service's
  changes, for the recipients a :class:`~.notifier.Recipients` names;
* :mod:`.mailer`: :class:`~.mailer.Mailer`, what the rest of the server holds;
* :mod:`.pages`: the unsubscribe pages (no sign-in needed; RFC 8058 one-click), described in
  :mod:`.openapi`.
"""

from __future__ import annotations

from .mailer import Mailer
from .notifier import Recipient, Recipients
from .settings import MailSettings, SmtpSettings, parse_smtp_url

__all__ = ["MailSettings", "Mailer", "Recipient", "Recipients", "SmtpSettings", "parse_smtp_url"]
