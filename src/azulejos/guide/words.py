"""Small phrases the guide builds sentences from (names, tiles, points)."""

from __future__ import annotations

import gettext

from azulejos.i18n import N_

#: The walk-through's two players (translators may give them local names).
NAMES = (N_("Ana"), N_("Ben"))
#: A tile of each colour (B Y R K W), as the subject of a sentence.
TILE_PHRASES = (N_("blue tile"), N_("yellow tile"), N_("red tile"), N_("black tile"),
                N_("white tile"))


def names(tr: gettext.NullTranslations) -> list[str]:
    return [tr.gettext(n) for n in NAMES]


def tile(tr: gettext.NullTranslations, colour: int) -> str:
    return tr.gettext(TILE_PHRASES[colour])


def points(tr: gettext.NullTranslations, n: int, signed: bool = False) -> str:
    """``n`` points with the right plural form (the sign shown when ``signed``)."""
    shown = f"{n:+d}".replace("-", "\u2212") if signed else str(n)
    return tr.ngettext("{n} point", "{n} points", abs(n)).format(n=shown)


def tiles(tr: gettext.NullTranslations, n: int) -> str:
    return tr.ngettext("{n} tile", "{n} tiles", n).format(n=n)
