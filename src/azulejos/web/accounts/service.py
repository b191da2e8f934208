"""Accounts for the game service: sign-up, sign-in, sessions, settings, and the seats that
follow an account to any device (docs/api.md, "Accounts").

A session is a random secret in a cookie; the server keeps its digest, when it was made and
last seen, and when it expires: :data:`IDLE_DAYS` days after it was last seen (each use moves
that on, at most once every :data:`TOUCH_EVERY` seconds). Signing in always makes a new
session (a secret planted before cannot be taken over), signing out ends it, "sign out
everywhere" ends them all. Signing out everywhere and changing the password also revoke the
further seat tokens the account's devices were given (:meth:`AccountService.seat_token`):
the seat's own token, from its invitation, keeps working.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..fairplay.names import is_bot_name
from ..fairplay.service import suspended_error
from ..profile_store import Profile
from ..protocol import MAX_NAME, MAX_TOKEN, GameError, clean_name
from ..storage import token_digest
from ..tokens import new_token
from . import settings as account_settings
from .lockout import Lockout
from .passwords import Passwords, new_password
from .store import Account, SqlAccounts

if TYPE_CHECKING:
    from ..service import GameService
    from ..views import Access

log = logging.getLogger("azulejos.web")

IDLE_DAYS = 30
IDLE = IDLE_DAYS * 86400.0
TOUCH_EVERY = 60.0
MIN_NAME = 2
MAX_EMAIL = 254
#: How many guest tokens one request may turn into the account's seats.
MAX_ADOPT = 50


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A signed-in request: its account and the digest of its session."""

    account: Account
    session_hash: str

    @property
    def profile(self) -> Profile:
        return Profile(self.account.profile_id, self.account.name, self.account.created)


def name_key(name: str) -> str:
    """The form of a user name that must be unique: cleaned and case-folded."""
    return clean_name(name).casefold()


def new_secret() -> str:
    return secrets.token_urlsafe(32)


