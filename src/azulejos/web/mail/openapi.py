"""The OpenAPI description of the unsubscribe pages (joined into :mod:`..openapi`)."""

from __future__ import annotations

from typing import Any

from azulejos.i18n import LANGUAGES

from .links import UNSUBSCRIBE_PATH


def _html(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"text/html": {"schema": {"type": "string"}}}}


_PARAMS = [
    {"name": "t", "in": "query", "required": True, "schema": {"type": "string"},
     "description": "The unsubscribe token of the mail's link (signed by the server; it can "
                    "only unsubscribe its own recipient)."},
    {"name": "lang", "in": "query", "required": False,
     "schema": {"type": "string", "enum": list(LANGUAGES), "default": "en"},
     "description": "The page's language (the mail's)."},
]
_REFUSED = {
    "400": _html("A forged or damaged token: nothing changed."),
    "404": _html("E-mail is off on this server (no serve --smtp)."),
    "429": {"description": "Too many requests from this client (the moves limit); "
                           "Retry-After says when to try again.",
            "content": {"text/plain": {"schema": {"type": "string"}}}},
}


def paths() -> dict[str, Any]:
    return {UNSUBSCRIBE_PATH: {
        "get": {
            "summary": "The unsubscribe page of a notification mail (changes nothing)",
            "description": "The link of every notification mail (also its List-Unsubscribe "
                           "header). Needs no sign-in. Shows a confirmation with one button "
                           "that posts to the same address; a recipient already "
                           "unsubscribed is told so (docs/api.md, \"E-mail\").",
            "operationId": "unsubscribePage",
            "parameters": _PARAMS,
            "responses": {"200": _html("The confirmation page (or: already unsubscribed)."),
                          **_REFUSED},
        },
        "post": {
            "summary": "Unsubscribe from notification mails (RFC 8058 one-click too)",
            "description": "Unsubscribes the token's recipient from \"your turn\", \"game "
                           "over\" and the digest (account mails still come). Takes the page's "
                           "form or a mail program's one-click post (body "
                           "List-Unsubscribe=One-Click, any content type, no Origin needed: "
                           "the token is the right). A link used again answers 200 and "
                           "changes nothing.",
            "operationId": "unsubscribe",
            "parameters": _PARAMS,
            "requestBody": {"required": False, "content": {
                "application/x-www-form-urlencoded": {"schema": {
                    "type": "object", "properties": {
                        "List-Unsubscribe": {"type": "string", "enum": ["One-Click"]}}}}}},
            "responses": {"200": _html("Unsubscribed (or: already)."), **_REFUSED},
        },
    }}
