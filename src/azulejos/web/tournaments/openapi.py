"""The OpenAPI description of the tournament routes (joined into :mod:`..openapi`)."""

from __future__ import annotations

from typing import Any

from azulejos.core.rules import VARIANTS
from azulejos.core.ruleset import MODULES

from ..openapi_parts import ERR, answer, ref
from .service import FORMATS, MAX_ENTRIES, MAX_ROUNDS, STATUSES

#: Error codes of the tournament routes.
ERROR_CODES = ("no_tournaments", "unknown_tournament", "not_open", "already_joined",
               "not_joined", "not_creator", "too_few_players", "no_bots", "full")

_SESSION: list[dict[str, list[str]]] = [{"session": []}]
_ID = {"name": "tournament_id", "in": "path", "required": True, "schema": {"type": "string"},
       "description": "The tournament's id."}
_NULL_NUMBER = {"type": ["number", "null"]}
_CLOCK = {
    "type": ["object", "null"],
    "description": "The clock of every game (as POST /api/games takes it: per move, "
                   "turn-based, or per game, live; null: the server's default).",
    "properties": {"kind": {"type": "string", "enum": ["none", "move", "game"]},
                   "seconds": {"type": "integer"}, "bank": {"type": "integer"},
                   "increment": {"type": "integer"}},
}
_SUMMARY_PROPS: dict[str, Any] = {
    "id": {"type": "string"},
    "name": {"type": "string"},
    "format": {"type": "string", "enum": list(FORMATS)},
    "status": {"type": "string", "enum": list(STATUSES)},
    "round": {"type": "integer", "description": "The round being played (0 before the start; "
              "the last one once finished)."},
    "rounds": {"type": "integer", "description": "Swiss: as asked; round-robin: 0 until the "
               "start, then one per opponent (and a bye each with an odd field)."},
    "players": {"type": "integer", "enum": [2, 3, 4], "description": "The players of each "
                "game (Swiss only for 3 and 4: tables of that many, or one fewer)."},
    "variant": {"type": "string", "enum": list(VARIANTS)},
    "modules": {"type": "array", "items": {"type": "string",
                                           "enum": [m.name for m in MODULES]}},
    "clock": _CLOCK,
    "bots": {"type": "boolean", "description": "Whether its creator may enter bots."},
    "entrant_count": {"type": "integer"},
    "starts_at": {**_NULL_NUMBER, "description": "When it starts by itself (null: its "
                  "creator starts it)."},
    "created": {"type": "number"},
    "started": _NULL_NUMBER,
    "finished": _NULL_NUMBER,
}
_ENTRANT = {"type": "object", "required": ["id", "name", "kind", "level", "profile"],
            "properties": {
                "id": {"type": "string", "description": "The entry's id (pairings and "
                       "standings name entries by it)."},
                "name": {"type": "string"},
                "kind": {"type": "string", "enum": ["person", "bot"]},
                "level": {"type": ["string", "null"], "description": "A bot's level."},
                "profile": {"type": ["string", "null"],
                            "description": "An account's profile id (null: a bot)."}}}
_BOARD = {"type": "object", "required": ["board", "seats", "game", "bye", "state", "points",
                                         "scores", "places"],
          "properties": {
              "board": {"type": "integer", "description": "1, 2, … within the round."},
              "seats": {"type": "array", "items": {"type": "string"},
                        "description": "Entry ids in seat order (seat 1 starts): 2 to 4 (a "
                                       "table); one: a bye."},
              "game": {"type": ["string", "null"], "description": "The game's id (its players "
                       "open it from /api/account/games; null: a bye, or not made yet)."},
              "bye": {"type": "boolean"},
              "state": {"type": "string", "enum": ["bye", "waiting", "playing", "over"]},
              "points": {"type": ["array", "null"], "items": {"type": "number"},
                         "description": "Tournament points per seat once over: by place, "
                                        "(n - 1) (k - place) / (k - 1) at a table of k in a "
                                        "tournament of n-player games (two players: 1, ½, "
                                        "0; four: 3, 2, 1, 0); shared places share their "
                                        "points; an expired game 0 for all."},
              "scores": {"type": ["array", "null"], "items": {"type": "integer"},
                         "description": "The game's final scores per seat."},
              "places": {"type": ["array", "null"], "items": {"type": "integer"},
                         "description": "The finishing place per seat once over (1 = first; "
                                        "level on points and complete rows share the better "
                                        "place, R25; null: an expired game, or a result "
                                        "written before places were kept)."}}}
_LINE = {"type": "object", "required": ["place", "entrant", "name", "kind", "points",
                                        "buchholz", "score", "games", "byes"],
         "properties": {
             "place": {"type": "integer"}, "entrant": {"type": "string"},
             "name": {"type": "string"}, "kind": {"type": "string", "enum": ["person", "bot"]},
             "points": {"type": "number"},
             "buchholz": {"type": "number", "description": "The opponents' points, summed "
                          "over the games (at a table of 3 or 4, each game's table opponents' "
                          "points averaged)."},
             "score": {"type": "integer", "description": "The entrant's game scores, summed."},
             "games": {"type": "integer"}, "byes": {"type": "integer"}}}

