"""The accelerated engine path: numba kernels over the flat state layout, used
automatically when numba is installed, with an honest fallback to the reference engine.
The kernels play the base game and the Master Chocolatier special factory displays
(R40-R47) alike: a state's array carries the module's fields when it is on.

>>> import random
>>> from azulejos.core import State
>>> s = State.new(2)
>>> scores = random_playout(s, random.Random(5))
>>> s.is_over and len(scores) == 2
True
>>> backend() in ("numba", "reference")
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from azulejos.core import State
from azulejos.core.errors import AzulejosError
from azulejos.core.playout import random_playout as _reference_playout

from .status import available, backend, load, reason, warmup, warmup_detail

if TYPE_CHECKING:
    import numpy as np


class GameStalledError(AzulejosError, RuntimeError):
    """A play-out reached the round limit (``kernel.ROUND_LIMIT``).

    A safety net only: games in which no row can ever be completed again end by ruling R35
    (docs/rules.md), so no game should reach the limit. If one does, the kernels stop there
    and say so; the state is left at the fill where it stopped.
    """


def random_playout(state: State, rng: random.Random, *, until_round_end: bool = False) -> list[int]:
    """Same contract as :func:`azulejos.core.playout.random_playout`: play ``state`` to the
    end (or to the end of the current round) with uniformly random legal moves and sampled
    fills, mutating it without recording history; return the scores.

    On the numba path the kernel's generator is seeded with ``rng.getrandbits(63)``, so the
    result is deterministic under ``rng`` (but not the same game as the reference would
    draw). Like the reference, it leaves ``tiling_log`` and the history as they were.
    Raises :class:`GameStalledError` if the round limit is reached (see there).
    """
    if not available():
        return _reference_playout(state, rng, until_round_end=until_round_end)
    import numpy as np

    from .playouts import playout_seeded

    raw = state.raw
    arr = np.fromiter(raw, np.int64, len(raw))
    moves = playout_seeded(
        arr, state.players, state.ruleset.grey, rng.getrandbits(63), until_round_end
    )
    state.load_layout(arr.tolist())
    if moves < 0:
        raise GameStalledError(
            f"a play-out was still going after round {state.round - 1}, past the safety limit "
            "(ruling R35 should have ended it: this is a bug)"
        )
    return state.scores


def playout_many(state: State, n: int, seed: int) -> np.ndarray:
    """Scores of ``n`` independent random play-outs from ``state`` (unchanged), shape
    (n, players), deterministic under ``seed``. A play-out stopped by the safety round limit
    (see :class:`GameStalledError`) keeps the scores it had there."""
    import numpy as np

    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number >= 0, not {n!r}")
    if not available():
        rng = random.Random(seed)
        out = np.empty((n, state.players), dtype=np.int64)
        for i in range(n):
            out[i] = _reference_playout(state.copy(history=False), rng)
        return out
    from .playouts import playout_many_seeded

    base = np.array(state.raw, dtype=np.int64)
    return playout_many_seeded(
        base, state.players, state.ruleset.grey, n, int(seed) & 0x7FFFFFFFFFFFFFFF
    )


__all__ = [
    "GameStalledError", "available", "backend", "load", "playout_many", "random_playout", "reason",
    "warmup", "warmup_detail",
]
