"""The pieces every part of the OpenAPI document is made of (:mod:`.openapi` and the
``*_openapi`` modules beside it): a reference to a schema, a JSON answer, a JSON body, the
refusal, the game token and the game id of a path."""

from __future__ import annotations

from typing import Any

from azulejos.i18n import LANGUAGES


def ref(name: str) -> dict[str, str]:
    """A reference to the document's schema ``name``."""
    return {"$ref": f"#/components/schemas/{name}"}


def answer(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """A JSON answer of ``schema``."""
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def body(name: str) -> dict[str, Any]:
    """A required JSON body of the schema ``name``."""
    return {"required": True, "content": {"application/json": {"schema": ref(name)}}}


#: The answer of a refused request (every refusal says why in an ``Error``).
ERR = answer(ref("Error"), "The request was refused; nothing changed.")
#: A route that takes a game's token.
GAME_TOKEN: list[dict[str, list[str]]] = [{"gameToken": []}]
#: The game id of a path.
GAME_ID: dict[str, Any] = {
    "name": "game_id", "in": "path", "required": True, "schema": {"type": "string"},
    "description": "The game's id (public; the token is what grants access).",
}
#: The ``lang`` query parameter: the language of the answer's words.
LANG: dict[str, Any] = {
    "name": "lang", "in": "query", "required": False,
    "schema": {"type": "string", "enum": list(LANGUAGES), "default": "en"},
}
