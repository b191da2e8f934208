"""The web front end (layer L4): an authoritative game server and a browser client.

``create_app(db)`` builds the ASGI app; ``azulejos serve`` runs it with uvicorn. See
docs/api.md for the HTTP and websocket API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.applications import Starlette


def create_app(db: str | None = None, **options: Any) -> Starlette:
    """The ASGI app (see :func:`azulejos.web.app.create_app`)."""
    from .app import create_app as _create

    return _create(db, **options)


__all__ = ["create_app"]
