"""The choices of the new-game screen (also filled from the command line)."""

from __future__ import annotations

from dataclasses import dataclass, field

from azulejos.play import Seat


def _default_seats() -> list[Seat]:
    return [Seat("Player 1"), Seat("Medium bot", "medium")]


@dataclass
class Setup:
    seats: list[Seat] = field(default_factory=_default_seats)
    variant: str = "coloured"
    theme: str = "classic"
    lang: str = "en"
    seed: int | None = None
    high_contrast: bool = False
