"""A store for the session's tests: events in a dict, refusing a write computed from an old
version as the web's SQL store does (``azulejos.web.storage.SqlStore``, tested against both
databases in ``tests/web/test_storage.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from azulejos.play import Event, VersionConflict


@dataclass
class Stored:
    """What :class:`MemoryStore` holds of one game."""

    events: list[Event]
    secret: str | None
    status: str


class MemoryStore:
    """:class:`azulejos.play.Store` in a dict."""

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
