"""The store protocol of a game session.

A game is a list of events (fills, moves, undos) in order; its version is their number. A
store appends the events of one change *after* a given version, and refuses with
:class:`VersionConflict` (writing nothing) when the game is no longer at that version - so
several writers (server processes on one database) cannot both win.
The SQL store of the web server (``azulejos.web.storage``) implements it; a session without
a store (the terminal, tournaments) keeps its events in memory only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .events import Event


class VersionConflict(Exception):
    """The game moved on since the version a write was computed from."""


class Store(Protocol):
    """Where a session persists its events (blocking calls)."""

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[Event],
        rng_state: str | None,
        status: str,
    ) -> int:
        """Add ``events`` after ``expected_version``; the new version, or VersionConflict.
        ``rng_state``: the fill source's secret when it changed (else None)."""
        ...
