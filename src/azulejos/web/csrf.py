"""Forged cross-site requests refused (issue 28, "JSON-only bodies with an Origin check").

Every state-changing request under ``/api`` (POST, PUT, PATCH, DELETE) that carries a body
must send it as ``Content-Type: application/json`` (else ``malformed``, 415): a page of
another site can post ``text/plain`` or a form without asking, but not JSON. When the request
names an ``Origin`` (browsers do), it must be this server's own host (else ``cross_origin``,
403). A request without an ``Origin`` (a program, not a browser) is not checked for it. A
refused request changes nothing: the endpoint never runs.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from .protocol import GameError

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def refusal(method: str, path: str, headers: Headers) -> GameError | None:
    """Why a request is refused as possibly forged, or None (it may go on)."""
    if method not in STATE_CHANGING or not path.startswith("/api/"):
        return None
    origin = headers.get("origin")
    if origin is not None:
        parts = urlsplit(origin)
        host = headers.get("host", "")
        if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
            return GameError("cross_origin",
                             "a page of another site may not send this request", 403)
    has_body = "transfer-encoding" in headers or headers.get("content-length", "0") != "0"
    media = headers.get("content-type", "").partition(";")[0].strip().lower()
    if has_body and media != "application/json":
        return GameError("malformed", "send the body as JSON (Content-Type: application/json)",
                         415)
    return None


class SameOriginJson:
    """ASGI middleware applying :func:`refusal` before any endpoint."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            e = refusal(scope["method"], scope["path"], Headers(scope=scope))
            if e is not None:
                response = JSONResponse({"error": e.to_json()}, status_code=e.status)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
