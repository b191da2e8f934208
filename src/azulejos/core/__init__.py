"""The pure rules core (layer L0): stdlib only, no I/O, no clock, no global randomness."""

from .colours import COLOURS, LETTERS, NAMES, wall_colour, wall_column
from .errors import (
    AzulejosError,
    IllegalFillError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    InvariantError,
    OutOfRangeError,
    RecordWriteError,
    RulesetError,
)
from .events import Bonus, Discarded, Fill, Penalised, Placed
from .moves import CENTRE, FLOOR, MOVES, NUM_ACTIONS, Move, draft, move_of_action, parse_move, place
from .rules import VARIANTS, GameInfo, Phase, Variant, factory_count
from .ruleset import MODULES, ModuleInfo, Ruleset
from .specials import Special
from .state import PatternLine, PlayerView, State

__all__ = [
    "COLOURS", "LETTERS", "NAMES", "wall_colour", "wall_column",
    "AzulejosError", "IllegalFillError", "IllegalMoveError", "InvalidMoveError",
    "InvalidPositionError", "InvalidRecordError", "InvariantError", "OutOfRangeError",
    "RecordWriteError", "RulesetError",
    "Bonus", "Discarded", "Fill", "Penalised", "Placed",
    "CENTRE", "FLOOR", "MOVES", "NUM_ACTIONS", "Move", "draft", "move_of_action", "parse_move",
    "place", "GameInfo", "Phase", "VARIANTS", "Variant", "factory_count", "PatternLine", "PlayerView", "State",
    "MODULES", "ModuleInfo", "Ruleset", "Special",
]
