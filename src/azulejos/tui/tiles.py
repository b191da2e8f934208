"""Tiles as Textual markup: colour *and* a letter/symbol, optionally clickable."""

from __future__ import annotations

from azulejos.render.themes import Theme

from .palette import Palette

MARKER = "1"  # the first-player marker is drawn as a "1" token (it starts the next round)


class Ink:
    """Draws tiles for one theme and palette. ``size`` 3 gives `` B ``, 2 gives ``B ``, 1 ``B``
    (the compact layout of small windows)."""

    def __init__(self, theme: Theme, pal: Palette) -> None:
        self.theme = theme
        self.pal = pal

    @staticmethod
    def _click(action: str | None) -> str:
        return f" @click={action}" if action else ""

    def tile(self, k: int, size: int = 3, action: str | None = None, selected: bool = False) -> str:
        p = self.pal
        sym = self.theme.symbols[k]
        if selected:
            body = f"›{sym}‹" if size == 3 else f"{sym}‹" if size == 2 else sym
            return f"[bold {p.ink[k]} on {p.fill[k]} reverse{self._click(action)}]{body}[/]"
        body = f" {sym} " if size == 3 else f"{sym} " if size == 2 else sym
        return f"[bold {p.ink[k]} on {p.fill[k]}{self._click(action)}]{body}[/]"

    def ghost(self, k: int, size: int = 3) -> str:
        """A tile that would arrive there (a move's preview)."""
        p = self.pal
        sym = self.theme.symbols[k]
        body = f"+{sym}+" if size == 3 else f"{sym}+" if size == 2 else sym
        under = " underline" if size == 1 else ""
        return f"[bold{under} {p.fill[k]} on {p.panel}]{body}[/]" if p.key != "azulejos-contrast" else (
            f"[bold underline {p.accent}]{body}[/]"
        )

    def faint(self, k: int, size: int = 3, action: str | None = None) -> str:
        """An empty wall space on the coloured wall: the faint colour and a small letter."""
        p = self.pal
        sym = self.theme.symbols[k].lower()
        body = f" {sym} " if size == 3 else f"{sym} " if size == 2 else sym
        return f"[{p.faint_ink[k]} on {p.faint[k]}{self._click(action)}]{body}[/]"

    def empty(self, size: int = 3, action: str | None = None, style: str = "") -> str:
        p = self.pal
        body = " · " if size == 3 else "· " if size == 2 else "·"
        st = style or p.muted
        return f"[{st}{self._click(action)}]{body}[/]"

    def marker(self, size: int = 3, selected: bool = False) -> str:
        p = self.pal
        body = f" {MARKER} " if size == 3 else f"{MARKER} " if size == 2 else MARKER
        extra = " reverse" if selected else ""
        return f"[bold {p.background} on {p.text}{extra}]{body}[/]"