SCHEMAS: dict[str, Any] = {
    "TournamentSummary": {"type": "object", "required": list(_SUMMARY_PROPS),
                          "properties": _SUMMARY_PROPS},
    "Tournament": {
        "type": "object",
        "required": [*_SUMMARY_PROPS, "creator", "entrants", "pairings", "standings", "you"],
        "properties": {
            **_SUMMARY_PROPS,
            "creator": {"type": "object", "required": ["profile", "name"], "properties": {
                "profile": {"type": "string"},
                "name": {"type": ["string", "null"],
                         "description": "Null while the creator has not entered."}}},
            "entrants": {"type": "array", "items": _ENTRANT},
            "pairings": {"type": "array", "items": {
                "type": "object", "required": ["round", "boards"], "properties": {
                    "round": {"type": "integer"}, "boards": {"type": "array", "items": _BOARD}}}},
            "standings": {"type": "array", "items": _LINE,
                          "description": "Best first: points, then Buchholz, then total "
                                         "score; equal on all three share a place."},
            "you": {"type": ["object", "null"], "description": "The signed-in account's part "
                    "(null: signed out).", "properties": {
                        "entered": {"type": "boolean"}, "creator": {"type": "boolean"}}},
        },
    },
}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


_EMPTY = _body({"type": "object", "additionalProperties": False, "properties": {},
                "description": "An empty JSON object, {}."})
_ONE = answer(ref("Tournament"), "The tournament now.")


def _action(summary: str, op: str, body: dict[str, Any] = _EMPTY) -> dict[str, Any]:
    return {"post": {
        "summary": summary, "operationId": op, "security": _SESSION, "parameters": [_ID],
        "requestBody": body,
        "responses": {"200": _ONE, "400": ERR, "401": ERR, "403": ERR, "404": ERR, "409": ERR,
                      "413": ERR, "429": ERR}}}


def paths() -> dict[str, Any]:
    create = {"type": "object", "required": ["name"], "additionalProperties": False,
              "properties": {
                  "name": {"type": "string", "description": "1 to 40 characters once cleaned."},
                  "format": {"type": "string", "enum": list(FORMATS), "default": "swiss"},
                  "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS,
                             "default": 3, "description": "Swiss only."},
                  "players": {"type": "integer", "enum": [2, 3, 4], "default": 2,
                              "description": "The players of each game; 3 and 4: Swiss only."},
                  "variant": {"type": "string", "enum": list(VARIANTS)},
                  **{m.name: {"type": "boolean"} for m in MODULES},
                  "clock": {"description": "As POST /api/games's clock."},
                  "starts_at": {**_NULL_NUMBER, "description": "Seconds since the epoch, "
                                "within a year (null or left out: the creator starts it)."},
                  "bots": {"type": "boolean", "default": False}}}
    groups = {s: {"type": "array", "items": ref("TournamentSummary")} for s in STATUSES}
    return {
        "/api/tournaments": {
            "get": {
                "summary": "Tournaments open, running and finished (the newest 50 of each)",
                "operationId": "tournaments",
                "responses": {"200": answer({"type": "object", "required": list(STATUSES),
                                             "properties": groups}, "The tournaments."),
                              "404": ERR},
            },
            "post": {
                "summary": "Create a tournament (a signed-in account; it does not enter it)",
                "operationId": "createTournament",
                "security": _SESSION,
                "requestBody": _body(create),
                "responses": {"201": answer(ref("Tournament"), "Made, open."), "400": ERR,
                              "401": ERR, "404": ERR, "413": ERR, "429": ERR},
            },
        },
        "/api/tournaments/{tournament_id}": {"get": {
            "summary": "A tournament: its players, rounds, pairings with their games, standings",
            "operationId": "tournament",
            "parameters": [_ID],
            "responses": {"200": _ONE, "404": ERR},
        }},
        "/api/tournaments/{tournament_id}/join": _action(
            f"Enter the tournament (while open; at most {MAX_ENTRIES} players)",
            "joinTournament"),
        "/api/tournaments/{tournament_id}/leave": _action(
            "Leave the tournament (while open)", "leaveTournament"),
        "/api/tournaments/{tournament_id}/bots": _action(
            "Enter a bot (the creator, while open, if bots are allowed)", "addTournamentBot",
            _body({"type": "object", "required": ["level"], "additionalProperties": False,
                   "properties": {"level": {"type": "string",
                                            "description": "A level of /api/meta bot_levels."}}})),
        "/api/tournaments/{tournament_id}/start": _action(
            "Start the tournament now (its creator; at least as many players as a game "
            "has): round 1 is paired "
            "and its games made", "startTournament"),
    }
