"""The ASGI application: HTTP API, websocket, and the static browser client."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from azulejos import __version__
from azulejos.core.rules import VARIANTS
from azulejos.guide import get_section
from azulejos.i18n import LANGUAGES

from .accounts.cookies import signed_in
from .accounts.passwords import Passwords
from .accounts.recipients import AccountRecipients
from .accounts.service import AccountService
from .accounts.store import SqlAccounts
from .clocks import my_games_order
from .csrf import SameOriginJson
from .limits import Limits, RateLimiter, client_key
from .lobby.settings import invitation_rated  # rated games: only from the lobby
from .mail import Mailer, MailSettings, Recipients
from .mail.pages import routes as mail_routes
from .mail.sender import Transport
from .messages import languages, theme_json, ui_messages
from .openapi import openapi_schema
from .parts import Parts
from .protocol import MAX_MESSAGE, GameError, parse_create, parse_json_object
from .replays import MAX_RECORD, Reviews, frames_json, load, reviewed
from .service import GameService, bot_levels, new_seed
from .storage import GameStore, SqlStore, database_url
from .views import Access, rules_json
from .ws import game_socket

log = logging.getLogger("azulejos.web")
STATIC = Path(__file__).parent / "static"
GUIDE_SECTIONS = ("setup", "recap", "teach", "faq", "variant", "specials")
#: A rules-guide section's text: ``guide(section, lang)``; the app holds one (or None).
GuideText = Callable[[str, str], str]


def _service(request: Request) -> GameService:
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
    return await guard.failures(client_of(request), LOOKUP_FAILURES, lambda: _service(request).access(
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


def _lang(request: Request) -> str:
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


# -- pages -------------------------------------------------------------------------------------
async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


# -- HTTP API ----------------------------------------------------------------------------------
async def meta(request: Request) -> Response:
    lang = _lang(request)
    return JSONResponse({
        "version": __version__,
        "languages": languages(),
        "themes": theme_json(lang),
        "bot_levels": bot_levels(),
        "variants": list(VARIANTS),
        "players": [2, 3, 4],
        "max_message": MAX_MESSAGE,
        "max_record": MAX_RECORD,
        "guide": _guide(request) is not None,
        "rules": rules_json(),
        # the clock of a game created without one (serve --turn-seconds; null: none)
        "clock_default": _clock_default(request),
    })


def _clock_default(request: Request) -> dict[str, Any] | None:
    seconds = _service(request).turn_seconds
    return {"kind": "move", "seconds": max(1, round(seconds))} if seconds > 0 else None


async def messages(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return error_response(GameError("unknown_language", f"languages: {', '.join(LANGUAGES)}", 404))
    return JSONResponse(ui_messages(lang))


@handles_errors
async def create_game(request: Request) -> Response:
    limit(request, "games")
    body = await read_body(request)
    # the profile fields (docs/api.md, "Profiles"): the creator's key, and a rated game or not
    profile, rated = body.pop("profile", None), invitation_rated(body.pop("rated", None))
    req = parse_create(body, bot_levels())
    who = await signed_in(request)  # a signed-in creator's account profile (docs/api.md, "Accounts")
    created = await _service(request).create(req, profile, rated,
                                             None if who is None else who.profile)
    return JSONResponse(created, status_code=201)


@handles_errors
async def my_games(request: Request) -> Response:
    limit(request, "my_games")
    data = await read_body(request)
    tokens = data.get("tokens")
    if not isinstance(tokens, list) or len(tokens) > 50:
        raise GameError("malformed", "'tokens' must be a list of at most 50 tokens")
    games = await _service(request).summaries(tokens)
    # "order": your turn first (soonest deadline first), then the others, then finished ones
    return JSONResponse({"games": games, "order": my_games_order(games)})


@handles_errors
async def game_view(request: Request) -> Response:
    svc = _service(request)
    acc = await game_access(request)
    return JSONResponse(await svc.view(acc))


@handles_errors
async def play_move(request: Request) -> Response:
    limit(request, "moves")
    svc = _service(request)
    acc = await game_access(request)
    data = await read_body(request)
    version = await svc.play(acc, data.get("version"), data.get("move"))
    await svc.fairplay.note_move(acc, client_of(request))  # fair play: the seat's client
    return JSONResponse({"accepted": True, "version": version})


@handles_errors
async def set_name(request: Request) -> Response:
    limit(request, "names")
    svc = _service(request)
    acc = await game_access(request)
    data = await read_body(request)
    await svc.rename(acc, data.get("name"), data.get("seat"))
    return JSONResponse({"ok": True})


# -- chat (docs/api.md, "Chat") ------------------------------------------------------------------
@handles_errors
async def chat_history(request: Request) -> Response:
    svc = _service(request)
    acc = await game_access(request)
    return JSONResponse(await svc.chat_history(acc))


@handles_errors
async def chat_post(request: Request) -> Response:
    svc = _service(request)
    acc = await game_access(request)
    data = await read_body(request)
    unknown = set(data) - {"text"}
    if unknown:
        raise GameError("malformed", f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    return JSONResponse(await svc.chat_post(acc, data.get("text")), status_code=201)


@handles_errors
async def chat_mute(request: Request) -> Response:
    svc = _service(request)
    acc = await game_access(request)
    data = await read_body(request)
    unknown = set(data) - {"seat", "muted"}
    if unknown:
        raise GameError("malformed", f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    return JSONResponse(await svc.chat_mute(acc, data.get("seat"), data.get("muted")))


@handles_errors
async def claim_seat(request: Request) -> Response:
    limit(request, "moves")
    data = await read_body(request)
    unknown = set(data) - {"invite", "profile"}
    if unknown:
        raise GameError("malformed", f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    who = await signed_in(request)
    guard: RateLimiter = request.app.state.limit_bad_tokens
    claimed = await guard.failures(client_of(request), LOOKUP_FAILURES, lambda: _service(
        request).claim(request.path_params["game_id"], data.get("invite"), data.get("profile"),
                       None if who is None else who.profile, client_of(request)))
    return JSONResponse(claimed)


@handles_errors
async def invite_again(request: Request) -> Response:
    limit(request, "games")
    svc = _service(request)
    acc = await game_access(request)
    data = await read_body(request)
    return JSONResponse(await svc.reinvite(acc, data.get("seat")))


@handles_errors
async def leave_game(request: Request) -> Response:
    limit(request, "moves")
    svc = _service(request)
    acc = await game_access(request)
    data = await read_body(request)
    return JSONResponse(await svc.leave(acc, data.get("seat"), data.get("version")))


@handles_errors
async def timeout_choice(request: Request) -> Response:
    """Wait for an overdue player, or hand their seat to the bot (docs/api.md, "Wait or bot")."""
    limit(request, "moves")
    svc = _service(request)
    acc = await game_access(request)  # a wrong token counts as a bad look-up, as elsewhere
    data = await read_body(request)
    unknown = set(data) - {"choice"}
    if unknown:
        raise GameError("malformed", f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    return JSONResponse(await svc.choose_timeout(acc, data.get("choice")))


@handles_errors
async def game_record(request: Request) -> Response:
    svc = _service(request)
    gid = request.path_params["game_id"]
    acc = await game_access(request)
    text = await svc.record(acc)
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="azulejos-{gid}.json"'},
    )


def _theme(request: Request) -> str:
    return request.query_params.get("theme", "classic")


@handles_errors
async def game_replay(request: Request) -> Response:
    """Every position of a game up to now, for the replay view (docs/api.md, "Replays")."""
    svc = _service(request)
    acc = await game_access(request)
    text = await svc.record(acc)
    lang, theme = _lang(request), _theme(request)

    def build() -> dict[str, Any]:
        record, _final = load(text, lang)
        return frames_json(record, lang, theme)

    return JSONResponse(await run_in_threadpool(build))


@handles_errors
async def record_replay(request: Request) -> Response:
    """A record opened in the browser, checked under the rules, as a replay."""
    limit(request, "moves")
    length = request.headers.get("content-length")
    too_large = GameError("too_large", f"a record may be at most {MAX_RECORD} bytes", 413)
    if length is not None and (not (length.isascii() and length.isdigit()) or int(length) > MAX_RECORD):
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_RECORD:
            raise too_large
    lang, theme = _lang(request), _theme(request)

    def build() -> dict[str, Any]:
        record, _final = load(bytes(body), lang)
        return frames_json(record, lang, theme)

    return JSONResponse(await run_in_threadpool(build))


@handles_errors
async def review_game(request: Request) -> Response:
    """The engine review of a finished game, run once in the bot scheduler's background slots
    (people's bot replies go first) with a bounded budget, as a replay with its review."""
    limit(request, "games")
    svc = _service(request)
    gid = request.path_params["game_id"]
    acc = await game_access(request)
    text = await svc.record(acc)
    record, final = await run_in_threadpool(load, text, _lang(request))
    if not final.is_over:
        raise GameError("not_over", "a game can be reviewed once it has ended", 409)
    reviews: Reviews = request.app.state.reviews
    done = await reviews.get(gid, lambda: svc.bots.run(lambda: reviewed(record), person=False))
    data = await run_in_threadpool(frames_json, done, _lang(request), _theme(request))
    data["record"] = done.to_json()
    return JSONResponse(data)


# -- profiles (docs/api.md, "Profiles") ---------------------------------------------------------
@handles_errors
async def create_profile(request: Request) -> Response:
    limit(request, "profiles")
    data = await read_body(request)
    unknown = set(data) - {"name"}
    if unknown:
        raise GameError("malformed", f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    made = await _service(request).profiles.create(data.get("name"))
    return JSONResponse(made, status_code=201)


def profile_key(request: Request) -> str:
    """The profile key of ``Authorization: Bearer <key>``."""
    auth = request.headers.get("authorization", "")
    scheme, _, key = auth.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        raise GameError("bad_profile_key",
                        "send the profile key as 'Authorization: Bearer <key>'", 401)
    return key.strip()


@handles_errors
async def own_profile(request: Request) -> Response:
    """The profile a key opens (importing a key into another browser checks it here)."""
    profiles = _service(request).profiles
    mine = await profiles.by_key(profile_key(request))
    return JSONResponse(await profiles.public(mine.profile_id))


@handles_errors
async def get_profile(request: Request) -> Response:
    return JSONResponse(await _service(request).profiles.public(request.path_params["profile_id"]))


@handles_errors
async def rename_profile(request: Request) -> Response:
    limit(request, "names")
    key = profile_key(request)
    data = await read_body(request)
    unknown = set(data) - {"name"}
    if unknown:
        raise GameError("malformed", f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    done = await _service(request).profiles.rename(request.path_params["profile_id"], key,
                                                   data.get("name"))
    return JSONResponse(done)


@handles_errors
async def leaderboard(request: Request) -> Response:
    q = request.query_params
    return JSONResponse(await _service(request).profiles.leaderboard(
        q.get("players"), q.get("variant"), q.get("page"), q.get("min_games")))


def _guide(request: Request) -> GuideText | None:
    guide: GuideText | None = request.app.state.guide
    return guide


async def guide_section(request: Request) -> Response:
    section = request.path_params["section"]
    lang = _lang(request)
    if section not in GUIDE_SECTIONS:
        return error_response(
            GameError("unknown_section", f"sections: {', '.join(GUIDE_SECTIONS)}", 404)
        )
    get_text = _guide(request)
    if get_text is None:
        return error_response(
            GameError("no_guide", "the rules guide is not installed with this server", 404)
        )
    try:
        text = get_text(section, lang)
    except (KeyError, ValueError) as e:
        return error_response(GameError("unknown_section", str(e), 404))
    return JSONResponse({"section": section, "lang": lang, "text": str(text)})


async def openapi(request: Request) -> Response:
    return JSONResponse(openapi_schema())


# -- app ---------------------------------------------------------------------------------------
class SecurityHeaders:
    """Headers that keep the page to its own origin (no third-party scripts or frames).
    ``connect-src 'self'``: fetches and websockets reach this origin only (CSP Level 3 lets
    'self' match ws:/wss: on the page's own host; no other host)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (
                        b"content-security-policy",
                        b"default-src 'self'; img-src 'self' data: blob:; style-src 'self' "
                        b"'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'",
                    ),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(
    db: str | None = None,
    *,
    store: GameStore | None = None,
    bot_seconds: float = 1.0,
    bot_delay: float = 0.6,
    bot_workers: int = 2,
    sync_interval: float = 1.0,
    resume_bots: bool = True,
    guide: GuideText | None = get_section,
    seeds: Callable[[], int] = new_seed,
    limits: Limits | None = None,
    turn_seconds: float = 0.0,
    now: Callable[[], float] | None = None,
    clock_interval: float = 1.0,
    mail: MailSettings | None = None,
    mail_transport: Transport | None = None,
    recipients: Recipients | None = None,
    mail_digest_check: float = 600.0,
    passwords: Passwords | None = None,
    heartbeat_interval: float = 5.0,
) -> Starlette:
    """The app. ``db``: a database URL or SQLite file path (default: the user's data folder);
    or pass a ready ``store``. ``guide(section, lang)`` serves the rules guide (None: none).
    ``seeds`` draws each new game's secret seed (tests pass a fixed one to replay a game
    through another front end). ``limits``: rate limits and the all-bot game cap (default
    :class:`Limits`; ``Limits.none()`` for none). ``turn_seconds``: the per-move clock of games
    created without a ``clock`` (0: none); ``now``: the clocks' wall-clock time source (tests
    pass a simulated one; the accounts' sessions and lock-outs use it too);
    ``clock_interval``: how often turns out of time are looked for; ``heartbeat_interval``: how
    often the servers' heartbeat is written (docs/api.md, "Clocks"); ``passwords``: the
    accounts' password hashing (tests pass a cheap one).
    ``mail``: e-mail on (``serve --smtp``; None: off), sent through ``mail_transport`` (tests;
    default SMTP) to the seats ``recipients`` names (default: the accounts' verified addresses;
    docs/api.md, "E-mail"); ``mail_digest_check``: how often the daily digest is looked at
    (0: never)."""
    the_limits = limits or Limits()
    the_store: GameStore = store if store is not None else SqlStore(database_url(db))
    engine = the_store.engine if isinstance(the_store, SqlStore) else None
    mailer = Mailer(engine, mail, now=now or time.time, transport=mail_transport,
                    recipients=recipients, digest_check=mail_digest_check)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        svc = GameService(
            the_store, bot_seconds=bot_seconds, bot_delay=bot_delay, bot_workers=bot_workers,
            sync_interval=sync_interval, seeds=seeds, limits=the_limits,
            turn_seconds=turn_seconds, clock_interval=clock_interval, now=now or time.time,
            heartbeat_interval=heartbeat_interval,
        )
        app.state.service = svc
        app.state.accounts = (AccountService(
            svc, SqlAccounts(the_store.engine), passwords=passwords, now=now or time.time,
            bot_names=tuple(bot_levels())) if isinstance(the_store, SqlStore) else None)
        await svc.start(resume_bots=resume_bots)
        if mailer.recipients is None and isinstance(the_store, SqlStore):
            # the accounts' verified addresses; an unsubscribe link turns their mail off
            account_mail = AccountRecipients(the_store.engine)
            mailer.recipients = account_mail
            mailer.on_unsubscribe = account_mail.unsubscribed
        if mailer.enabled:
            await mailer.start(svc.db_executor)  # (its database work: the service's threads)
            svc.commit_hooks.append(mailer.notifier.changed)
            log.info("e-mail is on: sent through %s", mailer.describe())
        else:
            log.info("e-mail is off (serve --smtp URL turns it on): no mail is sent")
        await Parts(app).start()  # the lobby, ladders and tournaments (web/parts.py)
        try:
            yield
        finally:
            await app.state.parts.stop()
            await mailer.stop()
            await svc.stop()
            if store is None:
                the_store.close()

    from .accounts.urls import ROUTES as ACCOUNT_ROUTES  # they use this module's helpers
    from .fairplay.routes import ROUTES as FAIRPLAY_ROUTES
    from .ladder.routes import ROUTES as LADDER_ROUTES
    from .lobby.routes import ROUTES as LOBBY_ROUTES
    from .tournaments.routes import ROUTES as TOURNAMENT_ROUTES

    routes = [
        *ACCOUNT_ROUTES, *FAIRPLAY_ROUTES,
        *LOBBY_ROUTES, *TOURNAMENT_ROUTES, *LADDER_ROUTES,
        Route("/", page),
        Route("/play/{game_id}", page),
        Route("/join/{game_id}", page),
        Route("/rules", page),
        Route("/replay", page),
        Route("/replay/{game_id}", page),
        Route("/leaderboard", page),
        Route("/profile/{profile_id}", page),
        Route("/account/verify", page),  # the links of e-mails (docs/api.md, "Accounts")
        Route("/account/reset", page),
        Route("/api/meta", meta),
        Route("/api/messages/{lang}", messages),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/my-games", my_games, methods=["POST"]),
        Route("/api/games/{game_id}", game_view),
        Route("/api/games/{game_id}/moves", play_move, methods=["POST"]),
        Route("/api/games/{game_id}/name", set_name, methods=["POST"]),
        Route("/api/games/{game_id}/claim", claim_seat, methods=["POST"]),
        Route("/api/games/{game_id}/invite", invite_again, methods=["POST"]),
        Route("/api/games/{game_id}/leave", leave_game, methods=["POST"]),
        Route("/api/games/{game_id}/timeout", timeout_choice, methods=["POST"]),
        Route("/api/games/{game_id}/record", game_record),
        Route("/api/games/{game_id}/chat", chat_history),
        Route("/api/games/{game_id}/chat", chat_post, methods=["POST"]),
        Route("/api/games/{game_id}/mute", chat_mute, methods=["POST"]),
        Route("/api/games/{game_id}/replay", game_replay),
        Route("/api/games/{game_id}/review", review_game, methods=["POST"]),
        Route("/api/replay", record_replay, methods=["POST"]),
        Route("/api/guide/{section}", guide_section),
        Route("/api/profiles", create_profile, methods=["POST"]),
        Route("/api/profile", own_profile),
        Route("/api/profiles/{profile_id}", get_profile),
        Route("/api/profiles/{profile_id}/name", rename_profile, methods=["POST"]),
        Route("/api/leaderboard", leaderboard),
        Route("/api/openapi.json", openapi),
        *mail_routes(),
        WebSocketRoute("/ws/games/{game_id}", game_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders),
                                                                 Middleware(SameOriginJson)])
    app.state.store = the_store
    app.state.mailer = mailer  # e-mail (web/mail/): .enabled, .send(to, template, lang, params)
    app.state.guide = guide
    app.state.reviews = Reviews(the_store)  # kept in the database: every process serves them
    app.state.limit_games = RateLimiter(the_limits.games, "new games")
    app.state.limit_moves = RateLimiter(the_limits.moves, "moves")
    app.state.limit_profiles = RateLimiter(the_limits.profiles, "new profiles")
    app.state.limit_names = RateLimiter(the_limits.names, "renames")
    app.state.limit_signups = RateLimiter(the_limits.signups, "new accounts")
    app.state.limit_signins = RateLimiter(the_limits.signins, "sign-ins")
    app.state.limit_resets = RateLimiter(the_limits.resets, "e-mailed links")
    app.state.limit_my_games = RateLimiter(the_limits.my_games, "look-ups of my games")
    app.state.limit_bad_tokens = RateLimiter(the_limits.bad_tokens, "look-ups of unknown tokens")
    return app


def app_from_env() -> Starlette:
    """Factory for ``uvicorn --factory azulejos.web.app:app_from_env`` (reads AZULEJOS_DB)."""
    import os

    from .collector import tune_for_serving

    app = create_app(os.environ.get("AZULEJOS_DB") or None)
    tune_for_serving()
    return app
