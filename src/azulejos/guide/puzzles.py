"""The tutorial's puzzles: walk-through positions where the engine knows the best answer.

Each puzzle is a position near the end of a round where the player to move will not move again
before the wall-tiling, whatever the others do. So every legal move has an exact value: the
points it brings that player once the round is tiled (placements minus floor penalties, R17-R19),
found by playing it on a copy of the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from azulejos.core.state import State
from azulejos.i18n import N_

from .script import Point, position

Kind = Literal["score", "save"]

QUESTIONS: dict[str, str] = {
    "score": N_("Which move scores the most points for {player} this round?"),
    "save": N_("{player} must take the last tiles. Where should they go to lose the fewest "
               "points?"),
}
HINTS: dict[str, str] = {
    "score": N_("The round ends right after this move. Add up what each complete line will score "
                "on the wall, then take off the floor."),
    "save": N_("Compare starting a new pattern line with dropping the tiles on the floor."),
}


class IllPosedPuzzle(ValueError):
    """The player to move could move again before the tiling: no exact value exists."""


@dataclass(frozen=True)
class Puzzle:
    step: int  # the walk-through step it belongs to
    kind: Kind
    at: Point

    def state(self) -> State:
        return position(self.at)


#: The tutorial, in order.
PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(7, "score", Point(2, 8)),
    Puzzle(7, "score", Point(2, 9)),
    Puzzle(8, "score", Point(3, 8)),
    Puzzle(8, "save", Point(3, 9)),
)


def _finish_round(state: State, seat: int) -> None:
    """Let the other players take what is left until the round is tiled (first legal move)."""
    while state.phase == "draft":
        if state.current_player == seat:
            raise IllPosedPuzzle("the player would move again in this round")
        state.push(state.legal_moves()[0])


def move_value(state: State, move: str) -> int:
    """Points the player to move gains (negative: loses) this round by playing ``move``."""
    seat = state.current_player
    c = state.copy(history=False)
    before = c.scores[seat]
    c.push(move)
    _finish_round(c, seat)
    return c.scores[seat] - before


def values(state: State) -> dict[str, int]:
    """Every legal move of ``state`` with its value (see :func:`move_value`)."""
    return {m.text(): move_value(state, m.text()) for m in state.legal_moves()}


def best_moves(state: State) -> tuple[int, list[str]]:
    """The best value and every move that reaches it."""
    vals = values(state)
    top = max(vals.values())
    return top, sorted(m for m, v in vals.items() if v == top)
