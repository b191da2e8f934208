"""The phase is a type (``Phase``) and the seat to move is one property (``State.to_move``):
None during the fill (R9, R21) and after the end (R24)."""

from __future__ import annotations

import random

from azulejos.core import Phase, Ruleset, State
from tests.games import random_game


def test_R9_new_game_waits_for_the_fill_with_no_seat_to_move() -> None:
    st = State.new(Ruleset(3))
    assert st.phase is Phase.FILL and st.phase == "fill"
    assert not st.phase.is_turn
    assert st.to_move is None


def test_R10_after_the_fill_the_starter_is_to_move() -> None:
    st = State.new(Ruleset(2))
    st.deal(random.Random(1))
    assert st.phase is Phase.DRAFT and st.phase.is_turn
    assert st.to_move == st.current_player


def test_R24_R30_to_move_agrees_with_the_phase_over_whole_games() -> None:
    seen: set[Phase] = set()
    for seed, ruleset in enumerate((Ruleset(2), Ruleset(3, "grey"), Ruleset(4))):
        last = None
        for pos in random_game(ruleset, seed):
            seen.add(pos.phase)
            assert (pos.to_move is not None) == pos.phase.is_turn
            assert (pos.phase is Phase.FILL) == pos.is_chance
            if pos.to_move is not None:
                assert pos.to_move == pos.current_player
            last = pos
        assert last is not None and last.phase is Phase.OVER and last.to_move is None
    assert seen == set(Phase)
