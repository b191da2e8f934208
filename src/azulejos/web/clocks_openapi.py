"""The OpenAPI description of the clocks (joined into :mod:`.openapi`; docs/api.md, "Clocks",
"Wait or bot", "Expiry"): the clock of a new game and of a view, the wait-or-bot route, and when
a game expired."""

from __future__ import annotations

from typing import Any

from .openapi_parts import ERR, GAME_ID, GAME_TOKEN, answer, ref

#: Error codes of the clocks.
ERROR_CODES = ("not_a_player", "overdue_player", "no_offer", "expired")

#: The ``expired`` key of a view and of a "my games" summary.
EXPIRED: dict[str, Any] = {
    "type": ["number", "null"],
    "description": "When the game expired, nobody having moved for its clock's expiry "
                   "(docs/api.md, \"Expiry\"); null: it did not."}

_ref, _json, _ERR, _AUTH, _GAME_ID = ref, answer, ERR, GAME_TOKEN, GAME_ID


SCHEMAS: dict[str, Any] = {
    "ClockRequest": {
        "oneOf": [
            {"type": "object",
             "additionalProperties": False,
             "required": ["kind"],
             "properties": {
                 "kind": {"type": "string", "enum": ["none", "move", "game"]},
                 "seconds": {"type": "integer", "minimum": 10, "maximum": 2592000,
                             "description": "Per move, or per seat for the whole game."},
                 "bank": {"type": "integer", "minimum": 0, "maximum": 2592000,
                          "description": "A per-move clock's time bank: seconds per seat "
                                         "for the whole game, spent when a move's own time "
                                         "runs out, never refilled."},
                 "increment": {"type": "integer", "minimum": 0, "maximum": 86400,
                               "description": "A per-game clock's increment (Fischer): "
                                              "seconds given back after each move."},
             }},
            {"type": "string", "pattern": "^(none|(move|game):[0-9]+[smhd]?(\\+.*)?)$",
             "description": "The terminal's --clock text: move:1d+bank:3d, game:10m+5s, none.",
             "examples": ["move:1d+bank:3d", "game:10m+5s"]},
        ],
        "description": "The game's clock (docs/api.md, \"Clocks\"); omitted: the server's "
                       "default (serve --turn-seconds: that many seconds per move, or none).",
    },
    "Clock": {
        "type": ["object", "null"],
        "description": "A game's clock (null: none): the person seat timed now (null: none, "
                       "e.g. a bot's turn), its deadline (wall-clock seconds since the epoch), "
                       "the server's time, and each seat's remaining seconds (per move: the "
                       "seat to move's only, its bank included); the time bank and increment "
                       "(0: none) and each seat's bank left (null: no bank).",
        "properties": {
            "kind": {"type": "string", "enum": ["move", "game"]},
            "seconds": {"type": "integer"},
            "now": {"type": "number"},
            "seat": {"type": ["integer", "null"]},
            "deadline": {"type": ["number", "null"]},
            "remaining": {"type": "array", "items": {"type": ["number", "null"]}},
            "bank": {"type": "integer"},
            "increment": {"type": "integer"},
            "banks": {"type": ["array", "null"], "items": {"type": "number"}},
            "paused": {"type": "boolean",
                       "description": "The timed turn's clock stands still: its player is on "
                                      "vacation (its remaining time stays; the deadline moves "
                                      "on by the vacation when it ends)."},
            "overdue": {
                "type": ["object", "null"],
                "description": "The wait-or-bot offer of the turn out of time (null: none).",
                "additionalProperties": False,
                "required": ["seat", "choice", "until"],
                "properties": {
                    "seat": {"type": "integer", "description": "The seat out of time."},
                    "choice": {"type": ["string", "null"], "enum": ["wait", None],
                               "description": "null: nobody chose yet; wait: the others wait."},
                    "until": {"type": ["number", "null"],
                              "description": "When the bot takes the seat if nobody chooses "
                                             "(null once the others chose to wait)."},
                },
            },
        },
    },
}


def paths() -> dict[str, Any]:
    """The clocks' routes."""
    return {
        "/api/games/{game_id}/timeout": {"post": {
            "summary": "Wait for a player whose time ran out, or hand their seat to the bot",
            "description": "docs/api.md, \"Wait or bot\": by another seat's token; "
                           "refused for a spectator (403 not_a_player), the overdue player "
                           "(403 overdue_player) and when nobody is overdue (409 no_offer: "
                           "the player moved, or the bot took the seat, by a choice or by "
                           "default).",
            "operationId": "chooseTimeout",
            "security": _AUTH,
            "parameters": [_GAME_ID],
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["choice"], "additionalProperties": False,
                "properties": {"choice": {"type": "string", "enum": ["wait", "bot"]}}}}}},
            "responses": {
                "200": _json({"type": "object", "additionalProperties": False,
                              "required": ["choice", "seat"],
                              "properties": {"choice": {"type": "string",
                                                        "enum": ["wait", "bot"]},
                                             "seat": {"type": "integer"}}},
                             "Stored: the offer waits (no default any more), or a bot plays "
                             "the seat from now on."),
                "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "409": _ERR, "429": _ERR,
            },
        }},
    }
