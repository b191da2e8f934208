"""Who is online, over every server process: the seats with a connection here (counted per
connection) and the seats the other processes announced (``presence`` notices of the bus).

Each process announces the set of seats it has online for a game whenever that set changes,
and again every :data:`HEARTBEAT` seconds while it has any; an announcement not renewed within
:data:`EXPIRY` seconds (a process that died) is forgotten, and a process that stops says
``bye``. A process that gets its first viewer of a game asks the others (``ask``) to announce
theirs at once.
"""

from __future__ import annotations

import time
from collections import Counter

#: Seconds between the announcements of a process's online seats.
HEARTBEAT = 5.0
#: Seconds after which another process's announcement no longer counts.
EXPIRY = 3 * HEARTBEAT


class Presence:
    def __init__(self) -> None:
        self.local: dict[str, Counter[int]] = {}
        # game -> origin -> (seats online there, when announced (monotonic))
        self.remote: dict[str, dict[str, tuple[frozenset[int], float]]] = {}

    # -- this process --------------------------------------------------------------------------
    def join(self, game_id: str, seats: frozenset[int]) -> bool:
        """A connection for ``seats`` opened here; True if the game's local set changed."""
        online = self.local.setdefault(game_id, Counter())
        before = self.here(game_id)
        online.update(seats)
        return self.here(game_id) != before

    def leave(self, game_id: str, seats: frozenset[int], last: bool) -> bool:
        """A connection for ``seats`` closed here (``last``: no viewer of the game is left
        here); True if the game's local set changed."""
        online = self.local.get(game_id)
        if online is None:
            return False
        before = self.here(game_id)
        online.subtract(seats)
        for k in [k for k, v in online.items() if v <= 0]:
            del online[k]
        if last:
            self.local.pop(game_id, None)
        return self.here(game_id) != before

    def here(self, game_id: str) -> frozenset[int]:
        """The seats with a connection to this process."""
        return frozenset(self.local.get(game_id, Counter()))

    # -- the others ----------------------------------------------------------------------------
    def announced(self, game_id: str, origin: str, seats: frozenset[int],
                  now: float | None = None) -> bool:
        """Process ``origin`` has ``seats`` online; True if what the game shows changed."""
        now = time.monotonic() if now is None else now
        before = self.seats(game_id, now)
        games = self.remote.setdefault(game_id, {})
        if seats:
            games[origin] = (seats, now)
        else:
            games.pop(origin, None)
            if not games:
                self.remote.pop(game_id, None)
        return self.seats(game_id, now) != before

    def gone(self, origin: str) -> list[str]:
        """Process ``origin`` stopped: the games whose shown seats changed."""
        changed = []
        for gid in list(self.remote):
            if origin in self.remote[gid]:
                changed.append(gid)
                self.announced(gid, origin, frozenset())
        return changed

    def expire(self, now: float | None = None) -> list[str]:
        """Forget announcements older than :data:`EXPIRY`; the games whose shown seats changed."""
        now = time.monotonic() if now is None else now
        changed = []
        for gid, games in list(self.remote.items()):
            old = [o for o, (_, when) in games.items() if now - when > EXPIRY]
            if old:
                for o in old:
                    del games[o]
                if not games:
                    del self.remote[gid]
                changed.append(gid)
        return changed

    def forget(self) -> None:
        """Drop every other process's announcement (after a gap in the notices)."""
        self.remote.clear()

    # -- together ------------------------------------------------------------------------------
    def seats(self, game_id: str, now: float | None = None) -> frozenset[int]:
        now = time.monotonic() if now is None else now
        out = set(self.here(game_id))
        for seats, when in self.remote.get(game_id, {}).values():
            if now - when <= EXPIRY:
                out |= seats
        return frozenset(out)

    def online(self, game_id: str) -> Counter[int]:
        """The seats online in any process, as the views take them (seat -> connections
        here, at least 1 for a seat online elsewhere)."""
        counts = Counter(self.local.get(game_id, Counter()))
        for seat in self.seats(game_id) - self.here(game_id):
            counts[seat] = 1
        return counts
