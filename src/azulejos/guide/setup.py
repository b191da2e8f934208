"""Section ``setup``: getting the table ready for 2, 3 or 4 players (R2, R8, R9, R10)."""

from __future__ import annotations

from functools import partial

from azulejos.core.rules import MAX_PLAYERS, MIN_PLAYERS
from azulejos.i18n import N_

from .markup import Block
from .tables import setup_table

BLOCKS: list[Block] = [
    ("h1", N_("Setting up a game")),
    ("p", N_("Azulejos is played by {min_players} to {max_players} people. The rules are the same "
             "at every table size; only the number of factory displays changes.")),
    setup_table,
    ("h2", N_("Step by step")),
    ("li", N_("Give everyone a player board. All boards show the same side: the coloured wall for "
              "the normal game, the grey wall for the variant. Every score starts at zero.")),
    ("li", N_("Put all {tiles} tiles into the bag: {per_colour} of each of the {colours} "
              "colours.")),
    ("li", N_("Arrange the factory displays in a ring, as many as the table says, and keep the "
              "middle of the ring free: that is the centre of the table.")),
    ("li", N_("Decide who starts. That player takes the first-player marker and fills every "
              "factory with {factory_size} tiles drawn blindly from the bag.")),
    ("li", N_("In azulejos the host picks the starting seat when the game is created (the first "
              "seat unless told otherwise). A random pick is written into the game record.")),
    ("h2", N_("Two, three or four players")),
    ("li", N_("Two players: {f2} factories, so {t2} tiles come out at the start of every round.")),
    ("li", N_("Three players: {f3} factories and {t3} tiles a round.")),
    ("li", N_("Four players: {f4} factories and {t4} tiles a round. The centre fills up quickly, "
              "and more people compete for the same colours.")),
    ("p", N_("Who starts matters only for the first round. From then on, whoever takes the "
             "first-player marker from the centre starts the next round.")),
]
#: Where the part "Two, three or four players" starts: its heading, then one line per count.
_BY_COUNT = BLOCKS.index(("h2", "Two, three or four players"))


def blocks_for(players: int | None) -> list[Block]:
    """The section for every table size, or for one (``azulejos rules --players N``): the table
    keeps that column (R2) and the part on table sizes keeps that size's line."""
    if players is None:
        return list(BLOCKS)
    line = BLOCKS[_BY_COUNT + 1 + players - MIN_PLAYERS]
    out: list[Block] = []
    for i, block in enumerate(BLOCKS):
        if block is setup_table:
            out.append(partial(setup_table, players=players))
        elif i == _BY_COUNT:
            out.append(line)
        elif not _BY_COUNT < i <= _BY_COUNT + 1 + MAX_PLAYERS - MIN_PLAYERS:
            out.append(block)
    return out
