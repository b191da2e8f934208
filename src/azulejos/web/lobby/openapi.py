"""The OpenAPI description of finding a game: the lobby, quick match and rematches (joined
into :mod:`..openapi`; docs/api.md, "Lobby", "Quick match", "Rematch")."""

from __future__ import annotations

from typing import Any

from azulejos.core.rules import VARIANTS
from azulejos.core.ruleset import MODULES

from ..openapi_parts import ERR, GAME_ID, GAME_TOKEN, answer, body, ref
from .quick import BAND_EVERY, BAND_START, BAND_STEP
from .rematch import OFFER_SECONDS
from .service import MAX_OPEN

#: Error codes of these routes.
ERROR_CODES = ("rated_needs_lobby", "unknown_lobby", "already_seated", "no_free_seat",
               "not_open", "not_seated", "too_many_open", "unknown_ticket", "already_matched",
               "not_waiting", "no_rematch", "lobby_expired")  # (signed_out, no_offer, not_over: listed already)
#: Fields some of their refusals carry.
ERROR_FIELDS: dict[str, Any] = {
    "lobby": {"type": ["string", "null"],
              "description": "The public game a quick-match request was paired into "
                             "(already_matched)."},
    "minutes": {"type": "integer",
                "description": "How long an open public game waits for its players "
                               "(lobby_expired)."},
}

_SESSION: list[dict[str, list[str]]] = [{"session": []}]
_SETTINGS_PROPS: dict[str, Any] = {
    "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 2},
    "variant": {"type": "string", "enum": list(VARIANTS), "default": VARIANTS[0]},
    **{m.name: {"type": "boolean", "default": False, "description": f"Rules module {m.name}."}
       for m in MODULES},
    "clock": {"type": ["string", "null"],
              "description": "Its text form (\"move:1d\", \"game:10m+5s\"; null: the "
                             "server's default)."},
    "rated": {"type": "boolean", "default": True,
              "description": "Rated: every seat is a signed-in account."},
}
_SEAT = {"type": "object", "required": ["seat", "name", "profile"], "properties": {
    "seat": {"type": "integer"}, "name": {"type": "string"},
    "profile": {"type": "string", "description": "The player's profile: /api/profiles/{id}."}}}
_YOU = {"type": ["object", "null"], "required": ["seat", "token"], "properties": {
    "seat": {"type": "integer", "description": "The account's seat."},
    "token": {"type": ["string", "null"], "description": "A seat token of the account's own "
              "(a new one each time; null until the game is made)."}},
    "description": "The signed-in account's seat (null: not seated, or not signed in)."}
_TICKET = {"name": "ticket", "in": "path", "required": True, "schema": {"type": "string"}}
_LOBBY_ID = {"name": "lobby_id", "in": "path", "required": True, "schema": {"type": "string"}}

SCHEMAS: dict[str, Any] = {
    "PublicGameSettings": {"type": "object", "additionalProperties": False,
                           "properties": _SETTINGS_PROPS | {"clock": {"oneOf": [
                               ref("ClockRequest"), {"type": "null"}],
                               "description": "As POST /api/games takes it (null: the "
                                              "server's default)."}}},
    "PublicGame": {
        "type": "object",
        "required": ["id", "kind", "status", "players", "variant", "clock", "rated", "seats",
                     "free", "created", "expires", "game", "spectator_token"],
        "properties": {
            "id": {"type": "string"},
            "kind": {"type": "string", "enum": ["open", "quick", "rematch", "ladder"],
                     "description": "Opened in the lobby, paired by quick match, a rematch, "
                                    "a ladder challenge's game."},
            "status": {"type": "string",
                       "enum": ["open", "starting", "started", "closed", "expired"],
                       "description": "expired: open for 30 minutes with seats still free "
                                      "(docs/api.md, \"Lobby\")."},
            **_SETTINGS_PROPS,
            "seats": {"type": "array", "items": _SEAT, "description": "The seats taken."},
            "free": {"type": "integer", "description": "Seats still free."},
            "created": {"type": "number"},
            "expires": {"type": ["number", "null"], "description": "While open: when it "
                        "expires unless its last free seat is taken first (seconds since "
                        "1970)."},
            "game": {"type": ["string", "null"], "description": "The game, once started."},
            "spectator_token": {"type": ["string", "null"], "description": "Watch it with "
                                "this token (public: anyone may), once started."},
            "you": _YOU,
        },
    },
    "Lobby": {
        "type": "object", "required": ["open", "live"], "additionalProperties": False,
        "properties": {
            "open": {"type": "array", "items": ref("PublicGame"),
                     "description": "Open public games, oldest first."},
            "live": {"type": "array", "items": ref("PublicGame"),
                     "description": "Public games being played, to watch, newest first."},
        },
    },
    "QuickMatch": {
        "type": "object",
        "required": ["ticket", "status", "players", "variant", "clock", "rated", "rating",
                     "waited", "band", "lobby", "game", "seat", "token"],
        "properties": {
            "ticket": {"type": "string"},
            "status": {"type": "string", "enum": ["waiting", "matched", "cancelled"]},
            **_SETTINGS_PROPS,
            "rating": {"type": "number", "description": "The account's ordinal in the "
                       "settings' pool when it asked (a new player: 0)."},
            "waited": {"type": "number", "description": "Seconds waited."},
            "band": {"type": ["number", "null"], "description": f"How far the band reaches "
                     f"either side now: {BAND_START} + {BAND_STEP} every {BAND_EVERY:g} s "
                     "(null: no longer waiting)."},
            "lobby": {"type": ["string", "null"], "description": "The public game paired into."},
            "game": {"type": ["string", "null"], "description": "Its game, once made."},
            "seat": {"type": ["integer", "null"]},
            "token": {"type": ["string", "null"], "description": "A seat token of the "
                      "account's own there (a new one each time)."},
        },
    },
    "Rematch": {
        "type": "object",
        "required": ["status", "offered_by", "accepted", "game", "seat", "token"],
        "additionalProperties": False,
        "properties": {
            "status": {"type": "string", "enum": ["none", "open", "declined", "started"],
                       "description": f"An offer nobody took within {OFFER_SECONDS:g} s is "
                                      "declined."},
            "offered_by": {"type": ["integer", "null"]},
            "accepted": {"type": "array", "items": {"type": "integer"},
                         "description": "The seats that took the open offer."},
            "game": {"type": ["string", "null"], "description": "The new game, once made."},
            "seat": {"type": ["integer", "null"], "description": "The asking seat's seat there."},
            "token": {"type": ["string", "null"], "description": "A seat token of its own "
                      "there (seats only; a new one each time)."},
        },
    },
}


