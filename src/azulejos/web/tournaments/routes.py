"""The HTTP routes of tournaments (docs/api.md, "Tournaments") and their two browser pages.

The tournament part of a server process starts with the process (:mod:`..parts`: the game
service's commit hook is added then, the tournaments due are looked at, and again every
:data:`~azulejos.web.parts.PASS_EVERY` seconds); every tournament request also looks at the
tournaments due (a start time come, a round whose games have all ended), so a round ended by another
process or by a clock is seen by whichever process is asked next."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..accounts.cookies import signed_in
from ..answers import no_store_json
from ..endpoints import handles_errors, limit, page, read_body
from ..profile_store import Profile
from ..protocol import GameError, only_fields
from ..service import GameService, bot_levels
from ..storage import SqlStore
from .service import TournamentService
from .store import SqlTournaments


def tournaments_of(request: Request) -> TournamentService:
    """This process's tournaments (``no_tournaments`` 404 on a server that keeps no
    database)."""
    got = tournaments_for(request.app)
    if got is None:
        raise GameError("no_tournaments", "this server keeps no tournaments", 404)
    return got


def tournaments_for(app: Any) -> TournamentService | None:
    """The tournaments of ``app``, their commit hook added (made by its start,
    :mod:`..parts`; None: a server that keeps no database)."""
    got: TournamentService | None = getattr(app.state, "tournaments", None)
    if got is None:
        games: GameService = app.state.service
        if not isinstance(games.store, SqlStore):
            return None
        got = TournamentService(games, SqlTournaments(games.store.engine), bot_levels())
        games.commit_hooks.append(got.game_changed)
        app.state.tournaments = got
    return got


async def _who(request: Request) -> Profile:
    who = await signed_in(request)
    if who is None:
        raise GameError("signed_out", "sign in first (the session has ended or expired)", 401)
    return who.profile


@handles_errors
async def listing(request: Request) -> Response:
    return no_store_json(await tournaments_of(request).listing())


@handles_errors
async def create(request: Request) -> Response:
    limit(request, "games")
    part = tournaments_of(request)
    who = await _who(request)
    data = await read_body(request)
    return no_store_json(await part.create(who, data), 201)


@handles_errors
async def detail(request: Request) -> Response:
    part = tournaments_of(request)
    who = await signed_in(request)
    return no_store_json(await part.detail(request.path_params["tournament_id"],
                                   None if who is None else who.profile))


@handles_errors
async def join(request: Request) -> Response:
    limit(request, "moves")
    part = tournaments_of(request)
    who = await _who(request)
    only_fields(await read_body(request))
    return no_store_json(await part.join(request.path_params["tournament_id"], who))


@handles_errors
async def leave(request: Request) -> Response:
    limit(request, "moves")
    part = tournaments_of(request)
    who = await _who(request)
    only_fields(await read_body(request))
    return no_store_json(await part.leave(request.path_params["tournament_id"], who))


@handles_errors
async def add_bot(request: Request) -> Response:
    limit(request, "moves")
    part = tournaments_of(request)
    who = await _who(request)
    data = await read_body(request)
    only_fields(data, ("level",))
    return no_store_json(await part.add_bot(request.path_params["tournament_id"], who,
                                    data.get("level")))


@handles_errors
async def start(request: Request) -> Response:
    limit(request, "moves")
    part = tournaments_of(request)
    who = await _who(request)
    only_fields(await read_body(request))
    return no_store_json(await part.start(request.path_params["tournament_id"], who))


ROUTES = [
    Route("/tournaments", page),
    Route("/tournaments/{tournament_id}", page),
    Route("/api/tournaments", listing, methods=["GET"]),
    Route("/api/tournaments", create, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}", detail, methods=["GET"]),
    Route("/api/tournaments/{tournament_id}/join", join, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}/leave", leave, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}/bots", add_bot, methods=["POST"]),
    Route("/api/tournaments/{tournament_id}/start", start, methods=["POST"]),
]
