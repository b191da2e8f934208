"""Both environments check their arguments alike (envs/aec.py's checks): NumPy integers are
taken where ints are, and what cannot work is refused at once with a clear ValueError, not
at the first step."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import azulejos.envs as envs
from azulejos.envs.gym_env import AzulGymEnv


@pytest.mark.parametrize("max_rounds", [0, -1, 2.5, "3", True])
def test_max_rounds_below_1_or_not_whole_is_refused_by_both(max_rounds: object) -> None:
    with pytest.raises(ValueError, match="max_rounds must be a whole number of at least 1"):
        AzulGymEnv(max_rounds=max_rounds)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_rounds must be a whole number of at least 1"):
        envs.env(max_rounds=max_rounds)


@pytest.mark.parametrize("max_illegal", [0, -2, 1.5])
def test_gym_max_illegal_below_1_is_refused(max_illegal: object) -> None:
    with pytest.raises(ValueError, match="max_illegal must be a whole number of at least 1"):
        AzulGymEnv(max_illegal=max_illegal)  # type: ignore[arg-type]


def test_gym_takes_numpy_integers_for_seats_and_actions() -> None:
    env = gymnasium.make("azulejos/Azul-v0", seat=np.int64(1))
    _obs, info = env.reset(seed=3)
    assert env.unwrapped.seat == 1
    mask = info["action_mask"]
    action = np.argmax(mask)  # NumPy's int64, as a policy gives it
    env.step(action)
    env.reset(seed=3, options={"seat": np.int64(0), "start_player": np.int64(1)})
    assert env.unwrapped.seat == 0
    legal = np.flatnonzero(env.unwrapped._info()["action_mask"])
    env.step(np.array(legal[0]))  # a 0-d array, as some samplers give


def test_options_must_be_a_dict_and_unknown_keys_are_ignored_as_pettingzoo_expects() -> None:
    with pytest.raises(ValueError, match="options must be a dict"):
        AzulGymEnv().reset(seed=0, options=[("seat", 1)])  # type: ignore[arg-type]
    aec = envs.env()
    aec.reset(seed=0, options={"options": 1})  # what PettingZoo's api_test sends
    assert aec.agent_selection == "player_0"


def test_aec_takes_a_numpy_start_player() -> None:
    aec = envs.raw_env(start_player=np.int64(1))
    aec.reset(seed=0, options={"start_player": np.int64(0)})
    assert aec.agent_selection == "player_0"
    aec.reset(seed=0)
    assert aec.agent_selection == "player_1"
