"""Vacation days (issue 28, item 2; docs/api.md, "Vacation"): the rules.

A signed-in account has :data:`ALLOWANCE` whole days of vacation a calendar year (UTC; a
vacation is charged to the year it begins in). It may start a vacation of 1 to the days it has
left, from now, and end it early: the whole days begun are charged (at least one), the others
come back. While it is on vacation, its turns in *turn-based* games - a per-move or per-game
clock of at least :data:`TURN_BASED_SECONDS` (one day) - do not run out: the turn's clock
stands still (its time left, time bank included, stays as it was), and when the vacation ends
the deadline is moved on by the vacation. Such a game, and an untimed one, does not expire
while a player is on vacation, and the vacation's idle days do not count towards its expiry.
Live games (shorter clocks) are not affected. A turn already out of time when the vacation
begins is not saved (the others choose wait or bot, as ever). The player may still move while on
vacation. Guests (seats of no account) have no vacation.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .protocol import GameError

#: Whole days of vacation an account has each calendar year (UTC).
ALLOWANCE = 30
DAY = 86400.0
#: The shortest clock a vacation stops: a turn-based game gives a move (per move) or the whole
#: game (per game) at least a day.
TURN_BASED_SECONDS = 86400


@dataclass(frozen=True, slots=True)
class Vacation:
    """A running vacation: its id, start, planned end, days booked."""

    vacation_id: str
    started: float
    until: float
    days: int


def year_of(t: float) -> int:
    """The calendar year (UTC) of a timestamp."""
    return datetime.fromtimestamp(t, UTC).year


def vacation_days(raw: Any, left: int) -> int:
    """The ``days`` of a new vacation: a whole number from 1 to ``left``; ``malformed`` (not a
    whole number) or ``bad_days`` (out of range: ``left`` in the answer) otherwise."""
    if type(raw) is not int:
        raise GameError("malformed", "'days' must be a whole number of days", 400)
    if left < 1:
        raise GameError("bad_days", f"no vacation days are left this year (of {ALLOWANCE})",
                        400, {"left": left})
    if not 1 <= raw <= left:
        raise GameError("bad_days", f"a vacation has 1 to {left} days (the days left this "
                        "year)", 400, {"left": left})
    return raw


def vacation_json(year: int, used: int, current: Vacation | None) -> dict[str, Any]:
    """The answer of the vacation routes: the year's allowance, the days used and left, and
    the running vacation (null: none)."""
    return {
        "allowance": ALLOWANCE, "year": year, "used": used, "left": max(0, ALLOWANCE - used),
        "min_clock": TURN_BASED_SECONDS,
        "vacation": None if current is None else {
            "started": round(current.started, 3), "until": round(current.until, 3),
            "days": current.days},
    }
