"""The game routes: make a game, see it, move, name, claim and leave seats, the clock's wait or
bot, the chat, the record, its replay and its review (docs/api.md, "Games" onwards)."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .accounts.cookies import signed_in
from .clocks import my_games_order
from .endpoints import (
    LOOKUP_FAILURES,
    client_of,
    game_access,
    handles_errors,
    lang_of,
    limit,
    read_body,
    service_of,
    theme_of,
)
from .limits import RateLimiter
from .lobby.settings import invitation_rated  # rated games: only from the lobby
from .protocol import GameError, only_fields, parse_create
from .replays import MAX_RECORD, Reviews, frames_json, load, reviewed
from .service import bot_levels


@handles_errors
async def create_game(request: Request) -> Response:
    limit(request, "games")
    body = await read_body(request)
    # the profile fields (docs/api.md, "Profiles"): the creator's key, and a rated game or not
    profile, rated = body.pop("profile", None), invitation_rated(body.pop("rated", None))
    req = parse_create(body, bot_levels())
    who = await signed_in(request)  # a signed-in creator's account profile (docs/api.md, "Accounts")
    created = await service_of(request).create(req, profile, rated,
                                             None if who is None else who.profile)
    return JSONResponse(created, status_code=201)


@handles_errors
async def my_games(request: Request) -> Response:
    limit(request, "my_games")
    data = await read_body(request)
    tokens = data.get("tokens")
    if not isinstance(tokens, list) or len(tokens) > 50:
        raise GameError("malformed", "'tokens' must be a list of at most 50 tokens")
    games = await service_of(request).summaries(tokens)
    # "order": your turn first (soonest deadline first), then the others, then finished ones
    return JSONResponse({"games": games, "order": my_games_order(games)})


@handles_errors
async def game_view(request: Request) -> Response:
    svc = service_of(request)
    acc = await game_access(request)
    return JSONResponse(await svc.view(acc))


@handles_errors
async def play_move(request: Request) -> Response:
    limit(request, "moves")
    svc = service_of(request)
    acc = await game_access(request)
    data = await read_body(request)
    version = await svc.play(acc, data.get("version"), data.get("move"))
    await svc.fairplay.note_move(acc, client_of(request))  # fair play: the seat's client
    return JSONResponse({"accepted": True, "version": version})


@handles_errors
async def set_name(request: Request) -> Response:
    limit(request, "names")
    svc = service_of(request)
    acc = await game_access(request)
    data = await read_body(request)
    await svc.rename(acc, data.get("name"), data.get("seat"))
    return JSONResponse({"ok": True})


# -- chat (docs/api.md, "Chat") ------------------------------------------------------------------
@handles_errors
async def chat_history(request: Request) -> Response:
    svc = service_of(request)
    acc = await game_access(request)
    return JSONResponse(await svc.chat_history(acc))


@handles_errors
async def chat_post(request: Request) -> Response:
    svc = service_of(request)
    acc = await game_access(request)
    data = await read_body(request)
    only_fields(data, ("text",))
    return JSONResponse(await svc.chat_post(acc, data.get("text")), status_code=201)


@handles_errors
async def chat_mute(request: Request) -> Response:
    svc = service_of(request)
    acc = await game_access(request)
    data = await read_body(request)
    only_fields(data, ("seat", "muted"))
    return JSONResponse(await svc.chat_mute(acc, data.get("seat"), data.get("muted")))


@handles_errors
async def claim_seat(request: Request) -> Response:
    limit(request, "moves")
    data = await read_body(request)
    only_fields(data, ("invite", "profile"))
    who = await signed_in(request)
    guard: RateLimiter = request.app.state.limit_bad_tokens
    claimed = await guard.failures(client_of(request), LOOKUP_FAILURES, lambda: service_of(
        request).claim(request.path_params["game_id"], data.get("invite"), data.get("profile"),
                       None if who is None else who.profile, client_of(request)))
    return JSONResponse(claimed)


@handles_errors
async def invite_again(request: Request) -> Response:
    limit(request, "games")
    svc = service_of(request)
    acc = await game_access(request)
    data = await read_body(request)
    return JSONResponse(await svc.reinvite(acc, data.get("seat")))


@handles_errors
async def leave_game(request: Request) -> Response:
    limit(request, "moves")
    svc = service_of(request)
    acc = await game_access(request)
    data = await read_body(request)
    return JSONResponse(await svc.leave(acc, data.get("seat"), data.get("version")))


@handles_errors
async def timeout_choice(request: Request) -> Response:
    """Wait for an overdue player, or hand their seat to the bot (docs/api.md, "Wait or bot")."""
    limit(request, "moves")
    svc = service_of(request)
    acc = await game_access(request)  # a wrong token counts as a bad look-up, as elsewhere
    data = await read_body(request)
    only_fields(data, ("choice",))
    return JSONResponse(await svc.choose_timeout(acc, data.get("choice")))


@handles_errors
async def game_record(request: Request) -> Response:
    svc = service_of(request)
    gid = request.path_params["game_id"]
    acc = await game_access(request)
    text = await svc.record(acc)
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="azulejos-{gid}.json"'},
    )


@handles_errors
async def game_replay(request: Request) -> Response:
    """Every position of a game up to now, for the replay view (docs/api.md, "Replays")."""
    svc = service_of(request)
    acc = await game_access(request)
    text = await svc.record(acc)
    lang, theme = lang_of(request), theme_of(request)

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
    lang, theme = lang_of(request), theme_of(request)

    def build() -> dict[str, Any]:
        record, _final = load(bytes(body), lang)
        return frames_json(record, lang, theme)

    return JSONResponse(await run_in_threadpool(build))


@handles_errors
async def review_game(request: Request) -> Response:
    """The engine review of a finished game, run once in the bot scheduler's background slots
    (people's bot replies go first) with a bounded budget, as a replay with its review."""
    limit(request, "games")
    svc = service_of(request)
    gid = request.path_params["game_id"]
    acc = await game_access(request)
    text = await svc.record(acc)
    record, final = await run_in_threadpool(load, text, lang_of(request))
    if not final.is_over:
        raise GameError("not_over", "a game can be reviewed once it has ended", 409)
    reviews: Reviews = request.app.state.reviews
    done = await reviews.get(gid, lambda: svc.bots.run(lambda: reviewed(record), person=False))
    data = await run_in_threadpool(frames_json, done, lang_of(request), theme_of(request))
    data["record"] = done.to_json()
    return JSONResponse(data)


ROUTES: list[BaseRoute] = [
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
]
