"""Section ``variant``: the grey wall (R30-R34)."""

from __future__ import annotations

from azulejos.i18n import N_

from .markup import Block

BLOCKS: list[Block] = [
    ("h1", N_("The grey-wall variant")),
    ("p", N_("Turn every board over to the grey side. The grey wall has no printed colours: you "
             "decide where each tile goes, within two limits.")),
    ("li", N_("Drafting does not change, and neither does the pattern-line rule: a colour that is "
              "already in a wall row cannot start again on that row's pattern line.")),
    ("li", N_("When a complete pattern line is tiled, you choose the column of its tile in the "
              "matching wall row. The space must be empty, and that column must not hold the "
              "same colour yet.")),
    ("li", N_("If no column can take the colour, the whole line drops onto your floor (what the "
              "floor cannot hold goes to the lid) and no tile reaches the wall.")),
    ("li", N_("Scoring, floor penalties, the end of the game and the bonuses work as on the "
              "coloured wall. The colour bonus still asks for all {wall} tiles of one colour.")),
    ("li", N_("In azulejos a column choice is a move of its own, written line@column: {ex_grey} "
              "puts the tile of pattern line {ex_grey_line} in column {ex_grey_column}. The "
              "choices come line by line from the top, player after player, beginning with "
              "whoever starts the next round.")),
    ("li", N_("A grey wall can jam: a row may become impossible to finish because each colour it "
              "still lacks already sits in every column that is still free. When no row of any "
              "player can be finished any more, azulejos ends the game after that tiling, just "
              "as if a row had been completed.")),
    ("p", N_("Tip: before you commit a column, check that the colours the row still needs can "
             "still go somewhere.")),
]
