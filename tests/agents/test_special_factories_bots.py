"""Every bot plays whole games with the special factory displays on (R40-R47): SF4 splits
(R43, R47d) included, only legal moves."""

from __future__ import annotations

import dataclasses
import random

import pytest

from azulejos.agents.features import move_scores
from azulejos.agents.registry import LEVELS, make_agent
from azulejos.core import Ruleset, State
from azulejos.core import ruleset as ruleset_module
from azulejos.core.moves import MOVES


@pytest.fixture(autouse=True)
def special_factories_on(monkeypatch: pytest.MonkeyPatch) -> None:
    on = tuple(dataclasses.replace(m, available=True) for m in ruleset_module.MODULES)
    monkeypatch.setattr(ruleset_module, "MODULES", on)


#: each level's bot, with a small search budget so that whole games stay quick
SPECS = {
    "random": "random", "easy": LEVELS["easy"], "medium": LEVELS["medium"],
    "hard": "mcts:iterations=10,time=0.02", "expert": "mcts:iterations=10,time=0.02",
    "flatmc": "flatmc:iterations=30,time=0.05",
}


@pytest.mark.parametrize("level", sorted(SPECS))
def test_R43_R47d_every_bot_level_plays_whole_games_with_the_module(level: str) -> None:
    for players, variant in [(2, "coloured"), (3, "grey")]:
        bots = [make_agent(SPECS[level], seed) for seed in range(players)]
        rng = random.Random(players)
        st = State.new(Ruleset(players, variant, special_factories=True))
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
                continue
            move = bots[st.current_player].choose(st)
            assert move.id in st.legal_actions()
            st.push(move)
        st.check_invariants()


def test_R43_R44_move_scores_list_exactly_the_legal_moves_with_the_module() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4):
        st = State.new(Ruleset(players, special_factories=True))
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
                continue
            if st.phase == "draft":
                acts, scores = move_scores(st.raw, st.nfactories, st.ruleset.grey)
                assert sorted(acts) == st.legal_actions() and len(scores) == len(acts)
            st.push(MOVES[rng.choice(st.legal_actions())])
