"""The ASGI application: the routes of every part (games, site, accounts, lobby, fair play,
tournaments, ladder, mail), the websocket, the static browser client, and the life of the
game service behind them."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, MutableMapping
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from azulejos.guide import get_section

from .accounts.passwords import Passwords
from .accounts.recipients import AccountRecipients
from .accounts.service import AccountService
from .accounts.store import SqlAccounts
from .csrf import SameOriginJson
from .endpoints import STATIC
from .game_routes import ROUTES as GAME_ROUTES
from .limits import Limits, RateLimiter
from .mail import Mailer, MailSettings, Recipients
from .mail.pages import routes as mail_routes
from .mail.sender import Transport
from .parts import Parts
from .replays import Reviews
from .service import GameService, bot_levels, new_seed
from .site_routes import ROUTES as SITE_ROUTES
from .site_routes import GuideText
from .storage import GameStore, SqlStore, database_url
from .ws import game_socket

log = logging.getLogger("azulejos.web")


# -- the app ---------------------------------------------------------------------------------------
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

    from .accounts.urls import ROUTES as ACCOUNT_ROUTES
    from .fairplay.routes import ROUTES as FAIRPLAY_ROUTES
    from .ladder.routes import ROUTES as LADDER_ROUTES
    from .lobby.routes import ROUTES as LOBBY_ROUTES
    from .tournaments.routes import ROUTES as TOURNAMENT_ROUTES

    routes = [
        *ACCOUNT_ROUTES, *FAIRPLAY_ROUTES,
        *LOBBY_ROUTES, *TOURNAMENT_ROUTES, *LADDER_ROUTES,
        *SITE_ROUTES, *GAME_ROUTES,
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
