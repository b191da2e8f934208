"""Game clocks: none, per move, or per game (the arithmetic every front end shares).

A clock times the *person* to move. ``move``: each turn has ``seconds``, and with a time
``bank`` each seat also has that many seconds for the whole game, spent only when a turn's own
time runs out (never refilled); ``used`` counts the bank spent. ``game``: each seat has
``seconds`` for the whole game (chess-like), the time it spent on its turns counted in
``used``; with an ``increment`` (Fischer) each move made gives that many seconds back. A turn begins when the game reaches a version at which a person seat is to move
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
    (``none``: the game has no clock); a per-move clock's time ``bank`` and a per-game clock's
    ``increment`` (seconds, 0: none)."""

    kind: str
    seconds: int
    bank: int = 0
    increment: int = 0

    @property
    def runs(self) -> bool:
        return self.kind != "none"

    def text(self) -> str:
        """The spec as :func:`parse_clock_text` reads it (``move:1d+bank:3d``)."""
        if not self.runs:
            return "none"
        out = f"{self.kind}:{_amount(self.seconds)}"
        if self.bank:
            out += f"+bank:{_amount(self.bank)}"
        if self.increment:
            out += f"+{_amount(self.increment)}"
        return out


NO_CLOCK = ClockSpec("none", 0)


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn whose clock is (or is not) running: the game ``version`` it began at, when
    (``began``), the person ``seat`` timed (None: no clock runs, e.g. a bot's turn) and its
    ``deadline`` (None likewise); ``paused``: since when its clock stands still (the web: the
    player is on vacation, docs/api.md "Vacation"; None: it runs). A paused turn is never
    due, and its time left stays what it was at ``paused``; :meth:`resumed` moves it on."""

    version: int
    began: float
    seat: int | None = None
    deadline: float | None = None
    paused: float | None = None

    def clock_now(self, now: float) -> float:
        """The time the turn's clock reads at ``now`` (``paused`` while it stands still)."""
        return now if self.paused is None else min(now, self.paused)

    def resumed(self, at: float) -> Turn:
        """The turn running again from ``at``: its start and deadline move by the pause."""
        if self.paused is None:
            return self
        shift = max(0.0, at - self.paused)
        return Turn(self.version, self.began + shift, self.seat,
                    None if self.deadline is None else self.deadline + shift)


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
        """Seconds a seat has at the start of a turn (per move: the turn's own and the bank)."""
        if self.spec.kind == "game":
            return max(0.0, self.spec.seconds - self.used[seat])
        return float(self.spec.seconds) + self.bank_left(seat)

    def bank_left(self, seat: int, now: float | None = None) -> float:
        """Seconds left in ``seat``'s time bank (per-move clock; 0 without a bank), at ``now``
        if given (the running turn's overrun spent from it)."""
        if self.spec.kind != "move" or not self.spec.bank:
            return 0.0
        left = max(0.0, self.spec.bank - self.used[seat])
        t = self.turn
        if now is not None and t is not None and t.seat == seat and t.deadline is not None:
            left = max(0.0, left - max(0.0, t.clock_now(now) - t.began - self.spec.seconds))
        return left

    def charged(self, base: int, now: float) -> GameClock:
        """The clock once the game moves on from version ``base`` at ``now``: the running
        turn's time goes to its seat (if that turn is the one of ``base``): per game, the time
        spent less the increment; per move, the overrun spent from the bank."""
        t = self.turn
        if t is None or t.seat is None or t.version != base:
            return self
        used = list(self.used)
        spent = max(0.0, t.clock_now(now) - t.began)
        if self.spec.kind == "game":
            used[t.seat] = min(float(self.spec.seconds), used[t.seat] + spent) \
                - self.spec.increment
        else:
            used[t.seat] = min(float(self.spec.bank),
                               used[t.seat] + max(0.0, spent - self.spec.seconds))
        return dataclasses.replace(self, used=tuple(used))

    def begin(self, version: int, seat: int | None, now: float) -> GameClock:
        """A new turn at ``version`` (``seat``: the person timed; None: no clock runs)."""
        if seat is None:
            return dataclasses.replace(self, turn=Turn(version, now))
        return dataclasses.replace(self, turn=Turn(version, now, seat, now + self.left_for(seat)))

    def due(self, version: int, now: float) -> int | None:
        """The seat out of time at ``now`` if the game is at ``version``, else None."""
        t = self.turn
        if t is None or t.seat is None or t.deadline is None or t.version != version \
                or t.paused is not None:
            return None
        return t.seat if now >= t.deadline else None

    def remaining(self, seat: int, now: float) -> float | None:
        """Seconds left to ``seat`` at ``now`` (per move: only for the seat to move)."""
        t = self.turn
        running = t is not None and t.seat == seat and t.deadline is not None
        if self.spec.kind == "move":
            if t is None or t.deadline is None or not running:
                return None
            return max(0.0, t.deadline - t.clock_now(now))
        left = self.left_for(seat)
        if running and t is not None:
            left = max(0.0, left - max(0.0, t.clock_now(now) - t.began))
        return left


#: The units of a clock's time in the terminal's ``--clock`` option.
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def _amount(seconds: int) -> str:
    for unit in ("d", "h", "m"):
        if seconds % UNITS[unit] == 0:
            return f"{seconds // UNITS[unit]}{unit}"
    return str(seconds)


def _seconds(text: str, amount: str) -> int:
    unit = UNITS.get(amount[-1:], 0) if amount else 0
    digits = amount[:-1] if unit else amount
    if not digits.isascii() or not digits.isdigit() or len(digits) > 9:
        raise ValueError(f"{text!r} is not a clock: {amount!r} is not a time (a whole number "
                         "of seconds, or of minutes, hours or days with m, h or d)")
    return int(digits) * (unit or 1)


def parse_clock_text(text: str) -> ClockSpec:
    """A clock as the terminal's ``--clock`` option names it: ``KIND:TIME`` with ``KIND``
    ``move`` (each turn) or ``game`` (each seat's whole game), and ``TIME`` a whole number of
    seconds, or of minutes, hours or days with ``m`` / ``h`` / ``d`` (``move:30``,
    ``game:5m``); a per-move clock may add a time bank (``move:1d+bank:3d``), a per-game
    clock an increment per move (``game:10m+5s``); ``none`` for no clock. :class:`ValueError`
    (naming what is wrong) otherwise.

    >>> parse_clock_text("game:5m")
    ClockSpec(kind='game', seconds=300, bank=0, increment=0)
    >>> parse_clock_text("move:1d+bank:3d").text()
    'move:1d+bank:3d'
    """
    raw = text.strip().lower()
    if raw == "none":
        return NO_CLOCK
    main, plus, extra = raw.partition("+")
    kind, colon, amount = main.partition(":")
    if kind not in ("move", "game") or not colon:
        raise ValueError(f"{text!r} is not a clock (move:TIME or game:TIME, e.g. move:30, "
                         "move:1d+bank:3d, game:10m+5s)")
    seconds = _seconds(text, amount)
    if seconds < 1:
        raise ValueError(f"{text!r}: a clock has at least one second")
    if not plus:
        return ClockSpec(kind, seconds)
    if kind == "move":
        name, colon, amount = extra.partition(":")
        if name != "bank" or not colon:
            raise ValueError(f"{text!r}: a per-move clock adds a time bank (move:1d+bank:3d)")
        return ClockSpec(kind, seconds, bank=_seconds(text, amount))
    if ":" in extra:
        raise ValueError(f"{text!r}: a per-game clock adds an increment per move "
                         "(game:10m+5s)")
    return ClockSpec(kind, seconds, increment=_seconds(text, extra))
