"""The site's routes: the browser client's pages, what the server offers (``/api/meta``), the
interface's words, the rules guide, the OpenAPI document, and the profiles with their
leaderboard (docs/api.md, "Profiles")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from azulejos import __version__
from azulejos.core.rules import VARIANTS
from azulejos.i18n import LANGUAGES

from .endpoints import error_response, handles_errors, lang_of, limit, page, read_body, service_of
from .messages import languages, theme_json, ui_messages
from .openapi import openapi_schema
from .protocol import MAX_MESSAGE, GameError, only_fields
from .replays import MAX_RECORD
from .service import bot_levels
from .views import rules_json

GUIDE_SECTIONS = ("setup", "recap", "teach", "faq", "variant", "specials")
#: A rules-guide section's text: ``guide(section, lang)``; the app holds one (or None).
GuideText = Callable[[str, str], str]


# -- what the server offers ----------------------------------------------------------------------
async def meta(request: Request) -> Response:
    lang = lang_of(request)
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
    seconds = service_of(request).turn_seconds
    return {"kind": "move", "seconds": max(1, round(seconds))} if seconds > 0 else None


async def messages(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return error_response(GameError("unknown_language", f"languages: {', '.join(LANGUAGES)}", 404))
    return JSONResponse(ui_messages(lang))



# -- profiles (docs/api.md, "Profiles") ---------------------------------------------------------
@handles_errors
async def create_profile(request: Request) -> Response:
    limit(request, "profiles")
    data = await read_body(request)
    only_fields(data, ("name",))
    made = await service_of(request).profiles.create(data.get("name"))
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
    profiles = service_of(request).profiles
    mine = await profiles.by_key(profile_key(request))
    return JSONResponse(await profiles.public(mine.profile_id))


@handles_errors
async def get_profile(request: Request) -> Response:
    return JSONResponse(await service_of(request).profiles.public(request.path_params["profile_id"]))


@handles_errors
async def rename_profile(request: Request) -> Response:
    limit(request, "names")
    key = profile_key(request)
    data = await read_body(request)
    only_fields(data, ("name",))
    done = await service_of(request).profiles.rename(request.path_params["profile_id"], key,
                                                   data.get("name"))
    return JSONResponse(done)


@handles_errors
async def leaderboard(request: Request) -> Response:
    q = request.query_params
    return JSONResponse(await service_of(request).profiles.leaderboard(
        q.get("players"), q.get("variant"), q.get("page"), q.get("min_games")))


def _guide(request: Request) -> GuideText | None:
    guide: GuideText | None = request.app.state.guide
    return guide


async def guide_section(request: Request) -> Response:
    section = request.path_params["section"]
    lang = lang_of(request)
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


ROUTES: list[BaseRoute] = [
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
    Route("/api/guide/{section}", guide_section),
    Route("/api/profiles", create_profile, methods=["POST"]),
    Route("/api/profile", own_profile),
    Route("/api/profiles/{profile_id}", get_profile),
    Route("/api/profiles/{profile_id}/name", rename_profile, methods=["POST"]),
    Route("/api/leaderboard", leaderboard),
    Route("/api/openapi.json", openapi),
]
