"""The OpenAPI description of the profile routes (joined into :mod:`.openapi`)."""

from __future__ import annotations

from typing import Any

from .openapi_parts import ERR, answer, body, ref
from .profiles import PER_PAGE, VARIANT_POOLS

#: Error codes of the profile routes.
ERROR_CODES = ("bad_profile_key", "unknown_profile", "not_your_profile", "no_profiles")

_KEY: list[dict[str, list[str]]] = [{"profileKey": []}]
SECURITY = {
    "profileKey": {
        "type": "http", "scheme": "bearer",
        "description": "A profile's secret key (shown once, when the profile is made).",
    }
}
#: Fields that game creation and claims take for profiles.
CREATE_FIELDS: dict[str, Any] = {
    "profile": {"type": "string", "description": "The creator's profile key (optional). A "
                "hot-seat game puts the profile on its first person seat."},
    "rated": {"type": "boolean", "description": "A game made by invitation is never rated "
              "(issue 29): false or absent; true is refused (400 rated_needs_lobby). Rated "
              "games come from the lobby and quick match (docs/api.md, \"Lobby\")."},
}
#: The ``rated`` key of a created game and of a view.
RATED: dict[str, Any] = {"type": "boolean", "description": "A rated game: its end rates the "
                         "seats' profiles (docs/api.md, \"Profiles\")."}
#: What a view's seat says of profiles.
SEAT_FIELDS: dict[str, Any] = {
    "profile": {"type": ["string", "null"],
                "description": "The public id of the player's profile (null: anonymous)."},
}
CLAIM_FIELDS: dict[str, Any] = {
    "profile": {"type": "string", "description": "The claimer's profile key (optional); "
                "its public id goes on the seat."},
}

_PROFILE_ID = {"name": "profile_id", "in": "path", "required": True, "schema": {"type": "string"},
               "description": "The profile's public id."}


_json, _ERR = answer, ERR
_LINE = {"type": "object", "properties": {
    "games": {"type": "integer"}, "wins": {"type": "integer"},
    "mean_score": {"type": ["number", "null"]}}}
_RATING = {"type": "object", "properties": {
    "mu": {"type": "number"}, "sigma": {"type": "number"},
    "ordinal": {"type": "number", "description": "mu - 3 sigma: the number shown"},
    "games": {"type": "integer", "description": "rated games"},
    "opponents": {"type": "integer", "description": "distinct opponents in its rated games"},
    "provisional": {"type": "boolean", "description": "true until 10 rated games against 5 "
                    "distinct opponents (docs/api.md, \"Fair play\"): off the leaderboard"}}}

SCHEMAS: dict[str, Any] = {
    "NewProfile": {"type": "object", "additionalProperties": False, "required": ["name"],
                   "properties": {"name": {"type": "string"}}},
    "CreatedProfile": {"type": "object", "required": ["id", "name", "key", "created"],
                       "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                      "key": {"type": "string", "description": "Shown only now."},
                                      "created": {"type": "number"}}},
    "Profile": {
        "type": "object", "required": ["id", "name", "created", "rating", "ratings", "stats"],
        "properties": {
            "id": {"type": "string"}, "name": {"type": "string"}, "created": {"type": "number"},
            "rating": {"oneOf": [_RATING, {"type": "null"}],
                       "description": "The rating over all rated games (null: none yet)."},
            "ratings": {"type": "object", "additionalProperties": _RATING,
                        "description": "By pool: all, 2/3/4, coloured/grey, e.g. 2-grey."},
            "stats": {"type": "object", "properties": {
                "games": {"type": "integer"}, "wins": {"type": "integer"},
                "mean_score": {"type": ["number", "null"]}, "rated_games": {"type": "integer"},
                "by_players": {"type": "object", "additionalProperties": _LINE},
                "by_variant": {"type": "object", "additionalProperties": _LINE},
                "by_module": {"type": "object", "additionalProperties": _LINE}}},
        },
    },
    "Leaderboard": {
        "type": "object",
        "properties": {
            "pool": {"type": "string"}, "players": {"type": ["integer", "null"]},
            "variant": {"type": ["string", "null"]}, "min_games": {"type": "integer"},
            "page": {"type": "integer"}, "per_page": {"type": "integer"},
            "total": {"type": "integer"},
            "entries": {"type": "array", "items": {"type": "object", "properties": {
                "place": {"type": "integer"}, "id": {"type": "string"},
                "name": {"type": "string"}, "mu": {"type": "number"},
                "sigma": {"type": "number"}, "ordinal": {"type": "number"},
                "games": {"type": "integer"},
                "provisional": {"type": "boolean",
                                "description": "Always false: only established ratings are "
                                               "listed."}}}},
        },
    },
}




def paths() -> dict[str, Any]:
    return {
        "/api/profiles": {"post": {
            "summary": "Make a player profile (no password: a name, a public id, a secret key)",
            "operationId": "createProfile",
            "requestBody": body("NewProfile"),
            "responses": {"201": _json(ref("CreatedProfile"), "The profile and its key (shown "
                                                              "only now)."),
                          "400": _ERR, "413": _ERR, "429": _ERR},
        }},
        "/api/profile": {"get": {
            "summary": "The profile a key opens (to import a key into another browser)",
            "operationId": "ownProfile",
            "security": _KEY,
            "responses": {"200": _json(ref("Profile"), "The profile."), "401": _ERR},
        }},
        "/api/profiles/{profile_id}": {"get": {
            "summary": "A profile's name, ratings and statistics (public)",
            "operationId": "getProfile",
            "parameters": [_PROFILE_ID],
            "responses": {"200": _json(ref("Profile"), "The profile."), "404": _ERR},
        }},
        "/api/profiles/{profile_id}/name": {"post": {
            "summary": "Rename a profile (its own key only)",
            "operationId": "renameProfile",
            "security": _KEY,
            "parameters": [_PROFILE_ID],
            "requestBody": body("NewProfile"),
            "responses": {"200": _json({"type": "object", "required": ["id", "name"],
                                        "properties": {"id": {"type": "string"},
                                                       "name": {"type": "string"}}},
                                       "Renamed: the id and the name as kept."),
                          "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "413": _ERR,
                          "429": _ERR},
        }},
        "/api/leaderboard": {"get": {
            "summary": f"Rated profiles, best rating first, {PER_PAGE} a page",
            "operationId": "leaderboard",
            "parameters": [
                {"name": "players", "in": "query", "required": False,
                 "schema": {"type": "integer", "enum": [2, 3, 4]}},
                {"name": "variant", "in": "query", "required": False,
                 "schema": {"type": "string", "enum": list(VARIANT_POOLS)}},
                {"name": "page", "in": "query", "required": False,
                 "schema": {"type": "integer", "minimum": 1, "default": 1}},
                {"name": "min_games", "in": "query", "required": False,
                 "schema": {"type": "integer", "minimum": 1, "default": 1}},
            ],
            "responses": {"200": _json(ref("Leaderboard"), "One page."), "400": _ERR},
        }},
    }
