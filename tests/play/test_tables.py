"""Swiss tournaments at tables of 3 and 4 (play/tables.py), checked over many random
tournaments: every entrant sits once a round or has a bye, no table over n (nor under n - 1
where the field allows it), byes to those with the fewest, the fewest repeat meetings (against
an exhaustive search on small fields), the start seat rotated fairly; the points by place
(shared places, R25) and standings with shared places."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from azulejos.play.pairing import Played, standings
from azulejos.play.tables import (
    bye_points,
    place_points,
    repeats,
    seat_order,
    swiss_tables,
    table_sizes,
)


def partitions(field: list[str], sizes: list[int]) -> Iterator[list[tuple[str, ...]]]:
    """Every way to seat ``field`` at tables of ``sizes`` (in any order of the tables)."""
    if not sizes:
        yield []
        return
    top, rest = field[0], field[1:]
    for size in sorted(set(sizes)):
        left_sizes = list(sizes)
        left_sizes.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            left = [e for e in rest if e not in mates]
            for more in partitions(left, left_sizes):
                yield [(top, *mates), *more]


def fewest_repeats(field: list[str], sizes: list[int], met: Counter[frozenset[str]]) -> int:
    return min(sum(repeats(t, met) for t in p) for p in partitions(field, sizes))


def ranks_of_scores(scores: list[int]) -> list[int]:
    return [1 + sum(1 for o in scores if o > s) for s in scores]


def test_table_sizes() -> None:
    assert [table_sizes(c, 4) for c in range(2, 13)] == [
        [2], [3], [4], [4], [3, 3], [4, 3], [4, 4], [3, 3, 3], [4, 3, 3], [4, 4, 3],
        [4, 4, 4]]
    assert [table_sizes(c, 3) for c in range(2, 8)] == [
        [2], [3], [2, 2], [3, 2], [3, 3], [3, 2, 2]]
    for n in (3, 4):
        for c in range(n, 65):
            sizes = table_sizes(c, n)
            assert all(n - 1 <= s <= n for s in sizes) and sizes == sorted(sizes, reverse=True)
            assert c - sum(sizes) == (1 if (n, c) == (4, 5) else 0)


@pytest.mark.parametrize("n", [3, 4])
def test_random_swiss_tournaments_seat_everyone_with_fewest_repeats(n: int) -> None:
    rng = random.Random(n)
    for _ in range(120):
        count = rng.randint(n, 10 if n == 4 else 9)
        ids = [f"e{i}" for i in range(count)]
        rating = {e: rng.random() for e in ids}
        points: Counter[str] = Counter()
        byes: Counter[str] = Counter()
        met: Counter[frozenset[str]] = Counter()
        seats: dict[str, list[int]] = {e: [0] * n for e in ids}
        for _round in range(rng.randint(1, 6)):
            order = sorted(ids, key=lambda e: (-points[e], -rating[e]))
            tables, bye = swiss_tables(order, met, byes, n)
            seated = [e for t in tables for e in t]
            # everyone once: at a table or with a bye
            assert sorted(seated + bye) == sorted(ids) and len(set(seated + bye)) == count
            assert all(2 <= len(t) <= n for t in tables)
            assert sorted(len(t) for t in tables) == sorted(table_sizes(count, n))
            if bye:  # the byes go to those who had fewest
                assert max(byes[e] for e in bye) <= min(byes[e] for e in seated)
            # the fewest repeats that any seating of these tables has
            cost = sum(repeats(t, met) for t in tables)
            assert cost == fewest_repeats(sorted(seated), [len(t) for t in tables], met)
            for t in tables:
                # each table in standing order, the top table with the best placed
                assert list(t) == sorted(t, key=order.index)
                seated_t = seat_order(t, seats)
                assert sorted(seated_t) == sorted(t)
                # the start seat to whoever at the table has started least
                assert seats[seated_t[0]][0] == min(seats[e][0] for e in t)
                for s, e in enumerate(seated_t):
                    seats[e][s] += 1
                for a, b in itertools.combinations(t, 2):
                    met[frozenset((a, b))] += 1
                scores = [rng.randint(0, 6) for _ in t]
                for e, p in zip(seated_t, place_points(ranks_of_scores(scores), n)):
                    points[e] += p  # type: ignore[assignment]
            for e in bye:
                byes[e] += 1
                points[e] += bye_points(n)  # type: ignore[assignment]


def test_a_large_field_is_seated_quickly_without_repeats_where_possible() -> None:
    ids = [f"e{i:02}" for i in range(64)]
    met: Counter[frozenset[str]] = Counter()
    rng = random.Random(64)
    for _ in range(5):
        tables, bye = swiss_tables(ids, met, {}, 4)
        assert not bye and len(tables) == 16
        assert sum(repeats(t, met) for t in tables) == 0
        for t in tables:
            for a, b in itertools.combinations(t, 2):
                met[frozenset((a, b))] += 1
        rng.shuffle(ids)


@pytest.mark.parametrize("n", [3, 4])
def test_the_same_table_round_after_round_sits_as_a_latin_square(n: int) -> None:
    table = tuple("abcd"[:n])
    seats: dict[str, list[int]] = {e: [0] * n for e in table}
    for _ in range(n):
        order = seat_order(table, seats)
        for s, e in enumerate(order):
            seats[e][s] += 1
    assert all(seats[e] == [1] * n for e in table)  # everyone on every seat once


def test_the_first_round_keeps_the_standing_order() -> None:
    assert seat_order(("a", "b", "c", "d"), {}) == ("a", "b", "c", "d")
    assert seat_order(("a", "b", "c"), {"a": [1, 0, 0], "b": [0, 1, 0], "c": [0, 0, 1]}) == \
        ("b", "c", "a")


def test_points_by_place_share_tied_places() -> None:
    assert place_points([1, 2, 3, 4], 4) == [3, 2, 1, 0]
    assert place_points([1, 2, 3], 4) == [3, 1.5, 0]
    assert place_points([1, 2, 3], 3) == [2, 1, 0]
    assert place_points([1, 2], 3) == [2, 0]
    assert place_points([1, 1], 2) == [0.5, 0.5] and place_points([2, 1], 2) == [0, 1]
    # R25: a shared victory shares the first two places' points; a tie lower down likewise
    assert place_points([1, 1, 3, 4], 4) == [2.5, 2.5, 1, 0]
    assert place_points([1, 2, 2, 2], 4) == [3, 1, 1, 1]
    assert place_points([1, 1, 1, 1], 4) == [1.5] * 4
    rng = random.Random(3)
    for _ in range(200):  # every table of k gives (n - 1) k / 2 points: a game's worth
        n = rng.choice([2, 3, 4])
        k = rng.randint(2, n)
        got = place_points(ranks_of_scores([rng.randint(0, 3) for _ in range(k)]), n)
        assert sum(got) == pytest.approx((n - 1) * k / 2)
    assert bye_points(4) == 3 and bye_points(2) == 1


def test_four_player_standings_share_places() -> None:
    played = [Played(("a", "b", "c", "d"), tuple(place_points([1, 1, 3, 4], 4)),
                     (50, 50, 30, 20)),
              Played(("e", "f", "g"), tuple(place_points([1, 2, 3], 4)), (60, 40, 10))]
    lines = standings(list("abcdefg"), played)
    got = {x.entrant: (x.place, x.points) for x in lines}
    assert got["e"] == (1, 3) and got["a"] == got["b"] == (2, 2.5)
    assert [x.entrant for x in lines] == ["e", "a", "b", "f", "c", "g", "d"]
    # Buchholz at a table: the mean of the table opponents' points
    by = {x.entrant: x.buchholz for x in lines}
    assert by["a"] == pytest.approx((2.5 + 1 + 0) / 3) and by["e"] == pytest.approx(0.75)
    assert [x.place for x in lines] == [1, 2, 2, 4, 5, 6, 7]
