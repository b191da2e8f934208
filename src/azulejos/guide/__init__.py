"""The rules helper (layer L3): set-up, rules recap, an eight-step walk-through on real
positions, newcomers' questions, the grey-wall variant and the Master Chocolatier words, in
every language of :mod:`azulejos.i18n`; and the Master Chocolatier special factory displays
(R40-R47) on positions played by the engine.

>>> get_section("setup", "en").splitlines()[0]
'# Setting up a game'
>>> [s.number for s in teach_steps("fr")]
[1, 2, 3, 4, 5, 6, 7, 8]
"""

from __future__ import annotations

from azulejos.core.rules import MAX_PLAYERS, MIN_PLAYERS
from azulejos.i18n import LANGUAGES, N_, translation

from . import chocolatier, faq, recap, setup, special_displays, variant
from .facts import facts
from .markup import render
from .teach import TeachStep, render_teach, teach_steps

#: Section names, in reading order.
SECTIONS: tuple[str, ...] = (
    "setup", "recap", "teach", "faq", "variant", "chocolatier", "specials",
)
#: A short title per section, for menus (translate with the active catalogue).
SECTION_TITLES: dict[str, str] = {
    "setup": N_("Setting up"),
    "recap": N_("Rules in short"),
    "teach": N_("Explain it to friends"),
    "faq": N_("Questions"),
    "variant": N_("Grey wall"),
    "chocolatier": N_("Master Chocolatier"),
    "specials": N_("Special displays"),
}
_BLOCKS = {
    "setup": setup.BLOCKS,
    "recap": recap.BLOCKS,
    "faq": faq.BLOCKS,
    "variant": variant.BLOCKS,
    "chocolatier": chocolatier.BLOCKS,
    "specials": special_displays.BLOCKS,
}


def check_language(lang: str | None) -> str:
    """``lang`` as one of :data:`LANGUAGES` (``uk_UA.UTF-8`` gives ``uk``); ``None`` gives English.

    Raises ``ValueError`` for a language azulejos does not have.
    """
    if lang is None:
        return "en"
    code = str(lang).split(".")[0].split("_")[0].split("-")[0].lower()
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGUAGES)})")
    return code


def get_section(name: str, lang: str = "en", players: int | None = None) -> str:
    """One section of the rules helper as plain text with light markdown.

    ``name`` is one of :data:`SECTIONS`; ``players`` (2, 3 or 4) narrows the set-up to that
    table size. ``ValueError`` for an unknown name, language or player count.
    """
    code = check_language(lang)
    if players is not None and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players: {MIN_PLAYERS}, 3 or {MAX_PLAYERS} players play (R8), "
                         f"not {players}")
    if name == "teach":
        return render_teach(code)
    if name not in _BLOCKS:
        raise ValueError(f"unknown section {name!r} (one of {', '.join(SECTIONS)})")
    blocks = setup.blocks_for(players) if name == "setup" else _BLOCKS[name]
    return render(blocks, translation(code), facts())


def get_all(lang: str = "en", players: int | None = None) -> str:
    """Every section, in order (the set-up for ``players`` only, when given)."""
    return "\n".join(get_section(name, lang, players) for name in SECTIONS)


__all__ = [
    "SECTIONS", "SECTION_TITLES", "TeachStep", "check_language", "get_all", "get_section",
    "teach_steps",
]
