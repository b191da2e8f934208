"""The one rating model (play/ratings.py): ranks from the end result (R25) and openskill's
Plackett-Luce updates, as tournaments and the web server's profiles use them."""

from __future__ import annotations

import random

import pytest

from azulejos.core import State
from azulejos.core.results import result
from azulejos.play.ratings import MU, SIGMA, Rating, initial, ranks_of, rate

pytest.importorskip("openskill", reason="the 'bots' or 'web' extra is not installed")


def test_R25_ranks_follow_points_then_complete_rows_and_ties_share_the_better_rank() -> None:
    assert ranks_of([50, 42, 42, 10], [1, 2, 1, 0]) == [1, 2, 3, 4]  # rows break the points tie
    assert ranks_of([42, 42, 30], [1, 1, 0]) == [1, 1, 3]  # a shared victory: both first
    assert ranks_of([7, 7], [0, 0]) == [1, 1]


def test_R25_ranks_agree_with_the_winners_of_played_games() -> None:
    for seed in range(20):
        st = State.new(2 + seed % 3)
        rng = random.Random(seed)
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
            else:
                st.push(rng.choice(st.legal_moves()))
        res = result(st)
        ranks = ranks_of(res.scores, [s.rows for s in res.standings])
        assert [p for p, r in enumerate(ranks) if r == 1] == list(res.winners)


def test_a_win_moves_both_ratings_and_a_draw_keeps_equal_means() -> None:
    a, b = initial(), initial()
    assert (a.mu, a.sigma, a.ordinal) == (MU, SIGMA, pytest.approx(0.0))
    won, lost = rate([a, b], [1, 2])
    assert won.mu > MU > lost.mu and won.sigma < SIGMA and lost.sigma < SIGMA
    d1, d2 = rate([a, b], [1, 1])
    assert d1.mu == pytest.approx(MU) == d2.mu and d1.sigma < SIGMA
    # three players: the middle one gains on the last, loses to the first
    first, mid, last = rate([a, a, a], [1, 2, 3])
    assert first.mu > mid.mu > last.mu
    assert Rating(30.0, 2.0).to_json() == {"mu": 30.0, "sigma": 2.0, "ordinal": 24.0}


def test_a_rated_game_needs_a_rank_for_each_of_two_players_or_more() -> None:
    with pytest.raises(ValueError):
        rate([initial()], [1])
    with pytest.raises(ValueError):
        rate([initial(), initial()], [1])
