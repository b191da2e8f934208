"""Game clocks: none, per move, or per game (the arithmetic every front end shares).

A clock times the *person* to move. ``move``: each turn has ``seconds``; ``game``: each seat
has ``seconds`` for the whole game (chess-like), the time it spent on its turns counted in
``used``. A turn begins when the game reaches a version at which a person seat is to move
(a front end may hold the clock back meanwhile: the web does while the players are still being
invited); it is charged when the game moves on from that version. Bots' turns, seats whose
player left and finished games have no running clock. When a turn runs out of time the host
(:mod:`azulejos.play.host`) hands the seat to a bot, as a ``leave`` with reason ``timeout``.

Times are seconds of one time source (the web: wall-clock ``time.time()``, shared by every
server process; the terminal: the same, injectable for tests). Storing a clock is the front
end's (the web keeps it in its database: ``web/clock_store.py``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

#: The clock kinds a game may be created with (``none``: no clock).
CLOCK_KINDS = ("none", "move", "game")


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


#: The units of a clock's time in the terminal's ``--clock`` option.
UNITS = {"s": 1, "m": 60, "h": 3600}


def parse_clock_text(text: str) -> ClockSpec:
    """A clock as the terminal's ``--clock`` option names it: ``KIND:TIME`` with ``KIND``
    ``move`` (each turn) or ``game`` (each seat's whole game), and ``TIME`` a whole number of
    seconds, or of minutes or hours with ``m`` / ``h`` (``move:30``, ``game:5m``); ``none``
    for no clock. :class:`ValueError` otherwise.

    >>> parse_clock_text("game:5m")
    ClockSpec(kind='game', seconds=300)
    """
    raw = text.strip().lower()
    if raw == "none":
        return NO_CLOCK
    kind, colon, amount = raw.partition(":")
    unit = UNITS.get(amount[-1:], 0) if amount else 0
    digits = amount[:-1] if unit else amount
    if kind not in ("move", "game") or not colon or not digits.isascii() or not digits.isdigit():
        raise ValueError(f"{text!r} is not a clock (move:SECONDS or game:SECONDS, e.g. move:30)")
    seconds = int(digits) * (unit or 1)
    if seconds < 1:
        raise ValueError(f"{text!r}: a clock has at least one second")
    return ClockSpec(kind, seconds)
