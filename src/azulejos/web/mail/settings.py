"""What ``serve --smtp URL --mail-from ADDRESS --public-url URL`` configures, checked.

``smtp://user:pass@host:port`` (plain SMTP, port 25 unless given), ``smtp+starttls://…``
(STARTTLS, port 587) and ``smtps://…`` (TLS from the start, port 465). A user name or password
with ``@``, ``:`` or ``/`` in it is percent-encoded (``%40``). Anything else is refused with a
:class:`ValueError` that says what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

SCHEMES = {"smtp": ("plain", 25), "smtp+starttls": ("starttls", 587), "smtps": ("tls", 465)}
#: An address as the mails' From (a display name may come before it: ``Azulejos <a@b.c>``).
_ADDRESS = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$")


@dataclass(frozen=True, slots=True)
class SmtpSettings:
    host: str
    port: int
    security: str  # "plain" | "starttls" | "tls"
    user: str | None = None
    password: str | None = None
    timeout: float = 30.0

    def describe(self) -> str:
        """The server, without its password (for the log)."""
        who = f"{self.user}@" if self.user else ""
        return f"{who}{self.host}:{self.port} ({self.security})"


def parse_smtp_url(url: str) -> SmtpSettings:
    """The SMTP server of ``url``.

    >>> parse_smtp_url("smtps://me:s%40cret@mail.example.org")
    SmtpSettings(host='mail.example.org', port=465, security='tls', user='me', password='s@cret', timeout=30.0)
    >>> parse_smtp_url("http://example.org")
    Traceback (most recent call last):
    ...
    ValueError: 'http://example.org' is not an SMTP URL: use smtp://, smtp+starttls:// or smtps://
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES or "://" not in url:
        raise ValueError(f"{url!r} is not an SMTP URL: use smtp://, smtp+starttls:// or smtps://")
    security, default_port = SCHEMES[scheme]
    if not parts.hostname:
        raise ValueError(f"{_hidden(url)!r} names no host (smtp://user:pass@host:port)")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"{_hidden(url)!r}: an SMTP URL has no path or query")
    try:
        port = default_port if parts.port is None else parts.port
    except ValueError:
        raise ValueError(f"{_hidden(url)!r}: the port is not a number (1-65535)") from None
    if not 0 < port < 65536:
        raise ValueError(f"{_hidden(url)!r}: the port is not a number (1-65535)")
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password is not None else None
    if password is not None and not user:
        raise ValueError(f"{_hidden(url)!r}: a password needs a user name")
    return SmtpSettings(parts.hostname, port, security, user, password)


def _hidden(url: str) -> str:
    """``url`` with its password replaced by ``***`` (errors never show it)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()


def check_address(address: str) -> str:
    """``address`` if it is an e-mail address (with or without a display name), else
    :class:`ValueError`."""
    text = address.strip()
    inner = text[text.rfind("<") + 1:-1] if text.endswith(">") and "<" in text else text
    if not _ADDRESS.match(inner) or "\n" in text or "\r" in text:
        raise ValueError(f"{address!r} is not an e-mail address")
    return text


def check_public_url(url: str) -> str:
    """The server's address as people reach it (``https://azul.example.org``), without a
    trailing slash; :class:`ValueError` for anything that is not an http(s) URL."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query:
        raise ValueError(f"{url!r} is not the server's address (https://host[:port][/path])")
    return url.strip().rstrip("/")


@dataclass(frozen=True, slots=True)
class MailSettings:
    """E-mail on: where to send through, the mails' From, and the links' base."""

    smtp: SmtpSettings
    sender: str
    public_url: str
    #: Attempts before a mail is given up (a temporary failure is retried until then).
    max_attempts: int = 6
    #: The first retry waits this long; each next one twice as long, at most :attr:`max_backoff`.
    backoff: float = 60.0
    max_backoff: float = 3600.0
    #: A claimed mail not marked sent by then is claimed again (a process died mid-send).
    lease: float = 300.0
    #: How often the worker looks for mails due (besides being woken by a new one).
    poll: float = 5.0
    #: The UTC hour after which the daily digest goes out.
    digest_hour: int = 7

    @classmethod
    def parse(cls, smtp_url: str, sender: str | None, public_url: str | None) -> MailSettings:
        """The settings of the command line; :class:`ValueError` naming the bad option."""
        smtp = parse_smtp_url(smtp_url)
        if not sender:
            raise ValueError("--smtp needs --mail-from ADDRESS (the mails' From)")
        if not public_url:
            raise ValueError("--smtp needs --public-url URL (the server's address, for the "
                             "links in the mails)")
        return cls(smtp, check_address(sender), check_public_url(public_url))
