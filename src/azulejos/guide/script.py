"""The walk-through's game: three rounds of a two-player game with fixed fills.

Every position the rules helper shows is computed by playing these fills and moves on the
reference engine (:class:`azulejos.core.State`); nothing is drawn by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from azulejos.core.colours import LETTERS
from azulejos.core.state import State

#: Factory fills of rounds 1-3 (five factories: two players, R2) and each round's moves.
FILLS: tuple[tuple[str, ...], ...] = (
    ("BYYR", "WWKR", "BBKY", "RRYK", "WKKY"),
    ("YBBR", "KKWR", "YYWB", "RKWW", "BKYR"),
    ("RRBK", "YYKW", "KKKK", "BWRY", "WWBR"),
)
MOVES: tuple[tuple[str, ...], ...] = (
    ("2W2", "4R3", "3B1", "CK4", "1Y3", "5K4", "CR4", "CY5", "CW5", "CB1"),
    ("2K2", "1B2", "3Y5", "5Y1", "4R3", "CR4", "CB4", "CW5", "CK1", "CY3"),
    ("5R1", "3K5", "2Y2", "1R1", "4W3", "CB4", "CW3", "CY3", "CK4", "CR2"),
)
PLAYERS = 2


@dataclass(frozen=True)
class Point:
    """A point of the script: ``moves`` moves played in round ``round`` (1-based).

    ``moves=-1`` means before that round's fill (after the previous round's tiling).
    """

    round: int
    moves: int


def fill_of(texts: tuple[str, ...]) -> list[tuple[int, ...]]:
    return [tuple(LETTERS.index(ch) for ch in t) for t in texts]


def position(at: Point) -> State:
    """The engine's state at ``at`` (raises if the script broke a rule: a bug)."""
    state = State.new(PLAYERS)
    for r in range(at.round):
        last = r == at.round - 1
        if last and at.moves < 0:
            break
        state.apply_fill(fill_of(FILLS[r]))
        moves = MOVES[r][: at.moves] if last else MOVES[r]
        for m in moves:
            state.push(m)
    return state


def move_at(at: Point) -> str:
    """The scripted move played from ``at``."""
    return MOVES[at.round - 1][at.moves]
