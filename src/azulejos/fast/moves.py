"""The move kernels for any game, with or without the special factory displays (R40-R47):
each looks at the array's length (the module's fields follow the players) and runs the
base game's kernel (:mod:`.legal`, :mod:`.step`) or the module's (:mod:`.specials`): the
entry points for callers from Python (``kernel.legal_actions`` and friends). Hot loops (play-outs, timing)
compare the length once and call the right kernels directly, which keeps the base game's
speed (measured in docs/performance.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import legal, specials, step
from .tables import P0, STRIDE


@njit(cache=True)
def legal_actions(s: np.ndarray, players: int, out: np.ndarray, wk: np.ndarray) -> int:
    """Write the legal action ids to ``out`` in the order of ``State.legal_actions()``;
    return how many. ``out`` holds ``NUM_ACTIONS`` ids in the base game, ``MAX_LEGAL`` with
    the module (SF4 splits, R43)."""
    if s.shape[0] > P0 + STRIDE * players:
        return specials.legal_actions(s, players, out, wk)
    return legal.legal_actions(s, players, out, wk)


@njit(cache=True)
def is_legal(s: np.ndarray, players: int, a: int) -> bool:
    """Is action id ``a`` legal now?"""
    if s.shape[0] > P0 + STRIDE * players:
        return specials.is_legal(s, players, a)
    return legal.is_legal(s, players, a)


@njit(cache=True)
def random_action(s: np.ndarray, players: int, rs: np.ndarray, wk: np.ndarray) -> int:
    """A legal action drawn uniformly; -1 if none is due."""
    if s.shape[0] > P0 + STRIDE * players:
        return specials.random_action(s, players, rs, wk)
    return legal.random_action(s, players, rs, wk)


@njit(cache=True)
def apply_action(s: np.ndarray, players: int, grey: bool, a: int) -> None:
    """Play action id ``a`` (assumed legal)."""
    if s.shape[0] > P0 + STRIDE * players:
        specials.apply_action(s, players, grey, a)
    else:
        step.apply_action(s, players, grey, a)
