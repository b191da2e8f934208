"""The unsubscribe pages (docs/api.md, "E-mail"): no sign-in, the link's token is the right.

``GET /mail/unsubscribe?t=TOKEN&lang=L`` shows a confirmation page with one button (it changes
nothing: mail scanners open links); ``POST`` to the same address unsubscribes, from that page's
form or as RFC 8058's one-click (``List-Unsubscribe=One-Click``, sent by mail programs without an
``Origin``: the path is outside ``/api``, so the JSON-only rule of :mod:`..csrf` does not apply;
the token alone decides, and it can only unsubscribe). A forged or damaged token gets 400 and
changes nothing; a link used again says so and changes nothing.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable
from typing import TypeVar

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from azulejos.i18n import LANGUAGES, translation

from ..limits import client_key
from ..protocol import GameError
from .links import UNSUBSCRIBE_PATH
from .mailer import Mailer

T = TypeVar("T")


async def _db(request: Request, fn: Callable[[str], T], arg: str) -> T:
    """``fn(arg)`` (blocking database work) in the game service's database threads, as every
    other route does, never on the event loop."""
    service = getattr(request.app.state, "service", None)
    executor = None if service is None else service.db_executor
    return await asyncio.get_running_loop().run_in_executor(executor, fn, arg)


def _page(lang: str, title: str, text: str, form: str = "", status: int = 200) -> HTMLResponse:
    body = (f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title)}</title></head>"
            "<body style=\"font-family: sans-serif; max-width: 36em; margin: 3em auto; "
            "padding: 0 1em\">"
            f"<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p>{form}</body></html>\n")
    return HTMLResponse(body, status_code=status, headers={"Cache-Control": "no-store"})


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


def _limited(request: Request) -> Response | None:
    """The clients' 'moves' rate limit (bad-token look-ups are limited too)."""
    limiter = getattr(request.app.state, "limit_moves", None)
    if limiter is None:
        return None
    try:
        limiter.check(client_key(request.client.host if request.client else None))
    except GameError as e:
        headers = {"Retry-After": str(e.extra.get("retry_after", 60))}
        return Response(e.message, status_code=429, headers=headers, media_type="text/plain")
    return None


async def unsubscribe_page(request: Request) -> Response:
    mailer: Mailer = request.app.state.mailer
    lang = _lang(request)
    _ = translation(lang).gettext
    refused = _limited(request)
    if refused is not None:
        return refused
    token = request.query_params.get("t", "")
    if not mailer.enabled:
        return _page(lang, _("E-mail is off"), _("This server sends no e-mail."), status=404)
    state = await _db(request, mailer.state_of, token)
    if state is None:
        return _bad(lang)
    if state == "unsubscribed":
        return _page(lang, _("You are unsubscribed"),
                     _("You get no more e-mails about your games from this server."))
    label = _("Unsubscribe")
    action = html.escape(f"{UNSUBSCRIBE_PATH}?t={token}&lang={lang}", quote=True)
    form = (f"<form method=\"post\" action=\"{action}\"><button type=\"submit\">"
            f"{html.escape(label)}</button></form>")
    return _page(lang, _("Stop e-mails about your games?"),
                 _("You will get no more e-mails about your turns, your finished games or the "
                   "daily digest. E-mails you ask for, such as a password reset, still come."),
                 form)


def _bad(lang: str) -> HTMLResponse:
    _ = translation(lang).gettext
    return _page(lang, _("This link does not work"),
                 _("This unsubscribe link is damaged or was not made by this server. Open the "
                   "link from the e-mail itself."), status=400)


async def unsubscribe(request: Request) -> Response:
    mailer: Mailer = request.app.state.mailer
    lang = _lang(request)
    _ = translation(lang).gettext
    refused = _limited(request)
    if refused is not None:
        return refused
    if not mailer.enabled:
        return _page(lang, _("E-mail is off"), _("This server sends no e-mail."), status=404)
    done = await _db(request, mailer.unsubscribe, request.query_params.get("t", ""))
    if done is None:
        return _bad(lang)
    if done == "already":
        return _page(lang, _("You are unsubscribed"),
                     _("You get no more e-mails about your games from this server."))
    return _page(lang, _("Unsubscribed"),
                 _("Done: you will get no more e-mails about your games from this server."))


def routes() -> list[Route]:
    return [Route(UNSUBSCRIBE_PATH, unsubscribe_page, methods=["GET"]),
            Route(UNSUBSCRIBE_PATH, unsubscribe, methods=["POST"])]
