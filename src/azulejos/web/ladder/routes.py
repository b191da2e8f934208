"""The HTTP routes of the ladder (docs/api.md, "Ladder"). The ladder part of a server process
starts with the process, over the lobby's (:mod:`..parts`: the game service's commit hook is
added then); every read of a ladder, and the parts' background pass, also settles its challenge
games that ended elsewhere."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..accounts.cookies import signed_in
from ..accounts.service import SignedIn
from ..answers import no_store_json
from ..endpoints import handles_errors, limit, page, read_body
from ..lobby.routes import finding, finding_for, noted
from ..protocol import GameError
from ..storage import SqlStore
from .service import LadderService
from .store import SqlLadder


def ladder_of(request: Request) -> LadderService:
    finding(request)  # no_accounts 404 on a server without accounts
    got = ladder_for(request.app)
    assert got is not None
    return got


def ladder_for(app: Any) -> LadderService | None:
    """The ladders of ``app``, their commit hook added (made by its start, :mod:`..parts`;
    None: a server without accounts)."""
    got: LadderService | None = getattr(app.state, "ladder", None)
    if got is None:
        found = finding_for(app)
        if found is None:
            return None
        store = app.state.store
        assert isinstance(store, SqlStore)
        got = LadderService(found.lobby, SqlLadder(store.engine))
        found.lobby.games.commit_hooks.append(got.game_changed)
        app.state.ladder = got
    return got


async def _me(request: Request) -> SignedIn:
    ladder_of(request)
    who = await signed_in(request)
    if who is None:
        raise GameError("signed_out", "sign in first: the ladder is played by accounts", 401)
    return who


def _empty(data: Any) -> None:
    if data:
        raise GameError("malformed", "send an empty JSON object, {}")


@handles_errors
async def ladder_get(request: Request) -> Response:
    part = ladder_of(request)
    return no_store_json(await part.ladder(request.path_params["pool"], await signed_in(request)))


@handles_errors
async def ladder_join(request: Request) -> Response:
    limit(request, "moves")
    who = await _me(request)
    _empty(await read_body(request))
    return no_store_json(await ladder_of(request).join(request.path_params["pool"], who))


@handles_errors
async def ladder_leave(request: Request) -> Response:
    limit(request, "moves")
    who = await _me(request)
    _empty(await read_body(request))
    return no_store_json(await ladder_of(request).leave(request.path_params["pool"], who))


@handles_errors
async def challenge(request: Request) -> Response:
    limit(request, "games")
    who = await _me(request)
    data = await read_body(request)
    got = await ladder_of(request).challenge(request.path_params["pool"], who, data)
    return no_store_json(got, 201)


@handles_errors
async def challenge_get(request: Request) -> Response:
    part = ladder_of(request)
    got = await part.challenge_state(request.path_params["pool"],
                                     request.path_params["challenge_id"],
                                     await signed_in(request))
    return no_store_json(await noted(request, got))


@handles_errors
async def accept(request: Request) -> Response:
    limit(request, "games")
    who = await _me(request)
    _empty(await read_body(request))
    got = await ladder_of(request).accept(request.path_params["pool"],
                                          request.path_params["challenge_id"], who)
    return no_store_json(await noted(request, got))


@handles_errors
async def decline(request: Request) -> Response:
    limit(request, "moves")
    who = await _me(request)
    _empty(await read_body(request))
    return no_store_json(await ladder_of(request).decline(request.path_params["pool"],
                                                  request.path_params["challenge_id"], who))


ROUTES = [
    Route("/ladder", page),
    Route("/ladder/{pool}", page),
    Route("/api/ladder/{pool}", ladder_get, methods=["GET"]),
    Route("/api/ladder/{pool}/join", ladder_join, methods=["POST"]),
    Route("/api/ladder/{pool}/leave", ladder_leave, methods=["POST"]),
    Route("/api/ladder/{pool}/challenge", challenge, methods=["POST"]),
    Route("/api/ladder/{pool}/challenges/{challenge_id}", challenge_get, methods=["GET"]),
    Route("/api/ladder/{pool}/challenges/{challenge_id}/accept", accept, methods=["POST"]),
    Route("/api/ladder/{pool}/challenges/{challenge_id}/decline", decline, methods=["POST"]),
]
