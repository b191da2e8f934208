"""Every bot returns legal moves in every phase (R11, R13, R15; grey wall R30, R33), is
deterministic under its seed, and never uses hidden information (future fills)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from azulejos.agents import Budget, agent_names, make_agent
from azulejos.core import State

FAST = {
    "random": "random", "greedy": "greedy", "flatmc": "flatmc:iterations=40",
    "mcts": "mcts:iterations=40", "easy": "easy", "medium": "medium",
    "hard": "hard:iterations=40", "expert": "expert:iterations=40",
    "fastmcts": "fastmcts:iterations=40",
    "expert-2026-12": "expert-2026-12:iterations=40",
}


def test_every_registered_bot_is_checked() -> None:
    """The conformance tests below run every bot the registry makes: a new bot must be
    added to FAST (with a quick budget), so none is skipped."""
    assert set(FAST) == set(agent_names())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
@pytest.mark.parametrize("name", sorted(FAST))
def test_legal_moves_in_all_phases_R11_R13_R30_R33(
    name: str, players: int, variant: str, game_positions: Callable[..., list[State]]
) -> None:
    agent = make_agent(FAST[name], seed=3)
    pos = game_positions(players, variant, seed=players * 10 + len(variant), every=9)
    phases = {p.phase for p in pos}
    assert "draft" in phases
    if variant == "grey":
        assert "place" in phases
    for st in pos:
        before = st.copy()
        move = agent.choose(st.copy(), Budget(seconds=1.0))
        assert st.is_legal(move), (name, st, move)
        assert st == before


@pytest.mark.parametrize("spec", ["greedy", "easy", "flatmc:iterations=60", "mcts:iterations=60"])
def test_deterministic_under_seed(spec: str, game_positions: Callable[..., list[State]]) -> None:
    pos = game_positions(2, "grey", seed=5, every=5)[:12]
    a = [make_agent(spec, seed=42).choose(p.copy()) for p in pos]
    b = [make_agent(spec, seed=42).choose(p.copy()) for p in pos]
    assert a == b


@pytest.mark.parametrize("spec", ["flatmc:iterations=80", "mcts:iterations=80,rounds=1", "greedy"])
def test_no_peeking_at_future_fills_R21(spec: str) -> None:
    """Two games share the past but not the future: the real next fills differ (different
    chance generators), and the bot's choices cannot tell them apart."""
    for seed in (1, 2):
        base = State.new(2)
        base.deal(random.Random(seed))
        for _ in range(6):
            base.push(base.legal_moves()[0])
        worlds = []
        for chance_seed in (100, 200):
            st = base.copy()
            rng = random.Random(chance_seed)
            # The future this world will see (drawn by the runner, never shown to the bot).
            probe = st.copy()
            while not probe.is_chance:
                probe.push(probe.legal_moves()[0])
            future = probe.sample_fill(rng)
            worlds.append((st, future))
        assert worlds[0][1] != worlds[1][1]
        moves = [make_agent(spec, seed=9).choose(st.copy()) for st, _ in worlds]
        assert moves[0] == moves[1]


def test_bot_does_not_touch_global_random(game_positions: Callable[..., list[State]]) -> None:
    st = game_positions(2, "coloured", seed=8)[3]
    random.seed(1)
    a = make_agent("mcts:iterations=50", seed=4).choose(st.copy())
    random.seed(2)
    b = make_agent("mcts:iterations=50", seed=4).choose(st.copy())
    assert a == b


def test_time_budget_is_kept() -> None:
    import time

    from azulejos.agents.engine import prepare

    st = State.new(4)
    st.deal(random.Random(1))
    for spec in ("mcts", "flatmc"):
        agent = make_agent(spec, seed=1)
        prepare(agent)  # its kernels load first, as runners do before the clock
        t = time.perf_counter()
        agent.choose(st.copy(), Budget(seconds=0.2))
        assert time.perf_counter() - t < 0.6


@pytest.mark.parametrize(
    "spec", ["nobot", "mcts:time", "mcts:speed=3", "mcts:time=abc", "greedy:eps=2", "random:x=1",
             "flatmc:iterations=0", "", "mcts:time=-1"]
)
def test_bad_specs_are_clear_errors(spec: str) -> None:
    with pytest.raises(ValueError) as e:
        make_agent(spec, seed=1)
    assert str(e.value)


def test_no_move_when_none_is_due() -> None:
    st = State.new(2)
    for name in ("random", "greedy", "mcts:iterations=5", "flatmc:iterations=5"):
        with pytest.raises(ValueError):
            make_agent(name, 1).choose(st.copy())
