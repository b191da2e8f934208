"""The numbers the rules helper quotes, all read from the engine (R1, R2, R4, R5, R24).

Guide texts carry no literal numbers: every figure is a ``{placeholder}`` filled from here, so
the text cannot drift from the rules the engine applies.
"""

from __future__ import annotations

from functools import lru_cache

from azulejos.core import specials
from azulejos.core.colours import (
    FACTORY_SIZE,
    FLOOR_PENALTIES,
    FLOOR_SLOTS,
    LETTERS,
    TILES_PER_COLOUR,
    WALL_SIZE,
)
from azulejos.core.events import Bonus
from azulejos.core.moves import CENTRE, FLOOR, draft, place
from azulejos.core.rules import MAX_PLAYERS, MIN_PLAYERS, factory_count
from azulejos.core.ruleset import module

#: The walk-through: how many steps, and roughly how long it takes to explain.
TEACH_STEPS = 8
TEACH_MINUTES = 8


@lru_cache(maxsize=1)
def facts() -> dict[str, str]:
    """Placeholder values for the guide texts (strings, ready to format)."""
    f = {n: factory_count(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    ex_factory = draft(2, 0, 1)  # factory 3, blue, pattern line 2
    ex_centre = draft(CENTRE, 2, FLOOR)  # centre, red, floor
    ex_grey = place(1, 3)  # pattern line 2 to wall column 4
    values: dict[str, int | str] = {
        "colours": len(LETTERS),
        "per_colour": TILES_PER_COLOUR,
        "tiles": TILES_PER_COLOUR * len(LETTERS),
        "factory_size": FACTORY_SIZE,
        "f2": f[2], "f3": f[3], "f4": f[4],
        "t2": f[2] * FACTORY_SIZE, "t3": f[3] * FACTORY_SIZE, "t4": f[4] * FACTORY_SIZE,
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "lines": WALL_SIZE,
        "wall": WALL_SIZE,
        "floor_slots": FLOOR_SLOTS,
        "penalties": ", ".join(f"\u2212{p}" for p in FLOOR_PENALTIES),
        "worst_floor": sum(FLOOR_PENALTIES),
        "first_slot": FLOOR_PENALTIES[0],
        "single": 1,
        "row_bonus": Bonus(0, 1, 0, 0).points,
        "column_bonus": Bonus(0, 0, 1, 0).points,
        "colour_bonus": Bonus(0, 0, 0, 1).points,
        "steps": TEACH_STEPS,
        "minutes": TEACH_MINUTES,
        "letters": " ".join(LETTERS),
        "ex_factory": ex_factory.text(),
        "ex_factory_source": ex_factory.source + 1,
        "ex_factory_line": ex_factory.destination + 1,
        "ex_centre": ex_centre.text(),
        "ex_grey": ex_grey.text(),
        "ex_grey_line": ex_grey.line + 1,
        "ex_grey_column": ex_grey.column + 1,
        # the special factory displays (R40-R47)
        "sf_kinds": len(specials.KINDS),
        "sf_flag": module("special_factories").flag,
        "sf1": specials.name(specials.SF1),
        "sf2": specials.name(specials.SF2).rstrip(LETTERS),
        "sf2_count": len(LETTERS),
        "sf3": specials.name(specials.SF3),
        "sf4": specials.name(specials.SF4),
        "sf5": specials.name(specials.SF5),
        "learn_command": "azulejos learn " + module("special_factories").flag,
    }
    return {k: str(v) for k, v in values.items()}
