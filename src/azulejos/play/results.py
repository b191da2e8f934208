"""The end of a game: scores before bonuses, bonuses itemised, winners and why (R24, R25)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from azulejos.core import Bonus, State


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    before_bonus: int
    bonus: Bonus
    total: int
    rows: int  # complete horizontal rows: the tie-break (R25)


@dataclass(frozen=True, slots=True)
class Result:
    """``decided_by``: ``"points"`` (one player has most points), ``"rows"`` (a points tie
    broken by complete rows) or ``"shared"`` (still tied: shared victory). ``tied`` lists the
    seats level on the best score."""

    standings: tuple[Standing, ...]
    winners: tuple[int, ...]
    tied: tuple[int, ...]
    decided_by: Literal["points", "rows", "shared"]


def result(state: State) -> Result:
    """The result of a finished game (``ValueError`` while it is still going on)."""
    if not state.is_over:
        raise ValueError("the game is not over yet (R23)")
    standings = []
    for p, score in enumerate(state.scores):
        bonus = state.bonus(p)
        standings.append(
            Standing(p, score - bonus.points, bonus, score, state.player(p).complete_rows)
        )
    best = max(state.scores)
    tied = tuple(p for p, s in enumerate(state.scores) if s == best)
    winners = tuple(state.winners())
    how: Literal["points", "rows", "shared"]
    how = "points" if len(tied) == 1 else ("rows" if len(winners) == 1 else "shared")
    return Result(tuple(standings), winners, tied, how)
