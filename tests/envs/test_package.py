"""The azulejos.envs package: registration and what happens without the rl extra."""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import pytest

import azulejos.envs as envs


def test_gym_id_registered_once() -> None:
    assert envs.GYM_ID in gymnasium.registry
    envs._register()  # importing twice must not register twice (no warning, no error)
    assert gymnasium.registry[envs.GYM_ID].entry_point == "azulejos.envs.gym_env:AzulGymEnv"


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        envs.no_such_thing  # noqa: B018


def test_without_the_rl_extra_the_error_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None; sys.modules['gymnasium'] = None\n"
        "import azulejos.envs as e\n"
        "print(e.observation_size(2))\n"
        "try:\n"
        "    e.env\n"
        "except ImportError as err:\n"
        "    print(err)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[0] == "358"
    assert "pip install 'azulejos[rl]'" in lines[1]
