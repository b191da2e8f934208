"""The Gymnasium single-agent environment azulejos/Azul-v0."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import azulejos.envs as envs
from azulejos.core import IllegalMoveError, InvalidMoveError, State
from azulejos.envs.gym_env import AzulGymEnv
from azulejos.envs.rewards import relative

from .helpers import pick, replayed_scores


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"players": 3, "variant": "grey"}, {"players": 4, "reward": "round_delta"}],
)
def test_gymnasium_check_env(kwargs: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # advisory: no render fps
        check_env(AzulGymEnv(**kwargs), skip_render_check=True)


def test_registered_on_import() -> None:
    env = gymnasium.make(envs.GYM_ID, players=3)
    obs, info = env.reset(seed=0)
    assert obs.shape == (522,) and obs.dtype == np.float32
    assert info["action_mask"].shape == (325,) and info["action_mask"].dtype == bool
    assert np.array_equal(info["action_mask"], env.unwrapped.action_masks())


def play(env: AzulGymEnv, seed: int) -> tuple[float, dict[str, object], int]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        assert np.array_equal(info["action_mask"], env.action_masks())
        assert info["action_mask"].any()
        assert env.game.current_player == env.seat
        obs, r, term, trunc, info = env.step(pick(info["action_mask"], rng))
        total += float(r)
        steps += 1
        if term or trunc:
            return total, info, steps


@pytest.mark.parametrize(("players", "variant"), [(2, "coloured"), (3, "grey"), (4, "grey")])
def test_game_agrees_with_the_replayed_record(players: int, variant: str) -> None:
    env = AzulGymEnv(players, variant, opponents="random")
    total, info, _ = play(env, seed=players)
    assert env.game.is_over
    assert info["scores"] == env.game.scores == replayed_scores(env.game)
    assert info["winners"] == env.game.winners()
    assert total == pytest.approx(relative(env.game.scores)[env.seat])


def test_same_seed_same_episode() -> None:
    a = AzulGymEnv(3, opponents="random")
    b = AzulGymEnv(3, opponents="random")
    ra, ia, na = play(a, 21)
    rb, ib, nb = play(b, 21)
    assert (ra, ia["scores"], na, a.seat) == (rb, ib["scores"], nb, b.seat)
    assert a.game.history == b.game.history


def test_illegal_action_penalty_policy_changes_nothing() -> None:
    env = AzulGymEnv(2, illegal_penalty=-2.0, max_illegal=3)
    obs, info = env.reset(seed=4)
    before = env.game.copy()
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    for i in range(3):
        obs2, r, term, trunc, info2 = env.step(illegal)
        assert r == -2.0 and info2["illegal_action"] and not term
        assert np.array_equal(obs2, obs)
        assert env.game == before
        assert trunc == (i == 2)  # cut after max_illegal illegal actions in a row
    with pytest.raises(RuntimeError, match="reset"):
        env.step(pick(info["action_mask"], np.random.default_rng(0)))


def test_illegal_action_error_policy_raises_and_changes_nothing() -> None:
    env = AzulGymEnv(2, illegal="error")
    _, info = env.reset(seed=4)
    before = env.game.copy()
    with pytest.raises(IllegalMoveError) as err:
        env.step(int(np.flatnonzero(~info["action_mask"])[0]))
    assert err.value.rule
    with pytest.raises(InvalidMoveError):
        env.step(400)
    assert env.game == before


def test_opponents_injected_as_agent_or_callable() -> None:
    class FirstLegal:
        name = "first"
        budgets: list[object] = []

        def choose(self, state: State, budget: object = None) -> object:
            self.budgets.append(budget)
            return state.legal_moves()[0]

    def last_legal(state: State) -> int:
        return state.legal_actions()[-1]

    first = FirstLegal()
    env = AzulGymEnv(3, opponents=[first, last_legal], seat=0, opponent_budget="a budget")
    _, info, _ = play(env, 5)
    assert env.game.is_over and replayed_scores(env.game) == info["scores"]
    assert first.budgets and set(first.budgets) == {"a budget"}


def test_bad_opponents_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        AzulGymEnv(2, opponents="nobody")
    with pytest.raises(ValueError, match="opponents"):
        AzulGymEnv(3, opponents=["random"])

    def cheat(state: State) -> int:
        return 324

    env = AzulGymEnv(2, opponents=cheat, seat=1)
    with pytest.raises(RuntimeError, match="not legal"):
        env.reset(seed=0)


def test_opponent_by_name_through_agent_factory() -> None:
    made: list[tuple[str, int | None]] = []

    def factory(name: str, seed: int | None) -> object:
        made.append((name, seed))
        from azulejos.agents import make_agent

        return make_agent("random", seed)

    env = AzulGymEnv(2, opponents="my-bot", agent_factory=factory)
    env.reset(seed=1)
    assert made[0] == ("my-bot", None) and made[-1][0] == "my-bot"


def test_seat_option_and_grey_column_choices_for_the_learner_R33() -> None:
    env = AzulGymEnv(2, "grey", seat=1)
    rng = np.random.default_rng(2)
    _, info = env.reset(seed=2)
    choices = 0
    done = False
    while not done:
        assert env.seat == 1
        legal = np.flatnonzero(info["action_mask"])
        if env.game.phase == "place":
            assert (legal >= 300).all()
            choices += 1
        _, _, term, trunc, info = env.step(int(rng.choice(legal)))
        done = term or trunc
    assert choices > 0
    _, info = env.reset(options={"seat": 0})
    assert env.seat == 0 and info["seat"] == 0


def test_bots_by_name_come_from_the_injected_factory() -> None:
    """envs may not import agents (siblings in L2): the bots are handed in from above."""
    from azulejos.agents import make_agent

    with pytest.raises(ValueError, match="agent_factory"):
        AzulGymEnv(2, opponents="greedy")
    env = AzulGymEnv(2, opponents="greedy", agent_factory=make_agent, seat=0)
    _, info, _ = play(env, 2)
    assert env.game.is_over and info["scores"] == env.game.scores


def test_R8_the_gym_env_takes_a_ruleset() -> None:
    from azulejos.core import Ruleset, RulesetError
    from azulejos.envs.gym_env import AzulGymEnv

    assert AzulGymEnv(ruleset=Ruleset(4)).game.nfactories == 9
    with pytest.raises(RulesetError, match="players: given twice"):
        AzulGymEnv(players=2, ruleset=Ruleset(4))
