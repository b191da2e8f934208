"""Gymnasium single-agent environment ``azulejos/Azul-v0``: one learner, bots in the other seats.

* Observation: the flat ``float32`` vector of :mod:`azulejos.envs.encoding`, from the learner's
  seat; action: ``Discrete(325)``, the action ids of :mod:`azulejos.core.moves`.
* ``ruleset=Ruleset(n, special_factories=True)``: the Master Chocolatier special factory
  displays (R40-R47). The observation adds the specials block and the action space is
  ``Discrete(8425)`` (every SF4 split its own id, R43), masked as below.
* Legal actions: ``info["action_mask"]`` (``bool``, 325) after ``reset`` and every ``step``, and
  the method :meth:`AzulGymEnv.action_masks` (what sb3-contrib's ``MaskablePPO`` calls).
* Between two learner turns the environment plays the bots' turns and samples the fills from
  its own generator (seeded by ``reset(seed=...)``); on the grey wall the learner's own column
  choices (R30, R33) are learner turns.
* Illegal actions, policy ``illegal="penalty"`` (default): the step returns reward
  ``illegal_penalty`` (default -1.0), changes nothing, and sets ``info["illegal_action"]``;
  after ``max_illegal`` (default 100) illegal actions in a row the episode is truncated.
  With ``illegal="error"`` the step raises :class:`azulejos.core.IllegalMoveError` instead and
  changes nothing. The penalty policy keeps unmasked algorithms (and Gymnasium's checker,
  which samples unmasked actions) running.
* Rewards: :mod:`azulejos.envs.rewards`, from the learner's point of view, accumulated over the
  bots' turns that follow the learner's action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from azulejos.core.ints import integer
from azulejos.core.rules import Variant
from azulejos.core.ruleset import Ruleset, resolve
from azulejos.core.state import State

from .aec import action_id, check_max_rounds, check_seat, check_start_player, reset_options
from .encoding import encode, num_actions, observation_high, observation_size
from .opponents import AgentFactory, Opponent, OpponentSpec, default_agent_factory
from .rewards import check_reward, step_rewards


class AzulGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """Azul against bots. ``opponents``: one spec for every other seat, or one per seat in
    clockwise order after the learner; a spec is a bot name, an agent or a callable
    (see :mod:`azulejos.envs.opponents`). ``seat``: the learner's seat, or None for a random
    seat each episode. ``opponent_budget`` (an ``azulejos.agents.Budget``) is handed to the
    bots' ``choose``."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(
        self,
        players: int | None = None,
        variant: Variant | str | None = None,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
        seat: int | None = None,
        reward: str = "score_diff",
        reward_scale: float = 1.0,
        illegal: str = "penalty",
        illegal_penalty: float = -1.0,
        max_illegal: int = 100,
        start_player: int | str = 0,
        max_rounds: int | None = 100,
        agent_factory: AgentFactory | None = None,
        opponent_budget: Any = None,
        render_mode: str | None = None,
        ruleset: Ruleset | None = None,
    ) -> None:
        self.ruleset = resolve(ruleset, players, variant)
        players = self.ruleset.players
        start_player = check_start_player(start_player, players)
        if seat is not None:
            seat = check_seat(seat, players)
        max_rounds = check_max_rounds(max_rounds)
        if integer(max_illegal) is None or max_illegal < 1:
            raise ValueError(f"max_illegal must be a whole number of at least 1, not "
                             f"{max_illegal!r}")
        if illegal not in ("penalty", "error"):
            raise ValueError(f"illegal must be 'penalty' or 'error', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Sequence):
            specs: list[OpponentSpec] = [opponents] * (players - 1)
        else:
            specs = list(opponents)
            if len(specs) != players - 1:
                raise ValueError(
                    f"{players} players need {players - 1} opponents, not {len(specs)}"
                )
        self.players = players
        self.variant = self.ruleset.variant
        self.reward_scheme = check_reward(reward)
        self.reward_scale = float(reward_scale)
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.max_illegal = max_illegal
        self.start_player = start_player
        self.max_rounds = max_rounds
        self.fixed_seat = seat
        self.render_mode = render_mode
        self._specs = specs
        self._factory = agent_factory or default_agent_factory
        self.opponent_budget = opponent_budget
        # Resolve names once now, so a wrong bot name fails here with the list of known bots.
        self._opponents = [Opponent(s, None, self._factory) for s in specs]
        sf = self.ruleset.special_factories
        size = observation_size(players, sf)
        self.observation_space = spaces.Box(
            0.0, observation_high(players, sf), (size,), np.float32
        )
        self.num_actions = num_actions(sf)
        self.action_space = spaces.Discrete(self.num_actions)
        self.seat = 0
        self.game = State.new(self.ruleset)
        self._rng = random.Random(0)
        self._illegal_run = 0

    # -- helpers ------------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """Boolean mask of the learner's legal actions (for sb3-contrib MaskablePPO)."""
        mask = np.zeros(self.num_actions, dtype=bool)
        if self.game.to_move == self.seat:
            mask[self.game.legal_actions()] = True
        return mask

    def _obs(self) -> np.ndarray:
        return encode(self.game, self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": self.action_masks(),
            "seat": self.seat,
            "scores": self.game.scores,
            "round": self.game.round,
        }
        info.update(extra)
        return info

    def _bot_for(self, seat: int) -> Opponent:
        return self._opponents[(seat - self.seat) % self.players - 1]

    def _advance(self) -> bool:
        """Play fills and bot turns until the learner is to move or the game stops.

        Returns True if the episode was cut at ``max_rounds``."""
        st = self.game
        while True:
            if st.is_over:
                return False
            if st.is_chance:
                if self.max_rounds is not None and st.round > self.max_rounds:
                    return True
                st.deal(self._rng)
                continue
            if st.current_player == self.seat:
                return False
            st.push(self._bot_for(st.current_player).move(st, self.opponent_budget))

    # -- Gymnasium API --------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(0, 2**63)))
        options = reset_options(options)
        seat = options.get("seat", self.fixed_seat)
        if seat is None:
            seat = self._rng.randrange(self.players)
        self.seat = check_seat(seat, self.players)
        start = check_start_player(options.get("start_player", self.start_player), self.players)
        if start == "random":
            start = self._rng.randrange(self.players)
        self._opponents = [
            Opponent(s, self._rng.randrange(2**31), self._factory) for s in self._specs
        ]
        self.game = State.new(self.ruleset, None, int(start))
        self._illegal_run = 0
        self._truncated = self._advance()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        st = self.game
        if st.is_over or getattr(self, "_truncated", False):
            raise RuntimeError("the episode has ended: call reset() first")
        a = action_id(action, self.ruleset.special_factories)
        if not st.is_legal(a):
            if self.illegal == "error":
                st.push(a)  # not legal: raises IllegalMoveError naming the rule, no change
            self._illegal_run += 1
            cut = self._illegal_run >= self.max_illegal
            self._truncated = cut
            return (
                self._obs(),
                self.illegal_penalty,
                False,
                cut,
                self._info(illegal_action=True),
            )
        self._illegal_run = 0
        before = st.scores
        st.push(a)
        self._truncated = self._advance()
        r = step_rewards(self.reward_scheme, before, st, self._truncated)[self.seat]
        info = self._info()
        if st.is_over:
            info["winners"] = st.winners()
        if self.render_mode == "human":
            self.render()
        return self._obs(), r * self.reward_scale, st.is_over, self._truncated, info

    def render(self) -> str | None:
        from azulejos.render.text import render_state

        text = render_state(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text
