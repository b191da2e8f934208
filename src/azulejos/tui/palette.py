"""Colours of the terminal app: one palette per tile theme, and a high-contrast one.

Every tile is drawn with its letter or symbol as well as its colour, so the game stays
readable without colour (issue item 7); the high-contrast palette uses pure, strongly
separated colours on black.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.theme import Theme as TextualTheme

from azulejos.render.themes import Theme


@dataclass(frozen=True, slots=True)
class Palette:
    key: str  # the Textual theme name
    dark: bool
    background: str
    panel: str
    text: str
    muted: str
    accent: str
    fill: tuple[str, ...]
    ink: tuple[str, ...]
    faint: tuple[str, ...]  # colour of an empty wall space on the coloured wall
    faint_ink: tuple[str, ...]


def _mix(a: str, b: str, t: float) -> str:
    """``a`` blended towards ``b`` by ``t`` (0..1), both ``#rrggbb``."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


_TEXT = {"classic": ("#2a2118", "#7a6a55"), "chocolatier": ("#f3e7d3", "#bfa68a")}
_PANEL = {"classic": "#e8dcc6", "chocolatier": "#4a2e1c"}

_HC_FILL = ("#0046ff", "#ffe600", "#ff2a2a", "#1c1c1c", "#ffffff")
_HC_INK = ("#ffffff", "#000000", "#000000", "#ffffff", "#000000")


def palette(theme: Theme, high_contrast: bool = False) -> Palette:
    if high_contrast:
        return Palette(
            key="azulejos-contrast",
            dark=True,
            background="#000000",
            panel="#000000",
            text="#ffffff",
            muted="#d0d0d0",
            accent="#ffe600",
            fill=_HC_FILL,
            ink=_HC_INK,
            faint=("#000000",) * 5,
            faint_ink=("#d0d0d0",) * 5,
        )
    text, muted = _TEXT.get(theme.key, _TEXT["classic"])
    panel = _PANEL.get(theme.key, theme.board)
    return Palette(
        key=f"azulejos-{theme.key}",
        dark=theme.key == "chocolatier",
        background=theme.background,
        panel=panel,
        text=text,
        muted=muted,
        accent=theme.accent,
        fill=theme.fill,
        ink=theme.ink,
        faint=tuple(_mix(f, panel, 0.7) for f in theme.fill),
        faint_ink=tuple(_mix(text, _mix(f, panel, 0.7), 0.45) for f in theme.fill),
    )


def textual_theme(p: Palette) -> TextualTheme:
    """The Textual theme that gives widgets (inputs, buttons, borders) the same colours."""
    return TextualTheme(
        name=p.key,
        primary=p.accent,
        secondary=p.muted,
        accent=p.accent,
        foreground=p.text,
        background=p.background,
        surface=p.panel,
        panel=_mix(p.panel, p.text, 0.12),
        warning="#e0a000",
        error="#d0342c",
        success="#3c9a48",
        dark=p.dark or p.key == "azulejos-contrast",
    )
