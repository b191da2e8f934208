"""The OpenAPI description of vacation days (:mod:`.vacations`; joined into :mod:`.openapi`)."""

from __future__ import annotations

from typing import Any

from .openapi_parts import ERR, answer
from .vacations import ALLOWANCE, TURN_BASED_SECONDS

#: Error codes of the vacation routes.
ERROR_CODES = ("bad_days", "on_vacation", "not_on_vacation")
#: Keys of the error object the vacation routes add.
ERROR_FIELDS: dict[str, Any] = {
    "left": {"type": "integer", "description": "The vacation days left this year (bad_days)."},
}
#: What a view's seat says of its player's vacation.
SEAT_FIELDS: dict[str, Any] = {
    "vacation": {"type": ["number", "null"],
                 "description": "The seat's player is on vacation until then (wall-clock "
                                "seconds since the epoch; null: not): their turns in "
                                "turn-based games stand still (docs/api.md, \"Vacation\")."},
}

_SESSION: list[dict[str, list[str]]] = [{"session": []}]
_STATUS = {
    "type": "object",
    "required": ["allowance", "year", "used", "left", "min_clock", "vacation"],
    "properties": {
        "allowance": {"type": "integer", "const": ALLOWANCE,
                      "description": "Whole days of vacation a calendar year (UTC)."},
        "year": {"type": "integer", "description": "The calendar year now (UTC)."},
        "used": {"type": "integer", "description": "Days charged to this year: the running "
                 "vacation's booked days, an ended one's days begun."},
        "left": {"type": "integer"},
        "min_clock": {"type": "integer", "const": TURN_BASED_SECONDS,
                      "description": "A vacation stops the clocks of at least this many "
                                     "seconds (per move or per game): turn-based games."},
        "vacation": {"type": ["object", "null"], "additionalProperties": False,
                     "required": ["started", "until", "days"],
                     "description": "The vacation running now (null: none).",
                     "properties": {"started": {"type": "number"}, "until": {"type": "number"},
                                    "days": {"type": "integer"}}},
    },
}
_ROUTE = {"security": _SESSION}


def paths() -> dict[str, Any]:
    return {"/api/account/vacation": {
        "get": {**_ROUTE, "summary": "The account's vacation days this year, and the "
                "vacation running now", "operationId": "vacation",
                "responses": {"200": answer(_STATUS, "The days."), "401": ERR, "404": ERR}},
        "post": {**_ROUTE, "summary": "Start a vacation of whole days from now: the "
                 "account's turns in turn-based games stand still until it ends",
                 "operationId": "startVacation",
                 "requestBody": {"required": True, "content": {"application/json": {"schema": {
                     "type": "object", "required": ["days"], "additionalProperties": False,
                     "properties": {"days": {"type": "integer", "minimum": 1,
                                             "maximum": ALLOWANCE,
                                             "description": "At most the days left."}}}}}},
                 "responses": {"201": answer(_STATUS, "Started."),
                               "400": ERR, "401": ERR, "404": ERR, "409": ERR, "413": ERR,
                               "429": ERR}},
        "delete": {**_ROUTE, "summary": "End the running vacation early: the whole days not "
                   "begun come back", "operationId": "endVacation",
                   "responses": {"200": answer(_STATUS, "Ended."), "401": ERR, "404": ERR,
                                 "409": ERR, "429": ERR}},
    }}


#: The seats on vacation in a "my games" line (``/api/my-games``, ``/api/account/games``).
SUMMARY_VACATIONS: dict[str, Any] = {
    "type": "array", "description": "The seats whose players are on vacation now, and until "
    "when (docs/api.md, \"Vacation\"); the page shows an opponent's.",
    "items": {"type": "object", "required": ["seat", "until"],
              "properties": {"seat": {"type": "integer"}, "until": {"type": "number"}}}}
