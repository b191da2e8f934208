"""The OpenAPI description of the fair-play routes (joined into :mod:`..openapi`; docs/api.md,
"Fair play")."""

from __future__ import annotations

from typing import Any

from ..openapi_parts import ERR, GAME_ID, GAME_TOKEN, answer, body, ref
from .service import MAX_NOTE

#: Error codes of the fair-play routes.
ERROR_CODES = ("not_operator", "unknown_report", "not_open", "unknown_message",
               "already_reported", "unknown_account", "already_suspended", "not_suspended",
               "suspended", "rated_wait")
#: Keys of the error object the fair-play refusals add.
ERROR_FIELDS: dict[str, Any] = {
    "until": {"type": ["number", "null"],
              "description": "Until when (Unix time; suspended: null until an operator lifts "
                             "it; rated_wait: when rated games open again)."},
    "seconds": {"type": "integer", "description": "Seconds left to wait (rated_wait)."},
    "offences": {"type": "integer",
                 "description": "Abandoned rated games counted against the account "
                                "(rated_wait)."},
}

_SESSION: list[dict[str, list[str]]] = [{"session": []}]
_BOTH: list[dict[str, list[str]]] = [{"session": [], "gameToken": []}]
_json, _ERR = answer, ERR
_NOTE = {"type": "string", "maxLength": MAX_NOTE}
_TIME = {"type": "number", "description": "Unix time, seconds."}
_MAYBE_TIME = {"type": ["number", "null"], "description": "Unix time (null: none)."}
_OPT_STR = {"type": ["string", "null"]}

_REPORT: dict[str, Any] = {
    "id": {"type": "string"},
    "kind": {"type": "string", "enum": ["message", "player", "boosting"],
             "description": "boosting: filed by the server (seats of a rated game played from "
                            "one client)."},
    "state": {"type": "string", "enum": ["open", "dismissed", "suspended"]},
    "created": _TIME, "game": _OPT_STR,
    "seq": {"type": ["integer", "null"], "description": "The chat message's number."},
    "message": {"type": ["string", "null"],
                "description": "The message as reported: 'NAME: TEXT' (plain text)."},
    "note": {"type": "string"}, "resolved": _MAYBE_TIME,
}
_CONTEXT_LINE: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["seq", "seat", "name", "text", "at", "reported"],
    "properties": {"seq": {"type": "integer"}, "seat": {"type": "integer"},
                   "name": {"type": "string"},
                   "text": {"type": "string", "description": "Plain text: never markup."},
                   "at": _TIME, "reported": {"type": "boolean"}},
}

SCHEMAS: dict[str, Any] = {
    "ReportNote": {"type": "object", "additionalProperties": False,
                   "properties": {"note": _NOTE}},
    "PlayerReport": {"type": "object", "additionalProperties": False, "required": ["note"],
                     "properties": {"note": _NOTE,
                                    "game": {"type": "string",
                                             "description": "The game it is about (optional)."}}},
    "Report": {"type": "object", "additionalProperties": False, "required": list(_REPORT),
               "properties": _REPORT},
    "Filed": {"type": "object", "additionalProperties": False, "required": ["report"],
              "properties": {"report": ref("Report")}},
    "Mutes": {"type": "object", "additionalProperties": False, "required": ["muted"],
              "properties": {"muted": {"type": "array", "items": {
                  "type": "object", "additionalProperties": False,
                  "required": ["profile", "name"],
                  "properties": {"profile": {"type": "string"}, "name": {"type": "string"}}}}}},
    "MuteEverywhere": {"type": "object", "additionalProperties": False,
                       "required": ["profile", "muted"],
                       "properties": {"profile": {"type": "string"},
                                      "muted": {"type": "boolean"}}},
    "FairPlayWait": {
        "type": "object", "additionalProperties": False,
        "required": ["offences", "clean", "wait_until", "seconds"],
        "properties": {
            "offences": {"type": "integer", "description": "Offences counted now."},
            "clean": {"type": "integer",
                      "description": "Clean rated games since (10 forgive one offence)."},
            "wait_until": {"type": ["number", "null"],
                           "description": "No rated game before (null: none now)."},
            "seconds": {"type": "integer", "description": "Seconds left (0: none)."},
        },
    },
    "ModerationList": {
        "type": "object", "additionalProperties": False,
        "required": ["state", "open", "reports", "suspensions"],
        "properties": {
            "state": {"type": "string"},
            "open": {"type": "integer", "description": "Open reports in all."},
            "reports": {"type": "array", "items": {
                "type": "object", "additionalProperties": False,
                "required": [*_REPORT, "reporter", "reported", "context"],
                "properties": {
                    **_REPORT,
                    "reporter": {"type": ["object", "null"], "additionalProperties": False,
                                 "required": ["account", "name"],
                                 "properties": {"account": {"type": "string"},
                                                "name": _OPT_STR}},
                    "reported": {"type": ["object", "null"], "additionalProperties": False,
                                 "required": ["profile", "name", "account", "user_name",
                                              "suspended", "suspended_until"],
                                 "properties": {
                                     "profile": {"type": "string"}, "name": {"type": "string"},
                                     "account": _OPT_STR, "user_name": _OPT_STR,
                                     "suspended": {"type": "boolean"},
                                     "suspended_until": _MAYBE_TIME}},
                    "context": {"type": "array", "items": _CONTEXT_LINE,
                                "description": "The chat around a reported message (3 "
                                               "either side)."},
                }}},
            "suspensions": {"type": "array", "items": {
                "type": "object", "additionalProperties": False,
                "required": ["account", "user_name", "reason", "created", "until"],
                "properties": {"account": {"type": "string"}, "user_name": {"type": "string"},
                               "reason": {"type": "string"}, "created": _TIME,
                               "until": _MAYBE_TIME}}},
        },
    },
    "Suspend": {
        "type": "object", "additionalProperties": False, "required": ["reason"],
        "properties": {
            "account": {"type": "string", "description": "The account's id (or send 'name')."},
            "name": {"type": "string", "description": "The account's user name."},
            "reason": _NOTE,
            "hours": {"type": ["number", "null"],
                      "description": "For how long (null or absent: until lifted)."},
        },
    },
    "Suspended": {"type": "object", "additionalProperties": False, "required": ["suspension"],
                  "properties": {"suspension": {
                      "type": "object", "additionalProperties": False,
                      "required": ["account", "reason", "created", "until"],
                      "properties": {"account": {"type": "string"},
                                     "reason": {"type": "string"},
                                     "created": _TIME, "until": _MAYBE_TIME}}}},
    "Lift": {"type": "object", "additionalProperties": False,
             "properties": {"account": {"type": "string"}, "name": {"type": "string"}}},
    "Lifted": {"type": "object", "additionalProperties": False,
               "required": ["account", "suspended"],
               "properties": {"account": {"type": "string"},
                              "suspended": {"type": "boolean"}}},
}


