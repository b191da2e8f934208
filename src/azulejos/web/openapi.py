"""The OpenAPI 3.1 description of the HTTP API (served at /api/openapi.json, saved as
docs/openapi.json). The websocket is described in docs/api.md."""

from __future__ import annotations

from typing import Any

from azulejos import __version__
from azulejos.core.rules import VARIANTS
from azulejos.core.ruleset import MODULES
from azulejos.i18n import LANGUAGES

from . import chat_openapi, clocks_openapi, profiles_openapi, replays_openapi, vacation_openapi
from .accounts import openapi as accounts_openapi
from .fairplay import openapi as fairplay_openapi
from .ladder import openapi as ladder_openapi
from .lobby import openapi as lobby_openapi
from .mail import openapi as mail_openapi
from .openapi_parts import ERR, GAME_ID, GAME_TOKEN, LANG, answer, ref
from .protocol import MAX_MESSAGE, MAX_NAME
from .tournaments import openapi as tournaments_openapi

_ref, _json, _ERR, _AUTH, _GAME_ID = ref, answer, ERR, GAME_TOKEN, GAME_ID
_LANG = LANG

_LETTER = {"type": "string", "enum": ["B", "Y", "R", "K", "W"]}
_COUNTS = {
    "type": "object", "description": "Tile counts by colour letter.",
    "properties": {k: {"type": "integer", "minimum": 0} for k in "BYRKW"},
    "required": list("BYRKW"),
}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {
                        "type": "string",
                        "enum": [
                            "malformed", "too_large", "bad_token", "unknown_game", "stale",
                            "not_your_turn", "you_left", "spectator", "bad_move", "illegal", "game_over",
                            "busy", "not_your_seat", "unknown_language", "unknown_section",
                            "no_guide", "bad_invite", "claimed", "not_host", "not_a_person",
                            "already_left", "rate_limited", "too_many_bot_games",
                            "bad_record", "not_over", "unknown_level", "out_of_time",
                            *clocks_openapi.ERROR_CODES,
                            "damaged_game",
                            *profiles_openapi.ERROR_CODES,
                            *chat_openapi.ERROR_CODES,
                            *accounts_openapi.ERROR_CODES,
                            *lobby_openapi.ERROR_CODES,
                            *vacation_openapi.ERROR_CODES,
                            *fairplay_openapi.ERROR_CODES,
                            *tournaments_openapi.ERROR_CODES,
                            *ladder_openapi.ERROR_CODES,
                        ],
                    },
                    "message": {"type": "string"},
                    "rule": {"type": "string",
                             "description": "Rule id (illegal moves; bad records that break one)."},
                    "reason": {"type": "string",
                               "description": "What is wrong with a record (bad_record): a code "
                                              "of RECORD_ERROR_CODES (core/errors.py); why a "
                                              "password is refused (weak_password: too_short, "
                                              "too_long, guessable)."},
                    "detail": {"type": "string",
                               "description": "The bad record's reason in the request's lang "
                                              "(bad_record)."},
                    "level": {"type": "string",
                              "description": "The bot level the server does not have "
                                             "(unknown_level)."},
                    "levels": {"type": "array", "items": {"type": "string"},
                               "description": "The bot levels it has, as /api/meta bot_levels "
                                              "(unknown_level)."},
                    "version": {"type": "integer", "description": "Current version (stale)."},
                    "current": {"type": "integer", "description": "Seat to move (not_your_turn)."},
                    "seat": {"type": "integer",
                             "description": "The seat, from 0 (claimed; you_left; "
                                            "unknown_level for a seat's level)."},
                    "bot": {"type": "string",
                            "description": "The bot level that plays the seat (you_left)."},
                    "retry_after": {"type": "integer",
                                    "description": "Seconds to wait (rate_limited, "
                                                   "too_many_bot_games; also the Retry-After header)."},
                    "max": {"type": "integer",
                            "description": "The most characters a chat message has (too_long)."},
                    **accounts_openapi.ERROR_FIELDS,
                    **lobby_openapi.ERROR_FIELDS,
                    **vacation_openapi.ERROR_FIELDS,
                    **fairplay_openapi.ERROR_FIELDS,
                    **ladder_openapi.ERROR_FIELDS,
                },
            }
        },
    },
    "SeatRequest": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "kind": {"type": "string", "enum": ["person", "bot"], "default": "person"},
            "name": {"type": "string", "maxLength": 200,
                     "description": f"Cleaned and cut to {MAX_NAME} characters."},
            "level": {"type": "string", "description": "Bot level, one of /api/meta bot_levels "
                                                       "(another: 400 unknown_level)."},
        },
    },
    "CreateGame": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 2},
            "variant": {"type": "string", "enum": list(VARIANTS), "default": "coloured"},
            "seats": {"type": "array", "items": _ref("SeatRequest"),
                      "description": "One per player; default: all persons."},
            "hotseat": {"type": "boolean", "default": False,
                        "description": "Also make one token that plays every person seat."},
            "start_player": {"type": "integer", "minimum": 0, "maximum": 3, "default": 0},
            "stand_in": {"type": "string", "default": "medium",
                         "description": "The bot level (one of /api/meta bot_levels; another: "
                                        "400 unknown_level) that plays the seat of a player who "
                                        "leaves."},
            "clock": _ref("ClockRequest"),
            **profiles_openapi.CREATE_FIELDS,
            **{m.name: {"type": "boolean", "default": False,
                        "description": f"{m.summary} ({m.rules})"
                        + ("" if m.available else "; not available yet: true is refused")}
               for m in MODULES},
        },
    },
    "CreatedGame": {
        "type": "object",
        "required": ["game", "seats", "spectator_token", "hotseat_token", "host_token",
                     "stand_in", "rated"],
        "properties": {
            "game": {"type": "string"},
            "seats": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["seat", "name", "kind", "level", "invite"],
                    "properties": {
                        "seat": {"type": "integer"},
                        "name": {"type": "string"},
                        "kind": {"type": "string", "enum": ["person", "bot"]},
                        "level": {"type": ["string", "null"]},
                        "invite": {"type": ["string", "null"],
                                   "description": "The seat's invitation secret (person seats "
                                                  "of a game that is not hot-seat): claimed "
                                                  "once, with POST /api/games/{id}/claim."},
                    },
                },
            },
            "spectator_token": {"type": "string"},
            "hotseat_token": {"type": ["string", "null"]},
            "host_token": {"type": "string",
                           "description": "The creator's key: views like a spectator, invites "
                                          "again to unclaimed seats."},
            "stand_in": {"type": "string"},
            "clock": _ref("Clock"),
            "rated": profiles_openapi.RATED,
        },
    },
    "Claim": {
        "type": "object",
        "required": ["invite"],
        "additionalProperties": False,
        "properties": {"invite": {"type": "string", "description": "The invitation secret."},
                       **profiles_openapi.CLAIM_FIELDS},
    },
    "Claimed": {
        "type": "object",
        "required": ["game", "seat", "name", "token"],
        "properties": {
            "game": {"type": "string"}, "seat": {"type": "integer"}, "name": {"type": "string"},
            "token": {"type": "string", "description": "The seat's token (shown only now)."},
        },
    },
    "Invited": {
        "type": "object",
        "required": ["game", "seat", "invite"],
        "properties": {"game": {"type": "string"}, "seat": {"type": "integer"},
                       "invite": {"type": "string"}},
    },
    "Leave": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer", "description": "Needed with a hot-seat token."},
            "version": {"type": "integer", "description": "Optional: refused as stale if the "
                                                          "game is not at this version."},
        },
    },
    "Left": {
        "type": "object",
        "required": ["left", "bot", "version"],
        "properties": {"left": {"type": "integer", "description": "The seat."},
                       "bot": {"type": "string", "description": "The bot level that plays it."},
                       "version": {"type": "integer"}},
    },
    "Move": {
        "type": "object",
        "required": ["version", "move"],
        "properties": {
            "version": {"type": "integer", "description": "The version of the view the move was chosen on."},
            "move": {"type": "string", "maxLength": 10,
                     "description": "Move text (docs/notation.md): 3B2, CRF, or a grey-wall choice 2@4."},
        },
    },
    "Accepted": {
        "type": "object",
        "required": ["accepted", "version"],
        "properties": {"accepted": {"const": True}, "version": {"type": "integer"}},
    },
    "Name": {
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": {"type": "string", "maxLength": 200},
            "seat": {"type": "integer", "description": "Needed with a hot-seat token."},
        },
    },
    "Board": {
        "type": "object",
        "properties": {
            "seat": {"type": "integer"},
            "score": {"type": "integer"},
            "lines": {"type": "array", "minItems": 5, "maxItems": 5, "items": {
                "type": "object",
                "properties": {"colour": {"oneOf": [_LETTER, {"type": "null"}]},
                               "count": {"type": "integer"}},
            }},
            "wall": {"type": "array", "description": "wall[row][column]: letter or null",
                     "items": {"type": "array", "items": {"oneOf": [_LETTER, {"type": "null"}]}}},
            "floor": {"type": "array", "items": {"type": "string", "enum": ["B", "Y", "R", "K", "W", "M"]}},
            "floor_penalty": {"type": "integer", "maximum": 0},
            "has_marker": {"type": "boolean"},
            "complete_rows": {"type": "integer"},
        },
    },
    "LegalMove": {
        "type": "object",
        "required": ["move", "preview"],
        "properties": {
            "move": {"type": "string"},
            "source": {"description": "Factory number (1-9) or \"C\"."},
            "colour": _LETTER,
            "destination": {"description": "Pattern line (1-5) or \"F\"."},
            "line": {"type": "integer"},
            "column": {"type": "integer"},
            "split": {"type": "string", "pattern": "^[<>]{1,4}$",
                      "description": "An SF4 draft (R43): the direction of each colour left on "
                      "the display, in B Y R K W order (< left, > right); one entry per split."},
            "sends": {"type": "array", "description": "An SF4 split (R43): where each colour left "
                      "on the display goes, as the rules core says.",
                      "items": {"type": "object", "required": ["colour", "tiles", "side", "to"],
                                "properties": {
                                    "colour": {"type": "string", "enum": list("BYRKW")},
                                    "tiles": {"type": "integer"},
                                    "side": {"type": "string", "enum": ["left", "right"]},
                                    "to": {"type": "integer"}}}},
            "preview": {"type": "object", "description": "What the move does (see docs/api.md)."},
        },
    },
    "Specials": {
        "type": ["object", "null"],
        "description": "Master Chocolatier special displays (R40-R47); null when the module is off.",
        "properties": {
            "displays": {"type": "array", "items": {"type": ["string", "null"]},
                         "description": "Each display's kind this round (SF1, SF2B..SF2W, SF3, "
                         "SF4, SF5) or null for a plain one."},
            "neighbours": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}},
                           "description": "Each display's left and right neighbour still in "
                           "the circle (1-based; a taken SF5 is skipped, R43)."},
            "sf5": {"type": ["object", "null"], "description":
                    "The taken SF5 (R44): holder (seat), tile (letter or null) and display.",
                    "properties": {"holder": {"type": "integer"},
                                   "tile": {"oneOf": [_LETTER, {"type": "null"}]},
                                   "display": {"type": ["integer", "null"]}}},
        },
    },
    "View": {
        "type": "object",
        "description": "Everything one viewer may see. Never the bag order, the generator or future fills.",
        "required": ["game", "version", "players", "variant", "ruleset", "phase", "round", "current",
                     "you", "to_move", "rated", "seats", "factories", "centre", "marker_in_centre",
                     "specials", "bag", "lid", "boards", "legal", "log", "result"],
        "properties": {
            "game": {"type": "string"},
            "version": {"type": "integer"},
            "players": {"type": "integer"},
            "variant": {"type": "string", "enum": list(VARIANTS)},
            "ruleset": {"type": "object", "description":
                        "The game's ruleset as in a record: players, variant and each "
                        "optional module that is on (e.g. special_factories: true)."},
            "phase": {"type": "string", "enum": ["draft", "place", "over"]},
            "round": {"type": "integer"},
            "current": {"type": ["integer", "null"]},
            "start_player": {"type": "integer"},
            "pending_line": {"type": ["integer", "null"]},
            "you": {"type": "object", "properties": {
                "role": {"type": "string", "enum": ["seat", "hotseat", "spectator", "host"]},
                "seats": {"type": "array", "items": {"type": "integer"},
                          "description": "The seats this token plays now."},
                "left": {"type": "array", "items": {"type": "integer"},
                         "description": "The seats of this token whose player left."},
            }},
            "to_move": {"type": "boolean"},
            "stand_in": {"type": "string",
                         "description": "The bot level that plays the seat of a player who leaves."},
            "rated": profiles_openapi.RATED,
            "seats": {"type": "array", "items": {"type": "object", "properties": {
                "seat": {"type": "integer"}, "name": {"type": "string"},
                "kind": {"type": "string"}, "level": {"type": ["string", "null"]},
                "claimed": {"type": "boolean",
                            "description": "A person seat taken from its invitation."},
                **profiles_openapi.SEAT_FIELDS, **vacation_openapi.SEAT_FIELDS,
                "left": {"type": ["object", "null"], "description":
                         "The player left: round, moves (played before), reason "
                         "(resigned or timeout) and bot (the level that plays for them)."},
                "online": {"type": "boolean"},
                "state": {"enum": ["bot", "left", "invited", "online", "offline"],
                          "description": "What the board says of the seat: a bot; left (a "
                                         "stand-in bot plays it); invited (a person seat whose "
                                         "invitation nobody has opened yet); a claimed seat "
                                         "online or offline (a page open on the game or not)."},
            }}},
            "factories": {"type": "array", "items": {"type": "string"},
                          "description": "Each factory's tiles as letters (B Y R K W order)."},
            "centre": {"type": "string"},
            "marker_in_centre": {"type": "boolean"},
            "specials": _ref("Specials"),
            "bag": _COUNTS,
            "lid": _COUNTS,
            "boards": {"type": "array", "items": _ref("Board")},
            "legal": {"type": "array", "items": _ref("LegalMove"),
                      "description": "Only when this viewer is to move."},
            "log": {"type": "array", "items": {"type": "object"}},
            "result": {"type": ["object", "null"]},
            "clock": _ref("Clock"),
            "expired": clocks_openapi.EXPIRED,
        },
    },
    "Summary": {
        "type": ["object", "null"],
        "properties": {
            "game": {"type": "string"}, "role": {"type": "string"},
            "seats": {"type": "array", "items": {"type": "integer"}},
            "left": {"type": "array", "items": {"type": "integer"}},
            "left_reasons": {"type": "array", "items": {"enum": ["resigned", "timeout"]},
                             "description": "Why each seat of `left` was left, in its order."},
            "unclaimed": {"type": "array", "items": {"type": "integer"},
                          "description": "The person seats whose invitations nobody has opened."},
            "names": {"type": "array", "items": {"type": "string"}},
            "players": {"type": "integer"}, "variant": {"type": "string"},
            "ruleset": {"type": "object"},
            "phase": {"type": "string"}, "round": {"type": "integer"},
            "current": {"type": ["integer", "null"]}, "to_move": {"type": "boolean"},
            "scores": {"type": "array", "items": {"type": "integer"}},
            "winners": {"type": "array", "items": {"type": "integer"}},
            "created": {"type": "number"}, "version": {"type": "integer"},
            "clock": _ref("Clock"),
            "expired": clocks_openapi.EXPIRED,
            "vacations": vacation_openapi.SUMMARY_VACATIONS,
        },
    },
}

