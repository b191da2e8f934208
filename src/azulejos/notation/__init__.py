"""Notation (layer L1): move text and action ids, position strings, game records."""

from azulejos.core.moves import (
    MOVE_TEXT,
    NUM_ACTIONS,
    Move,
    draft,
    move_of_action,
    parse_move,
    place,
)

from .position import from_position, to_position
from .record import (
    FORMAT,
    Record,
    ReplayStep,
    RoundRecord,
    dumps,
    load_record,
    parse_record,
    record_of,
    replay,
    replay_steps,
    save_record,
)


def move_text(move: Move | int) -> str:
    """The docs/notation.md text of a move or action id."""
    return MOVE_TEXT[move.id if isinstance(move, Move) else move_of_action(move).id]


def action_id(move: Move | str) -> int:
    """The integer action id of a move or move text."""
    return (move if isinstance(move, Move) else parse_move(move)).id


__all__ = [
    "MOVE_TEXT", "NUM_ACTIONS", "Move", "draft", "move_of_action", "parse_move", "place",
    "move_text", "action_id", "from_position", "to_position", "FORMAT", "Record",
    "RoundRecord", "dumps", "load_record", "parse_record", "record_of", "replay",
    "replay_steps", "save_record", "ReplayStep",
]
