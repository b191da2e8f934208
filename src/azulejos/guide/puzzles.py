"""The tutorial's puzzles: walk-through positions where the engine knows the best answer.

Each puzzle is a position near the end of a round where the player to move will not move again
before the wall-tiling, whatever the others do. So every legal move has an exact value: the
points it brings that player once the round is tiled (placements minus floor penalties, R17-R19),
found by playing it on a copy of the state.

The puzzles of the Master Chocolatier special factory displays (``azulejos learn
--special-factories``, :data:`SPECIAL_PUZZLES`) come from :mod:`azulejos.guide.specials_script`
and are valued the same way; :func:`explain` tells what a move does with the floor line, the
held SF5 and the first-player marker (R14, R44, R47a), so that a wrong answer can be explained.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from azulejos.core.state import State
from azulejos.i18n import N_

from .script import Point, position
from .specials_script import drafting_position

Kind = Literal["score", "save", "sf5"]

QUESTIONS: dict[str, str] = {
    "score": N_("Which move scores the most points for {player} this round?"),
    "save": N_("{player} must take the last tiles. Where should they go to lose the fewest "
               "points?"),
    "sf5": N_("Display {display} is {kind}. Which move scores the most points for {player} "
              "this round?"),
}
HINTS: dict[str, str] = {
    "score": N_("The round ends right after this move. Add up what each complete line will score "
                "on the wall, then take off the floor."),
    "save": N_("Compare starting a new pattern line with dropping the tiles on the floor."),
    "sf5": N_("Whoever drafts from {kind} keeps it until the end of the round, and the first "
              "tile they drop lies on it for free. Whoever takes first from the centre also "
              "takes the first-player marker onto their floor line."),
}


class IllPosedPuzzle(ValueError):
    """The player to move could move again before the tiling: no exact value exists."""


@dataclass(frozen=True)
class Puzzle:
    step: int  # the walk-through step it belongs to (0: none, a special-displays puzzle)
    kind: Kind
    at: Point
    special: bool = False  # from the special displays' script (``at.moves`` moves played)

    def state(self) -> State:
        return drafting_position(self.at.moves) if self.special else position(self.at)


#: The tutorial, in order.
PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(7, "score", Point(2, 8)),
    Puzzle(7, "score", Point(2, 9)),
    Puzzle(8, "score", Point(3, 8)),
    Puzzle(8, "save", Point(3, 9)),
)
#: ``azulejos learn --special-factories``: SF5 against the centre (R44, R47a, R12, R14).
SPECIAL_PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(0, "sf5", Point(1, 5), special=True),
)


@dataclass(frozen=True)
class Outcome:
    """What a draft does to the mover's floor line (R14, R44, R47a): ``fell`` tiles land on
    the floor line, ``caught`` (0 or 1) on the held SF5, ``marker`` whether the first-player
    marker comes too."""

    fell: int
    caught: int
    marker: bool


def explain(state: State, move: str) -> Outcome:
    """The :class:`Outcome` of ``move`` for the player to move, read from the engine."""
    seat = state.current_player
    after = state.copy(history=False)
    had = state.sf5_tile is not None and state.sf5_holder == seat
    after.push(move)
    marker = after.marker_holder == seat and state.marker_holder is None
    floor = len(after.player(seat).floor) - len(state.player(seat).floor) - int(marker)
    caught = int(after.sf5_holder == seat and after.sf5_tile is not None and not had)
    return Outcome(floor, caught, marker)


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
