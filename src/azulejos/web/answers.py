"""The JSON answers of the API's routes about one person (accounts, the lobby, fair play,
tournaments, the ladder): never kept by a cache between the server and the browser."""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse


def no_store_json(data: Any, status: int = 200) -> JSONResponse:
    """``data`` as a JSON answer with ``status``, marked ``Cache-Control: no-store``."""
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})
