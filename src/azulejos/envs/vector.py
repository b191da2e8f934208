"""Many self-play games stepped at once, for training throughput.

:class:`AzulVectorEnv` holds ``num_envs`` games. Each step takes one action per game, for that
game's current player (the caller plays every seat: self-play), and returns NumPy arrays:

``reset(seed=None) -> (obs, info)`` and ``step(actions) -> (obs, rewards, terminated,
truncated, info)`` where

* ``obs``: ``(num_envs, D)`` ``float32``, each game from its current player's point of view
  (:mod:`azulejos.envs.encoding`);
* ``rewards``: ``(num_envs, players)`` ``float32``, every seat's reward for that step in
  absolute seat order (:mod:`azulejos.envs.rewards`);
* ``terminated`` / ``truncated``: ``(num_envs,)`` ``bool``; a game that ends is replaced by a
  new one at once (auto-reset), so ``obs`` and the masks already describe the new game;
* ``info["action_mask"]``: ``(num_envs, 325)`` ``bool``; ``info["current_player"]``:
  ``(num_envs,)``; ``info["final_scores"]``: ``(num_envs, players)``, the final scores of the
  games that ended in this step (-1 elsewhere).

An action that is not legal raises :class:`azulejos.core.IllegalMoveError` naming the game and
changes no game. Fills (R21, R22) are sampled inside from the seeded generators.

Two back ends, same results contract: ``"batch"`` steps all games in compiled kernels
(:class:`azulejos.fast.batch.BatchEngine`, when that module is importable) and ``"reference"``
loops over reference :class:`~azulejos.core.state.State` objects. ``backend="auto"`` takes
the first available.

``ruleset=Ruleset(n, special_factories=True)`` plays the Master Chocolatier special factory
displays (R40-R47) on the reference back end (the batch kernels do not run them here; ``"auto"``
picks the reference back end and ``"batch"`` is refused): observations add the specials block of
:mod:`azulejos.envs.encoding` and the masks cover 8,425 ids (every SF4 split, R43).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from azulejos.core import layout as L
from azulejos.core.errors import IllegalMoveError, InvalidMoveError
from azulejos.core.moves import move_of_action
from azulejos.core.rules import Variant
from azulejos.core.ruleset import Ruleset, resolve
from azulejos.core.state import State

from .encoding import encode_batch, num_actions, observation_size
from .rewards import check_reward, relative, win_loss


class _Backend(Protocol):
    name: str

    def reset_games(self, idx: npt.NDArray[np.int64]) -> None: ...
    def apply(self, actions: npt.NDArray[np.int64], max_rounds: int | None) -> None: ...
    def arrays(self) -> npt.NDArray[np.int64]: ...
    def legal_mask(self) -> npt.NDArray[np.bool_]: ...
    def state(self, i: int) -> State: ...


class _ReferenceBackend:
    """A list of reference States, one ``random.Random`` each."""

    name = "reference"

    def __init__(self, n: int, rules: Ruleset, seed: int | None) -> None:
        self.n, self.players, self.rules = n, rules.players, rules
        master = random.Random(seed)
        self.rngs = [random.Random(master.randrange(2**63)) for _ in range(n)]
        self.games: list[State] = [State.new(rules) for _ in range(n)]

    def reset_games(self, idx: npt.NDArray[np.int64]) -> None:
        for i in idx.tolist():
            st = State.new(self.rules)
            st.deal(self.rngs[i])
            self.games[i] = st

    def apply(self, actions: npt.NDArray[np.int64], max_rounds: int | None) -> None:
        for i, a in enumerate(actions.tolist()):
            st = self.games[i]
            st.push(a)
            if st.is_chance and (max_rounds is None or st.round <= max_rounds):
                st.deal(self.rngs[i])

    def arrays(self) -> npt.NDArray[np.int64]:
        return np.array([st.array() for st in self.games], dtype=np.int64)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        out = np.zeros((self.n, num_actions(self.rules.special_factories)), dtype=bool)
        for i, st in enumerate(self.games):
            out[i, st.legal_actions()] = True
        return out

    def state(self, i: int) -> State:
        return self.games[i]


class _BatchBackend:
    """Adapter over ``azulejos.fast.batch.BatchEngine`` (compiled kernels).

    The engine samples fills itself; its ``arrays`` are used directly when they have the
    layout of :mod:`azulejos.core.layout`, else each game is read through ``state(i)``.
    """

    name = "batch"

    def __init__(self, n: int, rules: Ruleset, seed: int | None) -> None:
        from azulejos.fast.batch import BatchEngine  # type: ignore[import-not-found,unused-ignore]

        self.n, self.players = n, rules.players
        if seed is None:  # the engine wants a whole number: draw one from the OS
            seed = random.SystemRandom().randrange(2**63)
        self.engine = BatchEngine(n, rules.players, rules.variant.value, seed)

    def reset_games(self, idx: npt.NDArray[np.int64]) -> None:
        if len(idx) == self.n:
            self.engine.reset()
            return
        mask = np.zeros(self.n, dtype=bool)
        mask[idx] = True
        self.engine.reset(mask=mask)

    def apply(self, actions: npt.NDArray[np.int64], max_rounds: int | None) -> None:
        self.engine.step(actions)

    def arrays(self) -> npt.NDArray[np.int64]:
        arr = getattr(self.engine, "arrays", None)
        if callable(arr):
            arr = arr()
        if isinstance(arr, np.ndarray) and arr.shape == (self.n, L.size(self.players)):
            return arr.astype(np.int64, copy=False)
        return np.array([self.engine.state(i).array() for i in range(self.n)], dtype=np.int64)

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        return np.asarray(self.engine.legal_mask(), dtype=bool)

    def state(self, i: int) -> State:
        st: State = self.engine.state(i)
        return st


def available_backends() -> list[str]:
    """Back ends that can run here, fastest first."""
    out = []
    try:
        from azulejos.fast.batch import BatchEngine  # type: ignore[import-not-found,unused-ignore]  # noqa: F401

        out.append("batch")
    except ImportError:
        pass
    out.append("reference")
    return out


class AzulVectorEnv:
    """``num_envs`` self-play games of ``players`` players stepped together (see module doc)."""

    def __init__(
        self,
        num_envs: int,
        players: int | None = None,
        variant: Variant | str | None = None,
        reward: str = "score_diff",
        seed: int | None = None,
        backend: str = "auto",
        max_rounds: int | None = 100,
        ruleset: Ruleset | None = None,
    ) -> None:
        self.ruleset = resolve(ruleset, players, variant)
        sf = self.ruleset.special_factories
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive whole number, not {num_envs!r}")
        if backend == "auto":
            backend = "reference" if sf else available_backends()[0]
        if backend not in ("batch", "reference"):
            raise ValueError(f"backend must be 'auto', 'batch' or 'reference', not {backend!r}")
        if sf and backend == "batch":
            raise ValueError(
                "the batch back end does not run the special factory displays (R40-R47): "
                "use backend='reference' or 'auto'"
            )
        self.num_envs = num_envs
        self.players = self.ruleset.players
        self.variant = self.ruleset.variant
        self.reward_scheme = check_reward(reward)
        self.max_rounds = max_rounds
        self.observation_size = observation_size(self.players, sf)
        self.num_actions = num_actions(sf)
        self._seed = seed
        self._backend_name = backend
        self._b: _Backend = self._make_backend(seed)
        self._mask = np.zeros((num_envs, self.num_actions), dtype=bool)
        self._arr = np.zeros((num_envs, L.size(self.players, sf)), dtype=np.int64)
        self._started = False

    def _make_backend(self, seed: int | None) -> _Backend:
        cls = _BatchBackend if self._backend_name == "batch" else _ReferenceBackend
        return cls(self.num_envs, self.ruleset, seed)

    @property
    def backend(self) -> str:
        return self._b.name

    def game(self, i: int) -> State:
        """The engine state of game ``i`` (a reference State; on the batch path a copy)."""
        return self._b.state(i)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self._mask.copy()

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        self._arr = self._b.arrays()
        self._mask = self._b.legal_mask()
        turn = self._arr[:, L.TURN].copy()
        obs = encode_batch(self._arr, turn, self.ruleset)
        return obs, {"action_mask": self._mask.copy(), "current_player": turn}

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        if seed is not None:
            self._b = self._make_backend(seed)
        self._b.reset_games(np.arange(self.num_envs, dtype=np.int64))
        self._started = True
        return self._observe()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or not np.issubdtype(acts.dtype, np.integer):
            raise InvalidMoveError(
                f"actions must be {self.num_envs} whole numbers (one per game), got shape "
                f"{acts.shape} of {acts.dtype}"
            )
        acts = acts.astype(np.int64)
        out_of_range = np.flatnonzero((acts < 0) | (acts >= self.num_actions))
        if len(out_of_range):
            i = int(out_of_range[0])
            raise InvalidMoveError(
                f"game {i}: {acts[i]} is not an action id (0-{self.num_actions - 1})"
            )
        bad = np.flatnonzero(~self._mask[np.arange(self.num_envs), acts])
        if len(bad):
            i = int(bad[0])
            raise IllegalMoveError(
                f"game {i}: {move_of_action(int(acts[i]))} is not legal there "
                f"({len(bad)} illegal action(s) in this batch; no game was changed)"
            )
        n, p = self.num_envs, self.players
        before = self._scores(self._arr)
        self._b.apply(acts, self.max_rounds)
        arr = self._b.arrays()
        after = self._scores(arr)
        phase = arr[:, L.PHASE]
        terminated = phase == L.OVER
        truncated = np.zeros(n, dtype=bool)
        if self.max_rounds is not None:
            truncated = ~terminated & (arr[:, L.ROUND] > self.max_rounds)
        rewards = np.zeros((n, p), dtype=np.float32)
        if self.reward_scheme == "round_delta":
            d = (after - before).astype(np.float32)
            rewards = d - (d.sum(axis=1, keepdims=True) - d) / (p - 1)
        ended = np.flatnonzero(terminated | truncated)
        final = np.full((n, p), -1, dtype=np.int64)
        for i in ended.tolist():
            final[i] = after[i]
            if self.reward_scheme == "score_diff":
                rewards[i] = relative(after[i].tolist())
            elif self.reward_scheme == "win_loss" and terminated[i]:
                rewards[i] = win_loss(self._b.state(i))
        if len(ended):
            self._b.reset_games(ended.astype(np.int64))
        obs, info = self._observe()
        info["final_scores"] = final
        return obs, rewards, terminated, truncated, info

    def _scores(self, arr: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        idx = L.P0 + np.arange(self.players) * L.STRIDE + L.SCORE
        return arr[:, idx].copy()
