"""Reinforcement-learning environments (layer L2, the ``rl`` extra).

* :func:`env` / :func:`raw_env` - PettingZoo AEC environment, every seat an agent
  (:mod:`azulejos.envs.aec`);
* ``gymnasium.make("azulejos/Azul-v0")`` - single-agent Gymnasium environment, the other
  seats played by azulejos bots (:mod:`azulejos.envs.gym_env`), registered on import;
* :class:`AzulVectorEnv` - many self-play games stepped at once (:mod:`azulejos.envs.vector`);
* :mod:`azulejos.envs.openspiel` - the game for OpenSpiel (``pyspiel``), imported explicitly;
* :mod:`azulejos.envs.encoding` - the observation encoding they share.

Heavy modules load on first use, so ``import azulejos.envs`` needs only NumPy (and registers
the Gymnasium id when Gymnasium is installed).
"""

from __future__ import annotations

from typing import Any

from .encoding import action_mask, encode, encode_batch, feature_names, observation_size
from .rewards import REWARDS

GYM_ID = "azulejos/Azul-v0"


def _register() -> None:
    try:
        import gymnasium
    except ImportError:  # the rl extra is not installed; env()/AzulGymEnv will say so
        return
    if GYM_ID not in gymnasium.registry:
        gymnasium.register(id=GYM_ID, entry_point="azulejos.envs.gym_env:AzulGymEnv")


_register()

def __getattr__(name: str) -> Any:
    try:
        if name in ("env", "raw_env", "AzulAECEnv"):
            from . import aec as mod
        elif name == "AzulGymEnv":
            from . import gym_env as mod  # type: ignore[no-redef]
        elif name == "AzulVectorEnv":
            from . import vector as mod  # type: ignore[no-redef]
        else:
            raise AttributeError(f"module 'azulejos.envs' has no attribute {name!r}")
    except ImportError as e:
        raise ImportError(
            f"azulejos.envs.{name} needs the rl extra: pip install 'azulejos[rl]' ({e})"
        ) from e
    return getattr(mod, name)


__all__ = [
    "GYM_ID",
    "REWARDS",
    "AzulAECEnv",
    "AzulGymEnv",
    "AzulVectorEnv",
    "action_mask",
    "encode",
    "encode_batch",
    "env",
    "feature_names",
    "observation_size",
    "raw_env",
]
