"""The HTTP routes of accounts (docs/api.md, "Accounts")."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from azulejos.i18n import LANGUAGES

from ..answers import no_store_json
from ..clocks import my_games_order
from ..endpoints import LOOKUP_FAILURES, client_of, handles_errors, limit, read_body
from ..limits import RateLimiter
from ..protocol import GameError, only_fields
from ..views import Access
from . import links
from .cookies import COOKIE, accounts_of, clear_session, set_session, signed_in
from .mailer import Mailer
from .service import AccountService, SignedIn

#: The answers of a seat-token request that count as a bad look-up.
SEAT_FAILURES = frozenset({"not_your_seat"})


def _accounts(request: Request) -> AccountService:
    accounts = accounts_of(request)
    if accounts is None:
        raise GameError("no_accounts", "this server keeps no accounts", 404)
    return accounts


async def _me(request: Request) -> tuple[AccountService, SignedIn]:
    accounts = _accounts(request)
    who = await signed_in(request)
    if who is None:
        raise GameError("signed_out", "sign in first (the session has ended or expired)", 401)
    return accounts, who


@handles_errors
async def register(request: Request) -> Response:
    limit(request, "signups")
    accounts = _accounts(request)
    data = await read_body(request)
    only_fields(data, ("name", "password", "email", "lang", "theme", "patterns"))
    lang = data.get("lang", request.query_params.get("lang"))
    if lang is not None and lang not in LANGUAGES:
        raise GameError("malformed", f"'lang' must be one of {', '.join(LANGUAGES)}")
    # the page's own choices become the new account's first settings (nothing flips back)
    first: dict[str, Any] = {k: data[k] for k in ("theme", "patterns") if k in data}
    me, secret = await accounts.register(data.get("name"), data.get("password"),
                                         data.get("email"), lang, first)
    old = request.cookies.get(COOKIE)
    if old:
        who = await accounts.session(old)
        if who is not None:
            await accounts.sign_out(who)
    response = no_store_json(me, 201)
    set_session(response, request, secret)
    return response


@handles_errors
async def sign_in(request: Request) -> Response:
    limit(request, "signins")
    accounts = _accounts(request)
    data = await read_body(request)
    only_fields(data, ("name", "password"))
    me, secret = await accounts.sign_in(data.get("name"), data.get("password"))
    old = await signed_in(request)
    if old is not None:
        await accounts.sign_out(old)  # a new session on every sign-in: none is reused
    response = no_store_json(me)
    set_session(response, request, secret)
    return response


@handles_errors
async def sign_out(request: Request) -> Response:
    accounts = _accounts(request)
    who = await signed_in(request)
    if who is not None:
        await accounts.sign_out(who)
    response = no_store_json({"signed_in": False})
    clear_session(response, request)
    return response


@handles_errors
async def sign_out_everywhere(request: Request) -> Response:
    accounts, who = await _me(request)
    ended = await accounts.sign_out_everywhere(who)
    response = no_store_json({"signed_in": False, "ended": ended})
    clear_session(response, request)
    return response


@handles_errors
async def me(request: Request) -> Response:
    accounts, who = await _me(request)
    response = no_store_json(accounts.me(who.account))
    # the browser asks at every start: its cookie lives as long as the session's idle expiry
    # from now, so a player who comes back within IDLE days stays signed in
    set_session(response, request, request.cookies.get(COOKIE, ""))
    return response


@handles_errors
async def settings(request: Request) -> Response:
    accounts, who = await _me(request)
    data = await read_body(request)
    return no_store_json({"settings": await accounts.change_settings(who, data)})


@handles_errors
async def email(request: Request) -> Response:
    accounts, who = await _me(request)
    data = await read_body(request)
    limit(request, "signins")  # it checks the password
    only_fields(data, ("email", "password"))
    if "email" not in data:
        raise GameError("malformed", "send 'email' (an address, or null to remove it)")
    return no_store_json(await accounts.change_email(who, data["email"], data.get("password")))


@handles_errors
async def password(request: Request) -> Response:
    limit(request, "signins")
    accounts, who = await _me(request)
    data = await read_body(request)
    only_fields(data, ("old", "new"))
    ended = await accounts.change_password(who, data.get("old"), data.get("new"))
    return no_store_json({"ok": True, "ended": ended})


@handles_errors
async def games(request: Request) -> Response:
    limit(request, "moves")
    accounts, who = await _me(request)
    lines = await accounts.my_games(who)
    return no_store_json({"games": lines, "order": my_games_order(list(lines))})


@handles_errors
async def adopt(request: Request) -> Response:
    limit(request, "moves")
    accounts, who = await _me(request)
    data = await read_body(request)
    only_fields(data, ("tokens",))
    guard: RateLimiter = request.app.state.limit_bad_tokens
    client = client_of(request)

    async def access(token: Any) -> Access:  # a token that opens nothing: a bad look-up
        return await guard.failures(client, LOOKUP_FAILURES,
                                    lambda: accounts.games.access(token))

    return no_store_json({"results": await accounts.adopt(who, data.get("tokens"), access)})


@handles_errors
async def seat_token(request: Request) -> Response:
    limit(request, "games")
    accounts, who = await _me(request)
    data = await read_body(request)
    only_fields(data, ("seat",))
    guard: RateLimiter = request.app.state.limit_bad_tokens
    # a game of no seat of the account (or no game at all): a bad look-up, one answer
    return no_store_json(await guard.failures(client_of(request), SEAT_FAILURES, lambda: accounts.seat_token(
        who, request.path_params["game_id"], data.get("seat"))))


def _mailer(request: Request) -> Mailer | None:
    """The server's e-mail sender (None: e-mail is off)."""
    got: Mailer | None = getattr(request.app.state, "mailer", None)
    return got


