"""The OpenAPI description of the account routes (joined into :mod:`..openapi`)."""

from __future__ import annotations

from typing import Any

from azulejos.i18n import LANGUAGES
from azulejos.render.themes import THEMES

from ..openapi_parts import ERR, answer, ref
from ..protocol import MAX_NAME
from . import passkeys_openapi
from .links import RESET_MINUTES, VERIFY_HOURS
from .passwords import MAX_PASSWORD, MIN_PASSWORD
from .service import IDLE_DAYS, MAX_ADOPT, MAX_EMAIL, MIN_NAME
from .settings import NOTIFICATIONS

#: Error codes of the account routes.
ERROR_CODES = ("no_accounts", "signed_out", "bad_credentials", "signin_locked", "name_taken",
               "bad_name", "weak_password", "bad_email", "other_profile", "no_email",
               "bad_link", "link_used", "link_expired", *passkeys_openapi.ERROR_CODES)
#: Keys of the error object the account routes add.
ERROR_FIELDS: dict[str, Any] = {
    "min": {"type": "integer", "description": "The least characters (bad_name, weak_password)."},
    "max": {"type": "integer", "description": "The most characters (bad_name, weak_password)."},
}

_SESSION: list[dict[str, list[str]]] = [{"session": []}]
SECURITY = {
    "session": {
        "type": "apiKey", "in": "cookie", "name": "azulejos_session",
        "description": "The session of a signed-in account: set by sign-up and sign-in "
                       f"(HttpOnly, SameSite=Lax, Path=/, Secure on https); it ends "
                       f"{IDLE_DAYS} days after it was last used, at sign-out, or when the "
                       "account signs out everywhere or changes its password.",
    }
}


_json = answer


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


_ERR = ERR
_NAME = {"type": "string", "description": f"{MIN_NAME} to {MAX_NAME} characters once cleaned "
         "(control characters removed, spaces collapsed); unique in any case; not a bot "
         "level's name."}
_PASSWORD = {"type": "string", "minLength": MIN_PASSWORD, "maxLength": MAX_PASSWORD,
             "description": "Not one character repeated, not the user name."}
_NOTES = {"type": "object", "properties": {k: {"type": "boolean"} for k in NOTIFICATIONS}}
_SETTINGS = {
    "type": "object",
    "properties": {
        "lang": {"type": "string", "enum": list(LANGUAGES)},
        "theme": {"type": "string", "description": "A theme key of /api/meta themes."},
        "patterns": {"type": "boolean"},
        "notifications": _NOTES,
    },
}

SCHEMAS: dict[str, Any] = {
    "Account": {
        "type": "object",
        "required": ["id", "name", "profile", "email", "email_verified", "settings", "created"],
        "properties": {
            "id": {"type": "string"}, "name": {"type": "string"},
            "profile": {"type": "object", "required": ["id"], "properties": {
                "id": {"type": "string", "description": "The account's profile (ratings, "
                       "statistics): /api/profiles/{id}."}}},
            "email": {"type": ["string", "null"]},
            "email_verified": {"type": "boolean"},
            "settings": ref("AccountSettings"),
            "created": {"type": "number"},
        },
    },
    "AccountSettings": _SETTINGS,
}

_SENT = {"type": "object", "required": ["sent", "email_verified"], "properties": {
    "sent": {"type": "boolean"}, "email_verified": {"type": "boolean"}}}
_ENDED = {"type": "object", "required": ["signed_in", "ended"], "properties": {
    "signed_in": {"const": False}, "ended": {"type": "integer"}}}
_RESULT = {"type": "object", "properties": {
    "game": {"type": "string"}, "seat": {"type": "integer"}, "ok": {"const": True},
    "error": {"type": "object", "properties": {
        "code": {"type": "string"}, "message": {"type": "string"},
        "seat": {"type": "integer"}}}}}


