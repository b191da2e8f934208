"""PettingZoo AEC environment: every seat is an agent (``player_0`` ... ``player_{n-1}``).

* Turn order is the engine's: drafting clockwise (R10), and on the grey wall each column
  choice (R30, R33) is an ordinary turn of the player who owns the complete line.
* The factory fill (R9, R21, R22) is a chance event sampled inside the environment from its
  own ``random.Random``, seeded by ``reset(seed=...)``; agents never act on it.
* Observations are dicts: ``observation`` (see :mod:`azulejos.envs.encoding`) from the
  observing agent's point of view and ``action_mask`` (``int8``, 325 entries: the action ids of
  :mod:`azulejos.core.moves`; all zero for an agent whose turn it is not).
* ``ruleset=Ruleset(n, special_factories=True)`` plays the Master Chocolatier special factory
  displays (R40-R47): the observation grows by the specials block (kinds per display, SF5's
  holder and tile) and the action space is ``Discrete(8425)``, every SF4 split an id of its own
  (``NUM_ALL_ACTIONS``), with the mask marking the legal ones. Base-game spaces are unchanged.
* Rewards: see :mod:`azulejos.envs.rewards` (``score_diff`` by default).
* An action that is not legal (mask 0) raises :class:`azulejos.core.IllegalMoveError` (a
  ``ValueError`` naming the rule) and changes nothing; an out-of-range id raises
  :class:`azulejos.core.InvalidMoveError`.
* ``max_rounds`` (default 100) truncates an episode that has not ended by then (a policy that
  only ever drops tiles on the floor would otherwise play for ever).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from azulejos.core.errors import InvalidMoveError
from azulejos.core.ints import integer
from azulejos.core.rules import Variant
from azulejos.core.ruleset import Ruleset, resolve
from azulejos.core.state import State

from .encoding import action_mask, encode, num_actions, observation_high, observation_size
from .rewards import check_reward, step_rewards


def action_id(action: Any, special_factories: bool = False) -> int:
    """``action`` as a plain ``int`` action id (accepts NumPy integers); else InvalidMoveError.

    The ids run to 324, or to 8,424 with the special factory displays (SF4 splits, R43)."""
    top = num_actions(special_factories) - 1
    a = integer(action)  # an int, a NumPy integer, or a 0-d integer array
    if a is None:
        raise InvalidMoveError(f"{action!r} is not an action id (an integer 0-{top})")
    if not 0 <= a <= top:
        raise InvalidMoveError(f"{a} is not an action id (0-{top})")
    return a


def check_start_player(start_player: int | str, players: int) -> int | str:
    """``start_player`` checked: ``"random"``, or a seat as a plain ``int`` (NumPy's integers
    are taken too); else ValueError."""
    if start_player == "random":
        return "random"
    seat = integer(start_player)
    if seat is None:
        raise ValueError(f"start_player must be a seat or 'random', not {start_player!r}")
    if not 0 <= seat < players:
        raise ValueError(f"start_player must be a seat 0-{players - 1} (R9), not {seat}")
    return seat


def check_seat(seat: object, players: int) -> int:
    """A seat 0 to ``players - 1`` as a plain ``int`` (NumPy's integers are taken too)."""
    i = integer(seat)
    if i is None or not 0 <= i < players:
        raise ValueError(f"seat must be a seat 0-{players - 1}, not {seat!r}")
    return i


def check_max_rounds(max_rounds: object) -> int | None:
    """``max_rounds``: None (no limit) or a whole number of at least 1."""
    if max_rounds is None:
        return None
    n = integer(max_rounds)
    if n is None or n < 1:
        raise ValueError(f"max_rounds must be a whole number of at least 1 (or None), not "
                         f"{max_rounds!r}")
    return n


def reset_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """``reset``'s options. Keys an environment does not read are ignored, as PettingZoo's
    ``api_test`` expects (it resets with ``options={"options": 1}``)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError(f"options must be a dict, not {type(options).__name__}")
    return options


class AzulAECEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """Azul for 2-4 agents on the coloured or grey wall (PettingZoo AEC API)."""

    metadata: dict[str, Any] = {
        "name": "azulejos_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int | None = None,
        variant: Variant | str | None = None,
        reward: str = "score_diff",
        start_player: int | str = 0,
        max_rounds: int | None = 100,
        render_mode: str | None = None,
        ruleset: Ruleset | None = None,
    ) -> None:
        super().__init__()
        self.ruleset = resolve(ruleset, players, variant)
        players = self.ruleset.players
        start_player = check_start_player(start_player, players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        max_rounds = check_max_rounds(max_rounds)
        self.players = players
        self.variant = self.ruleset.variant
        self.reward_scheme = check_reward(reward)
        self.start_player = start_player
        self.max_rounds = max_rounds
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agent_name_mapping = {a: p for p, a in enumerate(self.possible_agents)}
        sf = self.ruleset.special_factories
        size = observation_size(players, sf)
        self.num_actions = num_actions(sf)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, observation_high(players, sf), (size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._rng: random.Random | None = None
        self.state_ = State.new(self.ruleset)

    # -- spaces -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game -----------------------------------------------------------------------------
    @property
    def game(self) -> State:
        """The underlying engine state (with its full history: fills and moves)."""
        return self.state_

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        mask = (
            action_mask(self.state_) if self._acting(seat)
            else np.zeros(self.num_actions, np.int8)
        )
        return {"observation": encode(self.state_, seat), "action_mask": mask}

    def _acting(self, seat: int) -> bool:
        st = self.state_
        return st.to_move == seat

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        options = reset_options(options)
        start = self.start_player
        if "start_player" in options:
            start = check_start_player(options["start_player"], self.players)
        if start == "random":
            start = self._rng.randrange(self.players)
        assert isinstance(start, int)
        self.state_ = State.new(self.ruleset, None, start)
        self.state_.deal(self._rng)  # R9: the first fill
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.current_player]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = action_id(action, self.ruleset.special_factories)
        st = self.state_
        before = st.scores
        st.push(a)  # IllegalMoveError (state unchanged) if the move is not legal
        assert self._rng is not None
        truncated = False
        if st.is_chance:
            if self.max_rounds is not None and st.round > self.max_rounds:
                truncated = True
            else:
                # R21, R22: the next round's fill (one with no tile at all ends the game,
                # engine ruling, which ``st.is_over`` below sees).
                st.deal(self._rng)
        self._cumulative_rewards[agent] = 0.0
        rewards = step_rewards(self.reward_scheme, before, st, truncated)
        for p, name in enumerate(self.possible_agents):
            self.rewards[name] = rewards[p]
        if st.is_over:
            for name in self.agents:
                self.terminations[name] = True
        elif truncated:
            for name in self.agents:
                self.truncations[name] = True
        else:
            self.agent_selection = self.possible_agents[st.current_player]
        if st.is_over or truncated:
            for name in self.agents:
                self.infos[name] = {"scores": st.scores, "winners": st.winners()}
            self.agent_selection = self.possible_agents[st.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # -- display --------------------------------------------------------------------------------
    def render(self) -> str | None:
        from azulejos.render.text import render_state

        text = render_state(self.state_)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(
    players: int | None = None,
    variant: Variant | str | None = None,
    reward: str = "score_diff",
    **kwargs: Any,
) -> AzulAECEnv:
    """The bare AEC environment (no wrapper)."""
    return AzulAECEnv(players=players, variant=variant, reward=reward, **kwargs)


def env(
    players: int | None = None,
    variant: Variant | str | None = None,
    reward: str = "score_diff",
    **kwargs: Any,
) -> AECEnv[str, dict[str, np.ndarray], int]:
    """The AEC environment behind PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return wrappers.OrderEnforcingWrapper(raw_env(players, variant, reward, **kwargs))
