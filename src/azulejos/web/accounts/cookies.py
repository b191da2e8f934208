"""The session cookie: its name and attributes, and the account of a request."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from .service import IDLE, AccountService, SignedIn

#: The cookie that holds a session's secret (HttpOnly, SameSite=Lax, Path=/, Secure on https).
COOKIE = "azulejos_session"


def accounts_of(request: Request) -> AccountService | None:
    """The server's accounts (None: its store keeps none)."""
    got: AccountService | None = getattr(request.app.state, "accounts", None)
    return got


async def signed_in(request: Request) -> SignedIn | None:
    """The account signed in on the request's session cookie (None: nobody)."""
    accounts = accounts_of(request)
    if accounts is None:
        return None
    return await accounts.session(request.cookies.get(COOKIE))


def set_session(response: Response, request: Request, secret: str) -> None:
    response.set_cookie(COOKIE, secret, max_age=int(IDLE), path="/", httponly=True,
                        samesite="lax", secure=request.url.scheme == "https")


def clear_session(response: Response, request: Request) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=request.url.scheme == "https")
