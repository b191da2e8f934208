"""What every HTTP endpoint shares: the request's game service, its client, its limits, its JSON
body and bearer token, its language, and one way to answer a :class:`GameError`. The route
modules (``game_routes``, ``site_routes``, and the packages' ``routes``) build on these."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from azulejos.i18n import LANGUAGES

from .limits import RateLimiter, client_key
from .protocol import MAX_MESSAGE, GameError, parse_json_object
from .service import GameService
from .views import Access

STATIC = Path(__file__).parent / "static"


def service_of(request: Request) -> GameService:
    svc: GameService = request.app.state.service
    return svc


def error_response(e: GameError) -> JSONResponse:
    headers = {}
    if "retry_after" in e.extra:
        headers["Retry-After"] = str(e.extra["retry_after"])
    return JSONResponse({"error": e.to_json()}, status_code=e.status, headers=headers)


def client_of(request: Request) -> str:
    """Who is asking, for the rate limits: the peer address (behind a proxy: the address the
    proxy reports, when the server runs with --proxy): an IPv6 client's /64 (limits.py)."""
    return client_key(request.client.host if request.client else None)


def limit(request: Request, what: str) -> None:
    """Count one request of kind ``what`` (``games``, ``moves``, ``profiles``, ``names`` or
    ``my_games``) against the client's limit; ``rate_limited`` (429) over it."""
    limiter: RateLimiter = getattr(request.app.state, f"limit_{what}")
    limiter.check(client_of(request))


#: The answers of a look-up that found nothing, counted by the ``bad_tokens`` limit.
LOOKUP_FAILURES = frozenset({"bad_token", "bad_invite"})


async def game_access(request: Request) -> Access:
    """What the request's bearer token opens of the path's game; ``bad_token`` (403) for a
    token of no game, of another game, or of a game that does not exist (the same answer: a
    guesser learns nothing about which games exist). Failures count against the client's
    ``bad_tokens`` limit (docs/api.md, "Limits")."""
    guard: RateLimiter = request.app.state.limit_bad_tokens
    return await guard.failures(client_of(request), LOOKUP_FAILURES, lambda: service_of(request).access(
        bearer(request), request.path_params["game_id"]))


async def read_body(request: Request) -> dict[str, Any]:
    """The JSON object of a request body, read no further than :data:`MAX_MESSAGE` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (
        not (length.isascii() and length.isdigit()) or int(length) > MAX_MESSAGE
    ):
        raise GameError("too_large", f"the body is longer than {MAX_MESSAGE} bytes", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE:
            raise GameError("too_large", f"the body is longer than {MAX_MESSAGE} bytes", 413)
    return parse_json_object(bytes(body))


def bearer(request: Request) -> str:
    auth = request.headers.get("authorization", "")
    scheme, _, token = auth.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise GameError("bad_token", "send the game token as 'Authorization: Bearer <token>'", 401)
    return token.strip()


def lang_of(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


Endpoint = Callable[[Request], Awaitable[Response]]


def handles_errors(fn: Endpoint) -> Endpoint:
    """Turn a :class:`GameError` raised by an endpoint into its JSON error response."""

    async def wrapper(request: Request) -> Response:
        try:
            return await fn(request)
        except GameError as e:
            return error_response(e)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper



def theme_of(request: Request) -> str:
    return request.query_params.get("theme", "classic")


# -- the page (every path of the browser client is the one page) -------------------------------------------------------------------------------------
async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

