"""Many games stepped at once, for reinforcement learning and batched search.

>>> eng = BatchEngine(4, players=2, variant="coloured", seed=1)
>>> mask = eng.legal_mask()
>>> mask.shape
(4, 325)
>>> eng.step(mask.argmax(axis=1))
>>> eng.state(0).round
1
"""

from __future__ import annotations

import random

import numpy as np

from azulejos.core import Ruleset, State, Variant
from azulejos.core import layout as L
from azulejos.core.errors import IllegalMoveError, InvalidMoveError
from azulejos.core.moves import NUM_ACTIONS
from azulejos.core.rules import check_players

from .status import available


class BatchEngine:
    """``n`` games of ``players`` on one wall side, stepped together.

    Every game starts with seat 0 (R9) and its first fill drawn; fills that fall due after a
    wall-tiling are drawn at once, so a game is always awaiting a move (``phase`` 0 drafting
    or 1 grey column choice, R33) or over (3). Games are deterministic under ``seed`` and the
    actions played. On the numba path ``arrays`` is the live (n, size) ``int64`` table of flat
    states (see :mod:`azulejos.core.layout`; treat it as read-only); on the reference path it
    is a fresh copy built from reference states.

    Every game ends: ruling R35 (docs/rules.md) ends the rare games in which no row can be
    completed any more (``azulejos.fast.GameStalledError`` is only a safety net).
    """

    def __init__(
        self, n: int, players: int = 2, variant: Variant | str = Variant.COLOURED, seed: int = 0
    ) -> None:
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number >= 1, not {n!r}")
        check_players(players)
        self.n = n
        self.players = players
        self.variant = Variant.parse(variant)
        self.ruleset = Ruleset(players, self.variant)
        self.size = L.size(players)
        self._grey = self.variant is Variant.GREY
        self._numba = available()
        if self._numba:
            from .rng import new_state

            self._rs = new_state(seed)
            self._arr = np.zeros((n, self.size), dtype=np.int64)
            self._states: list[State] = []
        else:
            self._rng = random.Random(seed)
            self._states = [State.new(players, self.variant) for _ in range(n)]
        self.reset()

    @property
    def backend(self) -> str:
        return "numba" if self._numba else "reference"

    # -- reading --------------------------------------------------------------------------------
    @property
    def arrays(self) -> np.ndarray:
        """The flat states, shape (n, size)."""
        if self._numba:
            return self._arr
        return np.array([st.raw for st in self._states], dtype=np.int64)

    def _column(self, offset: int) -> np.ndarray:
        if self._numba:
            return self._arr[:, offset].copy()
        return np.array([st.raw[offset] for st in self._states], dtype=np.int64)

    def current_player(self) -> np.ndarray:
        """Seat to move in each game, shape (n,)."""
        return self._column(L.TURN)

    def phase(self) -> np.ndarray:
        """Phase code of each game: 0 drafting, 1 grey column choice, 3 over (2 never shows)."""
        return self._column(L.PHASE)

    def done(self) -> np.ndarray:
        """Which games are over, shape (n,) bool."""
        return np.asarray(self._column(L.PHASE) == L.OVER)

    def scores(self) -> np.ndarray:
        """Scores, shape (n, players) (with end bonuses once a game is over)."""
        offs = [L.P0 + p * L.STRIDE + L.SCORE for p in range(self.players)]
        if self._numba:
            return self._arr[:, offs].copy()
        return np.array([[st.raw[o] for o in offs] for st in self._states], dtype=np.int64)

    def legal_mask(self) -> np.ndarray:
        """mask[i, a]: action id ``a`` is legal in game i; shape (n, 325), all False if over."""
        out = np.zeros((self.n, NUM_ACTIONS), dtype=np.bool_)
        if self._numba:
            from .batch_kernels import batch_legal_mask

            batch_legal_mask(self._arr, self.players, out)
        else:
            for i, st in enumerate(self._states):
                out[i, st.legal_actions()] = True
        return out

    def state(self, i: int) -> State:
        """Game ``i`` as a reference :class:`State` (no history)."""
        if not isinstance(i, (int, np.integer)) or not 0 <= i < self.n:
            raise IndexError(f"game index must be 0-{self.n - 1}, not {i!r}")
        if self._numba:
            return State.from_layout(self.ruleset, self._arr[int(i)].tolist())
        return self._states[int(i)].copy(history=False)

    # -- acting ---------------------------------------------------------------------------------
    def reset(self, mask: np.ndarray | None = None) -> None:
        """Start new games in the rows where ``mask`` is True (every row when None)."""
        if mask is None:
            m = np.ones(self.n, dtype=np.bool_)
        else:
            m = np.asarray(mask)
            if m.shape != (self.n,) or m.dtype != np.bool_:
                raise ValueError(f"mask must be a bool array of shape ({self.n},)")
        if self._numba:
            from .batch_kernels import batch_reset

            batch_reset(self._arr, self.players, m, self._rs)
            return
        for i in np.flatnonzero(m):
            st = State.new(self.players, self.variant)
            st.deal(self._rng)
            st.clear_history()
            self._states[i] = st

    def step(self, actions: np.ndarray) -> None:
        """Play ``actions[i]`` (an action id, see :mod:`azulejos.core.moves`) in every game
        that is not over (entries of finished games are ignored), then draw any fill due.

        If an action is not legal, raises :class:`IllegalMoveError` (or
        :class:`InvalidMoveError` for ids outside 0-324) naming the game, and no game changes.
        """
        a = np.asarray(actions)
        if a.shape != (self.n,) or not np.issubdtype(a.dtype, np.integer):
            raise ValueError(f"actions must be an integer array of shape ({self.n},)")
        a = a.astype(np.int64, copy=False)
        if self._numba:
            from .batch_kernels import batch_first_illegal, batch_step

            bad = batch_first_illegal(self._arr, self.players, a)
            if bad >= 0:
                self._raise_illegal(bad, int(a[bad]))
            batch_step(self._arr, self.players, self._grey, a, self._rs)
            return
        for i, st in enumerate(self._states):
            ai = int(a[i])
            if not st.is_over and (not 0 <= ai < NUM_ACTIONS or not st.is_legal(ai)):
                self._raise_illegal(i, ai)
        for i, st in enumerate(self._states):
            if st.is_over:
                continue
            st.push(int(a[i]))
            if st.is_chance:
                st.deal(self._rng)
            st.clear_history()

    def _raise_illegal(self, i: int, action: int) -> None:
        if not 0 <= action < NUM_ACTIONS:  # the base game's action space (SF4 splits are not in it)
            raise InvalidMoveError(f"game {i}: {action} is not an action id (0-{NUM_ACTIONS - 1})")
        st = self.state(i)
        try:
            st.push(action)
        except IllegalMoveError as e:
            raise IllegalMoveError(f"game {i}: {e}", e.rule) from None
        except InvalidMoveError as e:
            raise InvalidMoveError(f"game {i}: {e}") from None
        raise AssertionError(f"game {i}: action {action} was refused by the kernel but is legal")
