"""The links in a mail, and the unsubscribe tokens.

An unsubscribe token is the recipient's unsubscribe key (from :class:`~.notifier.Recipients`)
and an HMAC-SHA256 of it under a secret kept in the database (``azulejos_mail_state``, made
once by the first process that needs it; every process on the database shares it). Nobody can
make a token for a key without the secret; a token changes nothing but its own key's opt-out.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
from urllib.parse import quote

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from ..account_tables import mail_state_t

SECRET_NAME = "unsubscribe_secret"
#: The path of the unsubscribe page (GET: a confirmation; POST: unsubscribe).
UNSUBSCRIBE_PATH = "/mail/unsubscribe"
MAX_TOKEN = 400


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def shared_secret(engine: Engine) -> bytes:
    """The unsubscribe secret of the database (made by the first who asks)."""
    with engine.begin() as conn:
        found = conn.execute(select(mail_state_t.c.value)
                             .where(mail_state_t.c.name == SECRET_NAME)).scalar()
    if found is not None:
        return bytes.fromhex(found)
    try:
        with engine.begin() as conn:
            conn.execute(insert(mail_state_t).values(name=SECRET_NAME,
                                                     value=secrets.token_hex(32)))
    except IntegrityError:
        pass  # another process made it first: theirs it is
    return shared_secret(engine)


class Links:
    """The server's links for mails, and the signing of unsubscribe tokens."""

    def __init__(self, public_url: str, secret: bytes) -> None:
        self.public_url = public_url.rstrip("/")
        self._secret = secret

    def game(self, game_id: str) -> str:
        return f"{self.public_url}/play/{quote(game_id, safe='')}"

    def replay(self, game_id: str) -> str:
        return f"{self.public_url}/replay/{quote(game_id, safe='')}"

    def _signature(self, key: str) -> str:
        mac = hmac.new(self._secret, b"unsubscribe\0" + key.encode(), hashlib.sha256)
        return _b64(mac.digest())

    def token(self, key: str) -> str:
        """The unsubscribe token of ``key``."""
        return f"{_b64(key.encode())}.{self._signature(key)}"

    def key_of(self, token: str) -> str | None:
        """The key a token was made for; None for a forged or damaged token."""
        if not isinstance(token, str) or len(token) > MAX_TOKEN or token.count(".") != 1:
            return None
        encoded, signature = token.split(".")
        try:
            key = _unb64(encoded).decode()
        except (ValueError, binascii.Error, UnicodeDecodeError):
            return None
        if not key or not hmac.compare_digest(signature, self._signature(key)):
            return None
        return key

    def unsubscribe(self, key: str, lang: str) -> str:
        """The unsubscribe page of ``key`` (also the ``List-Unsubscribe`` address)."""
        return f"{self.public_url}{UNSUBSCRIBE_PATH}?t={self.token(key)}&lang={lang}"
