"""The OpenSpiel game python_azulejos: OpenSpiel's own checks, chance model, MCTS."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel; the 'train' extra)"
)

from azulejos.envs import openspiel as azspiel  # noqa: E402
from azulejos.envs.rewards import relative  # noqa: E402

from .helpers import replayed_scores  # noqa: E402


def load(**params: object) -> object:
    return pyspiel.load_game(azspiel.SHORT_NAME, params)


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"players": 3, "variant": "grey"},
        {"players": 4, "utility": "win_loss"},
    ],
)
def test_openspiel_random_simulation_test(params: dict[str, object]) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=2, serialize=False, verbose=False)


def test_openspiel_random_simulation_with_serialisation() -> None:
    pyspiel.random_sim_test(load(), num_sims=1, serialize=True, verbose=False)


def sample(state: object, rng: np.random.Generator) -> int:
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        return int(rng.choice(outcomes, p=probs))
    return int(rng.choice(state.legal_actions()))


def test_first_fill_draws_tile_by_tile_from_the_bag_R9_R21() -> None:
    state = load().new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, 0.2) for k in range(5)]
    rng = np.random.default_rng(0)
    drawn = []
    for _ in range(20):  # 5 factories x 4 tiles, one chance node each (R2)
        assert state.is_chance_node()
        a = sample(state, rng)
        drawn.append(a)
        state.apply_action(a)
    assert not state.is_chance_node() and state.current_player() == 0
    assert state.engine.factories == [
        [drawn[4 * f : 4 * f + 4].count(k) for k in range(5)] for f in range(5)
    ]
    assert state.engine.bag == [20 - drawn.count(k) for k in range(5)]


def test_draws_come_from_the_lid_once_the_bag_is_empty_R22() -> None:
    rng = np.random.default_rng(1)
    for _ in range(20):
        state = load().new_initial_state()
        while not state.is_terminal():
            bag, lid = state.bag, state.lid
            if state.is_chance_node() and sum(bag) == 0 and sum(lid) > 0:
                total = sum(lid)
                assert state.chance_outcomes() == [(k, c / total) for k, c in enumerate(lid) if c]
                return
            state.apply_action(sample(state, rng))
    pytest.fail("no random game reached an empty bag")


@pytest.mark.parametrize(("players", "variant"), [(2, "coloured"), (3, "grey")])
def test_returns_agree_with_the_replayed_record(players: int, variant: str) -> None:
    state = load(players=players, variant=variant).new_initial_state()
    rng = np.random.default_rng(players)
    while not state.is_terminal():
        state.apply_action(sample(state, rng))
    engine = state.engine
    assert engine.is_over
    assert replayed_scores(engine) == engine.scores
    assert state.returns() == pytest.approx(relative(engine.scores))
    assert sum(state.returns()) == pytest.approx(0.0)


def test_clone_is_independent() -> None:
    state = load().new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(30):
        state.apply_action(sample(state, rng))
    clone = state.clone()
    assert str(clone) == str(state)
    clone.apply_action(sample(clone, rng))
    assert str(clone) != str(state)


def test_illegal_move_is_rejected() -> None:
    state = load().new_initial_state()
    rng = np.random.default_rng(2)
    while state.is_chance_node():
        state.apply_action(sample(state, rng))
    illegal = next(a for a in range(325) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(Exception, match=r"\(R\d+"):
        state.apply_action(illegal)
    assert str(state) == before


def test_unknown_parameter_is_a_clear_error() -> None:
    with pytest.raises(Exception, match="players"):
        load(players=5)


def test_openspiel_mcts_bot_plays_a_game() -> None:
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots import uniform_random

    game = load()
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng, solve=False
    )
    other = uniform_random.UniformRandomBot(1, rng)
    state = game.new_initial_state()
    sampler = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state, sampler))
            continue
        player = bot if state.current_player() == 0 else other
        action = player.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.engine.is_over
    assert sum(state.returns()) == pytest.approx(0.0)
