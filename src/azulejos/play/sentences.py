"""The game's shared sentences: one table of templates for every screen (issue 27, item 4).

Each template is defined once, here, under the key the browser knows it by. The Python renderer
(:mod:`azulejos.play.words`, used by the terminal, the plain mode and the web's replays) formats
``gettext`` of it; the web's message table (:func:`azulejos.web.messages.ui_messages`) serves the
same translations at ``/api/messages/{lang}``, where ``static/js/words.js`` fills them with the
same parts in the same order. So a screen's wording cannot drift from another's: there is one
msgid per sentence, and ``tests/web/test_words_js.py`` renders the same events through both
builders and compares the text in every language and theme.

A pair is a plural message (``ngettext`` in Python; the list of the language's forms in the
page, picked by the same rule as the catalogue's ``Plural-Forms``). Sentence parts that name a
thing of the table are the theme's phrases (:mod:`azulejos.render.themes`), never spliced nouns.
"""

from __future__ import annotations

from azulejos.i18n import N_, Nn_

#: A template: one msgid, or a singular/plural pair.
Template = str | tuple[str, str]

SENTENCES: dict[str, Template] = {
    # -- a move of the game log ------------------------------------------------------------------
    # TRANSLATORS: a line of the game log: the move in words, then the move in notation ("1B3").
    "log.move": N_("{sentence} [{notation}]"),
    # TRANSLATORS: the same sentence when the number is not known: {what} is "all the blue
    # tiles" (also the web's log line, where it can be any number: say it number-free).
    "log.take": N_("{name} takes {what} {source} {destination}"),
    "log.place": N_("{name} chooses column {column} for line {row}"),
    # -- the wall-tiling (R17-R19, R24) ----------------------------------------------------------
    # TRANSLATORS: {tile} is "a blue tile" (object); {points} is "+3 points".
    "log.placed": N_("{name} places {tile} in row {row}, column {column} ({why}): {points}"),
    "log.alone": N_("no neighbours"),
    "log.in_row": N_("{n} in the row"),
    "log.in_column": N_("{n} in the column"),
    # TRANSLATORS: {items} is "1 row ×2, 0 columns ×7, 1 colour ×10"; {points} is "+12 points".
    "log.bonus": N_("{name}: end bonuses {items} = {points}"),
    "log.bonus_rows": Nn_("{n} row ×2", "{n} rows ×2"),
    "log.bonus_columns": Nn_("{n} column ×7", "{n} columns ×7"),
    "log.bonus_colours": Nn_("{n} colour ×10", "{n} colours ×10"),
    # -- who left ---------------------------------------------------------------------------------
    # TRANSLATORS: {bot} is a bot's name such as "Medium bot".
    "log.left": N_("{name} left the game; {bot} plays for them."),
    # TRANSLATORS: {bot} is a bot's name such as "Medium bot".
    "log.timeout": N_("{name} ran out of time; {bot} plays for them."),
    # -- the special displays (R40) ---------------------------------------------------------------
    # TRANSLATORS: {display} is "SF2", a special display, named with its colour in the
    # theme's words ("blue", "blueberry praline"), as in "SF2 (blue) on factory 5".
    "sf.SF2_of": N_("{display} ({colour})"),
    # -- the end (R25) ---------------------------------------------------------------------------
    # TRANSLATORS: {points} is "54 points".
    "end.won": N_("{name} wins with {points}."),
    # TRANSLATORS: {points} is "54 points", {rows} "2 complete rows".
    "end.tie_won": N_("{tied} tie on {points}; {name} wins the tie-break with {rows}."),
    # TRANSLATORS: {points} is "54 points", {rows} "2 complete rows".
    "end.shared_victory": N_("Shared victory: {winners} have {points} and {rows} each."),
    "end.complete_rows": Nn_("{n} complete row", "{n} complete rows"),
    "end.tie_rule": N_("Tie-break (R25): most points, then most complete horizontal rows; "
                       "still level means the victory is shared."),
    # -- counts -----------------------------------------------------------------------------------
    "count.points": Nn_("{n} point", "{n} points"),
}
