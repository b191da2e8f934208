"""The end of a game: scores before bonuses, bonuses itemised, winners and why (R23-R25,
R34-R36). The one result that the terminal shows and the web server sends.

>>> import random
>>> from azulejos.core import State
>>> st = State.new(2)
>>> rng = random.Random(4)
>>> while not st.is_over:
...     if st.is_chance:
...         st.deal(rng)
...     else:
...         st.push(st.legal_moves()[0])
>>> res = result(st)
>>> [s.total for s in res.standings] == st.scores, res.winners == tuple(st.winners())
(True, True)
>>> res.decided_by in ("points", "rows", "shared"), res.ended_by == st.ended_by
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .events import Bonus
from .state import State

DecidedBy = Literal["points", "rows", "shared"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's final account: ``before_bonus`` + ``bonus.points`` = ``total`` (R24)."""

    seat: int
    before_bonus: int
    bonus: Bonus
    total: int
    rows: int  # complete horizontal rows: the tie-break (R25)


@dataclass(frozen=True, slots=True)
class Result:
    """``decided_by``: ``"points"`` (one player has most points), ``"rows"`` (a points tie
    broken by complete rows) or ``"shared"`` (still tied: shared victory, R25). ``tied`` lists
    the seats level on the best score. ``ended_by`` is why the game ended
    (:attr:`State.ended_by`: ``"row"`` R23, ``"stuck"`` R34, ``"blocked"`` R35, ``"empty"`` R36).
    """

    standings: tuple[Standing, ...]
    winners: tuple[int, ...]
    tied: tuple[int, ...]
    decided_by: DecidedBy
    ended_by: str | None = None

    @property
    def scores(self) -> tuple[int, ...]:
        """Final scores by seat."""
        return tuple(s.total for s in self.standings)


def scores_before_bonus(state: State) -> list[int]:
    """Each player's score after the last tiling and its penalties (R18, R19), before the end
    bonuses (R24): the scores a record keeps for a round, the ``before_bonus`` of a result."""
    if not state.is_over:
        return state.scores
    return [score - state.bonus(p).points for p, score in enumerate(state.scores)]


def result(state: State) -> Result:
    """The result of a finished game (``ValueError`` while it is still going on)."""
    if not state.is_over:
        raise ValueError("the game is not over yet (R23)")
    scores = state.scores
    before = scores_before_bonus(state)
    standings = []
    for p, score in enumerate(scores):
        standings.append(
            Standing(p, before[p], state.bonus(p), score, state.player(p).complete_rows)
        )
    best = max(scores)
    tied = tuple(p for p, s in enumerate(scores) if s == best)
    winners = tuple(state.winners())
    how: DecidedBy = "points" if len(tied) == 1 else ("rows" if len(winners) == 1 else "shared")
    return Result(tuple(standings), winners, tied, how, state.ended_by)
