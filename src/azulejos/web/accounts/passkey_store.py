"""Passkeys in the database (schema revision 0012; docs/api.md, "Passkeys"): an account's
WebAuthn credentials, and the challenges given out (their digests; each used once, before it
expires, by one conditional DELETE: of two uses at once, one wins)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..account_tables import passkey_challenges_t, passkeys_t

#: How long a challenge may be answered (seconds).
CHALLENGE_SECONDS = 300
#: The most passkeys one account keeps.
MAX_PASSKEYS = 20


@dataclass(frozen=True, slots=True)
class Passkey:
    """A stored credential: its id and public key (base64url), signature count, owner."""

    credential_id: str
    account_id: str
    public_key: str
    sign_count: int
    created: float
    last_used: float | None


def challenge_digest(challenge: bytes) -> str:
    return hashlib.sha256(challenge).hexdigest()


class SqlPasskeys:
    """Reads and writes passkeys (blocking; called from the database threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add_challenge(self, challenge: bytes, purpose: str, account_id: str | None,
                      expires: float, now: float) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(passkey_challenges_t)
                         .where(passkey_challenges_t.c.expires <= now))
            conn.execute(insert(passkey_challenges_t).values(
                challenge_hash=challenge_digest(challenge), purpose=purpose,
                account_id=account_id, expires=expires))

    def use_challenge(self, challenge: bytes, purpose: str, account_id: str | None,
                      now: float) -> bool:
        """Use a challenge of ``purpose`` (and ``account_id``) once, before it expires."""
        c = passkey_challenges_t.c
        where = [c.challenge_hash == challenge_digest(challenge), c.purpose == purpose,
                 c.expires > now]
        if account_id is not None:
            where.append(c.account_id == account_id)
        with self.engine.begin() as conn:
            return int(conn.execute(delete(passkey_challenges_t).where(*where)).rowcount) == 1

    def add(self, key: Passkey) -> bool:
        """Store a new credential (False: its id is known already)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(passkeys_t).values(
                    credential_id=key.credential_id, account_id=key.account_id,
                    public_key=key.public_key, sign_count=key.sign_count, created=key.created,
                    last_used=None))
        except IntegrityError:
            return False
        return True

    def get(self, credential_id: str) -> Passkey | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(passkeys_t).where(
                passkeys_t.c.credential_id == credential_id)).mappings().first()
        return None if r is None else Passkey(**dict(r))

    def of_account(self, account_id: str) -> list[Passkey]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(passkeys_t).where(passkeys_t.c.account_id == account_id)
                                .order_by(passkeys_t.c.created)).mappings().all()
        return [Passkey(**dict(r)) for r in rows]

    def used(self, credential_id: str, old_count: int, new_count: int, now: float) -> bool:
        """Record a sign-in; False if the count changed meanwhile (a clone, or a race)."""
        with self.engine.begin() as conn:
            res = conn.execute(update(passkeys_t)
                               .where(passkeys_t.c.credential_id == credential_id,
                                      passkeys_t.c.sign_count == old_count)
                               .values(sign_count=new_count, last_used=now))
        return int(res.rowcount) == 1

    def remove(self, account_id: str, credential_id: str) -> bool:
        with self.engine.begin() as conn:
            res = conn.execute(delete(passkeys_t).where(
                passkeys_t.c.account_id == account_id,
                passkeys_t.c.credential_id == credential_id))
        return int(res.rowcount) == 1
