"""Themes: the same rules dressed differently (classic tiles, Master Chocolatier).

A theme gives each colour index (B Y R K W order) a display name, a symbol that stays
readable without colour, a palette, the words for the table's parts (labels and headings,
nominative) and its own *phrases*: every sentence part that names a thing of the table is a
whole message per theme ("from factory {number}", "{n} blue tiles"), so that languages which
inflect nouns (uk, ru) translate each one in the right case and number. No message splices a
bare theme word into a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from azulejos.i18n import N_, Nn_

#: A theme phrase: one msgid, or a singular/plural pair (translated with ``ngettext``).
Phrase = str | tuple[str, str]


@dataclass(frozen=True)
class Theme:
    key: str
    title: str
    tile_names: tuple[str, str, str, str, str]
    symbols: tuple[str, str, str, str, str]  # one character each, readable without colour
    fill: tuple[str, str, str, str, str]  # tile colours (CSS hex)
    ink: tuple[str, str, str, str, str]  # text colour on each tile
    background: str
    board: str
    accent: str
    words: dict[str, str] = field(default_factory=dict)
    phrases: dict[str, Phrase] = field(default_factory=dict)

    def word(self, key: str) -> str:
        return self.words.get(key, key)

    def phrase(self, key: str) -> Phrase:
        return self.phrases[key]


CLASSIC = Theme(
    key="classic",
    title=N_("Classic tiles"),
    tile_names=(N_("blue"), N_("yellow"), N_("red"), N_("black"), N_("white")),
    symbols=("B", "Y", "R", "K", "W"),
    fill=("#1f5fbf", "#f2c230", "#d0342c", "#222222", "#9fd8df"),
    ink=("#ffffff", "#222222", "#ffffff", "#ffffff", "#222222"),
    background="#f4efe6",
    board="#e3d5bf",
    accent="#1f5fbf",
    words={
        "tile": N_("tile"),
        "tiles": N_("tiles"),
        "factory": N_("factory"),
        "factories": N_("factories"),
        "centre": N_("centre"),
        "wall": N_("wall"),
        "pattern line": N_("pattern line"),
        "floor": N_("floor"),
        "bag": N_("bag"),
        "lid": N_("lid"),
        "marker": N_("first-player marker"),
    },
    phrases={
        # TRANSLATORS: object of "{name} takes ..." (accusative); {n} is the number of tiles.
        "count.0": Nn_("{n} blue tile", "{n} blue tiles"),
        "count.1": Nn_("{n} yellow tile", "{n} yellow tiles"),
        "count.2": Nn_("{n} red tile", "{n} red tiles"),
        "count.3": Nn_("{n} black tile", "{n} black tiles"),
        "count.4": Nn_("{n} white tile", "{n} white tiles"),
        # TRANSLATORS: object of "{name} takes ..." when the number is not known (accusative).
        "all.0": N_("all the blue tiles"),
        "all.1": N_("all the yellow tiles"),
        "all.2": N_("all the red tiles"),
        "all.3": N_("all the black tiles"),
        "all.4": N_("all the white tiles"),
        # TRANSLATORS: object of "{name} places ... in row {row}" (accusative, one tile).
        "one.0": N_("a blue tile"),
        "one.1": N_("a yellow tile"),
        "one.2": N_("a red tile"),
        "one.3": N_("a black tile"),
        "one.4": N_("a white tile"),
        "from factory": N_("from factory {number}"),
        "from centre": N_("from the centre"),
        "to line": N_("to pattern line {number}"),
        # TRANSLATORS: a label (nominative): the pattern line numbered {number}, e.g. for a button.
        "line label": N_("Pattern line {number}"),
        # TRANSLATORS: a label (nominative): the factory numbered {number}.
        "factory label": N_("Factory {number}"),
        "to floor": N_("to the floor line"),
        "takes marker": N_("takes the first-player marker"),
        "falls": Nn_("{n} tile falls to the floor line", "{n} tiles fall to the floor line"),
        "to lid": Nn_("{n} tile goes into the box lid", "{n} tiles go into the box lid"),
        "discarded": N_("{name}: no free column for pattern line {number}; its tiles go to the floor line"),
        "floor empty": N_("{name}: nothing on the floor line; score {score}"),
        "floor taken": Nn_("{name}: {n} space taken on the floor line, {penalty}; score {score}",
                           "{name}: {n} spaces taken on the floor line, {penalty}; score {score}"),
        "rest to centre": Nn_("the other {n} tile goes to the centre", "the other {n} tiles go to the centre"),
        # -- Master Chocolatier special factory displays (R40-R47) --
        # TRANSLATORS: the legend of the special displays; SF1..SF5 are their names (kept as is).
        "sf legend 1": N_("SF1: after the fill it draws one more tile from the bag"),
        # TRANSLATORS: {tile} is "a red tile" (object).
        "sf legend 2": N_("SF2: after the fill it takes {tile} from each neighbour"),
        "sf legend 3": N_("SF3: the tiles not taken stay on it"),
        "sf legend 4": N_("SF4: the tiles not taken go to its neighbours; you choose left or right "
                          "for each colour"),
        "sf legend 5": N_("SF5: whoever drafts from it keeps it beside their floor line; the next "
                          "tile that falls lies on it without penalty"),
        "rest stays": Nn_("the other {n} tile stays on factory {number}",
                          "the other {n} tiles stay on factory {number}"),
        # TRANSLATORS: {what} is "2 red tiles" (subject); the verb agrees with that number.
        "rest goes": Nn_("{what} goes to factory {number}", "{what} go to factory {number}"),
        "takes sf5": N_("factory {number} goes beside the floor line as a penalty-free space"),
        "to sf5": N_("one tile lies on SF5 without penalty"),
        # TRANSLATORS: {what} is "2 red tiles" (subject); < and > are the keys to press.
        "sf4 ask": Nn_("Where does {what} go? < factory {left} or > factory {right}",
                       "Where do {what} go? < factory {left} or > factory {right}"),
        # TRANSLATORS: {items} lists the special displays, each a "special on" phrase:
        # "SF2 (red) on factory 2, SF4 on factory 4".
        "specials": N_("Special factories: {items}."),
        # TRANSLATORS: {kind} is a special display's name: "SF4", "SF2 (red)".
        "special on": N_("{kind} on factory {number}"),
        # TRANSLATORS: {tile} is "a red tile" (object).
        "sf1 draws": N_("Factory {number} draws {tile} from the bag."),
        # TRANSLATORS: {what} is "2 red tiles" (object).
        "sf2 pulls": N_("Factory {number} pulls {what} from its neighbours."),
        "why completes": N_("completes pattern line {number}: {points} on the wall"),
        "why completes grey": N_("completes pattern line {number}: up to {points} on the wall"),
        "why advances": Nn_("pattern line {number} then needs {n} more tile",
                            "pattern line {number} then needs {n} more tiles"),
        "why column": N_("column {column} of the wall for line {number}: {points}"),
        "why marker": N_("takes the first-player marker, so you start the next round"),
        "why penalty": Nn_("{n} tile falls to the floor line: {points}",
                           "{n} tiles fall to the floor line: {points}"),
        "why marker penalty": N_("the marker on the floor line costs {points}"),
        "why avoids": N_("avoids {points} on the floor line"),
        "why sf5 take": N_("takes SF5: the first tile to fall this round lands on it, free of penalty"),
        "why sf5 catch": N_("takes SF5: a falling tile lands on it, free of penalty"),
        "why sf5 held": N_("your SF5 catches a falling tile, free of penalty"),
        "why split": Nn_("sends the rest of SF4 so that the next player can score at most {n} point "
                         "from the factories beside it",
                         "sends the rest of SF4 so that the next player can score at most {n} points "
                         "from the factories beside it"),
        "you take marker": N_("you take the first-player marker and start the next round"),
        "filled": N_("Round {round}: the factories are filled."),
        "tiling": N_("Wall-tiling, round {round}:"),
        "tiling title": N_("Wall-tiling – round {round}"),
        "counts": N_("bag {bag} · lid {lid}"),
        # TRANSLATORS: the status line's name of the side of the boards in play.
        "coloured wall": N_("coloured wall"),
        "grey wall": N_("grey wall"),
        # TRANSLATORS: key bar, what the letter keys choose at step 2 (one short word).
        "colour key": N_("colour"),
        # TRANSLATORS: key bar, what the keys 1-5 and F choose at step 3 (one short word).
        "line key": N_("line"),
        "line refused": N_("That pattern line cannot take these tiles (R13, R15)."),
        "step 1": N_("Step 1 of 3 – where from? 1–{n} a factory, C the centre (or click a tile)."),
        "step 2": N_("Step 2 of 3 – which colour? {symbols}"),
        "step 3": N_("Step 3 of 3 – where to? {dests} (a pattern line, or F the floor line)."),
        "colour missing": N_("That colour is not there."),
        "source first": N_("First choose where to take from: a number for a factory, C for the centre."),
        "welcome": N_("How to play: take every tile of one colour from a factory (the rest slides "
                      "to the centre) or from the centre, and put them on one pattern line. At the "
                      "end of the round each full pattern line moves one tile to your wall, and it "
                      "scores more next to its neighbours. What does not fit falls to the floor "
                      "line and costs points. The game ends after a round in which someone fills a "
                      "row of the wall. Press ? for the full rules."),
        "plain intro": N_("Type a move like 3B2 (factory 3, blue, pattern line 2) or CRF (centre, "
                          "red, floor line); '{help}' lists the commands."),
        "plain legend": N_("Letters: {legend}; a small letter is an empty space of the wall for "
                           "that colour; M is the first-player marker."),
        "plain sf4 help": N_("Special factories: a draft from SF4 names where each other colour "
                             "goes, like 4W3/<> (< left, > right); typed without it, the game asks."),
        "plain bad move": N_("'{text}' is not a move. Write source, colour, line: 3B2 = factory 3, "
                             "blue, pattern line 2; CRF = centre, red, floor line. '{moves}' lists "
                             "the legal ones."),
    },
)

CHOCOLATIER = Theme(
    key="chocolatier",
    title=N_("Master Chocolatier"),
    tile_names=(
        N_("blueberry praline"),
        N_("caramel"),
        N_("raspberry truffle"),
        N_("dark chocolate"),
        N_("white chocolate"),
    ),
    # the notation's letters, as in the classic theme: one set of letters for the keys, the
    # tiles, the plain mode and the records in every language and theme (docs/glossary.md,
    # "Letters"; issue 31)
    symbols=("B", "Y", "R", "K", "W"),
    fill=("#5b4a8b", "#d9962b", "#b8324f", "#3b2316", "#f3e7d3"),
    ink=("#ffffff", "#2b1a10", "#ffffff", "#f3e7d3", "#3b2316"),
    background="#2b1a10",
    board="#6b4226",
    accent="#d9962b",
    words={
        "tile": N_("candy"),
        "tiles": N_("candies"),
        "factory": N_("showcase"),
        "factories": N_("showcases"),
        "centre": N_("counter"),
        "wall": N_("box"),
        "pattern line": N_("tray"),
        "floor": N_("spill tray"),
        "bag": N_("sack"),
        "lid": N_("tin"),
        "marker": N_("head chocolatier's spoon"),
    },
    phrases={
        "count.0": Nn_("{n} blueberry praline", "{n} blueberry pralines"),
        "count.1": Nn_("{n} caramel", "{n} caramels"),
        "count.2": Nn_("{n} raspberry truffle", "{n} raspberry truffles"),
        "count.3": Nn_("{n} dark chocolate", "{n} dark chocolates"),
        "count.4": Nn_("{n} white chocolate", "{n} white chocolates"),
        "all.0": N_("all the blueberry pralines"),
        "all.1": N_("all the caramels"),
        "all.2": N_("all the raspberry truffles"),
        "all.3": N_("all the dark chocolates"),
        "all.4": N_("all the white chocolates"),
        "one.0": N_("a blueberry praline"),
        "one.1": N_("a caramel"),
        "one.2": N_("a raspberry truffle"),
        "one.3": N_("a dark chocolate"),
        "one.4": N_("a white chocolate"),
        "from factory": N_("from showcase {number}"),
        "from centre": N_("from the counter"),
        "to line": N_("to tray {number}"),
        # TRANSLATORS: a label (nominative): the tray numbered {number}, e.g. for a button.
        "line label": N_("Tray {number}"),
        # TRANSLATORS: a label (nominative): the showcase numbered {number}.
        "factory label": N_("Showcase {number}"),
        "to floor": N_("to the spill tray"),
        "takes marker": N_("takes the head chocolatier's spoon"),
        "falls": Nn_("{n} candy falls to the spill tray", "{n} candies fall to the spill tray"),
        "to lid": Nn_("{n} candy goes into the tin", "{n} candies go into the tin"),
        "discarded": N_("{name}: no free column for tray {number}; its candies go to the spill tray"),
        "floor empty": N_("{name}: nothing in the spill tray; score {score}"),
        "floor taken": Nn_("{name}: {n} space taken in the spill tray, {penalty}; score {score}",
                           "{name}: {n} spaces taken in the spill tray, {penalty}; score {score}"),
        "rest to centre": Nn_("the other {n} candy goes to the counter", "the other {n} candies go to the counter"),
        # -- Master Chocolatier special factory displays (R40-R47) --
        "sf legend 1": N_("SF1: after the fill it takes one more candy from the sack"),
        "sf legend 2": N_("SF2: after the fill it takes {tile} from each neighbouring showcase"),
        "sf legend 3": N_("SF3: the candies not taken stay in it"),
        "sf legend 4": N_("SF4: the candies not taken go to its neighbours; you choose left or "
                          "right for each kind"),
        "sf legend 5": N_("SF5: whoever takes from it keeps it beside their spill tray; the next "
                          "candy that spills lies on it without penalty"),
        "rest stays": Nn_("the other {n} candy stays in showcase {number}",
                          "the other {n} candies stay in showcase {number}"),
        "rest goes": Nn_("{what} goes to showcase {number}", "{what} go to showcase {number}"),
        "takes sf5": N_("showcase {number} goes beside the spill tray as a penalty-free space"),
        "to sf5": N_("one candy lies on SF5 without penalty"),
        "sf4 ask": Nn_("Where does {what} go? < showcase {left} or > showcase {right}",
                       "Where do {what} go? < showcase {left} or > showcase {right}"),
        "specials": N_("Special showcases: {items}."),
        "special on": N_("{kind} in showcase {number}"),
        "sf1 draws": N_("Showcase {number} takes {tile} from the sack."),
        "sf2 pulls": N_("Showcase {number} pulls {what} from its neighbours."),
        "why completes": N_("completes tray {number}: {points} in the box"),
        "why completes grey": N_("completes tray {number}: up to {points} in the box"),
        "why advances": Nn_("tray {number} then needs {n} more candy",
                            "tray {number} then needs {n} more candies"),
        "why column": N_("column {column} of the box for tray {number}: {points}"),
        "why marker": N_("takes the head chocolatier's spoon, so you start the next round"),
        "why penalty": Nn_("{n} candy falls to the spill tray: {points}",
                           "{n} candies fall to the spill tray: {points}"),
        "why marker penalty": N_("the spoon in the spill tray costs {points}"),
        "why avoids": N_("avoids {points} in the spill tray"),
        "why sf5 take": N_("takes SF5: the first candy to fall this round lands on it, free of penalty"),
        "why sf5 catch": N_("takes SF5: a falling candy lands on it, free of penalty"),
        "why sf5 held": N_("your SF5 catches a falling candy, free of penalty"),
        "why split": Nn_("sends the rest of SF4 so that the next player can score at most {n} point "
                         "from the showcases beside it",
                         "sends the rest of SF4 so that the next player can score at most {n} points "
                         "from the showcases beside it"),
        "you take marker": N_("you take the head chocolatier's spoon and start the next round"),
        "filled": N_("Round {round}: the showcases are filled."),
        "tiling": N_("Filling the boxes, round {round}:"),
        "tiling title": N_("Filling the boxes – round {round}"),
        "counts": N_("sack {bag} · tin {lid}"),
        # TRANSLATORS: the status line, Master Chocolatier: the boxes with the pattern printed
        # in them (the coloured wall), or plain ones where each candy's place is chosen (grey wall).
        "coloured wall": N_("patterned boxes"),
        "grey wall": N_("plain boxes"),
        "colour key": N_("candy"),
        "line key": N_("tray"),
        "line refused": N_("That tray cannot take these candies (R13, R15)."),
        "step 1": N_("Step 1 of 3 – where from? 1–{n} a showcase, C the counter (or click a candy)."),
        "step 2": N_("Step 2 of 3 – which candy? {symbols}"),
        "step 3": N_("Step 3 of 3 – where to? {dests} (a tray, or F the spill tray)."),
        "colour missing": N_("That candy is not there."),
        "source first": N_("First choose where to take from: a number for a showcase, C for the counter."),
        "welcome": N_("How to play: take every candy of one kind from a showcase (the rest slides "
                      "to the counter) or from the counter, and put them in one tray. At the end "
                      "of the round each full tray moves one candy into your box, and it scores "
                      "more next to its neighbours. What does not fit falls into the spill tray "
                      "and costs points. The game ends after a round in which someone fills a row "
                      "of the box. Press ? for the full rules."),
        "plain intro": N_("Type a move like 3B2 (showcase 3, blueberry praline, tray 2) or CRF "
                          "(counter, raspberry truffle, spill tray); '{help}' lists the commands."),
        "plain legend": N_("Letters: {legend}; a small letter is an empty space of the box for "
                           "that candy; M is the head chocolatier's spoon."),
        "plain sf4 help": N_("Special showcases: a take from SF4 names where each other kind of "
                             "candy goes, like 4W3/<> (< left, > right); typed without it, the game "
                             "asks."),
        "plain bad move": N_("'{text}' is not a move. Write source, candy, tray: 3B2 = showcase 3, "
                             "blueberry praline, tray 2; CRF = counter, raspberry truffle, spill "
                             "tray. '{moves}' lists the legal ones."),
    },
)

THEMES: dict[str, Theme] = {t.key: t for t in (CLASSIC, CHOCOLATIER)}


def get_theme(key: str) -> Theme:
    try:
        return THEMES[key]
    except KeyError:
        raise ValueError(f"unknown theme {key!r} (one of {', '.join(THEMES)})") from None
