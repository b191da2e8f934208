"""What the game service's parts share: new tokens and seeds, the default name of a person
seat, the HTTP status of each refusal of the host, and what a connected viewer is."""

from __future__ import annotations

import secrets
from typing import Any, Protocol

from azulejos.play import SessionError

from .protocol import GameError
from .views import Access


def default_person_name(seat: int) -> str:
    """The name of a person seat left unnamed (stored in English, shown translated)."""
    return f"Player {seat + 1}"


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_seed() -> int:
    """A game's secret seed (kept server-side, never sent)."""
    return secrets.randbits(128)


class Subscriber(Protocol):
    """A connected viewer (a websocket): it is sent each new view, whose legal moves carry
    their previews unless it takes them on demand (the hello's ``"previews"``, docs/api.md)."""

    access: Access
    previews_on_demand: bool
    chat: bool  # it is sent chat messages (web/service_chat.py)

    def send_view(self, view: dict[str, Any]) -> None: ...

    def send(self, message: dict[str, Any]) -> None:
        """Send a message that is not a view (a chat message)."""


#: HTTP status of each refusal of the session.
STATUS = {"stale": 409, "game_over": 409, "busy": 409, "not_your_turn": 403, "not_a_bot": 409,
          "not_your_seat": 403, "not_a_person": 409, "already_left": 409, "out_of_time": 409}


def refusal(e: SessionError) -> GameError:
    return GameError(e.code, e.message, STATUS.get(e.code, 400), dict(e.details))