def paths() -> dict[str, Any]:
    return {
        "/api/account": {
            "post": {
                "summary": "Sign up: a new account, its profile, and a session cookie",
                "operationId": "signUp",
                "requestBody": _body({"type": "object", "required": ["name", "password"],
                                      "additionalProperties": False, "properties": {
                    "name": _NAME, "password": _PASSWORD,
                    "email": {"type": "string", "maxLength": MAX_EMAIL,
                              "description": "Optional; unverified."},
                    "lang": {"type": "string", "enum": list(LANGUAGES),
                             "description": "The first setting of lang (default: ?lang=)."},
                    "theme": {"type": "string", "enum": list(THEMES),
                              "description": "The first setting of theme (default: classic)."},
                    "patterns": {"type": "boolean",
                                 "description": "The first setting of patterns (default: false)."}}}),
                "responses": {"201": _json(ref("Account"), "Signed up and in (Set-Cookie)."),
                              "400": _ERR, "404": _ERR, "409": _ERR, "413": _ERR,
                              "429": _ERR},
            },
            "get": {
                "summary": "The signed-in account",
                "operationId": "account",
                "security": _SESSION,
                "responses": {"200": _json(ref("Account"), "The account."), "401": _ERR,
                              "404": _ERR},
            },
        },
        "/api/session": {
            "post": {
                "summary": "Sign in: a new session cookie (a wrong password and an unknown "
                           "name get the same answer; repeated failures wait)",
                "operationId": "signIn",
                "requestBody": _body({"type": "object", "required": ["name", "password"],
                                      "additionalProperties": False, "properties": {
                    "name": {"type": "string"}, "password": {"type": "string"}}}),
                "responses": {"200": _json(ref("Account"), "Signed in (Set-Cookie)."),
                              "400": _ERR, "401": _ERR,
                              "403": _ERR,  # suspended (docs/api.md, "Fair play")
                              "404": _ERR, "413": _ERR, "429": _ERR},
            },
            "delete": {
                "summary": "Sign out: this session ends",
                "operationId": "signOut",
                "responses": {"200": _json({"type": "object", "required": ["signed_in"],
                                            "properties": {"signed_in": {"const": False}}},
                                           "Signed out (the cookie is cleared)."),
                              "404": _ERR},
            },
        },
        "/api/account/sessions": {"delete": {
            "summary": "Sign out everywhere: every session ends, and the further seat tokens "
                       "of the account's devices are revoked",
            "operationId": "signOutEverywhere",
            "security": _SESSION,
            "responses": {"200": _json(_ENDED, "How many sessions ended."), "401": _ERR,
                          "404": _ERR},
        }},
        "/api/account/settings": {"post": {
            "summary": "Change some settings (only the keys sent)",
            "operationId": "accountSettings",
            "security": _SESSION,
            "requestBody": _body({**_SETTINGS, "additionalProperties": False}),
            "responses": {"200": _json({"type": "object", "required": ["settings"],
                                        "properties": {"settings": ref("AccountSettings")}},
                                       "The settings now."),
                          "400": _ERR, "401": _ERR, "404": _ERR, "413": _ERR},
        }},
        "/api/account/email": {"post": {
            "summary": "Set or remove the account's e-mail address (unverified; the current "
                       "password is needed); the links mailed before stop working",
            "operationId": "accountEmail",
            "security": _SESSION,
            "requestBody": _body({"type": "object", "required": ["email", "password"],
                                  "additionalProperties": False, "properties": {
                "email": {"type": ["string", "null"], "maxLength": MAX_EMAIL},
                "password": {"type": "string", "description": "The current password "
                             "(bad_credentials otherwise, counted as a failed sign-in)."}}}),
            "responses": {"200": _json({"type": "object", "properties": {
                "email": {"type": ["string", "null"]}, "email_verified": {"type": "boolean"}}},
                "The address now."), "400": _ERR, "401": _ERR, "404": _ERR, "413": _ERR,
                "429": _ERR},
        }},
        "/api/account/password": {"post": {
            "summary": "Change the password (the current one is needed); every other session "
                       "ends and the further seat tokens are revoked",
            "operationId": "accountPassword",
            "security": _SESSION,
            "requestBody": _body({"type": "object", "required": ["old", "new"],
                                  "additionalProperties": False, "properties": {
                "old": {"type": "string"}, "new": _PASSWORD}}),
            "responses": {"200": _json({"type": "object", "required": ["ok", "ended"],
                                        "properties": {"ok": {"const": True},
                                                       "ended": {"type": "integer"}}},
                                       "Changed; how many other sessions ended."),
                          "400": _ERR, "401": _ERR, "404": _ERR, "413": _ERR, "429": _ERR},
        }},
        "/api/account/games": {"get": {
            "summary": "The games of the account's seats (as /api/my-games answers)",
            "operationId": "accountGames",
            "security": _SESSION,
            "responses": {"200": _json({"type": "object", "required": ["games", "order"],
                                        "properties": {
                "games": {"type": "array", "items": ref("Summary")},
                "order": {"type": "array", "items": {"type": "integer"}}}},
                "The most recently changed games first (at most 50 seats)."),
                "401": _ERR, "404": _ERR, "429": _ERR},
        }},
        "/api/account/seats": {"post": {
            "summary": "A guest's seats become the account's: its profile goes on the seats "
                       "the tokens hold",
            "operationId": "adoptSeats",
            "security": _SESSION,
            "requestBody": _body({"type": "object", "required": ["tokens"],
                                  "additionalProperties": False, "properties": {
                "tokens": {"type": "array", "maxItems": MAX_ADOPT,
                           "items": {"type": "string"}}}}),
            "responses": {"200": _json({"type": "object", "required": ["results"],
                                        "properties": {"results": {"type": "array",
                                                                   "items": _RESULT}}},
                                       "One answer a token, in order: ok, or its error "
                                       "(bad_token; other_profile: another profile holds the "
                                       "seat)."),
                          "400": _ERR, "401": _ERR, "404": _ERR, "413": _ERR, "429": _ERR},
        }},
        "/api/account/email/verify": {"post": {
            "summary": f"E-mail a link that verifies the account's address (valid "
                       f"{VERIFY_HOURS} hours, once; at most one a minute)",
            "operationId": "verifyEmail",
            "security": _SESSION,
            "requestBody": _body({"type": "object", "additionalProperties": False,
                                  "properties": {}}),
            "responses": {"202": _json(_SENT, "Sent."),
                          "200": _json(_SENT, "Verified already: nothing sent."),
                          "400": _ERR, "401": _ERR, "404": _ERR, "413": _ERR, "429": _ERR,
                          "503": _json(ref("Error"), "E-mail is off on this server "
                                                     "(no_email).")},
        }},
        "/api/account/email/confirm": {"post": {
            "summary": "Verify the address with the secret of the link (after '#')",
            "operationId": "confirmEmail",
            "requestBody": _body({"type": "object", "required": ["code"],
                                  "additionalProperties": False,
                                  "properties": {"code": {"type": "string"}}}),
            "responses": {"200": _json({"type": "object", "required": ["email", "email_verified"],
                                        "properties": {"email": {"type": "string"},
                                                       "email_verified": {"const": True}}},
                                       "Verified."),
                          "400": _ERR, "404": _ERR, "410": _ERR, "413": _ERR, "429": _ERR},
        }},
        "/api/account/reset": {"post": {
            "summary": f"E-mail a password-reset link (valid {RESET_MINUTES} minutes, once) to "
                       "the verified address of a user name; the same answer for every name",
            "operationId": "askReset",
            "requestBody": _body({"type": "object", "required": ["name"],
                                  "additionalProperties": False,
                                  "properties": {"name": {"type": "string"}}}),
            "responses": {"202": _json({"type": "object", "required": ["sent"],
                                        "properties": {"sent": {"const": True}}},
                                       "Sent, if the name has an account with a verified "
                                       "address."),
                          "400": _ERR, "404": _ERR, "413": _ERR, "429": _ERR,
                          "503": _json(ref("Error"), "E-mail is off on this server "
                                                     "(no_email).")},
        }},
        "/api/account/reset/confirm": {"post": {
            "summary": "Set a new password with the secret of a reset link: every session "
                       "ends, the further seat tokens are revoked, and this browser signs in",
            "operationId": "resetPassword",
            "requestBody": _body({"type": "object", "required": ["code", "password"],
                                  "additionalProperties": False,
                                  "properties": {"code": {"type": "string"},
                                                 "password": _PASSWORD}}),
            "responses": {"200": _json(ref("Account"), "Reset and signed in (Set-Cookie)."),
                          "400": _ERR, "404": _ERR, "410": _ERR, "413": _ERR, "429": _ERR},
        }},
        "/api/games/{game_id}/seat-token": {"post": {
            "summary": "A further token for the account's own seat of a game (another "
                       "device); the seat's other tokens keep working",
            "operationId": "seatToken",
            "security": _SESSION,
            "parameters": [{"name": "game_id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "requestBody": _body({"type": "object", "additionalProperties": False,
                                  "properties": {"seat": {"type": "integer",
                                                          "description": "Which of the "
                                                          "account's seats (default: its "
                                                          "first)."}}}),
            "responses": {"200": _json({"type": "object", "required": ["game", "seat", "token"],
                                        "properties": {"game": {"type": "string"},
                                                       "seat": {"type": "integer"},
                                                       "token": {"type": "string"}}},
                                       "The token (shown once)."),
                          "400": _ERR, "401": _ERR, "403": _ERR, "404": _ERR, "413": _ERR,
                          "429": _ERR},
        }},
        **passkeys_openapi.paths(),
    }
