"""The numba kernels in one namespace (importing this module needs numba).

The kernels work on one ``int64`` array per state with the offsets of
:mod:`azulejos.core.layout`; see :mod:`.step` (transitions), :mod:`.legal` (legal moves) and
:mod:`.playouts` (random play-outs). They compile on first call; ``cache=True`` keeps the
machine code on disk for the next process.
"""

from __future__ import annotations

from .legal import dest_masks, is_legal, legal_actions, random_action
from .playouts import (
    play_games,
    playout,
    playout_many,
    playout_many_seeded,
    playout_quick,
    playout_seeded,
)
from .rng import below, new_state, next_u64, seed_state
from .step import (
    after_tiling,
    any_row_completable,
    apply_action,
    apply_fill,
    draft,
    fill,
    finish,
    init_state,
    place,
    row_completable,
)
from .tables import (
    FILL_TAG,
    NUM_ACTIONS,
    OVER,
    PHASE,
    ROUND_LIMIT,
    WK_NLOG,
    WK_NTRACE,
    WK_OVERFLOW,
    WK_SIZE,
    WK_STALLED,
    size,
)

__all__ = [
    "dest_masks", "is_legal", "legal_actions", "random_action", "play_games", "playout",
    "playout_many", "playout_many_seeded", "playout_quick", "playout_seeded", "below", "new_state", "next_u64", "seed_state",
    "after_tiling", "any_row_completable", "apply_action", "apply_fill", "draft",
    "fill", "finish", "init_state", "place", "row_completable", "FILL_TAG", "NUM_ACTIONS",
    "OVER", "PHASE", "ROUND_LIMIT", "WK_NLOG", "WK_NTRACE", "WK_OVERFLOW", "WK_SIZE",
    "WK_STALLED", "size",
]
