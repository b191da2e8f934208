"""Quick sanity of the strength order (the measured tables are in docs/strength.md)."""

from __future__ import annotations

import random

from azulejos.agents import hint, make_agent
from azulejos.core import State


def _play(specs: list[str], seed: int) -> list[int]:
    rng = random.Random(seed)
    agents = [make_agent(s, seed + i) for i, s in enumerate(specs)]
    st = State.new(len(specs))
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
        else:
            st.push(agents[st.current_player].choose(st.copy()))
    return st.scores


def test_greedy_beats_random() -> None:
    wins = 0
    for g in range(4):
        sc = _play(["greedy", "random"] if g % 2 == 0 else ["random", "greedy"], g)
        wins += (sc[0] > sc[1]) if g % 2 == 0 else (sc[1] > sc[0])
    assert wins == 4


def test_hint_returns_a_legal_move_and_value_and_leaves_the_state_alone() -> None:
    # How long a hint takes is measured in benchmarks, not asserted here (the first hint of a
    # process also loads the search kernels).
    st = State.new(2)
    st.deal(random.Random(4))
    before = st.layout()
    move, value = hint(st, seconds=0.3)
    assert st.is_legal(move)
    assert -100 < value < 100
    assert st.layout() == before
