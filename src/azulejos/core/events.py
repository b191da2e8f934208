"""Chance events and the tiling report (what happened during a wall-tiling phase)."""

from __future__ import annotations

from dataclasses import dataclass

from .colours import LETTERS


@dataclass(frozen=True, slots=True)
class Fill:
    """A round's factory fill: the chance event (R9, R21, R22).

    ``factories[i]`` holds the colours drawn into factory i, in draw order (the plain 4-tile
    fill). With the Master Chocolatier special displays (R40-R47) the same event also holds
    the round's other chance: ``specials``, the (display index, kind code) pairs in display
    order (kind codes in :mod:`azulejos.core.specials`), and ``extra``, SF1's extra tile
    (``()`` when there is no SF1 or nothing could be drawn; R41, R47b). A base-game fill
    leaves both empty, so ``Fill(factories)`` is unchanged.
    """

    factories: tuple[tuple[int, ...], ...]
    specials: tuple[tuple[int, int], ...] = ()
    extra: tuple[int, ...] = ()

    def texts(self) -> list[str]:
        """One string per factory, as in the record format (``"BBYR"``)."""
        return ["".join(LETTERS[c] for c in f) for f in self.factories]

    def counts(self) -> list[list[int]]:
        out = []
        for f in self.factories:
            c = [0] * 5
            for k in f:
                c[k] += 1
            out.append(c)
        return out

    def __str__(self) -> str:
        return " ".join(t or "-" for t in self.texts())


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile moved to the wall and scored (R17, R18)."""

    seat: int
    row: int
    column: int
    colour: int
    horizontal: int  # length of the horizontal run through the tile
    vertical: int  # length of the vertical run through the tile
    points: int


@dataclass(frozen=True, slots=True)
class Discarded:
    """Grey wall: a complete line with no legal column went to the floor (R31)."""

    seat: int
    row: int
    colour: int
    tiles: int


@dataclass(frozen=True, slots=True)
class Penalised:
    """Floor penalty applied (R19): ``penalty`` is positive; ``score`` the new score."""

    seat: int
    slots: int
    penalty: int
    score: int


@dataclass(frozen=True, slots=True)
class Bonus:
    """End bonuses of one player (R24)."""

    seat: int
    rows: int
    columns: int
    colours: int

    @property
    def points(self) -> int:
        return 2 * self.rows + 7 * self.columns + 10 * self.colours


TilingEvent = Placed | Discarded | Penalised | Bonus
