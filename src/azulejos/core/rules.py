"""Game metadata as data: player counts, variants, sizes (R2, R8, R30)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from .ruleset import Ruleset

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
MAX_FACTORIES: Final = 9


class Variant(enum.StrEnum):
    """Which side of the wall every player uses (R8, R30)."""

    COLOURED = "coloured"
    GREY = "grey"

    @classmethod
    def parse(cls, text: str | Variant) -> Variant:
        if isinstance(text, Variant):
            return text
        try:
            return cls(str(text).lower())
        except ValueError:
            raise ValueError(f"unknown variant {text!r} (coloured or grey)") from None


#: Every variant by its word (R8, R30): the one list the lobby, the CLI, the API and the
#: leaderboard offer.
VARIANTS: Final[tuple[str, ...]] = tuple(v.value for v in Variant)


class Phase(enum.StrEnum):
    """What the game waits for next (the layout's ``PHASE`` field, in that order).

    ``DRAFT``: a drafting move (R10-R16); ``PLACE``: the grey wall's column choice (R30-R33);
    ``FILL``: the round's fill, a chance event (R9, R21, R22); ``OVER``: nothing, the game has
    ended (R24). A ``StrEnum``, so a phase prints and serialises as its word.
    """

    DRAFT = "draft"
    PLACE = "place"
    FILL = "fill"
    OVER = "over"

    @property
    def is_turn(self) -> bool:
        """True when a seat is to move (drafting or the grey column choice)."""
        return self is Phase.DRAFT or self is Phase.PLACE


#: The phases in the order of the layout's codes (``layout.DRAFT`` … ``layout.OVER``).
PHASES: Final = (Phase.DRAFT, Phase.PLACE, Phase.FILL, Phase.OVER)


def factory_count(players: int) -> int:
    """Number of factory displays for ``players`` players: 2n+1 (R2)."""
    check_players(players)
    return 2 * players + 1


def check_players(players: int) -> None:
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be 2, 3 or 4 (R8), not {players!r}")


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about one game set-up, for front ends and learning code."""

    players: int
    variant: Variant
    factories: int
    num_actions: int
    max_moves_per_round: int

    @classmethod
    def of(cls, players: int | Ruleset, variant: Variant | str | None = None) -> GameInfo:
        """The facts of a ruleset (or of the older (players, variant) pair)."""
        from .moves import NUM_ACTIONS
        from .ruleset import Ruleset

        r = Ruleset.of(players, variant)
        f = r.factories
        return cls(r.players, r.variant, f, NUM_ACTIONS, 4 * f + 5 * r.players)
