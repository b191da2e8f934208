"""The OpenAPI description of passkeys (:mod:`.passkeys`; joined into :mod:`..openapi`)."""

from __future__ import annotations

from typing import Any

from ..openapi_parts import ERR, answer, ref
from .passkey_store import CHALLENGE_SECONDS, MAX_PASSKEYS

#: Error codes of the passkey routes.
ERROR_CODES = ("bad_passkey", "passkey_known", "too_many_passkeys", "unknown_passkey",
               "no_passkeys")

_SESSION: list[dict[str, list[str]]] = [{"session": []}]
_EMPTY = {"required": True, "content": {"application/json": {"schema": {
    "type": "object", "additionalProperties": False, "properties": {}}}}}
_CREDENTIAL = {"required": True, "content": {"application/json": {"schema": {
    "type": "object", "required": ["credential"], "additionalProperties": False,
    "properties": {"credential": {"type": "object", "required": ["id"],
                                  "additionalProperties": True,
                                  "description": "The browser's answer, as "
                                  "PublicKeyCredential.toJSON() gives it."}}}}}}
_OPTIONS = answer({"type": "object", "required": ["options"], "properties": {
    "options": {"type": "object", "additionalProperties": True,
                "description": "WebAuthn options in their JSON form (for "
                "PublicKeyCredential.parseCreationOptionsFromJSON or "
                f"parseRequestOptionsFromJSON); the challenge works once, {CHALLENGE_SECONDS} s."}}},
    "The options.")
_KEY = {"type": "object", "required": ["id", "created", "last_used"], "properties": {
    "id": {"type": "string", "description": "The credential id (base64url)."},
    "created": {"type": "number"}, "last_used": {"type": ["number", "null"]}}}


def paths() -> dict[str, Any]:
    return {
        "/api/account/passkeys/options": {"post": {
            "summary": "Options to create a passkey for the signed-in account",
            "operationId": "passkeyOptions", "security": _SESSION, "requestBody": _EMPTY,
            "responses": {"200": _OPTIONS, "401": ERR, "404": ERR, "409": ERR, "413": ERR,
                          "429": ERR}}},
        "/api/account/passkeys": {
            "post": {"summary": f"Add the new passkey to the account (at most {MAX_PASSKEYS})",
                     "operationId": "addPasskey", "security": _SESSION,
                     "requestBody": _CREDENTIAL,
                     "responses": {"201": answer(_KEY, "Added."), "400": ERR, "401": ERR,
                                   "404": ERR, "409": ERR, "413": ERR, "429": ERR}},
            "get": {"summary": "The account's passkeys", "operationId": "passkeys",
                    "security": _SESSION,
                    "responses": {"200": answer({"type": "object", "required": ["passkeys"],
                                                 "properties": {"passkeys": {
                                                     "type": "array", "items": _KEY}}},
                                                "The passkeys, oldest first."),
                                  "401": ERR, "404": ERR}}},
        "/api/account/passkeys/{credential_id}": {"delete": {
            "summary": "Remove one of the account's passkeys", "operationId": "removePasskey",
            "security": _SESSION,
            "parameters": [{"name": "credential_id", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "responses": {"200": answer({"type": "object", "properties": {
                "ok": {"const": True}}}, "Removed."), "401": ERR, "404": ERR}}},
        "/api/session/passkey/options": {"post": {
            "summary": "Options to sign in with a passkey (no account named: the "
                       "authenticator offers its passkeys for this site)",
            "operationId": "passkeySignInOptions", "requestBody": _EMPTY,
            "responses": {"200": _OPTIONS, "404": ERR, "413": ERR, "429": ERR}}},
        "/api/session/passkey": {"post": {
            "summary": "Sign in with a passkey's answer: a new session (Set-Cookie)",
            "operationId": "passkeySignIn", "requestBody": _CREDENTIAL,
            "responses": {"200": answer(ref("Account"), "Signed in (Set-Cookie)."),
                          "400": ERR, "401": ERR, "404": ERR, "413": ERR, "429": ERR}}},
    }
