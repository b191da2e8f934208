"""The tutorial's puzzles: walk-through positions where the engine knows the best answer.

Each puzzle is a position near the end of a round where the player to move will not move again
before the wall-tiling, whatever the others do. So every legal move has an exact value: the
points it brings that player once the round is tiled (placements minus floor penalties, R17-R19),
found by playing it on a copy of the state.

The puzzles of the Master Chocolatier special factory displays (``azulejos learn
--special-factories``, :data:`SPECIAL_PUZZLES`) come from :mod:`azulejos.guide.specials_script`
: the SF5 puzzle is valued the same way, and :func:`explain` tells what a move does with the
floor line, the held SF5 and the first-player marker (R14, R44, R47a), so that a wrong answer can
be explained. In the SF4 puzzle (R43, R47d) the split only changes what the other player can do,
so its value is the mover's *lead* over the round: the mover's points minus the other player's
once the round is tiled, both playing their best to the end of the round (:func:`lead_value`, an
exhaustive search; :func:`best_line` gives the play behind it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from azulejos.core.rules import Phase
from azulejos.core.state import State
from azulejos.i18n import N_

from .script import Point, position
from .specials_script import drafting_position, split_position

Kind = Literal["score", "save", "sf5", "sf4"]
Script = Literal["walk", "drafting", "split"]
_SCRIPTS: dict[str, Callable[[int], State]] = {
    "drafting": drafting_position, "split": split_position,
}

#: Each puzzle kind's question and hint in each theme's words (a theme's key, then the kind):
#: whole sentences, so that a translation can inflect every word (CONTRIBUTING.md, item 1).
QUESTIONS: dict[str, dict[str, str]] = {
    "classic": {
        "score": N_("Which move scores the most points for {player} this round?"),
        "save": N_("{player} must take the last tiles. Where should they go to lose the fewest "
                   "points?"),
        "sf5": N_("Display {display} is {kind}. Which move scores the most points for {player} "
                  "this round?"),
        "sf4": N_("Display {display} is {kind}. Count {player}'s points this round minus "
                  "{other}'s, with both playing their best until the round ends: which move is "
                  "best?"),
    },
    "chocolatier": {
        "score": N_("Which move scores the most points for {player} this round?"),
        "save": N_("{player} must take the last candies. Where should they go to lose the "
                   "fewest points?"),
        "sf5": N_("Showcase {display} is {kind}. Which move scores the most points for {player} "
                  "this round?"),
        "sf4": N_("Showcase {display} is {kind}. Count {player}'s points this round minus "
                  "{other}'s, with both playing their best until the round ends: which move is "
                  "best?"),
    },
}
HINTS: dict[str, dict[str, str]] = {
    "classic": {
        "score": N_("The round ends right after this move. Add up what each complete line will "
                    "score on the wall, then take off the floor."),
        "save": N_("Compare starting a new pattern line with dropping the tiles on the floor."),
        "sf5": N_("Whoever drafts from {kind} keeps it until the end of the round, and the "
                  "first tile they drop lies on it for free. Whoever takes first from the centre "
                  "also takes the first-player marker onto their floor line."),
        "sf4": N_("The colours left on {kind} go to its neighbours: display {left} on the left, "
                  "display {right} on the right. Think about what {other} can take next, and "
                  "what that leaves for {player}."),
    },
    "chocolatier": {
        "score": N_("The round ends right after this move. Add up what each full tray will score "
                    "in the box, then take off the spill tray."),
        "save": N_("Compare starting a new tray with dropping the candies into the spill tray."),
        "sf5": N_("Whoever takes from {kind} keeps it until the end of the round, and the first "
                  "candy they drop lies on it for free. Whoever takes first from the counter also "
                  "takes the head chocolatier's spoon into their spill tray."),
        "sf4": N_("The candies left on {kind} go to its neighbours: showcase {left} on the left, "
                  "showcase {right} on the right. Think about what {other} can take next, and "
                  "what that leaves for {player}."),
    },
}


class IllPosedPuzzle(ValueError):
    """The player to move could move again before the tiling: no exact value exists."""


@dataclass(frozen=True)
class Puzzle:
    step: int  # the walk-through step it belongs to (0: none, a special-displays puzzle)
    kind: Kind
    at: Point
    script: Script = "walk"  # else a round of :mod:`azulejos.guide.specials_script`

    @property
    def special(self) -> bool:
        """A puzzle on the special factory displays (R40-R47)."""
        return self.script != "walk"

    def state(self) -> State:
        if self.script == "walk":
            return position(self.at)
        return _SCRIPTS[self.script](self.at.moves)


#: The tutorial, in order.
PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(7, "score", Point(2, 8)),
    Puzzle(7, "score", Point(2, 9)),
    Puzzle(8, "score", Point(3, 8)),
    Puzzle(8, "save", Point(3, 9)),
)
#: ``azulejos learn --special-factories``: SF5 against the centre (R44, R47a, R12, R14).
#: Then SF4's split (R43, R47d), valued by the lead over the round.
SPECIAL_PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(0, "sf5", Point(1, 5), "drafting"),
    Puzzle(0, "sf4", Point(1, 6), "split"),
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
    while state.phase is Phase.DRAFT:
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


#: Positions searched, by their ruleset and layout (a State itself changes, so has no hash).
_Memo = dict[tuple[object, tuple[int, ...]], tuple[int, list[str]]]


def _lead(state: State, seat: int, memo: _Memo | None = None) -> tuple[int, list[str]]:
    """``seat``'s lead at the end of the round (its score minus the other's) with best play
    from both sides, and one line of play that reaches it (R17-R19: the tiling scores)."""
    if state.phase is not Phase.DRAFT:
        return state.scores[seat] - state.scores[1 - seat], []
    memo = {} if memo is None else memo
    key = (state.ruleset, tuple(state.raw))
    if key in memo:
        return memo[key]
    mine = state.current_player == seat
    best: tuple[int, list[str]] | None = None
    for m in state.legal_moves():
        state.push(m)
        v, line = _lead(state, seat, memo)
        state.pop()
        if best is None or (v > best[0] if mine else v < best[0]):
            best = (v, [m.text(), *line])
    assert best is not None
    memo[key] = best
    return best


def lead_value(state: State, move: str, memo: _Memo | None = None) -> int:
    """How much ``move`` adds to the mover's lead over the other player of a two-player game
    by the end of this round, both playing their best afterwards (see :func:`_lead`; ``memo``
    may be shared by calls on the same position)."""
    if state.players != 2:
        raise IllPosedPuzzle("the lead is defined for two players")
    seat = state.current_player
    c = state.copy(history=False)
    before = c.scores[seat] - c.scores[1 - seat]
    c.push(move)
    return _lead(c, seat, memo)[0] - before


def best_line(state: State, move: str) -> list[str]:
    """The moves after ``move`` to the end of the round with best play from both sides."""
    c = state.copy(history=False)
    seat = c.current_player
    c.push(move)
    return _lead(c, seat)[1]


def values(state: State, kind: Kind = "score") -> dict[str, int]:
    """Every legal move of ``state`` with its value (:func:`move_value`; for ``sf4`` puzzles
    :func:`lead_value`)."""
    if kind == "sf4":
        memo: _Memo = {}
        return {m.text(): lead_value(state, m.text(), memo) for m in state.legal_moves()}
    return {m.text(): move_value(state, m.text()) for m in state.legal_moves()}


def best_moves(state: State, kind: Kind = "score") -> tuple[int, list[str]]:
    """The best value and every move that reaches it."""
    vals = values(state, kind)
    top = max(vals.values())
    return top, sorted(m for m, v in vals.items() if v == top)
