"""Why the engine refuses a move, by the id of the rule it breaks (docs/rules.md), in words:
one sentence part for every front end (the plain line mode, the tutorial, the web page, the
record errors of :mod:`azulejos.render.record_errors`)."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.core.specials import Special
from azulejos.i18n import N_

#: Why the engine refuses a move, by rule id (see docs/rules.md).
REASONS: dict[str, str] = {
    "R2": N_("there is no such factory in this game"),
    "R11": N_("that factory or the centre has no tile of this colour"),
    "R13": N_("that pattern line holds another colour or is already full"),
    "R15": N_("that wall row already has this colour"),
    "R30": N_("that wall space is taken, or its column already has this colour"),
    "R33": N_("a column choice only happens during tiling on the grey wall"),
    "R43": N_("only a draft from {sf4} that leaves tiles on it has a / part, with one arrow for "
              "each colour left"),
}

#: The same reasons in the Master Chocolatier theme's words (showcase, counter, tray, box).
CHOCOLATIER_REASONS: dict[str, str] = {
    "R2": N_("there is no such showcase in this game"),
    "R11": N_("that showcase or the counter has no candy of this kind"),
    "R13": N_("that tray holds another kind of candy or is already full"),
    "R15": N_("that row of the box already has this kind of candy"),
    "R30": N_("that space of the box is taken, or its column already has this kind of candy"),
    "R33": N_("a column choice only happens when candies go into the grey box"),
    "R43": N_("only a take from {sf4} that leaves candies in it has a / part, with one arrow "
              "for each kind left"),
}


def reason_text(gettext: Callable[[str], str], rule: str, theme: str = "classic") -> str | None:
    """Why the engine refuses a move that breaks ``rule``, in words of ``theme`` (a theme's
    key; None for a rule without a sentence here)."""
    table = CHOCOLATIER_REASONS if theme == "chocolatier" else REASONS
    text = table.get(rule)
    return gettext(text).format(sf4=Special.SF4) if text else None
