"""The numba kernels in one namespace (importing this module needs numba).

The kernels work on one ``int64`` array per state with the offsets of
:mod:`azulejos.core.layout`, one module per phase, each the twin of the core module of the same
name: :mod:`.legal` (legal moves), :mod:`.step` (drafting), :mod:`.tiling` (wall-tiling),
:mod:`.chance` (set-up and the fill), :mod:`.endgame` (end checks); :mod:`.playouts` runs
random play-outs on them. They compile on first call; ``cache=True`` keeps the
machine code on disk for the next process.
"""

from __future__ import annotations

from .chance import apply_fill, fill, init_state
from .endgame import any_row_completable, row_completable
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
from .step import apply_action, draft
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
from .tiling import after_tiling, finish, place

__all__ = [
    "dest_masks", "is_legal", "legal_actions", "random_action", "play_games", "playout",
    "playout_many", "playout_many_seeded", "playout_quick", "playout_seeded", "below", "new_state", "next_u64", "seed_state",
    "after_tiling", "any_row_completable", "apply_action", "apply_fill", "draft",
    "fill", "finish", "init_state", "place", "row_completable", "FILL_TAG", "NUM_ACTIONS",
    "OVER", "PHASE", "ROUND_LIMIT", "WK_NLOG", "WK_NTRACE", "WK_OVERFLOW", "WK_SIZE",
    "WK_STALLED", "size",
]
