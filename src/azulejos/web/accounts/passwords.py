"""Passwords: argon2id hashes through argon2-cffi, and what a new password must be.

:class:`Passwords` hashes with :class:`argon2.PasswordHasher` (argon2id, the library's
defaults unless a test passes cheaper ones) and tells when a stored hash was made with older
parameters (:meth:`Passwords.needs_rehash`: the next sign-in stores a new one). A sign-in for
a user name that has no account still checks the password against a dummy hash, so that it
takes about as long as a wrong password for a real account (:meth:`Passwords.dummy_check`).
"""

from __future__ import annotations

from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ..protocol import GameError

#: A password's bounds, in characters (longer ones are refused, not cut).
MIN_PASSWORD = 8
MAX_PASSWORD = 200


def new_password(password: Any, name: str) -> str:
    """``password`` checked as a new password for the account ``name``: text of
    :data:`MIN_PASSWORD` to :data:`MAX_PASSWORD` characters, not one character repeated and
    not the user name. ``weak_password`` (400) otherwise."""
    if not isinstance(password, str):
        raise GameError("malformed", "'password' must be text", 400)
    if len(password) > MAX_PASSWORD:
        raise GameError("weak_password",
                        f"a password may have at most {MAX_PASSWORD} characters", 400,
                        {"reason": "too_long", "max": MAX_PASSWORD})
    if len(password) < MIN_PASSWORD:
        raise GameError("weak_password",
                        f"a password needs at least {MIN_PASSWORD} characters", 400,
                        {"reason": "too_short", "min": MIN_PASSWORD})
    if len(set(password)) == 1 or password.casefold() == name.casefold():
        raise GameError("weak_password", "this password is too easy to guess", 400,
                        {"reason": "guessable"})
    return password


class Passwords:
    """Hashing and checking passwords (argon2id)."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher or PasswordHasher()
        self._dummy = self.hasher.hash("not the password of anyone")

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def check(self, stored: str, password: str) -> bool:
        """True if ``password`` is the one ``stored`` was made from."""
        try:
            return self.hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    def dummy_check(self, password: str) -> None:
        """Spend the time of a check, for a user name that has no account."""
        self.check(self._dummy, password)

    def needs_rehash(self, stored: str) -> bool:
        try:
            return self.hasher.check_needs_rehash(stored)
        except InvalidHashError:
            return True


def cheap_hasher() -> PasswordHasher:
    """A fast argon2id hasher for tests (never for serving)."""
    return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
