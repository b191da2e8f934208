"""What a move would do, before it is played: the preview a front end shows (R12-R14, R18)."""

from __future__ import annotations

from dataclasses import dataclass

from azulejos.core import CENTRE, FLOOR, Move, Placed, State
from azulejos.core.colours import floor_penalty


@dataclass(frozen=True, slots=True)
class Preview:
    """The consequence of a move for the player making it.

    Drafting: ``taken`` tiles of ``colour``; ``to_line`` fit the pattern line, ``to_floor``
    fall to the floor, ``to_lid`` go past a full floor to the lid (R14); ``marker`` is True
    when the first-player marker comes along (R12); ``penalty`` is the extra floor penalty
    (positive). Grey-wall column choice: ``points`` the tile scores, with its runs (R18).
    """

    move: Move
    colour: int
    taken: int = 0
    to_line: int = 0
    to_floor: int = 0
    to_lid: int = 0
    marker: bool = False
    penalty: int = 0
    points: int = 0
    horizontal: int = 0
    vertical: int = 0


def preview(state: State, move: Move) -> Preview:
    """The preview of a legal ``move`` (``ValueError`` if it is not legal now)."""
    if not state.is_legal(move):
        raise ValueError(f"{move.text()} is not legal now")
    seat = state.current_player
    board = state.player(seat)
    if not move.is_draft:
        trial = state.copy(history=False)
        trial.push(move)
        for ev in reversed(trial.tiling_log):
            if isinstance(ev, Placed) and ev.seat == seat and ev.row == move.line:
                colour = ev.colour
                return Preview(move, colour, points=ev.points, horizontal=ev.horizontal,
                               vertical=ev.vertical)
        raise AssertionError("a column choice always places a tile")  # pragma: no cover
    source = state.centre if move.source == CENTRE else state.factories[move.source]
    n = source[move.colour]
    marker = move.source == CENTRE and state.marker_in_centre
    before = len(board.floor)
    used = before + (1 if marker and before < 7 else 0)
    fit = 0
    if move.destination != FLOOR:
        line = board.lines[move.destination]
        fit = min(n, line.capacity - line.count)
    over = n - fit
    to_floor = min(over, 7 - used)
    return Preview(
        move,
        move.colour,
        taken=n,
        to_line=fit,
        to_floor=to_floor,
        to_lid=over - to_floor,
        marker=marker,
        penalty=floor_penalty(used + to_floor) - floor_penalty(before),
    )
