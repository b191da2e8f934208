"""The one end-of-game result (azulejos.core.results): bonuses, winners and why (R23-R25)."""

from __future__ import annotations

import random

import pytest

from azulejos.core import State
from azulejos.core.results import result

from .helpers import board, play_random, position

ROW0 = "BYRK-.-----.-----.-----.-----"  # row 0 misses its white tile (R6)
ROW0_AND_1 = "BYRK-.WBYRK.-----.-----.-----"


def ended(score0: int, score1: int, wall0: str = ROW0) -> State:
    """Both players complete row 0 this round (R23); player 0's floor takes 4 black tiles."""
    st = position(2, factories=["KKKK"], boards=[
        board(lines="W.-.-.-.-", wall=wall0, score=score0),
        board(lines="W.-.-.-.-", wall=ROW0, score=score1),
    ])
    st.push("1KF")
    assert st.is_over and st.ended_by == "row"
    return st


def tied(wall0: str = ROW0) -> State:
    """The same ending with the initial scores chosen so that the totals tie."""
    probe = ended(20, 20, wall0)
    diff = probe.scores[0] - probe.scores[1]
    return ended(20 - diff, 20, wall0)


def test_R24_standings_itemise_the_bonuses() -> None:
    res = result(ended(20, 20))
    for s in res.standings:
        assert s.total == s.before_bonus + s.bonus.points
        assert (s.bonus.rows, s.rows) == (1, 1)
    assert res.scores == tuple(ended(20, 20).scores)


def test_R25_most_points_wins() -> None:
    res = result(ended(30, 20))
    assert res.winners == (0,) and res.tied == (0,) and res.decided_by == "points"


def test_R25_a_tie_goes_to_more_complete_rows() -> None:
    st = tied(ROW0_AND_1)
    res = result(st)
    assert res.tied == (0, 1) and res.winners == (0,) and res.decided_by == "rows"
    assert res.standings[0].rows == 2 and res.standings[1].rows == 1


def test_R25_still_tied_shares_the_victory() -> None:
    res = result(tied())
    assert res.winners == (0, 1) and res.decided_by == "shared"


def test_R23_result_names_why_the_game_ended() -> None:
    assert result(ended(20, 20)).ended_by == "row"


def test_R23_no_result_while_the_game_goes_on() -> None:
    with pytest.raises(ValueError, match="not over"):
        result(State.new(2))


def test_R25_result_agrees_with_the_state_over_random_games() -> None:
    rng = random.Random(5)
    for game in range(6):
        st = State.new(2 + game % 3, "grey" if game % 2 else "coloured")
        play_random(st, rng, 10_000)
        res = result(st)
        assert list(res.winners) == st.winners() and list(res.scores) == st.scores
        assert res.ended_by == st.ended_by
        assert set(res.winners) <= set(res.tied)
