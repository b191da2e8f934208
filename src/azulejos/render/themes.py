"""Themes: the same rules dressed differently (classic tiles, Master Chocolatier).

A theme gives each colour index (B Y R K W order) a display name, a symbol that stays
readable without colour, a palette, and the words for the table's parts. Front ends take
their words from here and pass them through the active translation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from azulejos.i18n import N_


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

    def word(self, key: str) -> str:
        return self.words.get(key, key)


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
    symbols=("P", "C", "T", "D", "H"),
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
)

THEMES: dict[str, Theme] = {t.key: t for t in (CLASSIC, CHOCOLATIER)}


def get_theme(key: str) -> Theme:
    try:
        return THEMES[key]
    except KeyError:
        raise ValueError(f"unknown theme {key!r} (one of {', '.join(THEMES)})") from None
