"""Tables drawn from the engine's numbers and the themes (light markdown)."""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence

from azulejos.core.colours import FACTORY_SIZE
from azulejos.core.rules import MAX_PLAYERS, MIN_PLAYERS, factory_count
from azulejos.i18n import N_
from azulejos.render.themes import CHOCOLATIER, CLASSIC


def table(rows: Sequence[Sequence[str]]) -> str:
    head, *body = rows
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in body]
    return "\n".join(lines)


def setup_table(tr: gettext.NullTranslations, values: Mapping[str, str],
                players: int | None = None) -> str:
    """Factories and tiles per round for each player count, or for ``players`` only (R2)."""
    counts = range(MIN_PLAYERS, MAX_PLAYERS + 1) if players is None else [players]
    head = [tr.gettext(N_("Players"))] + [str(n) for n in counts]
    facs = [tr.gettext(N_("Factory displays"))] + [str(factory_count(n)) for n in counts]
    tiles = [tr.gettext(N_("Tiles drawn each round"))] + [
        str(factory_count(n) * FACTORY_SIZE) for n in counts
    ]
    return table([head, facs, tiles])


_WORDS = ("tile", "factory", "centre", "wall", "pattern line", "floor", "bag", "lid", "marker")


def theme_table(tr: gettext.NullTranslations, values: Mapping[str, str]) -> str:
    """The classic words beside their Master Chocolatier counterparts."""
    rows = [[tr.gettext(CLASSIC.title), tr.gettext(CHOCOLATIER.title)]]
    for key in _WORDS:
        rows.append([tr.gettext(CLASSIC.word(key)), tr.gettext(CHOCOLATIER.word(key))])
    for a, b in zip(CLASSIC.tile_names, CHOCOLATIER.tile_names):
        rows.append([tr.gettext(a), tr.gettext(b)])
    return table(rows)
