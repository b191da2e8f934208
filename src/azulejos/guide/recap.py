"""Section ``recap``: the whole rules in short (R10-R25)."""

from __future__ import annotations

from azulejos.i18n import N_

from .markup import Block

BLOCKS: list[Block] = [
    ("h1", N_("The rules in short")),
    ("p", N_("Score the most points. The game ends after the round in which somebody completes "
             "a horizontal row of {wall} tiles on their wall. Each round has three parts: "
             "drafting tiles, tiling the wall, and getting ready for the next round.")),
    ("h2", N_("Drafting")),
    ("li", N_("The starting player puts the first-player marker in the centre and moves first; "
              "the others follow clockwise.")),
    ("li", N_("On your turn, either take every tile of one colour from one factory and push what "
              "is left of that factory into the centre, or take every tile of one colour from "
              "the centre.")),
    ("li", N_("Whoever is first to take from the centre in a round also takes the marker and "
              "puts it in the leftmost free space of their floor line.")),
    ("li", N_("Drafting goes on until the factories and the centre are all empty.")),
    ("h2", N_("Placing the tiles you take")),
    ("li", N_("All the tiles you take go onto one pattern line, filling it from right to left. "
              "The top line has room for one tile, the next for two, and so on down to "
              "{lines}.")),
    ("li", N_("A pattern line holds a single colour. You may not start a colour on a line whose "
              "wall row already shows that colour.")),
    ("li", N_("Tiles that do not fit fall onto your floor line. You may also drop everything on "
              "the floor on purpose.")),
    ("h2", N_("The floor line")),
    ("li", N_("The floor fills from left to right. Its {floor_slots} spaces cost {penalties} "
              "points, so a full floor costs {worst_floor}. The marker takes a space like a "
              "tile.")),
    ("li", N_("Once the floor is full, any further fallen tile goes to the lid and costs "
              "nothing more.")),
    ("h2", N_("Tiling and scoring")),
    ("li", N_("When drafting is over, everyone checks their pattern lines from top to bottom. A "
              "complete line moves its rightmost tile to the space of that colour in the same "
              "wall row; the rest of the line goes to the lid. Incomplete lines stay for later.")),
    ("li", N_("A new tile with no neighbour scores {single}. Otherwise count the unbroken "
              "horizontal run it belongs to, itself included, if that run is longer than one, "
              "and add the vertical run counted the same way. A tile that joins both scores "
              "both.")),
    ("li", N_("Then take off the floor penalties. A score never goes below zero. Floor tiles go "
              "to the lid; the marker goes back to the player who took it.")),
    ("h2", N_("The next round")),
    ("li", N_("The player who took the marker starts the next round and refills every factory "
              "with {factory_size} tiles. If the bag runs dry, pour the lid into it and go on; if "
              "both are empty, play with the factories as far as they got filled.")),
    ("li", N_("If nobody took from the centre, the marker is still there, and the same player "
              "starts again.")),
    ("h2", N_("End of the game and bonuses")),
    ("li", N_("The game ends right after a tiling phase in which at least one player has "
              "completed a horizontal row. A round is always played to its end.")),
    ("li", N_("Bonuses: {row_bonus} points for every complete row, {column_bonus} for every "
              "complete column, and {colour_bonus} for every colour with all {wall} of its tiles "
              "on the wall.")),
    ("li", N_("The highest score wins. On a tie, the tied player with more complete rows wins; "
              "if that is equal too, they share the victory.")),
    ("h2", N_("Writing moves")),
    ("p", N_("Azulejos writes a move as three characters: where the tiles come from (a factory "
             "number, or C for the centre), their colour ({letters}), and where they go (a "
             "pattern line number, or F for the floor). {ex_factory} takes the blue tiles of "
             "factory {ex_factory_source} to pattern line {ex_factory_line}; {ex_centre} takes "
             "the red tiles of the centre straight to the floor.")),
]
