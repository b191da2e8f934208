"""The OpenAPI description of the ladder routes (joined into :mod:`..openapi`)."""

from __future__ import annotations

from typing import Any

from ..openapi_parts import ERR, answer, ref
from .service import CHALLENGE_FOR, POOLS, REACH, STATUSES

#: Error codes of the ladder routes.
ERROR_CODES = ("unknown_ladder", "already_on_ladder", "not_on_ladder", "challenge_playing",
               "self_challenge", "unknown_rung", "out_of_reach", "unknown_challenge",
               "not_challenged", "challenge_pending", "challenge_closed", "challenge_expired")
#: Fields some of their refusals carry.
ERROR_FIELDS: dict[str, Any] = {
    "days": {"type": "integer", "description": "How long a ladder challenge waits for its "
             "answer (challenge_expired)."},
}

_SESSION: list[dict[str, list[str]]] = [{"session": []}]
_POOL = {"name": "pool", "in": "path", "required": True,
         "schema": {"type": "string", "enum": list(POOLS)},
         "description": "The ladder: a two-player rating pool (players-wall side)."}
_CID = {"name": "challenge_id", "in": "path", "required": True, "schema": {"type": "string"},
        "description": "The challenge's id."}
_SIDE = {"type": ["object", "null"], "required": ["profile", "name", "rank"],
         "description": "A player of the challenge and its rung now (null: it has left the "
                        "ladder).",
         "properties": {"profile": {"type": "string"}, "name": {"type": "string"},
                        "rank": {"type": "integer"}}}
_CHALLENGE_PROPS: dict[str, Any] = {
    "id": {"type": "string"},
    "pool": {"type": "string", "enum": list(POOLS)},
    "status": {"type": "string", "enum": list(STATUSES),
               "description": "open (waiting for the challenged account), playing (its game "
                              "is on), declined (by either player, or one left the ladder), "
                              "settled (its game ended and was written to the ladder), "
                              f"expired (not answered within {round(CHALLENGE_FOR / 86400)} "
                              "days)."},
    "challenger": {**_SIDE, "description": "Seat 0 of the game."},
    "challenged": {**_SIDE, "description": "Seat 1 of the game."},
    "created": {"type": "number"},
    "expires": {"type": ["number", "null"], "description": "While open: when it expires "
                "unless accepted or declined first (seconds since 1970)."},
    "game": {"type": ["string", "null"], "description": "The game, once accepted."},
    "outcome": {"type": ["string", "null"], "enum": ["challenger", "challenged", "none", None],
                "description": "Once settled: who won alone (none: a draw, a shared victory "
                               "or an expired game; nothing moved)."},
}

SCHEMAS: dict[str, Any] = {
    "LadderChallenge": {
        "type": "object", "required": [*_CHALLENGE_PROPS, "you"],
        "properties": {
            **_CHALLENGE_PROPS,
            "you": {"type": ["object", "null"], "required": ["seat", "token"],
                    "description": "For one of its two players: its seat and, while the game "
                                   "is played, a seat token of its own (null: anyone else).",
                    "properties": {"seat": {"type": "integer", "enum": [0, 1]},
                                   "token": {"type": ["string", "null"]}}},
        },
    },
    "Ladder": {
        "type": "object",
        "required": ["pool", "reach", "challenge_days", "rungs", "challenges", "you"],
        "properties": {
            "pool": {"type": "string", "enum": list(POOLS)},
            "challenge_days": {"type": "integer", "const": round(CHALLENGE_FOR / 86400),
                               "description": "How many days a challenge waits for its "
                                              "answer before it expires."},
            "reach": {"type": "integer", "const": REACH,
                      "description": "How many rungs above its own an account may challenge."},
            "rungs": {"type": "array", "description": "Top first.", "items": {
                "type": "object", "required": ["rank", "name", "profile", "wins", "losses"],
                "properties": {"rank": {"type": "integer", "minimum": 1},
                               "name": {"type": "string"}, "profile": {"type": "string"},
                               "wins": {"type": "integer"}, "losses": {"type": "integer"}}}},
            "challenges": {"type": "array", "description": "Open and playing, oldest first.",
                           "items": {"type": "object", "required": list(_CHALLENGE_PROPS),
                                     "properties": _CHALLENGE_PROPS}},
            "you": {"type": ["object", "null"], "required": ["rank", "challenge", "expired"],
                    "description": "The signed-in account's rung (null: not on the ladder), "
                                   "its open or playing challenge, and its latest challenge "
                                   "made when that expired unanswered (null: signed out).",
                    "properties": {"rank": {"type": ["integer", "null"]},
                                   "challenge": {"type": ["string", "null"]},
                                   "expired": {"oneOf": [
                                       {"type": "null"},
                                       {"type": "object", "required": list(_CHALLENGE_PROPS),
                                        "properties": _CHALLENGE_PROPS}]}}},
        },
    },
}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


_EMPTY = _body({"type": "object", "additionalProperties": False, "properties": {},
                "description": "An empty JSON object, {}."})
_REFUSED = {"400": ERR, "401": ERR, "403": ERR, "404": ERR, "409": ERR, "413": ERR, "429": ERR}


def _post(summary: str, op: str, schema: str, params: list[dict[str, Any]],
          body: dict[str, Any] = _EMPTY, status: str = "200") -> dict[str, Any]:
    return {"post": {"summary": summary, "operationId": op, "security": _SESSION,
                     "parameters": params, "requestBody": body,
                     "responses": {status: answer(ref(schema), "The ladder or challenge now."),
                                   **_REFUSED}}}


def paths() -> dict[str, Any]:
    return {
        "/api/ladder/{pool}": {"get": {
            "summary": "A ladder: its rungs and its open and playing challenges (settles the "
                       "challenge games that ended)",
            "operationId": "ladder", "parameters": [_POOL],
            "responses": {"200": answer(ref("Ladder"), "The ladder."), "404": ERR}}},
        "/api/ladder/{pool}/join": _post("Join the ladder on its bottom rung", "joinLadder",
                                         "Ladder", [_POOL]),
        "/api/ladder/{pool}/leave": _post(
            "Leave the ladder (the rungs below move up one; open challenges are declined)",
            "leaveLadder", "Ladder", [_POOL]),
        "/api/ladder/{pool}/challenge": _post(
            f"Challenge an account at most {REACH} rungs above one's own", "challengeLadder",
            "LadderChallenge", [_POOL],
            _body({"type": "object", "required": ["profile"], "additionalProperties": False,
                   "properties": {"profile": {"type": "string",
                                              "description": "The profile id of the account "
                                                             "challenged."}}}), "201"),
        "/api/ladder/{pool}/challenges/{challenge_id}": {"get": {
            "summary": "A challenge; for one of its players, its seat and a seat token",
            "operationId": "ladderChallenge", "parameters": [_POOL, _CID],
            "responses": {"200": answer(ref("LadderChallenge"), "The challenge."),
                          "404": ERR}}},
        "/api/ladder/{pool}/challenges/{challenge_id}/accept": _post(
            "Accept a challenge (the account challenged): its rated game is made",
            "acceptLadderChallenge", "LadderChallenge", [_POOL, _CID]),
        "/api/ladder/{pool}/challenges/{challenge_id}/decline": _post(
            "Decline an open challenge (either of its players)", "declineLadderChallenge",
            "LadderChallenge", [_POOL, _CID]),
    }
