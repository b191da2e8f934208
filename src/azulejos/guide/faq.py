"""Section ``faq``: what newcomers ask (each answer cites its rule in the source)."""

from __future__ import annotations

from azulejos.i18n import N_

from .markup import Block

#: Pairs of question and answer, in order.
QUESTIONS: list[tuple[str, str]] = [
    # R2
    (N_("How many factory displays do we put out?"),
     N_("{f2} for two players, {f3} for three, {f4} for four: twice the number of players, plus "
        "one.")),
    # R13
    (N_("What if I take more tiles than my line can hold?"),
     N_("The line takes what it has room for and the rest fall onto your floor line, where they "
        "cost points at the end of the round. You cannot split your tiles over two lines.")),
    # R13
    (N_("May I put my tiles on the floor on purpose?"),
     N_("Yes. The floor is always allowed, and now and then it is the cheapest place.")),
    # R13, I4
    (N_("Can one pattern line hold two colours?"),
     N_("No. A line keeps one colour until it is complete and cleared during tiling.")),
    # R15
    (N_("Why am I not allowed to put a colour on a certain line?"),
     N_("Either that line already holds another colour, or the wall row next to it already "
        "shows this colour. Each colour appears only once in each wall row.")),
    # R11
    (N_("What happens to the tiles left on a factory?"),
     N_("They slide into the centre. Anyone may take them later in the round, one colour at a "
        "time.")),
    # R12, R14
    (N_("Is the first-player marker a penalty?"),
     N_("A small one, yes. It takes the leftmost free space of your floor and costs what that "
        "space costs ({first_slot} if your floor was empty). In return you start the next round. "
        "It never goes to the lid.")),
    # R14 ruling
    (N_("My floor is full and I take the marker. What now?"),
     N_("You still take it and you still start the next round, but it costs nothing extra: a "
        "full floor cannot lose more.")),
    # R20 ruling
    (N_("What if nobody takes anything from the centre?"),
     N_("Then the marker stays where it is and the player who started this round starts the "
        "next one as well.")),
    # R17
    (N_("What happens to a pattern line that is not full at the end of a round?"),
     N_("Nothing: it keeps its tiles, and you can complete it in a later round.")),
    # R16
    (N_("When is the drafting over?"),
     N_("As soon as the factories and the centre are all empty.")),
    # R22
    (N_("What happens when the bag is empty?"),
     N_("Tip the tiles from the lid into the bag and carry on filling. If the lid is empty too, "
        "the round starts with whatever the factories have, even if some are short.")),
    # R19
    (N_("Can my score drop below zero?"),
     N_("No. If the floor would take you below zero, your score stops at zero.")),
    # R18
    (N_("Does a tile that touches a row and a column really score twice?"),
     N_("Yes. You count the horizontal run and the vertical run it belongs to, the new tile "
        "counted in each, and add them up.")),
    # R23
    (N_("When does the game end?"),
     N_("After the tiling phase of the round in which someone completes a horizontal row. The "
        "round in progress is always played to its end.")),
    # R25
    (N_("How are ties broken?"),
     N_("The tied player with more complete horizontal rows wins. If that is equal too, the "
        "victory is shared.")),
    # words of other rule books (issue #13): each language names the words its readers meet
    (N_("My printed rule book uses other words. Which part is which?"),
     # TRANSLATORS: name the words that the rule books of your language's editions use for these
     # parts, next to the words of this guide.
     N_("Rule books do not all use the same words. The factory displays are also called "
        "factories, the pattern lines staging rows, the floor line the broken-tile line, and the "
        "box lid the discard pile. They are the same parts of the table.")),
]

BLOCKS: list[Block] = [("h1", N_("Newcomers' questions"))]
for _q, _a in QUESTIONS:
    BLOCKS.append(("q", _q))
    BLOCKS.append(("a", _a))
