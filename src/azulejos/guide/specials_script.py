"""The positions the rules helper shows for the Master Chocolatier special factory displays
(R40-R47): two fixed two-player fills played on the reference engine, nothing drawn by hand.

* :func:`after_fill_position` - a first round whose fill makes display 1 SF1 and display 2 SF2R,
  so that SF2R takes back the red tile SF1 has just drawn (R41, R47c).
* :func:`drafting_position` - a first round with SF5 on display 2 and SF4 on display 4, played
  move by move (an SF4 split at move 3, R43); after five moves it is the SF5 puzzle of
  ``azulejos learn --special-factories`` (R44).
* :func:`split_position` - a first round with SF4 on display 1 and SF2R on display 2; after six
  moves it is the SF4 puzzle (R43, R47d): where the rest of SF4 goes decides the round.
"""

from __future__ import annotations

from azulejos.core import specials
from azulejos.core.colours import LETTERS
from azulejos.core.events import Fill
from azulejos.core.ruleset import Ruleset
from azulejos.core.specials import Special
from azulejos.core.state import State

from .script import fill_of

RULES = Ruleset(2, special_factories=True)

#: R40, R41: display 1 is SF1 (its extra tile: red), display 2 SF2R.
AFTER_FILL = ("BYKW", "RYYK", "RRBW", "KKWY", "BBYW")
AFTER_FILL_SPECIALS = (Special.SF1, Special.SF2R, "", "", "")
AFTER_FILL_EXTRA = "R"

#: The drafting round: SF5 on display 2, SF4 on display 4.
DRAFTING = ("KKKK", "BBBB", "WWWB", "RRRY", "YYBB")
DRAFTING_SPECIALS = ("", Special.SF5, "", Special.SF4, "")
DRAFTING_MOVES = ("5Y2", "1K4", "4R3/>", "3W3", "5Y1")
#: The move of :data:`DRAFTING_MOVES` that drafts from SF4 (R43).
SF4_MOVE = 2


#: The split round: SF4 on display 1 (its left neighbour is display 5, R40), SF2R on display 2.
SPLIT = ("YYRW", "BYRR", "BBKW", "YRRK", "YYKK")
SPLIT_SPECIALS = (Special.SF4, Special.SF2R, "", "", "")
SPLIT_MOVES = ("2B1", "3B5", "4R3", "CR1", "CY2", "CW2")


def _fill(texts: tuple[str, ...], kinds: tuple[str, ...], extra: str = "") -> Fill:
    pairs = []
    for display, name in enumerate(kinds):
        if name:
            kind = specials.kind_of(name)
            assert kind is not None, name
            pairs.append((display, kind))
    return Fill(
        tuple(fill_of(texts)), tuple(pairs), tuple(LETTERS.index(ch) for ch in extra)
    )


def after_fill_fill() -> Fill:
    return _fill(AFTER_FILL, AFTER_FILL_SPECIALS, AFTER_FILL_EXTRA)


def after_fill_position() -> State:
    """The table right after the fill and its after-fill effects (R41, R47c)."""
    state = State.new(RULES)
    state.apply_fill(after_fill_fill())
    return state


def drafting_position(moves: int) -> State:
    """The drafting round after its first ``moves`` moves (raises if the script broke a rule)."""
    state = State.new(RULES)
    state.apply_fill(_fill(DRAFTING, DRAFTING_SPECIALS))
    for move in DRAFTING_MOVES[:moves]:
        state.push(move)
    return state


def split_position(moves: int) -> State:
    """The split round after its first ``moves`` moves (raises if the script broke a rule)."""
    state = State.new(RULES)
    state.apply_fill(_fill(SPLIT, SPLIT_SPECIALS))
    for move in SPLIT_MOVES[:moves]:
        state.push(move)
    return state
