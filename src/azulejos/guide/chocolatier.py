"""Section ``chocolatier``: the Master Chocolatier theme (same rules, other words)."""

from __future__ import annotations

from azulejos.i18n import N_

from .markup import Block
from .tables import theme_table

BLOCKS: list[Block] = [
    ("h1", N_("Master Chocolatier")),
    ("p", N_("Master Chocolatier is the same game in a chocolate shop. Not one rule changes: "
             "the tiles become candies, the wall becomes a box to fill, and the factories "
             "become showcases. Azulejos has a chocolatier theme that draws the table this way.")),
    theme_table,
    ("li", N_("Everything in the other sections holds word for word once you swap the names: "
              "take all candies of one kind from a showcase, fill your trays, and pack one candy "
              "from each full tray into your box.")),
    ("li", N_("Candies that do not fit land on the spill tray and cost {penalties} points, as on "
              "the floor line.")),
    ("li", N_("A full row of the box ends the game; the bonuses stay {row_bonus}, {column_bonus} "
              "and {colour_bonus} points.")),
    ("li", N_("Both themes write the colours with the same letters, {letters}: on the table, "
              "in the moves you type and in the game records, so a game recorded with candies "
              "replays with tiles and the other way round.")),
]
