"""The choices of the new-game screen (also filled from the command line)."""

from __future__ import annotations

from dataclasses import dataclass, field

from azulejos.core import Ruleset
from azulejos.play import Seat


def _default_seats() -> list[Seat]:
    return [Seat("Player 1"), Seat("Medium bot", "medium")]


@dataclass
class Setup:
    """Who plays, under which rules (the :class:`Ruleset`: wall side and modules such as the
    special factory displays), and the look. The ruleset's player count follows the seats."""

    seats: list[Seat] = field(default_factory=_default_seats)
    rules: Ruleset = field(default_factory=Ruleset)
    theme: str = "classic"
    lang: str = "en"
    seed: int | None = None
    high_contrast: bool = False

    def __post_init__(self) -> None:
        if self.rules.players != len(self.seats):
            self.rules = self.rules.replace(players=len(self.seats))

    @property
    def variant(self) -> str:
        """The wall side, ``coloured`` or ``grey``."""
        return self.rules.variant.value
