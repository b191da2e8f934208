"""Passkeys (WebAuthn, through py_webauthn) as a second way to sign in (issue 28, item 1;
docs/api.md, "Passkeys").

A signed-in account adds a passkey: ``POST /api/account/passkeys/options`` gives the browser
the creation options (a fresh challenge, the account as the user, its passkeys excluded, a
discoverable credential asked for), ``POST /api/account/passkeys`` sends the new credential,
checked against that challenge, this server's origin and relying-party id. Anyone then signs
in with it: ``POST /api/session/passkey/options`` (a challenge, no account named: the
authenticator offers its credentials for this site), ``POST /api/session/passkey`` (the
assertion, checked against the stored public key; a signature count that does not grow, from
an authenticator that counts, is refused as a possible clone). A challenge is kept as a digest
in the database for five minutes and works once, so every server process accepts the answer.
The origin is ``serve --public-url`` when given, else the server as the request reached it;
the relying-party id is its host name (browsers refuse an IP address: use a name, e.g.
``localhost``)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ..answers import no_store_json
from ..endpoints import handles_errors, limit, read_body
from ..protocol import GameError, only_fields
from .cookies import set_session, signed_in
from .passkey_store import CHALLENGE_SECONDS, MAX_PASSKEYS, Passkey, SqlPasskeys
from .routes import _accounts, _me, _origin
from .service import AccountService

RP_NAME = "Azulejos"


def _store(accounts: AccountService) -> SqlPasskeys:
    return SqlPasskeys(accounts.store.engine)


def _site(request: Request) -> tuple[str, str]:
    """(origin, relying-party id) of this server."""
    origin = _origin(request)
    host = urlsplit(origin).hostname or ""
    if not host:
        raise GameError("no_passkeys", "this server has no host name for passkeys", 404)
    return origin, host


def _bad() -> GameError:
    return GameError("bad_passkey", "this passkey answer is not valid here (a wrong, used or "
                     "expired challenge, another site, or an unknown passkey)", 400)


def _challenge_of(credential: Any) -> bytes:
    """The challenge a credential answers (from its clientDataJSON), unchecked."""
    try:
        client = json.loads(base64url_to_bytes(credential["response"]["clientDataJSON"]))
        return base64url_to_bytes(str(client["challenge"]))
    except (KeyError, TypeError, ValueError):
        raise _bad() from None


def _credential(data: dict[str, Any]) -> dict[str, Any]:
    only_fields(data, ("credential",))
    credential = data.get("credential")
    if not isinstance(credential, dict) or not isinstance(credential.get("id"), str) \
            or len(credential["id"]) > 700:
        raise GameError("malformed", "send 'credential', the browser's answer as JSON", 400)
    return credential


def _key_json(key: Passkey) -> dict[str, Any]:
    return {"id": key.credential_id, "created": key.created, "last_used": key.last_used}


@handles_errors
async def register_options(request: Request) -> Response:
    limit(request, "signins")
    accounts, who = await _me(request)
    only_fields(await read_body(request))
    _, rp_id = _site(request)
    store = _store(accounts)
    mine = await accounts.run(store.of_account, who.account.account_id)
    if len(mine) >= MAX_PASSKEYS:
        raise GameError("too_many_passkeys", f"an account keeps at most {MAX_PASSKEYS} "
                        "passkeys", 409)
    options = generate_registration_options(
        rp_id=rp_id, rp_name=RP_NAME, user_name=who.account.name,
        user_id=who.account.account_id.encode(), user_display_name=who.account.name,
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(k.credential_id))
                             for k in mine],
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED))
    now = accounts.now()
    await accounts.run(store.add_challenge, options.challenge, "register",
                       who.account.account_id, now + CHALLENGE_SECONDS, now)
    return no_store_json({"options": json.loads(options_to_json(options))})


@handles_errors
async def register(request: Request) -> Response:
    limit(request, "signins")
    accounts, who = await _me(request)
    credential = _credential(await read_body(request))
    origin, rp_id = _site(request)
    challenge = _challenge_of(credential)
    store = _store(accounts)
    now = accounts.now()
    if not await accounts.run(store.use_challenge, challenge, "register",
                              who.account.account_id, now):
        raise _bad()
    try:
        got = verify_registration_response(credential=credential, expected_challenge=challenge,
                                           expected_rp_id=rp_id, expected_origin=origin)
    except Exception:  # py_webauthn raises many kinds for a bad answer: all are refusals
        raise _bad() from None
    key = Passkey(bytes_to_base64url(got.credential_id), who.account.account_id,
                  bytes_to_base64url(got.credential_public_key), got.sign_count, now, None)
    if not await accounts.run(store.add, key):
        raise GameError("passkey_known", "this passkey is known already", 409)
    return no_store_json(_key_json(key), 201)


@handles_errors
async def list_passkeys(request: Request) -> Response:
    accounts, who = await _me(request)
    keys = await accounts.run(_store(accounts).of_account, who.account.account_id)
    return no_store_json({"passkeys": [_key_json(k) for k in keys]})


@handles_errors
async def remove_passkey(request: Request) -> Response:
    accounts, who = await _me(request)
    key = request.path_params["credential_id"]
    if not await accounts.run(_store(accounts).remove, who.account.account_id, key):
        raise GameError("unknown_passkey", "this account has no such passkey", 404)
    return no_store_json({"ok": True})


@handles_errors
async def signin_options(request: Request) -> Response:
    limit(request, "signins")
    accounts = _accounts(request)
    only_fields(await read_body(request))
    _, rp_id = _site(request)
    options = generate_authentication_options(
        rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED)
    now = accounts.now()
    await accounts.run(_store(accounts).add_challenge, options.challenge, "signin", None,
                       now + CHALLENGE_SECONDS, now)
    return no_store_json({"options": json.loads(options_to_json(options))})


@handles_errors
async def sign_in(request: Request) -> Response:
    limit(request, "signins")
    accounts = _accounts(request)
    credential = _credential(await read_body(request))
    origin, rp_id = _site(request)
    challenge = _challenge_of(credential)
    store = _store(accounts)
    now = accounts.now()
    if not await accounts.run(store.use_challenge, challenge, "signin", None, now):
        raise _bad()
    key = await accounts.run(store.get, credential["id"])
    if key is None:
        raise GameError("bad_credentials", "this passkey does not open an account here", 401)
    try:
        got = verify_authentication_response(
            credential=credential, expected_challenge=challenge, expected_rp_id=rp_id,
            expected_origin=origin, credential_public_key=base64url_to_bytes(key.public_key),
            credential_current_sign_count=key.sign_count)
    except Exception:  # a bad signature, another site, a count that went back: refused
        raise GameError("bad_credentials", "this passkey does not open an account here",
                        401) from None
    if not await accounts.run(store.used, key.credential_id, key.sign_count,
                              got.new_sign_count, now):
        raise GameError("bad_credentials", "this passkey does not open an account here", 401)
    account = await accounts.run(accounts.store.get, key.account_id)
    if account is None:
        raise GameError("bad_credentials", "this passkey does not open an account here", 401)
    old = await signed_in(request)
    if old is not None:
        await accounts.sign_out(old)  # a new session on every sign-in: none is reused
    secret = await accounts.new_session(account.account_id)
    response = no_store_json(accounts.me(account))
    set_session(response, request, secret)
    return response


ROUTES = [
    Route("/api/account/passkeys/options", register_options, methods=["POST"]),
    Route("/api/account/passkeys", register, methods=["POST"]),
    Route("/api/account/passkeys", list_passkeys, methods=["GET"]),
    Route("/api/account/passkeys/{credential_id}", remove_passkey, methods=["DELETE"]),
    Route("/api/session/passkey/options", signin_options, methods=["POST"]),
    Route("/api/session/passkey", sign_in, methods=["POST"]),
]
