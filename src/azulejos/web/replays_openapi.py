"""The OpenAPI description of the replay and review routes (joined into :mod:`.openapi`;
docs/api.md, "Replays")."""

from __future__ import annotations

from typing import Any

from azulejos.render.themes import THEMES

from .openapi_parts import ERR, GAME_ID, GAME_TOKEN, LANG, answer, ref
from .replays import MAX_RECORD

_ref, _json, _ERR, _AUTH, _GAME_ID, _LANG = ref, answer, ERR, GAME_TOKEN, GAME_ID, LANG

_THEME = {
    "name": "theme", "in": "query", "required": False,
    "schema": {"type": "string", "enum": list(THEMES), "default": "classic"},
    "description": "The theme whose words tell the moves (unknown: classic).",
}
_REPLAY: dict[str, Any] = {
    "type": "object",
    "description": "Every position of a game record, for the replay view (docs/api.md, "
                   "\"Replays\").",
    "required": ["players", "variant", "ruleset", "seats", "over", "result", "frames", "review"],
    "properties": {
        "players": {"type": "integer"}, "variant": {"type": "string"},
        "ruleset": {"type": "object"},
        "game": {"type": ["string", "null"]},
        "seats": {"type": "array", "items": {"type": "object"}},
        "over": {"type": "boolean", "description": "False: a running game, up to now."},
        "result": {"type": ["object", "null"], "description": "As in the view (game over)."},
        "frames": {"type": "array", "items": {
            "type": "object",
            "required": ["round", "move", "seat", "text", "tiling", "tiling_text", "review", "table"],
            "properties": {
                "round": {"type": "integer"},
                "move": {"type": ["string", "null"],
                         "description": "The move just played, in notation with the theme's "
                                        "letters (null: a round's start, after the fill)."},
                "seat": {"type": ["integer", "null"]},
                "text": {"type": "string", "description": "What happened, in words."},
                "fill": {"type": "object", "description": "Round starts: as the log's fill."},
                "tiling": {"type": "array", "items": {"type": "object"}},
                "tiling_text": {"type": "array", "items": {"type": "string"}},
                "review": {"type": ["object", "null"],
                           "description": "The engine review of the move: best, lost, note, text."},
                "table": {"type": "object",
                          "description": "The position in the view's words: phase, round, "
                                         "current, factories, centre, specials, boards, ..."},
            },
        }},
        "review": {"type": ["object", "null"],
                   "description": "engine, seconds, iterations, mistake_points and per seat "
                                  "the biggest mistakes (frame, round, number, move, best, lost, "
                                  "text); null: the record has no review."},
    },
}
_REVIEWED: dict[str, Any] = {
    **_REPLAY,
    "description": "A replay with its engine review, and the record annotated with it.",
    "required": [*_REPLAY["required"], "record"],
    "properties": {
        **_REPLAY["properties"],
        "record": {"type": "object", "description": "The azulejos-record/1 record with its "
                   "review (docs/notation.md): it opens in the browser like a downloaded one."},
    },
}

SCHEMAS: dict[str, Any] = {"Replay": _REPLAY, "Reviewed": _REVIEWED}


def paths() -> dict[str, Any]:
    """The replay routes: a game's replay and its engine review, and a record opened in the
    browser."""
    return {
    "/api/games/{game_id}/replay": {"get": {
        "summary": "The game up to now as a replay (every position, moves in words)",
        "operationId": "getReplay",
        "security": _AUTH,
        "parameters": [_GAME_ID, _LANG, _THEME],
        "responses": {
            "200": _json(_ref("Replay"), "The replay."),
            "401": _ERR, "403": _ERR, "404": _ERR, "429": _ERR,
        },
    }},
    "/api/games/{game_id}/review": {"post": {
        "summary": "The engine review of a finished game, as a replay with its review",
        "description": "Runs once per game (kept in the database), with a bounded iteration "
                       "budget, in the bot scheduler's background slots; counted "
                       "against the new-games rate limit. The answer also holds "
                       "`record`: the record annotated with the review.",
        "operationId": "reviewGame",
        "security": _AUTH,
        "parameters": [_GAME_ID, _LANG, _THEME],
        "responses": {
            "200": _json(_ref("Reviewed"), "The replay with its review, and `record`."),
            "401": _ERR, "403": _ERR, "404": _ERR,
            "409": _json(_ref("Error"), "not_over: the game has not ended."),
            "429": _ERR,
        },
    }},
    "/api/replay": {"post": {
        "summary": "A record opened in the browser, checked under the rules, as a replay",
        "operationId": "replayRecord",
        "parameters": [_LANG, _THEME],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": {"type": "object", "description": "An azulejos-record/1 record "
                       f"(docs/notation.md), at most {MAX_RECORD} bytes."}}}},
        "responses": {
            "200": _json(_ref("Replay"), "The replay."),
            "400": _json(_ref("Error"), "bad_record: malformed, or does not replay "
                         "under the rules (one line naming where and the rule)."),
            "413": _ERR, "429": _ERR,
        },
    }},
    }