def _op(summary: str, op_id: str, ok: dict[str, Any], *, security: Any = _SESSION,
        request: str | None = None, codes: tuple[str, ...] = ("400", "401", "403", "404"),
        ok_status: str = "200", **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"summary": summary, "operationId": op_id, "security": security,
                           "responses": {ok_status: ok, **{c: _ERR for c in codes}}, **extra}
    if request is not None:
        out["requestBody"] = body(request)
        out["responses"].update({"413": _ERR, "415": _ERR})
    return out


def paths() -> dict[str, Any]:
    seq = {"name": "seq", "in": "path", "required": True, "schema": {"type": "integer"},
           "description": "The chat message's number in the game."}
    pid = {"name": "profile_id", "in": "path", "required": True, "schema": {"type": "string"}}
    rid = {"name": "report_id", "in": "path", "required": True, "schema": {"type": "string"}}
    state = {"name": "state", "in": "query", "required": False,
             "schema": {"type": "string", "enum": ["open", "dismissed", "suspended", "all"]}}
    return {
        "/api/games/{game_id}/chat/{seq}/report": {"post": _op(
            "Report a chat message to the operator (a signed-in account; a token of the game)",
            "reportMessage", _json(ref("Filed"), "Filed."), security=_BOTH,
            request="ReportNote", ok_status="201",
            codes=("400", "401", "403", "404", "409", "429"), parameters=[GAME_ID, seq])},
        "/api/profiles/{profile_id}/report": {"post": _op(
            "Report a player to the operator (e.g. suspected boosting)", "reportPlayer",
            _json(ref("Filed"), "Filed."), request="PlayerReport", ok_status="201",
            codes=("400", "401", "403", "404", "409", "429"), parameters=[pid])},
        "/api/account/mutes": {
            "get": _op("Whom the account mutes in every game", "getMutes",
                       _json(ref("Mutes"), "The muted players."), codes=("401", "404")),
            "post": _op("Mute (or unmute) a player in every game", "muteEverywhere",
                        _json(ref("Mutes"), "The muted players now."),
                        request="MuteEverywhere", codes=("400", "401", "404", "429")),
        },
        "/api/account/fairplay": {"get": _op(
            "The account's fair-play wait before rated games", "getFairPlay",
            _json(ref("FairPlayWait"), "Its record."), codes=("401", "404"))},
        "/api/admin/reports": {"get": _op(
            "The moderation list (the operator only)", "getReports",
            _json(ref("ModerationList"), "Reports and current suspensions."),
            parameters=[state])},
        "/api/admin/reports/{report_id}/dismiss": {"post": _op(
            "Dismiss an open report (the operator only)", "dismissReport",
            _json(ref("Filed"), "Dismissed."), request="ReportNote",
            codes=("400", "401", "403", "404", "409"), parameters=[rid])},
        "/api/admin/suspensions": {"post": _op(
            "Suspend an account: its sessions end, its seats go to the bot (the operator only)",
            "suspendAccount", _json(ref("Suspended"), "Suspended."), request="Suspend",
            ok_status="201", codes=("400", "401", "403", "404", "409"))},
        "/api/admin/suspensions/lift": {"post": _op(
            "Lift an account's suspension (the operator only)", "liftSuspension",
            _json(ref("Lifted"), "Lifted."), request="Lift",
            codes=("400", "401", "403", "404", "409"))},
    }


__all__ = ["ERROR_CODES", "ERROR_FIELDS", "GAME_TOKEN", "SCHEMAS", "paths"]