def _origin(request: Request) -> str:
    """Where the links of e-mails point: the server's public address (``serve --public-url``),
    never the request's ``Host`` (a stranger asking for someone's reset with a forged ``Host``
    would get the link pointed at their own site); without mail settings (tests with a
    recording sender), this server as the request reached it."""
    settings = getattr(getattr(request.app.state, "mailer", None), "settings", None)
    public = getattr(settings, "public_url", None)
    return str(public or request.base_url).rstrip("/")


@handles_errors
async def verify_email(request: Request) -> Response:
    limit(request, "resets")
    accounts, who = await _me(request)
    only_fields(await read_body(request))
    got = await links.send_verification(accounts, _mailer(request), who, _origin(request))
    return no_store_json(got, 202 if got["sent"] else 200)


@handles_errors
async def confirm_email(request: Request) -> Response:
    limit(request, "signins")
    accounts = _accounts(request)
    data = await read_body(request)
    only_fields(data, ("code",))
    return no_store_json(await links.confirm_email(accounts, data.get("code")))


@handles_errors
async def ask_reset(request: Request) -> Response:
    limit(request, "resets")
    accounts = _accounts(request)
    data = await read_body(request)
    only_fields(data, ("name",))
    return no_store_json(await links.ask_reset(accounts, _mailer(request), data.get("name"),
                                       _origin(request)), 202)


@handles_errors
async def reset_password(request: Request) -> Response:
    limit(request, "signins")
    accounts = _accounts(request)
    data = await read_body(request)
    only_fields(data, ("code", "password"))
    me, secret = await links.reset_password(accounts, data.get("code"), data.get("password"))
    response = no_store_json(me)
    set_session(response, request, secret)
    return response


ROUTES = [
    Route("/api/account", register, methods=["POST"]),
    Route("/api/account", me, methods=["GET"]),
    Route("/api/session", sign_in, methods=["POST"]),
    Route("/api/session", sign_out, methods=["DELETE"]),
    Route("/api/account/sessions", sign_out_everywhere, methods=["DELETE"]),
    Route("/api/account/settings", settings, methods=["POST"]),
    Route("/api/account/email", email, methods=["POST"]),
    Route("/api/account/password", password, methods=["POST"]),
    Route("/api/account/games", games, methods=["GET"]),
    Route("/api/account/seats", adopt, methods=["POST"]),
    Route("/api/games/{game_id}/seat-token", seat_token, methods=["POST"]),
    Route("/api/account/email/verify", verify_email, methods=["POST"]),
    Route("/api/account/email/confirm", confirm_email, methods=["POST"]),
    Route("/api/account/reset", ask_reset, methods=["POST"]),
    Route("/api/account/reset/confirm", reset_password, methods=["POST"]),
]
