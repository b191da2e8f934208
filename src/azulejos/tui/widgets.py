"""Small widgets of the terminal app: the key bar and a clickable hint line."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from textual.reactive import Reactive
from textual.widgets import Static

from azulejos.i18n import N_


def escape(text: str) -> str:
    """Text made safe for Textual markup (every ``[`` is escaped)."""
    return text.replace("[", "\\[")


class Tray(Static):
    """A Static whose click actions (``@click`` in its markup) keep the markup's own colours.

    ``show`` re-renders only when the markup changed (the table is redrawn after every key).
    """

    auto_links: Reactive[bool] = Reactive(False)
    _shown: str | None = None

    @property
    def shown(self) -> str | None:
        """The markup shown now (None before the first :meth:`show`)."""
        return self._shown

    def show(self, markup: str, layout: bool = True) -> None:
        """Show ``markup``; ``layout=False`` when its size cannot change (faster)."""
        if markup != self._shown:
            first = self._shown is None
            self._shown = markup
            self.update(markup, layout=layout or first)


#: Keys whose name is translated (the prompts say "[Entrée]" in French, so does the key bar).
KEY_NAMES = (N_("Enter"), N_("Esc"), N_("Space"), N_("Home/End"))


def key_name(gettext: Callable[[str], str], key: str) -> str:
    """``key`` as its cap reads in a language (``gettext``'s); other keys as they are."""
    return gettext(key) if key in KEY_NAMES else key


class KeyBar(Static):
    """Key help that is always visible (translated by the caller): ``[(key, what), ...]``."""

    DEFAULT_CSS = """
    KeyBar { height: auto; min-height: 1; padding: 0 1; background: $panel; color: $foreground; }
    """

    _shown: str | None = None

    def key_name(self, key: str) -> str:
        """A key as its cap reads in the app's language ("Entrée" on a French keyboard)."""
        words = getattr(self.app, "words", None)
        return key_name(words.gettext, key) if words is not None else key

    def show(self, keys: Sequence[tuple[str, str]], accent: str, width: int | None = None) -> None:
        """``width``: the cells of a line; lines then break between keys, never inside one (a
        key apart from its words)."""
        lines: list[list[str]] = [[]]
        used = -2
        for key, v in keys:
            k = self.key_name(key)
            cost = cell_len(k) + 1 + cell_len(v) + 2
            if width is not None and lines[-1] and used + cost > width:
                lines.append([])
                used = -2
            lines[-1].append(f"[bold {accent}]{escape(k)}[/] {escape(v)}")
            used += cost
        text = "\n".join("  ".join(parts) for parts in lines)
        if text != self._shown:
            self._shown = text
            self.update(text)
