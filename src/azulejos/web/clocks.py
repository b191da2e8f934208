"""Game clocks (issue #14): none, per move, or per game, chosen when a game is created.

A clock times the *person* to move. ``move``: each turn has ``seconds`` (e.g. one day per
move); ``game``: each seat has ``seconds`` for the whole game (chess-like), the time it spent
on its turns counted in ``used``. A turn begins when the game reaches a version at which a
person seat is to move (and every person seat has been claimed: the clock does not run while
the players are still being invited); it is charged when the game moves on from that version.
Bots' turns, seats whose player left and finished games have no running clock.

All times are wall-clock seconds (``time.time()`` or the service's injected time source), so
that a stored turn means the same to every server process and after a restart. This module is
the arithmetic and the view fragment; :mod:`.clock_store` keeps it in the database.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

#: The clock kinds a game may be created with (``none``: no clock).
CLOCK_KINDS = ("none", "move", "game")
#: Shortest and longest clock a game may have (seconds): 10 s to 30 days.
MIN_CLOCK_SECONDS = 10
MAX_CLOCK_SECONDS = 30 * 86400


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """The clock chosen at creation: ``kind`` ``move`` or ``game``, and its ``seconds``
    (``none``: the game has no clock)."""

    kind: str
    seconds: int

    @property
    def runs(self) -> bool:
        return self.kind != "none"


NO_CLOCK = ClockSpec("none", 0)


def parse_clock(raw: Any) -> ClockSpec:
    """The ``clock`` field of ``POST /api/games``: ``{"kind": "move"|"game", "seconds": N}``
    or ``{"kind": "none"}``; :class:`ValueError` with a clear message otherwise."""
    if not isinstance(raw, dict) or set(raw) - {"kind", "seconds"}:
        raise ValueError("'clock' must be an object with 'kind' and 'seconds'")
    kind = raw.get("kind")
    if kind not in CLOCK_KINDS:
        raise ValueError("'clock.kind' must be \"none\", \"move\" or \"game\"")
    if kind == "none":
        if raw.get("seconds", 0) not in (0, None):
            raise ValueError("a game with no clock has no 'clock.seconds'")
        return NO_CLOCK
    seconds = raw.get("seconds")
    if type(seconds) is not int or not MIN_CLOCK_SECONDS <= seconds <= MAX_CLOCK_SECONDS:
        raise ValueError(f"'clock.seconds' must be a whole number from {MIN_CLOCK_SECONDS} "
                        f"to {MAX_CLOCK_SECONDS} (30 days)")
    return ClockSpec(kind, seconds)


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn whose clock is (or is not) running: the game ``version`` it began at, when
    (``began``), the person ``seat`` timed (None: no clock runs, e.g. a bot's turn) and its
    ``deadline`` (None likewise)."""

    version: int
    began: float
    seat: int | None = None
    deadline: float | None = None


@dataclass(frozen=True, slots=True)
class GameClock:
    """A game's clock: its kind, the seconds each seat used so far (per-game clock) and the
    current turn (None: not started yet)."""

    spec: ClockSpec
    used: tuple[float, ...]
    turn: Turn | None = None

    @classmethod
    def new(cls, spec: ClockSpec, players: int) -> GameClock:
        return cls(spec, (0.0,) * players)

    def left_for(self, seat: int) -> float:
        """Seconds a seat has at the start of a turn."""
        if self.spec.kind == "game":
            return max(0.0, self.spec.seconds - self.used[seat])
        return float(self.spec.seconds)

    def charged(self, base: int, now: float) -> GameClock:
        """The clock once the game moves on from version ``base`` at ``now``: the running
        turn's time goes to its seat (if that turn is the one of ``base``)."""
        t = self.turn
        if t is None or t.seat is None or t.version != base:
            return self
        used = list(self.used)
        spent = max(0.0, now - t.began)
        used[t.seat] = min(float(self.spec.seconds), used[t.seat] + spent) \
            if self.spec.kind == "game" else used[t.seat] + spent
        return dataclasses.replace(self, used=tuple(used))

    def begin(self, version: int, seat: int | None, now: float) -> GameClock:
        """A new turn at ``version`` (``seat``: the person timed; None: no clock runs)."""
        if seat is None:
            return dataclasses.replace(self, turn=Turn(version, now))
        return dataclasses.replace(self, turn=Turn(version, now, seat, now + self.left_for(seat)))

    def due(self, version: int, now: float) -> int | None:
        """The seat out of time at ``now`` if the game is at ``version``, else None."""
        t = self.turn
        if t is None or t.seat is None or t.deadline is None or t.version != version:
            return None
        return t.seat if now >= t.deadline else None

    def remaining(self, seat: int, now: float) -> float | None:
        """Seconds left to ``seat`` at ``now`` (per move: only for the seat to move)."""
        t = self.turn
        running = t is not None and t.seat == seat and t.deadline is not None
        if self.spec.kind == "move":
            if t is None or t.deadline is None or not running:
                return None
            return max(0.0, t.deadline - now)
        left = self.left_for(seat)
        if running and t is not None:
            left = max(0.0, left - max(0.0, now - t.began))
        return left


def clock_json(clock: GameClock | None, players: int, now: float) -> dict[str, Any] | None:
    """The ``clock`` fragment of a view or a "my games" line (docs/api.md, "Clocks"): the
    kind and seconds, the server's time ``now``, the seat timed (``seat``; null: none runs)
    and its ``deadline`` as a wall-clock timestamp (the page counts down itself, relative to
    ``now``), and each seat's ``remaining`` seconds (per move: only the seat to move's)."""
    if clock is None or not clock.spec.runs:
        return None
    t = clock.turn
    seat = t.seat if t is not None else None
    return {
        "kind": clock.spec.kind,
        "seconds": clock.spec.seconds,
        "now": round(now, 3),
        "seat": seat,
        "deadline": None if t is None or t.deadline is None else round(t.deadline, 3),
        "remaining": [_whole(clock.remaining(s, now)) for s in range(players)],
    }


def _whole(x: float | None) -> float | None:
    return None if x is None else math.floor(x * 1000) / 1000


def my_games_order(lines: list[dict[str, Any] | None]) -> list[int]:
    """The order to list "my games" lines in (indexes; unknown games, None, left out): the
    games where it is the viewer's turn first, the one whose deadline comes soonest first (no
    deadline last), then the other games in play, then the finished ones; otherwise as given
    (the browser sends its most recently used first)."""

    def key(i: int) -> tuple[int, float, int]:
        line = lines[i]
        assert line is not None
        if line.get("phase") == "over":
            return (2, 0.0, i)
        if line.get("to_move"):
            clock = line.get("clock") or {}
            deadline = clock.get("deadline") if clock.get("seat") == line.get("current") else None
            return (0, math.inf if deadline is None else float(deadline), i)
        return (1, 0.0, i)

    return sorted((i for i, line in enumerate(lines) if line is not None), key=key)
