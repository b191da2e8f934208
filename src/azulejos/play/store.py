"""The store protocol of a game session, and two stores: in memory, and a record file.

A game is a list of events (fills, moves, undos) in order; its version is their number. A
store appends the events of one change *after* a given version, and refuses with
:class:`VersionConflict` (writing nothing) when the game is no longer at that version - so
several writers (server processes on one database, two windows on one file) cannot both win.
The SQL store of the web server (``azulejos.web.storage``) implements the same protocol.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from azulejos.core import Ruleset, State, Variant
from azulejos.notation import dumps, record_of

from .events import Event, apply_event


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


@dataclass
class Stored:
    """What :class:`MemoryStore` holds of one game."""

    events: list[Event]
    secret: str | None
    status: str


class MemoryStore:
    """Events in a dict (tests, tournaments, a game that needs no file)."""

    def __init__(self) -> None:
        self.games: dict[str, Stored] = {}

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[Event],
        rng_state: str | None,
        status: str,
    ) -> int:
        g = self.games.get(game_id)
        have = 0 if g is None else len(g.events)
        if have != expected_version:
            raise VersionConflict(game_id)
        if g is None:
            g = self.games[game_id] = Stored([], None, status)
        g.events.extend(events)
        if rng_state is not None:
            g.secret = rng_state
        g.status = status
        return len(g.events)


class RecordFileStore:
    """Keeps the game as an ``azulejos-record/1`` file (docs/notation.md), rewritten atomically after
    every change: an always-current save. ``players`` is the game's :class:`Ruleset` (or its player
    count, with ``variant``); ``extra`` goes into the record (names, seats, seed…)."""

    def __init__(
        self,
        path: str | Path,
        players: int | Ruleset,
        variant: Variant | str | None = None,
        start_player: int = 0,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.path = Path(path).expanduser()
        self.extra = dict(extra or {})
        self._state = State.new(players, variant, start_player)
        self.version = 0

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[Event],
        rng_state: str | None,
        status: str,
    ) -> int:
        if expected_version != self.version:
            raise VersionConflict(game_id)
        trial = self._state.copy()
        for e in events:
            apply_event(trial, e)
        text = dumps(record_of(trial, **self.extra))
        fd, tmp = tempfile.mkstemp(prefix=".azulejos-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self._state = trial
        self.version += len(events)
        return self.version
