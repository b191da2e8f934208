"""Links sent by e-mail: verifying an account's address, and resetting a forgotten password
(docs/api.md, "Accounts").

A link is ``{origin}/account/verify#<secret>`` or ``{origin}/account/reset#<secret>``; the
server keeps the secret's digest, the address it went to, and when it expires
(:data:`VERIFY_HOURS`, :data:`RESET_MINUTES`). A link works once: a second use is refused
with ``link_used`` (410), a late one with ``link_expired`` (410), an unknown one with
``bad_link`` (404). A verification link verifies the address it was sent to, if the account
still has it. A reset asked for a user name always answers the same (``{"sent": true}``),
whether or not the name has an account with a verified address (no user enumeration), and
sends at most one link a minute per account; the reset itself sets the new password, ends
every session and revokes the further seat tokens, clears the name's lock-out, and signs in.
Without a mailer (e-mail off) every request that would send gets ``no_email`` (503).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..protocol import MAX_TOKEN, GameError
from ..storage import token_digest
from . import settings as account_settings
from .mailer import Mailer
from .passwords import new_password
from .service import AccountService, SignedIn, name_key, new_secret
from .store import Account

log = logging.getLogger("azulejos.web")

VERIFY_HOURS = 48
RESET_MINUTES = 60
#: The least seconds between two links of one purpose for one account.
RESEND_AFTER = 60.0


def _mailer(mailer: Mailer | None) -> Mailer:
    if mailer is None or not mailer.enabled:
        raise GameError("no_email", "this server sends no e-mail", 503)
    return mailer


def _lang(account: Account) -> str:
    return str(account_settings.loads(account.settings)["lang"])


async def _send_link(accounts: AccountService, mailer: Mailer, account: Account, email: str,
                     purpose: str, origin: str) -> None:
    now = accounts.now()
    last = await accounts.run(accounts.store.last_link, account.account_id, purpose)
    if last is not None and now - last < RESEND_AFTER:
        return  # one a minute: the one sent a moment ago still works
    secret = new_secret()
    life = VERIFY_HOURS * 3600.0 if purpose == "verify" else RESET_MINUTES * 60.0
    await accounts.run(accounts.store.add_link, token_digest(secret), account.account_id,
                       purpose, email, now, now + life)
    link = f"{origin}/account/{purpose}#{secret}"
    template = "verify_email" if purpose == "verify" else "reset_password"
    await asyncio.to_thread(mailer.send, email, template, _lang(account),
                            {"name": account.name, "link": link})
    log.info("account %s: %s link sent", account.account_id, purpose)


async def send_verification(accounts: AccountService, mailer: Mailer | None, who: SignedIn,
                            origin: str) -> dict[str, Any]:
    sender = _mailer(mailer)
    account = who.account
    if not account.email:
        raise GameError("bad_email", "the account has no e-mail address to verify", 400)
    if account.email_verified is not None:
        return {"sent": False, "email_verified": True}
    await _send_link(accounts, sender, account, account.email, "verify", origin)
    return {"sent": True, "email_verified": False}


def _secret(code: Any) -> str:
    if not isinstance(code, str) or not code or len(code) > MAX_TOKEN:
        raise GameError("bad_link", "this link is not valid", 404)
    return token_digest(code)


def _refused(status: str) -> GameError:
    if status == "used":
        return GameError("link_used", "this link has been used already: ask for a new one", 410)
    if status == "expired":
        return GameError("link_expired", "this link has expired: ask for a new one", 410)
    return GameError("bad_link", "this link is not valid", 404)


async def confirm_email(accounts: AccountService, code: Any) -> dict[str, Any]:
    status, account_id, email = await accounts.run(accounts.store.use_link, _secret(code),
                                                   "verify", accounts.now())
    if status != "ok":
        raise _refused(status)
    account: Account | None = await accounts.run(accounts.store.get, account_id)
    if account is None or account.email != email:
        raise GameError("bad_link", "the account's address has changed since: verify the "
                        "new one", 404)
    await accounts.run(accounts.store.set, account_id, {"email_verified": accounts.now()})
    return {"email": email, "email_verified": True}


async def ask_reset(accounts: AccountService, mailer: Mailer | None, name: Any,
                    origin: str) -> dict[str, Any]:
    sender = _mailer(mailer)
    if not isinstance(name, str) or len(name) > 200:
        raise GameError("malformed", "send the user name as 'name'", 400)
    account: Account | None = await accounts.run(accounts.store.by_name, name_key(name))
    if account is not None and account.email and account.email_verified is not None:
        await _send_link(accounts, sender, account, account.email, "reset", origin)
    return {"sent": True}  # the same answer for every name


async def reset_password(accounts: AccountService, code: Any, password: Any
                         ) -> tuple[dict[str, Any], str]:
    digest = _secret(code)
    if not isinstance(password, str):
        raise GameError("malformed", "send the new password as 'password'", 400)
    # the password is checked before the link is used up (a refused one keeps the link)
    owner = await accounts.run(accounts.store.link_account, digest, "reset")
    account: Account | None = None if owner is None else await accounts.run(accounts.store.get,
                                                                            owner)
    if account is None:
        raise _refused("unknown")
    new_password(password, account.name)
    status, account_id, _email = await accounts.run(accounts.store.use_link, digest, "reset",
                                                    accounts.now())
    if status != "ok":
        raise _refused(status)
    await accounts.run(accounts.store.set, account_id,
                       {"password_hash": await asyncio.to_thread(accounts.passwords.hash,
                                                                 password)})
    ended = await accounts.run(accounts.store.end_sessions, account_id, None)
    accounts.lockout.succeeded(name_key(account.name))
    log.info("account %s: password reset by e-mail, %d session(s) ended", account_id, ended)
    fresh: Account | None = await accounts.run(accounts.store.get, account_id)
    assert fresh is not None
    return accounts.me(fresh), await accounts.new_session(account_id)