def openapi_schema() -> dict[str, Any]:
    limit = f"Bodies over {MAX_MESSAGE} bytes get 413."
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "azulejos game server",
            "version": __version__,
            "description": (
                "HTTP part of the azulejos server API. Live play also has a websocket at "
                "/ws/games/{game_id}; see docs/api.md. " + limit
            ),
        },
        "components": {
            "securitySchemes": {
                "gameToken": {
                    "type": "http", "scheme": "bearer",
                    "description": "A seat token (from claiming an invitation), or a hot-seat, "
                                   "spectator or creator's token from game creation.",
                },
                **profiles_openapi.SECURITY,
                **accounts_openapi.SECURITY,
            },
            "schemas": (SCHEMAS | replays_openapi.SCHEMAS | clocks_openapi.SCHEMAS
                        | profiles_openapi.SCHEMAS | chat_openapi.SCHEMAS
                        | accounts_openapi.SCHEMAS | lobby_openapi.SCHEMAS
                        | fairplay_openapi.SCHEMAS | tournaments_openapi.SCHEMAS
                        | ladder_openapi.SCHEMAS),
        },
        "paths": {
            "/api/meta": {"get": {
                "summary": "Languages, themes, bot levels, limits and the rule facts the client draws",
                "operationId": "meta",
                "parameters": [_LANG],
                "responses": {"200": _json({"type": "object"}, "Server facts.")},
            }},
            "/api/messages/{lang}": {"get": {
                "summary": "The browser client's words in one language",
                "operationId": "messages",
                "parameters": [{"name": "lang", "in": "path", "required": True,
                                "schema": {"type": "string", "enum": list(LANGUAGES)}}],
                "responses": {
                    "200": _json({"type": "object", "additionalProperties": {"oneOf": [
                        {"type": "string"},
                        {"type": "array", "items": {"type": "string"},
                         "description": "A plural message: its forms in the language's order."},
                    ]}}, "Message key to text."),
                    "404": _ERR,
                },
            }},
            "/api/games": {"post": {
                "summary": "Create a game (dealt for round 1)",
                "operationId": "createGame",
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("CreateGame")}}},
                "responses": {
                    "201": _json(_ref("CreatedGame"), "The game, its invitations and tokens "
                                                      "(shown only now)."),
                    "400": _ERR, "401": _ERR, "403": _ERR, "413": _ERR, "429": _ERR,
                },
            }},
            "/api/games/{game_id}/claim": {"post": {
                "summary": "Claim a seat from its invitation (the first to open it gets it)",
                "description": "Atomic: of two people opening the same link at once exactly one "
                               "gets the seat; the other gets 409 claimed. No token needed. "
                               "No such game answers 403 bad_invite, as a wrong invitation does; "
                               "such failures count against the client's look-up limit (429).",
                "operationId": "claimSeat",
                "parameters": [_GAME_ID],
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Claim")}}},
                "responses": {
                    "200": _json(_ref("Claimed"), "The seat and its token (shown only now)."),
                    "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "409": _ERR, "413": _ERR, "429": _ERR,
                },
            }},
            "/api/games/{game_id}/invite": {"post": {
                "summary": "A new invitation for a seat nobody claimed (creator's token)",
                "operationId": "inviteAgain",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["seat"],
                    "properties": {"seat": {"type": "integer"}}}}}},
                "responses": {
                    "200": _json(_ref("Invited"), "The new invitation; the old link stops working."),
                    "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "409": _ERR, "429": _ERR,
                },
            }},
            "/api/games/{game_id}/leave": {"post": {
                "summary": "Leave the game (resign): a bot of the game's stand-in level plays the seat",
                "operationId": "leaveGame",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Leave")}}},
                "responses": {
                    "200": _json(_ref("Left"), "Stored; a bot plays the seat from now on."),
                    "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "409": _ERR, "429": _ERR,
                },
            }},
            "/api/my-games": {"post": {
                "summary": "Summaries of the games some tokens open",
                "operationId": "myGames",
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["tokens"],
                    "properties": {"tokens": {"type": "array", "maxItems": 50, "items": {"type": "string"}}},
                }}}},
                "responses": {
                    "200": _json({"type": "object", "properties": {
                        "games": {"type": "array", "items": _ref("Summary")},
                        "order": {"type": "array", "items": {"type": "integer"},
                                  "description": "Indexes of games to list them by: your turn "
                                                 "first (soonest deadline first), then the "
                                                 "others in play, then the finished ones."}}},
                        "One entry per token, null where a token opens nothing."),
                    "400": _ERR, "413": _ERR, "429": _ERR,
                },
            }},
            "/api/games/{game_id}": {"get": {
                "summary": "The view of a game for the token's holder",
                "operationId": "getView",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "responses": {"200": _json(_ref("View"), "The view."), "401": _ERR, "403": _ERR, "404": _ERR,
                              "429": _ERR},
            }},
            "/api/games/{game_id}/moves": {"post": {
                "summary": "Play a move",
                "description": "Accepted only from the seat to move, on the current version, if legal. "
                               "The move is stored before the answer and before anyone is told.",
                "operationId": "playMove",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Move")}}},
                "responses": {
                    "200": _json(_ref("Accepted"), "Stored; the new version."),
                    "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "409": _ERR,
                    "413": _ERR, "422": _ERR, "429": _ERR,
                },
            }},
            "/api/games/{game_id}/name": {"post": {
                "summary": "Set the name of one's seat",
                "operationId": "setName",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Name")}}},
                "responses": {
                    "200": _json({"type": "object", "required": ["ok"],
                                  "properties": {"ok": {"const": True}}}, "Renamed."),
                    "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "413": _ERR, "429": _ERR,
                },
            }},
            "/api/games/{game_id}/record": {"get": {
                "summary": "The game record (azulejos-record/1, docs/notation.md)",
                "operationId": "getRecord",
                "security": _AUTH,
                "parameters": [_GAME_ID],
                "responses": {
                    "200": _json({"type": "object"}, "The record so far (complete once the game is over)."),
                    "401": _ERR, "403": _ERR, "404": _ERR, "429": _ERR,
                },
            }},
            **replays_openapi.paths(),
            "/api/guide/{section}": {"get": {
                "summary": "A section of the rules guide (light markdown)",
                "operationId": "guide",
                "parameters": [
                    {"name": "section", "in": "path", "required": True,
                     "schema": {"type": "string", "enum": ["setup", "recap", "teach", "faq", "variant"]}},
                    _LANG,
                ],
                "responses": {
                    "200": _json({"type": "object", "properties": {
                        "section": {"type": "string"}, "lang": {"type": "string"},
                        "text": {"type": "string"}}}, "The section."),
                    "404": _ERR,
                },
            }},
            **clocks_openapi.paths(),
            **profiles_openapi.paths(),
            **chat_openapi.paths(),
            **mail_openapi.paths(),
            **accounts_openapi.paths(),
            **lobby_openapi.paths(),
            **vacation_openapi.paths(),
            **fairplay_openapi.paths(),
            **tournaments_openapi.paths(),
            **ladder_openapi.paths(),
            "/api/openapi.json": {"get": {
                "summary": "This description",
                "operationId": "openapi",
                "responses": {"200": _json({"type": "object"}, "OpenAPI 3.1 document.")},
            }},
        },
    }
