"""Tournament pairings and standings (play/pairing.py): the Swiss search avoids repeats where
it can, byes go to the lowest-placed entrant without one, the circle method meets everyone
once, and the tie-breaks (Buchholz, then total score)."""

from __future__ import annotations

import itertools

from azulejos.play.pairing import (
    Played,
    circle_round,
    circle_rounds,
    deal_seed,
    first_seats,
    game_points,
    standings,
    swiss_round,
)


def test_swiss_avoids_repeats_where_it_can() -> None:
    ids = [f"p{i}" for i in range(6)]
    met: set[frozenset[str]] = set()
    for _ in range(5):  # 6 entrants: 5 rounds without a repeat exist
        pairs, bye = swiss_round(ids, met, set())
        assert bye is None and len(pairs) == 3
        new = {frozenset(p) for p in pairs}
        assert not new & met
        met |= new
        ids = ids[1:] + ids[:1]  # another order each round
    assert len(met) == 15


def test_swiss_repeats_only_when_it_must() -> None:
    pairs, _ = swiss_round(["a", "b"], {frozenset("ab")}, set())
    assert pairs == [("a", "b")]


def test_the_bye_goes_to_the_lowest_placed_without_one() -> None:
    pairs, bye = swiss_round(["a", "b", "c"], set(), set())
    assert bye == "c" and pairs == [("a", "b")]
    _, bye = swiss_round(["a", "b", "c"], set(), {"c"})
    assert bye == "b"


def test_the_circle_method_meets_everyone_once() -> None:
    for n in range(2, 10):
        ids = [str(i) for i in range(n)]
        met = []
        byes = []
        for r in range(circle_rounds(n)):
            pairs, bye = circle_round(ids, r)
            met += [frozenset(p) for p in pairs]
            if bye is not None:
                byes.append(bye)
            playing = [e for p in pairs for e in p] + ([bye] if bye else [])
            assert sorted(playing) == sorted(ids)  # everyone once a round
        assert sorted(met, key=sorted) == sorted(
            (frozenset(p) for p in itertools.combinations(ids, 2)), key=sorted)
        assert sorted(byes) == (sorted(ids) if n % 2 else [])


def test_points_buchholz_then_score() -> None:
    played = [Played(("a", "b"), tuple(game_points([1, 2])), (50, 40)),
              Played(("c", "d"), tuple(game_points([1, 1])), (30, 30)),
              Played(("e",), (1.0,)),
              Played(("a", "c"), tuple(game_points([2, 1])), (20, 60)),
              Played(("b", "d"), tuple(game_points([1, 2])), (45, 44))]
    lines = standings(list("abcde"), played)
    got = {x.entrant: (x.points, x.buchholz, x.score) for x in lines}
    assert got["a"] == (1.0, 2.5, 70) and got["c"] == (1.5, 1.5, 90)
    assert got["e"] == (1.0, 0.0, 0)
    assert [x.entrant for x in lines] == ["c", "a", "b", "e", "d"]
    assert [x.place for x in lines] == [1, 2, 3, 4, 5]


def test_places_are_shared_when_all_tie_breaks_are_equal() -> None:
    lines = standings(["a", "b"], [Played(("a", "b"), (0.5, 0.5), (10, 10))])
    assert [x.place for x in lines] == [1, 1]


def test_the_start_seat_goes_to_who_started_fewer() -> None:
    assert first_seats(("a", "b"), {"a": 2, "b": 1}) == ("b", "a")
    assert first_seats(("a", "b"), {"a": 1, "b": 1}) == ("a", "b")


def test_paired_deals_are_the_tournament_commands() -> None:
    from azulejos.tools.tournament import deal_seed as job_seed
    from azulejos.tools.tournament import schedule

    job = schedule(["random", "greedy"], 2, 2, seed=7, secret="s")[0]
    assert job_seed(job) == deal_seed(7, "s", job.deal)
    assert deal_seed(7, "s", 1) != deal_seed(7, "", 1) != deal_seed(7, "s", 2)
