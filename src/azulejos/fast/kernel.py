"""The numba kernels in one namespace (importing this module needs numba).

The kernels work on one ``int64`` array per state with the offsets of
:mod:`azulejos.core.layout`, one module per phase, each the twin of the core module of the same
name: :mod:`.legal` (legal moves), :mod:`.step` (drafting), :mod:`.tiling` (wall-tiling),
:mod:`.chance` (set-up and the fill), :mod:`.endgame` (end checks), :mod:`.specials` (the
Master Chocolatier special displays, R40-R47); :mod:`.moves` picks the base game's or the
module's move kernels by the array's length, and is what ``legal_actions``, ``is_legal``,
``random_action`` and ``apply_action`` here are; :mod:`.playouts` runs random play-outs on
them. They compile on first call; ``cache=True`` keeps the
machine code on disk for the next process.
"""

from __future__ import annotations

from .chance import apply_fill, apply_fill_special, draw_specials, fill, init_state
from .endgame import any_row_completable, row_completable
from .legal import dest_masks
from .moves import apply_action, is_legal, legal_actions, random_action
from .playouts import (
    play_games,
    play_games_special,
    playout,
    playout_many,
    playout_many_seeded,
    playout_quick,
    playout_seeded,
)
from .rng import below, new_state, next_u64, seed_state
from .step import draft
from .tables import (
    FILL_TAG,
    MAX_LEGAL,
    NUM_ACTIONS,
    NUM_ALL_ACTIONS,
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
    "apply_fill_special", "draw_specials", "play_games_special", "MAX_LEGAL", "NUM_ALL_ACTIONS",
    "dest_masks", "is_legal", "legal_actions", "random_action", "play_games", "playout",
    "playout_many", "playout_many_seeded", "playout_quick", "playout_seeded", "below", "new_state", "next_u64", "seed_state",
    "after_tiling", "any_row_completable", "apply_action", "apply_fill", "draft",
    "fill", "finish", "init_state", "place", "row_completable", "FILL_TAG", "NUM_ACTIONS",
    "OVER", "PHASE", "ROUND_LIMIT", "WK_NLOG", "WK_NTRACE", "WK_OVERFLOW", "WK_SIZE",
    "WK_STALLED", "size",
]
