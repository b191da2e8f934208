"""Moves and the fixed integer action table.

Action ids (fixed for every player count and variant, see ``docs/notation.md``):

* drafting ``id = source * 30 + colour * 6 + destination`` for ids 0–299, where ``source``
  is 0–8 for factories 1–9 and 9 for the centre, ``colour`` is 0–4 in the order B Y R K W,
  and ``destination`` is 0–4 for pattern lines 1–5 and 5 for the floor;
* grey-wall tiling choices ``id = 300 + line * 5 + column`` for ids 300–324 (line and
  column 0-based);
* Master Chocolatier SF4 splits (R43, R47d; module ``special_factories`` only)
  ``id = 325 + (source * 30 + colour * 6 + destination) * 30 + (code - 2)`` for ids 325–8424,
  where ``source`` is 0–8 and ``code = (1 << r) | bits`` names the directions of the r = 1–4
  colours left on the SF4 in B Y R K W order (bit j set: the j-th of them goes right, ``>``).

The base game's ids 0–324 are unchanged; :data:`NUM_ACTIONS` stays 325 (the base game's action
space) and :data:`NUM_ALL_ACTIONS` counts the split ids too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .colours import LETTERS
from .errors import InvalidMoveError
from .ints import integer

CENTRE: Final = 9
FLOOR: Final = 5
NUM_DRAFT_ACTIONS: Final = 300
PLACE_BASE: Final = 300
NUM_ACTIONS: Final = 325
SPLIT_BASE: Final = 325
SPLIT_CODES: Final = 30  # codes 2..31: r = 1..4 directions
NUM_ALL_ACTIONS: Final = SPLIT_BASE + 270 * SPLIT_CODES


@dataclass(frozen=True, slots=True)
class Move:
    """One move: a drafting move (R11, R13) or a grey-wall column choice (R30, R33).

    Instances are interned: use :func:`draft`, :func:`place` or :func:`move_of_action`.
    """

    id: int
    is_draft: bool
    source: int  # 0-8 factory, 9 centre; -1 for a placement
    colour: int  # 0-4; -1 for a placement
    destination: int  # 0-4 pattern line, 5 floor; -1 for a placement
    line: int  # placement: pattern line 0-4; -1 for a draft
    column: int  # placement: wall column 0-4; -1 for a draft
    split: int = 0  # SF4 (R43): (1 << r) | bits, bit j set = j-th colour left goes right; 0 none

    @property
    def directions(self) -> tuple[bool, ...]:
        """SF4 split: for each colour left on the display (B Y R K W order), True = right."""
        if not self.split:
            return ()
        r = self.split.bit_length() - 1
        return tuple(bool(self.split >> j & 1) for j in range(r))

    @property
    def plain(self) -> Move:
        """The move without its SF4 suffix (itself if it has none)."""
        return MOVES[self.id if not self.split else (self.id - SPLIT_BASE) // SPLIT_CODES]

    @property
    def is_centre(self) -> bool:
        return self.source == CENTRE

    @property
    def is_floor(self) -> bool:
        return self.destination == FLOOR

    def text(self) -> str:
        """The move in docs/notation.md form (``3B2``, ``CRF``, ``2@4``)."""
        return MOVE_TEXT[self.id]

    def __str__(self) -> str:
        return MOVE_TEXT[self.id]

    def __repr__(self) -> str:
        return f"Move({MOVE_TEXT[self.id]!r})"


def _build() -> tuple[tuple[Move, ...], tuple[str, ...]]:
    moves: list[Move] = []
    texts: list[str] = []
    for source in range(10):
        for colour in range(5):
            for dest in range(6):
                a = source * 30 + colour * 6 + dest
                moves.append(Move(a, True, source, colour, dest, -1, -1))
                src = "C" if source == CENTRE else str(source + 1)
                dst = "F" if dest == FLOOR else str(dest + 1)
                texts.append(f"{src}{LETTERS[colour]}{dst}")
    for line in range(5):
        for column in range(5):
            a = PLACE_BASE + line * 5 + column
            moves.append(Move(a, False, -1, -1, -1, line, column))
            texts.append(f"{line + 1}@{column + 1}")
    for base in range(270):  # SF4 splits: factories 1-9 only
        for code in range(2, 32):
            a = SPLIT_BASE + base * SPLIT_CODES + code - 2
            r = code.bit_length() - 1
            m = moves[base]
            moves.append(Move(a, True, m.source, m.colour, m.destination, -1, -1, code))
            texts.append(texts[base] + "/" + "".join(">" if code >> j & 1 else "<" for j in range(r)))
    return tuple(moves), tuple(texts)


MOVES, MOVE_TEXT = _build()
_BY_TEXT: Final = {t: m for t, m in zip(MOVE_TEXT, MOVES)}


def draft(source: int, colour: int, destination: int) -> Move:
    """The drafting move from ``source`` (0–8, or ``CENTRE``) of ``colour`` to ``destination``."""
    if not (0 <= source <= 9 and 0 <= colour <= 4 and 0 <= destination <= 5):
        raise InvalidMoveError(f"no such drafting move: {(source, colour, destination)}")
    return MOVES[source * 30 + colour * 6 + destination]


def place(line: int, column: int) -> Move:
    """The grey-wall choice: the tile of pattern line ``line`` goes to wall ``column`` (0-based)."""
    if not (0 <= line <= 4 and 0 <= column <= 4):
        raise InvalidMoveError(f"no such placement: line {line}, column {column}")
    return MOVES[PLACE_BASE + line * 5 + column]


def split(move: Move, directions: str) -> Move:
    """The SF4 draft ``move`` with the directions ``directions`` (``"<>"``: the first colour
    left goes left, the second right; R43)."""
    r = len(directions)
    if not move.is_draft or move.split or move.is_centre or not 1 <= r <= 4 or set(directions) - {"<", ">"}:
        raise InvalidMoveError(f"no such SF4 split: {move.text()}/{directions}")
    code = (1 << r) | sum(1 << j for j, ch in enumerate(directions) if ch == ">")
    return MOVES[SPLIT_BASE + move.id * SPLIT_CODES + code - 2]


def move_of_action(action: int) -> Move:
    """The move with this action id; :class:`InvalidMoveError` if out of range."""
    a = integer(action)
    if a is None or not 0 <= a < NUM_ALL_ACTIONS:
        raise InvalidMoveError(f"{action!r} is not an action id (0-{NUM_ALL_ACTIONS - 1})")
    return MOVES[a]


def parse_move(text: str) -> Move:
    """Parse move text (docs/notation.md), case-insensitively; :class:`InvalidMoveError` if bad."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"move text must be a string, not {type(text).__name__}")
    key = text.strip().upper()
    move = _BY_TEXT.get(key)
    if move is None:
        raise InvalidMoveError(
            f"{text!r} is not a move: expected source (1-9 or C), colour (B Y R K W) and "
            "line (1-5 or F), like 3B2 or CRF (an SF4 draft adds / and < or > per colour left, "
            "like 4W2/<), or a grey-wall choice like 2@4"
        )
    return move