class AccountService:
    """Accounts of one server (see the module text)."""

    def __init__(self, games: GameService, store: SqlAccounts, *,
                 passwords: Passwords | None = None, now: Callable[[], float] = time.time,
                 bot_names: tuple[str, ...] = ()) -> None:
        self.games = games
        self.store = store
        self.run = games.profiles.run
        self.passwords = passwords or Passwords()
        self.now = now
        self.lockout = Lockout(now)
        self.reserved = frozenset(n.casefold() for lv in bot_names for n in (lv, f"{lv} bot"))

    # -- names and passwords -------------------------------------------------------------------
    def user_name(self, name: Any) -> str:
        if not isinstance(name, str) or len(name) > 200:
            raise GameError("malformed", "'name' must be text", 400)
        cleaned = " ".join("".join(ch for ch in name if ch.isprintable()).split())
        if not MIN_NAME <= len(cleaned) <= MAX_NAME:
            raise GameError("bad_name", f"a user name has {MIN_NAME} to {MAX_NAME} characters",
                            400, {"min": MIN_NAME, "max": MAX_NAME})
        if cleaned.casefold() in self.reserved:
            raise GameError("bad_name", "this name is a bot's: choose another", 400)
        return cleaned

    async def _hash(self, password: str) -> str:
        return await asyncio.to_thread(self.passwords.hash, password)

    # -- sign-up, sign-in, sessions ------------------------------------------------------------
    async def register(self, name: Any, password: Any, email: Any = None,
                       lang: str | None = None,
                       first: dict[str, Any] | None = None) -> tuple[dict[str, Any], str]:
        """A new account, its profile, and a first session: (the account, the session secret).
        ``first``: settings of the page it signed up on (``theme``, ``patterns``; checked as a
        settings change). ``name_taken`` (409) if another account has the name (in any case)."""
        settings = account_settings.changed(account_settings.default_settings(lang), first or {})
        name = self.user_name(name)
        if is_bot_name(name, tuple(self.reserved)):
            raise GameError("bad_name", "this name is a bot's: choose another", 400)
        password = new_password(password, name)
        mail = email_address(email) if email is not None else None
        now = self.now()
        account = Account(secrets.token_urlsafe(8), name, await self._hash(password),
                          secrets.token_urlsafe(8), mail, None,
                          json.dumps(settings), now)
        made = await self.run(self.store.create, account, name_key(name),
                              token_digest(new_token()))  # the profile's key is never shown
        if not made:
            raise GameError("name_taken", "another account or player has this name", 409)
        log.info("account %s made, profile %s", account.account_id, account.profile_id)
        secret = await self.new_session(account.account_id)
        return self.me(account), secret

    async def sign_in(self, name: Any, password: Any) -> tuple[dict[str, Any], str]:
        """A new session for the account of ``name`` if ``password`` is its password. A wrong
        password and an unknown name get the same ``bad_credentials`` (401), after the same
        work; repeated failures wait (:mod:`.lockout`)."""
        if not isinstance(name, str) or len(name) > 200 or not isinstance(password, str) \
                or len(password) > 1000:
            raise GameError("malformed", "send 'name' and 'password' as text", 400)
        key = name_key(name)
        self.lockout.check(key)
        # counted as a failure before the password is looked at (and cleared if it is right):
        # tries sent at the same moment cannot all pass the check while the first is verified
        self.lockout.failed(key)
        account: Account | None = await self.run(self.store.by_name, key)
        if account is None:
            await asyncio.to_thread(self.passwords.dummy_check, password)
            ok = False
        else:
            ok = await asyncio.to_thread(self.passwords.check, account.password_hash, password)
        if account is None or not ok:
            raise GameError("bad_credentials", "this name and password do not match an "
                            "account", 401)
        self.lockout.succeeded(key)
        suspension = await self.games.fairplay.account_suspension(account.account_id)
        if suspension is not None:  # the right password, of a suspended account
            raise suspended_error(suspension)
        if self.passwords.needs_rehash(account.password_hash):
            await self.run(self.store.set, account.account_id,
                           {"password_hash": await self._hash(password)})
        return self.me(account), await self.new_session(account.account_id)

    async def new_session(self, account_id: str) -> str:
        secret = new_secret()
        now = self.now()
        await self.run(self.store.forget_expired, now)
        await self.run(self.store.add_session, token_digest(secret), account_id, now, now + IDLE)
        return secret

    async def session(self, secret: str | None) -> SignedIn | None:
        """The signed-in account of a session cookie's secret (None: none, expired, ended)."""
        if not secret or len(secret) > MAX_TOKEN:
            return None
        digest = token_digest(secret)
        now = self.now()
        got = await self.run(self.store.session, digest, now)
        if got is None:
            return None
        account: Account | None = await self.run(self.store.get, got[0])
        if account is None:
            return None
        if now - got[1] >= TOUCH_EVERY:
            await self.run(self.store.touch, digest, now, now + IDLE)
        return SignedIn(account, digest)

    async def sign_out(self, who: SignedIn) -> None:
        await self.run(self.store.end_session, who.session_hash)

    async def sign_out_everywhere(self, who: SignedIn) -> int:
        return int(await self.run(self.store.end_sessions, who.account.account_id, None))

    # -- the account ---------------------------------------------------------------------------
    def me(self, account: Account) -> dict[str, Any]:
        return {
            "id": account.account_id, "name": account.name,
            "profile": {"id": account.profile_id},
            "email": account.email, "email_verified": account.email_verified is not None,
            "settings": account_settings.loads(account.settings),
            "created": account.created,
        }

    async def change_settings(self, who: SignedIn, change: Any) -> dict[str, Any]:
        # the settings as stored now (another device, or an unsubscribe link, may have changed
        # them since this session's account was read)
        fresh: Account | None = await self.run(self.store.get, who.account.account_id)
        current = (fresh or who.account).settings
        new = account_settings.changed(account_settings.loads(current), change)
        await self.run(self.store.set, who.account.account_id, {"settings": json.dumps(new)})
        if any(new["notifications"].get(k) for k in ("email_turn", "email_over", "email_digest")):
            # mail asked for again: an earlier unsubscribe link no longer holds it back
            await self.run(self.store.opt_in, f"account:{who.account.account_id}")
        return new

    async def check_password(self, who: SignedIn, password: Any) -> None:
        """``bad_credentials`` (401) unless ``password`` is the account's current password,
        counted like a failed sign-in (and waiting like one: :mod:`.lockout`)."""
        if not isinstance(password, str) or len(password) > 1000:
            raise GameError("malformed", "send the current password as 'password'", 400)
        key = name_key(who.account.name)
        self.lockout.check(key)
        self.lockout.failed(key)  # counted first: tries at the same moment cannot all pass
        if not await asyncio.to_thread(self.passwords.check, who.account.password_hash, password):
            raise GameError("bad_credentials", "the current password is not this one", 401)
        self.lockout.succeeded(key)

    async def change_email(self, who: SignedIn, email: Any, password: Any) -> dict[str, Any]:
        """A new address (None: none) if ``password`` is the current one; the links e-mailed
        before (verify an address, reset the password, all sent to an address the account is
        leaving) stop working."""
        mail = None if email is None else email_address(email)
        await self.check_password(who, password)
        if mail == who.account.email:
            # the same address: still verified (or not) as it was, nothing changes
            return {"email": mail, "email_verified": who.account.email_verified is not None}
        await self.run(self.store.set, who.account.account_id, {"email": mail, "email_verified": None})
        dropped = await self.run(self.store.drop_links, who.account.account_id)
        log.info("account %s: e-mail address changed, %d pending link(s) dropped",
                 who.account.account_id, dropped)
        return {"email": mail, "email_verified": False}

    async def change_password(self, who: SignedIn, old: Any, new: Any) -> int:
        """Set a new password if ``old`` is the current one (``bad_credentials`` otherwise,
        counted like a failed sign-in); every other session ends and the further seat tokens
        are revoked. How many sessions ended."""
        if not isinstance(old, str) or len(old) > 1000:
            raise GameError("malformed", "send the current password as 'old'", 400)
        password = new_password(new, who.account.name)
        key = name_key(who.account.name)
        self.lockout.check(key)
        if not await asyncio.to_thread(self.passwords.check, who.account.password_hash, old):
            self.lockout.failed(key)
            raise GameError("bad_credentials", "the current password is not this one", 401)
        self.lockout.succeeded(key)
        await self.run(self.store.set, who.account.account_id,
                       {"password_hash": await self._hash(password)})
        ended = int(await self.run(self.store.end_sessions, who.account.account_id,
                                   who.session_hash))
        log.info("account %s: password changed, %d other session(s) ended",
                 who.account.account_id, ended)
        return ended

    # -- seats that follow the account ---------------------------------------------------------
    async def my_games(self, who: SignedIn) -> list[dict[str, Any]]:
        seats = await self.run(self.store.seats_of, who.account.profile_id)
        return await self.games.profile_summaries(seats)

    async def seat_token(self, who: SignedIn, game_id: str, seat: Any = None) -> dict[str, Any]:
        """A further token for the account's own seat of ``game_id`` (another device); the
        seat's other tokens keep working."""
        if seat is not None and type(seat) is not int:
            raise GameError("malformed", "'seat' must be a seat number", 400)
        try:
            live = await self.games.get(game_id)
        except GameError as e:
            if e.code != "unknown_game":
                raise
            # the same answer as a game of no seat of the account: which games exist is no
            # more than a game id says (docs/api.md, "Limits")
            raise GameError("not_your_seat", "this account holds no seat of this game",
                            403) from None
        mine = [s.seat for s in live.seats
                if s.kind == "person" and s.token_hash is not None
                and s.profile_id == who.account.profile_id]
        if seat is not None:
            mine = [s for s in mine if s == seat]
        if not mine:
            raise GameError("not_your_seat", "this account holds no seat of this game", 403)
        token = new_token()
        await self.run(self.store.add_seat_token, token_digest(token), game_id, mine[0],
                       who.account.account_id)
        return {"game": game_id, "seat": mine[0], "token": token}

    async def adopt(self, who: SignedIn, tokens: Any,
                    access_of: Callable[[Any], Awaitable[Access]] | None = None
                    ) -> list[dict[str, Any]]:
        """Put the account's profile on the seats ``tokens`` (a guest's seat tokens) hold: one
        answer a token, in order. A seat another profile holds is refused
        (``other_profile``); a token that opens no seat gets ``bad_token``. ``access_of``
        looks a token up (the route's: counted by the ``bad_tokens`` limit)."""
        look = access_of or self.games.access
        if not isinstance(tokens, list) or len(tokens) > MAX_ADOPT:
            raise GameError("malformed", f"'tokens' must be a list of at most {MAX_ADOPT} "
                            "tokens", 400)
        out: list[dict[str, Any]] = []
        for token in tokens:
            try:
                access = await look(token)
            except GameError as e:
                out.append({"error": e.to_json()})
                continue
            if access.role != "seat" or not (access.seats | access.left):
                out.append({"game": access.game_id, "error": GameError(
                    "bad_token", "only a seat's token can join an account", 403).to_json()})
                continue
            seat = next(iter(access.seats | access.left))
            holder = await self.run(self.store.adopt, access.game_id, seat,
                                    who.account.profile_id)
            if holder is not None:
                out.append({"game": access.game_id, "seat": seat, "error": GameError(
                    "other_profile", "another player's profile holds this seat", 409
                ).to_json()})
                continue
            await self.games.profile_joined(access.game_id, seat, who.account.profile_id)
            out.append({"game": access.game_id, "seat": seat, "ok": True})
        return out


def email_address(email: Any) -> str:
    """An e-mail address, checked loosely (one @, no spaces, at most :data:`MAX_EMAIL`)."""
    if not isinstance(email, str) or len(email) > MAX_EMAIL:
        raise GameError("bad_email", "this is not an e-mail address", 400)
    text: str = email.strip()
    local, at, domain = text.rpartition("@")
    if not at or not local or "." not in domain or any(c.isspace() for c in text) \
            or domain.startswith(".") or domain.endswith("."):
        raise GameError("bad_email", "this is not an e-mail address", 400)
    return text
