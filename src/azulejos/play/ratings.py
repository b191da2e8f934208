"""Skill ratings: the one openskill model (Plackett-Luce) that tournaments (bots) and the web
server's player profiles (people) both rate with, and the finishing ranks it is given.

A rating is a mean ``mu`` and an uncertainty ``sigma``; the number shown (the ``ordinal``) is
``mu - 3 sigma``, which starts at 0 and rises as the player wins and as the rating firms up.
Ranks come from the end result: 1 is best, players level on points and complete rows (R25)
share the better rank, so a shared victory is a draw between the winners.

>>> a, b = rate([initial(), initial()], [1, 2])
>>> a.mu > 25 > b.mu, a.sigma < initial().sigma
(True, True)
>>> ranks_of([40, 40, 31], [2, 1, 0])
[1, 2, 3]
>>> ranks_of([40, 40], [1, 1])
[1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

#: openskill's defaults, written out so a stored rating means the same after an upgrade.
MU = 25.0
SIGMA = MU / 3


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The number shown on leaderboards: ``mu - 3 sigma`` (0 for a new player)."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float]:
        return {"mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
                "ordinal": round(self.ordinal, 3)}


def initial() -> Rating:
    """The rating of a player who has not played a rated game."""
    return Rating(MU, SIGMA)


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce  # the 'bots' or 'web' extra

    return PlackettLuce(mu=MU, sigma=SIGMA)


def available() -> bool:
    """True if openskill is installed (ratings can be computed)."""
    try:
        _model()
    except ImportError:
        return False
    return True


def rate(ratings: Sequence[Rating], ranks: Sequence[float]) -> list[Rating]:
    """The ratings after one game of one-player teams that finished at ``ranks`` (1 = best,
    equal ranks: a draw). ``ImportError`` if openskill is not installed."""
    if len(ratings) != len(ranks) or len(ratings) < 2:
        raise ValueError("a rated game needs a rank for each of at least two players")
    model = _model()
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    new = model.rate(teams, ranks=[float(x) for x in ranks])
    return [Rating(float(t[0].mu), float(t[0].sigma)) for t in new]


def ranks_of(scores: Sequence[int], rows: Sequence[int]) -> list[int]:
    """Finishing ranks from final scores and complete rows (R25's tie-break): 1 + the number of
    players strictly ahead; players level on both share the better rank."""
    keys = list(zip(scores, rows))
    return [1 + sum(1 for o in keys if o > k) for k in keys]
