"""The accelerated engine path, used automatically when present (issue: speed).

Until the compiled kernels are available this module falls back, honestly, to the reference
engine. ``backend()`` says which path is in use.
"""

from __future__ import annotations

import random

from azulejos.core import State
from azulejos.core.playout import random_playout as _reference_playout


def backend() -> str:
    return "reference"


def random_playout(state: State, rng: random.Random, *, until_round_end: bool = False) -> list[int]:
    """Same contract as :func:`azulejos.core.playout.random_playout`."""
    return _reference_playout(state, rng, until_round_end=until_round_end)
