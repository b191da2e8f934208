"""The bots' fast move scoring uses the core's floor arithmetic: it agrees with the one move
preview (azulejos.core.preview) on every legal drafting move (R5, R12, R14, R18, R19)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from azulejos.agents.features import move_scores
from azulejos.core import State, move_of_action
from azulejos.core.preview import preview


@pytest.mark.parametrize("players,variant", [(2, "coloured"), (3, "coloured"), (4, "grey")])
def test_R14_R19_move_scores_charge_the_previewed_floor_penalty(
    players: int, variant: str, game_positions: Callable[..., list[State]]
) -> None:
    checked = 0
    for st in game_positions(players, variant, seed=players):
        if st.phase != "draft":
            continue
        acts, scores = move_scores(st.array(), st.nfactories, variant == "grey")
        assert sorted(acts) == sorted(st.legal_actions())
        for a, score in zip(acts, scores):
            m = move_of_action(a)
            pv = preview(st, m)
            if m.is_floor:
                assert score == -pv.penalty - 0.5
            elif pv.completes_line and pv.wall_points is not None:  # R18 on the coloured wall
                assert score == pv.wall_points - pv.penalty
            checked += 1
    assert checked > 200
