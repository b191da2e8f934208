"""The HTTP routes of finding a game (docs/api.md, "Lobby", "Quick match", "Rematch")."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..accounts.cookies import signed_in
from ..accounts.service import SignedIn
from ..answers import no_store_json
from ..endpoints import client_of, game_access, handles_errors, limit, read_body
from ..protocol import GameError
from ..storage import SqlStore
from .quick import QuickMatch
from .rematch import Rematches
from .service import LobbyService
from .settings import GameSettings
from .store import SqlLobby


class Finding:
    """The lobby, quick match and rematches of one app (made at its start)."""

    def __init__(self, lobby: LobbyService) -> None:
        self.lobby = lobby
        self.quick = QuickMatch(lobby)
        self.rematches = Rematches(lobby)


def finding(request: Request) -> Finding:
    """The app's lobby (``no_accounts`` 404 on a server that keeps no accounts)."""
    got = finding_for(request.app)
    if got is None:
        raise GameError("no_accounts", "this server keeps no accounts", 404)
    return got


def finding_for(app: Any) -> Finding | None:
    """The lobby of ``app`` (made by its start, :mod:`..parts`; None: no accounts kept)."""
    got: Finding | None = getattr(app.state, "finding", None)
    if got is None:
        accounts = getattr(app.state, "accounts", None)
        store = app.state.store
        if accounts is None or not isinstance(store, SqlStore):
            return None
        svc = app.state.service
        got = Finding(LobbyService(svc, accounts, SqlLobby(store.engine), now=svc.now))
        got.lobby.may_play.append(_fair_play(svc))
        app.state.finding = got
    return got


def _fair_play(svc: Any) -> Any:
    """The fair-play gate of a rated public game (docs/api.md, "Fair play"): a suspended
    account, or one waiting after abandoning rated games, is refused (403)."""
    async def check(profile_id: str, settings: GameSettings) -> None:
        if settings.rated:
            await svc.fairplay.may_play_rated(profile_id)
    return check


async def noted(request: Request, answer: dict[str, Any]) -> dict[str, Any]:
    """``answer``, which may hand out a seat token; the client it went to is noted for fair
    play's rule that two seats of a rated game are never played from one client."""
    you = answer.get("you", answer)
    game = answer.get("game")
    if isinstance(you, dict) and game and you.get("token") and you.get("seat") is not None:
        await request.app.state.service.fairplay.note_client(game, you["seat"],
                                                             client_of(request))
    return answer


async def _me(request: Request) -> SignedIn:
    finding(request)
    who = await signed_in(request)
    if who is None:
        raise GameError("signed_out", "sign in first: public games are played by accounts",
                        401)
    return who


@handles_errors
async def lobby_list(request: Request) -> Response:
    return no_store_json(await finding(request).lobby.listing())


@handles_errors
async def lobby_open(request: Request) -> Response:
    limit(request, "games")
    who = await _me(request)
    data = await read_body(request)
    return no_store_json(await noted(request, await finding(request).lobby.open(who, data)), 201)


@handles_errors
async def lobby_get(request: Request) -> Response:
    f = finding(request)
    who = await signed_in(request)
    got = await f.lobby.status(who, request.path_params["lobby_id"])
    return no_store_json(await noted(request, got))


@handles_errors
async def lobby_join(request: Request) -> Response:
    limit(request, "games")
    who = await _me(request)
    await read_body(request)
    got = await finding(request).lobby.join(who, request.path_params["lobby_id"])
    return no_store_json(await noted(request, got))


@handles_errors
async def lobby_leave(request: Request) -> Response:
    who = await _me(request)
    await read_body(request)
    return no_store_json(await finding(request).lobby.leave(who, request.path_params["lobby_id"]))


@handles_errors
async def quick_seek(request: Request) -> Response:
    limit(request, "games")
    who = await _me(request)
    data = await read_body(request)
    return no_store_json(await noted(request, await finding(request).quick.seek(who, data)), 201)


@handles_errors
async def quick_status(request: Request) -> Response:
    who = await _me(request)
    got = await finding(request).quick.status(who, request.path_params["ticket"])
    return no_store_json(await noted(request, got))


@handles_errors
async def quick_cancel(request: Request) -> Response:
    who = await _me(request)
    return no_store_json(await finding(request).quick.cancel(who, request.path_params["ticket"]))


@handles_errors
async def rematch_get(request: Request) -> Response:
    f = finding(request)
    access = await game_access(request)
    return no_store_json(await noted(request, await f.rematches.state(access)))


@handles_errors
async def rematch_offer(request: Request) -> Response:
    limit(request, "games")
    f = finding(request)
    access = await game_access(request)
    await read_body(request)
    return no_store_json(await noted(request, await f.rematches.offer(access)))


@handles_errors
async def rematch_decline(request: Request) -> Response:
    f = finding(request)
    access = await game_access(request)
    return no_store_json(await f.rematches.decline(access))


ROUTES = [
    Route("/api/lobby", lobby_list, methods=["GET"]),
    Route("/api/lobby", lobby_open, methods=["POST"]),
    Route("/api/lobby/{lobby_id}", lobby_get, methods=["GET"]),
    Route("/api/lobby/{lobby_id}/join", lobby_join, methods=["POST"]),
    Route("/api/lobby/{lobby_id}/leave", lobby_leave, methods=["POST"]),
    Route("/api/quick-match", quick_seek, methods=["POST"]),
    Route("/api/quick-match/{ticket}", quick_status, methods=["GET"]),
    Route("/api/quick-match/{ticket}", quick_cancel, methods=["DELETE"]),
    Route("/api/games/{game_id}/rematch", rematch_get, methods=["GET"]),
    Route("/api/games/{game_id}/rematch", rematch_offer, methods=["POST"]),
    Route("/api/games/{game_id}/rematch", rematch_decline, methods=["DELETE"]),
]
