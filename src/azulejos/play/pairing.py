"""Tournament pairings and standings, shared by ``azulejos tournament`` (bots, paired deals) and
the web server's tournaments for people (``web/tournaments/``).

* **Paired deals.** :func:`deal_seed` is the seed of one deal: the same for every game of the
  deal, so the games of one deal get the same chance draws until the bag first runs empty
  (R21, R22). A secret mixed in keeps the fills unknown to whoever knows the public seed.
* **Swiss** (:func:`swiss_round`): the entrants in standing order (points, then rating); an odd
  entrant out gets a bye (the lowest-placed one who has not had one); then the top entrant
  meets the next one they have not met, with backtracking so that nobody meets anyone twice
  where that can be avoided (else the fewest repeats, in order).
* **Round-robin** (:func:`circle_round`): the circle method; an odd field gets one bye per
  entrant over the rounds.
* **Points**: a win 1, a draw (a shared victory, R25) ½, a loss 0, a bye 1 (:data:`BYE_POINTS`).
  **Tie-breaks** (:func:`standings`): Buchholz (the sum of the opponents' points; a bye adds
  nothing; at a table of 3 or 4, the mean of the table opponents' points, so that a game
  counts the same at every table size: :mod:`azulejos.play.tables`), then the total of the
  entrant's game scores, then the entry order.

>>> swiss_round(["a", "b", "c", "d"], set(), set())
([('a', 'b'), ('c', 'd')], None)
>>> swiss_round(["a", "b", "c", "d"], {frozenset("ab"), frozenset("cd")}, set())
([('a', 'c'), ('b', 'd')], None)
>>> circle_round(["a", "b", "c"], 0)
([('c', 'b')], 'a')
>>> game_points([1, 2]), game_points([1, 1])
([1.0, 0.0], [0.5, 0.5])
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: The points of a bye (as a win).
BYE_POINTS = 1.0
#: How many pairing tries the Swiss search makes before it accepts repeats (large fields).
MAX_TRIES = 20000


def deal_seed(seed: int, secret: str, deal: int) -> int:
    """The seed of deal ``deal`` of a tournament seeded ``seed`` (paired deals: the same for
    every game of the deal); with a ``secret``, not computable from the public seed."""
    key = f"{seed}:{secret}" if secret else f"{seed}"
    digest = hashlib.sha256(f"azulejos-tournament:{key}:{deal}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def game_points(ranks: Sequence[int]) -> list[float]:
    """The points of a two-player game's seats from their finishing ranks (1 = best; equal
    ranks: a draw): win 1, draw ½, loss 0."""
    if len(ranks) != 2:
        raise ValueError("tournament points are defined for two-player games")
    a, b = ranks
    if a == b:
        return [0.5, 0.5]
    return [1.0, 0.0] if a < b else [0.0, 1.0]


Pair = tuple[str, str]


def swiss_round(order: Sequence[str], met: set[frozenset[str]],
                had_bye: set[str]) -> tuple[list[Pair], str | None]:
    """The pairs of one Swiss round among ``order`` (best placed first) and the entrant with the
    bye (None when the field is even). ``met``: the pairs that have played; ``had_bye``: who had
    a bye. Nobody meets anyone twice where that can be avoided."""
    field_ = list(order)
    bye = None
    if len(field_) % 2:
        bye = next((e for e in reversed(field_) if e not in had_bye), field_[-1])
        field_.remove(bye)
    tries = [0]

    def search(rest: list[str], allow: int) -> list[Pair] | None:
        if not rest:
            return []
        tries[0] += 1
        if tries[0] > MAX_TRIES:
            return None
        top = rest[0]
        for i in range(1, len(rest)):
            other = rest[i]
            repeat = frozenset((top, other)) in met
            if repeat and allow == 0:
                continue
            found = search(rest[1:i] + rest[i + 1:], allow - repeat)
            if found is not None:
                return [(top, other), *found]
        return None

    for allow in range(len(field_) // 2 + 1):
        tries[0] = 0
        got = search(field_, allow)
        if got is not None:
            return got, bye
    return [(field_[i], field_[i + 1]) for i in range(0, len(field_), 2)], bye


def circle_rounds(count: int) -> int:
    """How many rounds a round-robin of ``count`` entrants has."""
    return count - 1 if count % 2 == 0 else count


def circle_round(entrants: Sequence[str], index: int) -> tuple[list[Pair], str | None]:
    """Round ``index`` (from 0) of a round-robin by the circle method: the first entrant stays,
    the others turn one place a round; with an odd field, the entrant facing the empty place has
    the bye. The first seat alternates from round to round."""
    ring: list[str | None] = list(entrants)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    turned = [ring[0], *(ring[1:][-index % (n - 1):] + ring[1:][:-index % (n - 1)])] \
        if n > 2 else ring
    pairs: list[Pair] = []
    bye = None
    for i in range(n // 2):
        a, b = turned[i], turned[n - 1 - i]
        if a is None or b is None:
            bye = a if b is None else b
            continue
        pairs.append((a, b) if (index + i) % 2 == 0 else (b, a))
    return pairs, bye


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game (or bye: one entrant, no opponent) of a tournament: the entrants in
    seat order, their points and their game scores."""

    entrants: tuple[str, ...]
    points: tuple[float, ...]
    scores: tuple[int, ...] = ()


@dataclass
class Line:
    """An entrant's standing: place, points, Buchholz, total game score, games and byes."""

    entrant: str
    points: float = 0.0
    buchholz: float = 0.0
    score: int = 0
    games: int = 0
    byes: int = 0
    place: int = 0
    opponents: list[str] = field(default_factory=list)
    #: the table opponents of each game (one entry per game)
    tables: list[tuple[str, ...]] = field(default_factory=list)


def standings(entrants: Sequence[str], played: Iterable[Played]) -> list[Line]:
    """The standings of ``entrants`` (in entry order) after ``played``, best first: points,
    then Buchholz, then total game score, then entry order; equal on all three share a place."""
    lines = {e: Line(e) for e in entrants}
    for p in played:
        if len(p.entrants) == 1:
            line = lines[p.entrants[0]]
            line.points += p.points[0]
            line.byes += 1
            continue
        for i, e in enumerate(p.entrants):
            line = lines[e]
            line.points += p.points[i]
            line.score += p.scores[i] if i < len(p.scores) else 0
            line.games += 1
            line.opponents += [o for o in p.entrants if o != e]
            line.tables.append(tuple(o for o in p.entrants if o != e))
    for line in lines.values():
        # (rounded: equal sums reached in another order must compare equal)
        line.buchholz = round(sum(sum(lines[o].points for o in table if o in lines) / len(table)
                                  for table in line.tables if table), 6)
    index = {e: i for i, e in enumerate(entrants)}
    ordered = sorted(lines.values(), key=lambda x: (-x.points, -x.buchholz, -x.score,
                                                    index[x.entrant]))
    for i, line in enumerate(ordered):
        before = ordered[i - 1] if i else None
        same = before is not None and (before.points, before.buchholz, before.score) == (
            line.points, line.buchholz, line.score)
        line.place = before.place if same and before is not None else i + 1
    return ordered


def first_seats(pair: Pair, firsts: dict[str, int]) -> Pair:
    """A pair in seat order: who has started fewer games sits first (the start player), the
    better placed of the two when they have started as many."""
    a, b = pair
    return (b, a) if firsts.get(b, 0) < firsts.get(a, 0) else (a, b)
