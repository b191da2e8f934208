"""azulejos: a rules-compatible implementation of the tile-drafting game Azul.

The rules engine lives in :mod:`azulejos.core`; notation and records in
:mod:`azulejos.notation`. See the README for a tour.
"""

from azulejos.core import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidRecordError,
    Move,
    Ruleset,
    RulesetError,
    State,
    Variant,
)

__version__ = "0.1.0"

__all__ = [
    "IllegalMoveError", "InvalidMoveError", "InvalidRecordError", "Move", "Ruleset",
    "RulesetError", "State", "Variant", "__version__",
]
