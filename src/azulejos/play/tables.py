"""Swiss tournaments at tables of 3 or 4 players (the web server's tournaments for people,
``web/tournaments/``; two-player tournaments pair with :mod:`azulejos.play.pairing`).

* **Table sizes** (:func:`table_sizes`): as few tables as can seat everyone at tables of ``n``
  or ``n - 1`` players (the full tables at the top of the standings unless that costs a repeat
  meeting). A field that cannot
  be split so (5 entrants at 4-player tables) sits at tables of ``n`` and the rest have a bye.
  Smaller tables are never under 2 players.
* **Byes** (:func:`swiss_tables`): to the lowest-placed entrants among those with the fewest
  byes.
* **Seating**: the tables are filled from the top of the order (points, then rating), each
  table with the best-placed entrant not yet seated and the next ones, except that repeat
  meetings are kept to the fewest: the search (branch and bound, :data:`MAX_TRIES` tables tried)
  minimises the repeats over every pair at a table (a pair that has met twice counts 2), and
  among the seatings with the fewest it takes the first in standing order. On a large field
  whose search runs out of tries with repeats left, players of two tables are swapped while
  that takes repeats away.
* **Seat order** (:func:`seat_order`): who moves first matters in Azul (R3's start player), so
  the first seat goes to whoever at the table has sat there least, then the seatings that put
  everyone where they have sat least often (a table of the same players round after round
  sits as a Latin square), then the better placed first.
* **Points by place** (:func:`place_points`): in a tournament of ``n``-player games a table of
  ``k`` gives place ``p`` (1 = best) ``(n - 1) × (k - p) / (k - 1)`` points: 3, 2, 1, 0 at a
  full 4-player table, 3, 1½, 0 at a table of 3; players sharing places (R25: a shared victory,
  or equal points and rows further down) share those places' points. A win is ``n - 1`` at
  every table and every table size gives ``(n - 1) / 2`` on average, so a smaller table neither
  helps nor hurts. A bye counts as a win (``n - 1``). For ``n = 2`` these are the two-player
  points (1, ½, 0).

>>> table_sizes(7, 4), table_sizes(5, 4), table_sizes(9, 3), table_sizes(4, 3)
([4, 3], [4], [3, 3, 3], [2, 2])
>>> swiss_tables(list("abcdefgh"), {}, {}, 4)
([('a', 'b', 'c', 'd'), ('e', 'f', 'g', 'h')], [])
>>> swiss_tables(list("abcdefgh"), {frozenset("ab"): 1, frozenset("cd"): 1,
...                               frozenset("ef"): 1, frozenset("gh"): 1}, {}, 4)[0]
[('a', 'c', 'e', 'g'), ('b', 'd', 'f', 'h')]
>>> place_points([1, 2, 3, 4], 4), place_points([1, 1, 3], 4)
([3.0, 2.0, 1.0, 0.0], [2.25, 2.25, 0.0])
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

#: How many tables the seating search tries before it keeps the best seating found (then
#: improved by swaps).
MAX_TRIES = 20000
Table = tuple[str, ...]


def table_sizes(count: int, n: int) -> list[int]:
    """The table sizes of a round of ``count`` entrants at ``n``-player tables (the rest, if
    any, have a bye): as few tables as possible, of ``n`` or ``n - 1`` (at least 2) players,
    the full ones first."""
    if n < 2:
        raise ValueError("a table has at least 2 players")
    if count < 2:
        return []
    tables = -(-count // n)
    small = max(2, n - 1)
    if small < n and count >= tables * small:
        full = count - tables * small
        return [n] * full + [small] * (tables - full)
    return [n] * (count // n) if count >= n else [count]


def repeats(table: Sequence[str], met: Mapping[frozenset[str], int]) -> int:
    """The earlier meetings of the pairs at ``table``."""
    return sum(met.get(frozenset(p), 0) for p in itertools.combinations(table, 2))


def swiss_tables(order: Sequence[str], met: Mapping[frozenset[str], int],
                 byes: Mapping[str, int], n: int) -> tuple[list[Table], list[str]]:
    """One Swiss round of ``order`` (best placed first) at ``n``-player tables: the tables (in
    standing order; each in standing order, before :func:`seat_order`) and the entrants with a
    bye. ``met``: how often each pair has sat at one table; ``byes``: the byes had."""
    field = list(order)
    sizes = table_sizes(len(field), n)
    out = len(field) - sum(sizes)
    bye: list[str] = []
    if out:
        rank = {e: i for i, e in enumerate(field)}
        bye = sorted(field, key=lambda e: (byes.get(e, 0), -rank[e]))[:out]
        bye.sort(key=lambda e: rank[e])
        field = [e for e in field if e not in bye]
    best: list[list[Table] | None] = [None]
    best_cost = [repeats(field, met) + 1]  # more than any seating costs
    tries = [0]

    def search(rest: list[str], left_sizes: list[int], cost: int, tables: list[Table]) -> None:
        if not left_sizes:
            best[0], best_cost[0] = list(tables), cost
            return
        top, others = rest[0], rest[1:]
        for size in sorted(set(left_sizes), reverse=True):  # a full table first
            after = list(left_sizes)
            after.remove(size)
            for mates in itertools.combinations(range(len(others)), size - 1):
                if tries[0] >= MAX_TRIES or best_cost[0] == 0:
                    return
                tries[0] += 1
                table = (top, *(others[i] for i in mates))
                c = cost + repeats(table, met)
                if c >= best_cost[0]:
                    continue
                left = [e for i, e in enumerate(others) if i not in mates]
                search(left, after, c, [*tables, table])

    search(field, sizes, 0, [])
    if best[0] is None:  # (cannot happen: the first seating tried is always kept)
        raise AssertionError("no seating found")
    tables = _swapped(best[0], met) if best_cost[0] else best[0]
    rank = {e: i for i, e in enumerate(order)}
    tables = [tuple(sorted(t, key=rank.__getitem__)) for t in tables]
    return sorted(tables, key=lambda t: rank[t[0]]), bye


def _swapped(tables: list[Table], met: Mapping[frozenset[str], int]) -> list[Table]:
    """``tables`` after swapping two players of two tables while that takes repeats away (the
    search's tries run out on a large field before it has undone an early choice)."""
    out = [list(t) for t in tables]
    better = True
    while better:
        better = False
        for i, j in itertools.combinations(range(len(out)), 2):
            for a, b in itertools.product(range(len(out[i])), range(len(out[j]))):
                ti, tj = list(out[i]), list(out[j])
                before = repeats(ti, met) + repeats(tj, met)
                ti[a], tj[b] = tj[b], ti[a]
                if repeats(ti, met) + repeats(tj, met) < before:
                    out[i], out[j], better = ti, tj, True
    return [tuple(t) for t in out]


def seat_order(table: Sequence[str], seats: Mapping[str, Sequence[int]]) -> Table:
    """``table`` (in standing order) in seat order: ``seats[e][s]`` is how often ``e`` has sat
    on seat ``s`` (0: the start player's). The first seat to whoever has sat there least, then
    the fewest repeats of seats over everyone, then standing order."""

    def sat(e: str, s: int) -> int:
        had = seats.get(e, ())
        return had[s] if s < len(had) else 0

    def key(perm: tuple[str, ...]) -> tuple[int, int]:
        return sat(perm[0], 0), sum(sat(e, s) for s, e in enumerate(perm))

    return min(itertools.permutations(table), key=key)  # (min keeps the first of equals)


def place_points(ranks: Sequence[int], n: int) -> list[float]:
    """The tournament points of a table's seats from their finishing ranks (1 = best; equal
    ranks share places) in a tournament of ``n``-player games (see the module text)."""
    k = len(ranks)
    if k < 2 or n < 2:
        raise ValueError("a game has at least two players")

    def value(place: int) -> float:
        return (n - 1) * (k - place) / (k - 1)

    out = []
    for r in ranks:
        shared = sum(1 for x in ranks if x == r)  # places r .. r + shared - 1
        out.append(sum(value(p) for p in range(r, r + shared)) / shared)
    return out


def bye_points(n: int) -> float:
    """The points of a bye in a tournament of ``n``-player games: a win."""
    return float(n - 1)
