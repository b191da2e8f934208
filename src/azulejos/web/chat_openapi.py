"""The OpenAPI description of the chat routes (joined into :mod:`.openapi`; docs/api.md,
"Chat")."""

from __future__ import annotations

from typing import Any

from .chat import HISTORY, MAX_CHAT
from .openapi_parts import ERR, GAME_ID, GAME_TOKEN, answer, body, ref

#: Error codes of the chat routes.
ERROR_CODES = ("too_long", "no_chat")  # (you_left: the game's own)

_json, _ERR, _AUTH, _GAME_ID = answer, ERR, GAME_TOKEN, GAME_ID


_SEATS = {"type": "array", "items": {"type": "integer"},
          "description": "The seats whose messages the reader no longer gets."}

SCHEMAS: dict[str, Any] = {
    "ChatMessage": {
        "type": "object",
        "required": ["seq", "seat", "name", "text", "at"],
        "additionalProperties": False,
        "properties": {
            "seq": {"type": "integer", "minimum": 1, "description": "Its number in the game."},
            "seat": {"type": "integer", "description": "The writer's seat."},
            "name": {"type": "string", "description": "The seat's name when it was written."},
            "text": {"type": "string", "maxLength": MAX_CHAT,
                     "description": "Plain text: show it as text, never as markup."},
            "at": {"type": "number", "description": "When (Unix time, seconds)."},
        },
    },
    "ChatPost": {
        "type": "object",
        "required": ["text"],
        "properties": {"text": {"type": "string", "description": f"At most {MAX_CHAT} "
                                "characters once white space is collapsed."}},
    },
    "ChatHistory": {
        "type": "object",
        "required": ["messages", "muted"],
        "additionalProperties": False,
        "properties": {
            "messages": {"type": "array", "items": ref("ChatMessage"),
                         "description": f"The last {HISTORY}, oldest first, without those of "
                                        "the seats the reader muted."},
            "muted": _SEATS,
        },
    },
    "Mute": {
        "type": "object",
        "required": ["seat", "muted"],
        "properties": {"seat": {"type": "integer"}, "muted": {"type": "boolean"}},
    },
    "Muted": {
        "type": "object",
        "required": ["muted"],
        "additionalProperties": False,
        "properties": {"muted": _SEATS},
    },
}


def paths() -> dict[str, Any]:
    return {
        "/api/games/{game_id}/chat": {
            "get": {
                "summary": "The game's chat (any token of the game reads it)",
                "operationId": "getChat",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "responses": {"200": _json(ref("ChatHistory"), "The messages."),
                              "401": _ERR, "403": _ERR, "404": _ERR, "409": _ERR},
            },
            "post": {
                "summary": "Write in the game's chat (a seat's token; not hot-seat)",
                "operationId": "postChat",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "requestBody": body("ChatPost"),
                "responses": {"201": _json(ref("ChatMessage"), "Stored and sent."),
                              "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "409": _ERR,
                              "413": _ERR, "415": _ERR, "429": _ERR},
            },
        },
        "/api/games/{game_id}/mute": {"post": {
            "summary": "Mute or unmute another seat of the game in one's chat",
            "operationId": "muteSeat",
            "security": _AUTH,
            "parameters": [_GAME_ID],
            "requestBody": body("Mute"),
            "responses": {"200": _json(ref("Muted"), "Whom the seat mutes now."),
                          "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "409": _ERR,
                          "413": _ERR, "415": _ERR},
        }},
    }