#: A rated game refused by fair play (docs/api.md, "Fair play"): ``suspended`` or
#: ``rated_wait`` (with ``until``, ``seconds``, ``offences``).
FAIR = {**ERR, "description": "Refused by fair play: suspended, or waiting after abandoning "
                              "rated games (rated_wait); nothing changed."}


def paths() -> dict[str, Any]:
    status = "The public game (with the asking account's seat)."
    return {
        "/api/lobby": {
            "get": {
                "summary": "The open public games and the live ones to watch",
                "operationId": "lobby",
                "responses": {"200": answer(ref("Lobby"), "The lobby."), "404": ERR},
            },
            "post": {
                "summary": "Open a public game, sitting at its first seat",
                "description": f"Signed in; at most {MAX_OPEN} open games an account. The "
                               "game is made when every seat is taken.",
                "operationId": "openPublicGame",
                "security": _SESSION,
                "requestBody": body("PublicGameSettings"),
                "responses": {"201": answer(ref("PublicGame"), status), "400": ERR,
                              "401": ERR, "403": FAIR, "404": ERR, "409": ERR, "413": ERR,
                              "429": ERR},
            },
        },
        "/api/lobby/{lobby_id}": {"get": {
            "summary": "One public game; a seated account's seat token once it started",
            "operationId": "publicGame",
            "parameters": [_LOBBY_ID],
            "responses": {"200": answer(ref("PublicGame"), status), "404": ERR},
        }},
        "/api/lobby/{lobby_id}/join": {"post": {
            "summary": "Take a free seat (the last one makes the game)",
            "operationId": "joinPublicGame",
            "security": _SESSION,
            "parameters": [_LOBBY_ID],
            "responses": {"200": answer(ref("PublicGame"), status), "400": ERR, "401": ERR,
                          "403": FAIR, "404": ERR, "409": ERR, "413": ERR, "429": ERR},
        }},
        "/api/lobby/{lobby_id}/leave": {"post": {
            "summary": "Give up one's seat of an open public game (the creator: closes it)",
            "operationId": "leavePublicGame",
            "security": _SESSION,
            "parameters": [_LOBBY_ID],
            "responses": {"200": answer(ref("PublicGame"), status), "400": ERR, "401": ERR,
                          "404": ERR, "409": ERR, "413": ERR},
        }},
        "/api/quick-match": {"post": {
            "summary": "Ask for a quick match (an earlier waiting request is cancelled)",
            "operationId": "quickMatch",
            "security": _SESSION,
            "requestBody": body("PublicGameSettings"),
            "responses": {"201": answer(ref("QuickMatch"), "The request (maybe paired at "
                                        "once)."),
                          "400": ERR, "401": ERR, "403": FAIR, "404": ERR, "409": ERR,
                          "413": ERR, "429": ERR},
        }},
        "/api/quick-match/{ticket}": {
            "get": {
                "summary": "How a request stands (a waiting one is tried for a pairing)",
                "operationId": "quickMatchStatus",
                "security": _SESSION,
                "parameters": [_TICKET],
                "responses": {"200": answer(ref("QuickMatch"), "The request."), "401": ERR,
                              "404": ERR},
            },
            "delete": {
                "summary": "Cancel a waiting request",
                "operationId": "cancelQuickMatch",
                "security": _SESSION,
                "parameters": [_TICKET],
                "responses": {"200": answer(ref("QuickMatch"), "Cancelled."), "401": ERR,
                              "404": ERR, "409": ERR},
            },
        },
        "/api/games/{game_id}/rematch": {
            "get": {
                "summary": "The rematch offer of a finished public game",
                "operationId": "rematch",
                "security": GAME_TOKEN,
                "parameters": [GAME_ID],
                "responses": {"200": answer(ref("Rematch"), "The offer."), "401": ERR,
                              "403": ERR, "404": ERR, "409": ERR, "429": ERR},
            },
            "post": {
                "summary": "Offer a rematch, or take the one offered (all took it: the new "
                           "game is made)",
                "operationId": "offerRematch",
                "security": GAME_TOKEN,
                "parameters": [GAME_ID],
                "responses": {"200": answer(ref("Rematch"), "The offer."), "400": ERR,
                              "401": ERR, "403": ERR, "404": ERR, "409": ERR, "413": ERR,
                              "429": ERR},
            },
            "delete": {
                "summary": "Decline the open offer (it ends)",
                "operationId": "declineRematch",
                "security": GAME_TOKEN,
                "parameters": [GAME_ID],
                "responses": {"200": answer(ref("Rematch"), "The offer."), "401": ERR,
                              "403": ERR, "404": ERR, "409": ERR, "429": ERR},
            },
        },
    }
