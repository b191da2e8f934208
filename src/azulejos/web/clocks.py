"""Game clocks on the web (issue #14): none, per move, or per game, chosen when a game is created.

A clock times the *person* to move. ``move``: each turn has ``seconds`` (e.g. one day per
move); ``game``: each seat has ``seconds`` for the whole game (chess-like), the time it spent
on its turns counted in ``used``. A turn begins when the game reaches a version at which a
person seat is to move (and every person seat has been claimed: the clock does not run while
the players are still being invited); it is charged when the game moves on from that version.
Bots' turns, seats whose player left and finished games have no running clock.

All times are wall-clock seconds (``time.time()`` or the service's injected time source), so
that a stored turn means the same to every server process and after a restart. The arithmetic
is the play layer's (:mod:`azulejos.play.clocks`, shared with the terminal); this module is the
request field and the view fragment, and :mod:`.clock_store` keeps a clock in the database.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from azulejos.core import Phase
from azulejos.play.clocks import (
    CLOCK_KINDS,
    NO_CLOCK,
    ClockSpec,
    GameClock,
    Turn,
    parse_clock_text,
)

__all__ = ["CLOCK_KINDS", "MAX_CLOCK_SECONDS", "MIN_CLOCK_SECONDS", "NO_CLOCK", "ClockSpec",
           "GameClock", "Offer", "Turn", "clock_json", "expiry_seconds", "grace_seconds",
           "my_games_order",
           "parse_clock"]

#: Shortest and longest clock a game may have (seconds): 10 s to 30 days.
MIN_CLOCK_SECONDS = 10
MAX_CLOCK_SECONDS = 30 * 86400
#: The longest time bank of a per-move clock (30 days) and increment of a per-game clock (1 day).
MAX_BANK_SECONDS = 30 * 86400
MAX_INCREMENT_SECONDS = 86400


@dataclass(frozen=True, slots=True)
class Offer:
    """The wait-or-bot offer of an overdue turn (docs/api.md, "Wait or bot"): the seat out of
    time, the game version its turn was timed on, ``state`` ``open`` (nobody chose yet: the
    bot takes the seat at ``until``) or ``wait`` (the others wait: no default)."""

    seat: int
    version: int
    state: str
    until: float | None


#: The shortest and longest grace time of an offer (seconds).
MIN_GRACE_SECONDS = 30
MAX_GRACE_SECONDS = 3 * 86400


def grace_seconds(spec: ClockSpec) -> int:
    """How long the others have to choose wait or bot before the bot takes the seat: one
    move's time of the clock (per move: its ``seconds``; per game: a tenth of ``seconds``),
    at least 30 s and at most 3 days."""
    one_move = spec.seconds if spec.kind == "move" else spec.seconds // 10
    return max(MIN_GRACE_SECONDS, min(MAX_GRACE_SECONDS, one_move))


#: How long a game in play may go without a move before it expires (docs/api.md, "Expiry"):
#: untimed games 30 days; timed ones three times a turn's whole time (per move: its seconds
#: and the bank; per game: the seat's seconds), at least one day and at most 30 days.
UNTIMED_EXPIRY_SECONDS = 30 * 86400
MIN_EXPIRY_SECONDS = 86400
EXPIRY_TURNS = 3


def expiry_seconds(spec: ClockSpec | None) -> int:
    """Seconds without a move after which a game with this clock (None: none) expires."""
    if spec is None or not spec.runs:
        return UNTIMED_EXPIRY_SECONDS
    whole = spec.seconds + spec.bank
    return max(MIN_EXPIRY_SECONDS, min(UNTIMED_EXPIRY_SECONDS, EXPIRY_TURNS * whole))


def _whole_number(raw: dict[str, Any], key: str, low: int, high: int, what: str) -> int:
    value = raw.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"'clock.{key}' must be a whole number from {low} to {high} ({what})")
    return value


def parse_clock(raw: Any) -> ClockSpec:
    """The ``clock`` field of ``POST /api/games``: ``{"kind": "move", "seconds": N}`` (with
    an optional time bank, ``"bank": B``), ``{"kind": "game", "seconds": N}`` (with an
    optional increment per move, ``"increment": I``), ``{"kind": "none"}``, or the text form
    of the terminal's ``--clock`` (``"move:1d+bank:3d"``, ``"game:10m+5s"``, ``"none"``);
    :class:`ValueError` with a clear message (naming the field) otherwise."""
    if isinstance(raw, str):
        try:
            spec = parse_clock_text(raw)
        except ValueError as e:
            raise ValueError(f"'clock': {e}") from None
        if not spec.runs:
            return NO_CLOCK
        raw = {"kind": spec.kind, "seconds": spec.seconds}
        if spec.bank:
            raw["bank"] = spec.bank
        if spec.increment:
            raw["increment"] = spec.increment
    if not isinstance(raw, dict) or set(raw) - {"kind", "seconds", "bank", "increment"}:
        raise ValueError("'clock' must be an object with 'kind' and 'seconds' (and 'bank' or "
                         "'increment'), or a text such as \"move:1d+bank:3d\"")
    kind = raw.get("kind")
    if kind not in CLOCK_KINDS:
        raise ValueError("'clock.kind' must be \"none\", \"move\" or \"game\"")
    if kind == "none":
        if raw.get("seconds", 0) not in (0, None) or set(raw) - {"kind", "seconds"}:
            raise ValueError("a game with no clock has no 'clock.seconds', 'bank' or 'increment'")
        return NO_CLOCK
    seconds = _whole_number(raw, "seconds", MIN_CLOCK_SECONDS, MAX_CLOCK_SECONDS, "30 days")
    bank = increment = 0
    if "bank" in raw:
        if kind != "move":
            raise ValueError("'clock.bank' is for a per-move clock (a per-game clock has "
                             "'increment')")
        bank = _whole_number(raw, "bank", 0, MAX_BANK_SECONDS, "30 days")
    if "increment" in raw:
        if kind != "game":
            raise ValueError("'clock.increment' is for a per-game clock (a per-move clock "
                             "has 'bank')")
        increment = _whole_number(raw, "increment", 0, MAX_INCREMENT_SECONDS, "one day")
    return ClockSpec(kind, seconds, bank, increment)


def clock_json(clock: GameClock | None, players: int, now: float,
               offer: Offer | None = None) -> dict[str, Any] | None:
    """The ``clock`` fragment of a view or a "my games" line (docs/api.md, "Clocks"): the
    kind and seconds, the server's time ``now``, the seat timed (``seat``; null: none runs)
    and its ``deadline`` as a wall-clock timestamp (the page counts down itself, relative to
    ``now``), and each seat's ``remaining`` seconds (per move: only the seat to move's, its
    bank included); ``bank`` and ``increment`` (seconds, 0: none) and ``banks``, each seat's
    time bank left (null without a bank: spent after the turn's own time, so the seat timed
    has ``min(banks[seat], deadline - now)`` left in it as its time runs); ``overdue``: the
    wait-or-bot offer of the turn out of time (null: none), ``{"seat", "choice", "until"}``
    (``choice``: null while nobody chose, ``"wait"``; ``until``: when the bot takes the seat
    if nobody chooses, null once the others chose to wait); ``paused``: the turn's clock
    stands still, its player being on vacation."""
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
        "bank": clock.spec.bank,
        "increment": clock.spec.increment,
        "banks": ([_whole(clock.bank_left(s, now)) for s in range(players)]
                  if clock.spec.bank else None),
        # the timed turn's clock stands still: its player is on vacation (docs/api.md,
        # "Vacation"); its deadline moves on when the vacation ends
        "paused": t is not None and t.paused is not None and t.seat is not None,
        "overdue": None if offer is None or t is None or offer.version != t.version else {
            "seat": offer.seat, "choice": "wait" if offer.state == "wait" else None,
            "until": None if offer.until is None else round(offer.until, 3)},
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
        if line.get("phase") == Phase.OVER or line.get("expired"):
            return (2, 0.0, i)  # finished or expired (docs/api.md, "Expiry")
        if line.get("to_move"):
            clock = line.get("clock") or {}
            deadline = clock.get("deadline") if clock.get("seat") == line.get("current") else None
            return (0, math.inf if deadline is None else float(deadline), i)
        return (1, 0.0, i)

    return sorted((i for i, line in enumerate(lines) if line is not None), key=key)
