"""Small modal dialogs: save the game, leave the game, read the rules."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Markdown, Static

from azulejos.guide import get_section
from azulejos.play import Match
from azulejos.render.oserror import os_error_text

from .widgets import KeyBar, Tray, escape

if TYPE_CHECKING:
    from .app import AzulejosApp

#: A rules-guide section's text: ``guide(section, lang)``; the app holds one (or None).
GuideText = Callable[[str, str], str]


def default_save_name() -> str:
    return _dt.datetime.now().strftime("azulejos-%Y%m%d-%H%M.json")


class SaveScreen(ModalScreen[Path | None]):
    """Ask for a file name and save the record there (errors shown, nothing else changes)."""

    def __init__(self, match: Match, default: Path) -> None:
        super().__init__()
        self.match = match
        self.default = default

    @property
    def azapp(self) -> AzulejosApp:
        return cast("AzulejosApp", self.app)

    def compose(self) -> ComposeResult:
        _ = self.azapp.words.gettext
        with Vertical(classes="dialog"):
            title = _("Save the game as a record")
            yield Static(f"[bold]{escape(title)}[/]")
            yield Input(value=str(self.default), id="save-path")
            yield Static(id="save-error")
            with Horizontal(classes="buttons"):
                yield Button(_("Save"), id="save-ok", variant="primary")
                yield Button(_("Cancel"), id="save-cancel")

    def on_mount(self) -> None:
        self.query_one("#save-path", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save-ok":
            self.save()
        else:
            self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss(None)

    def save(self) -> None:
        _ = self.azapp.words.gettext
        text = self.query_one("#save-path", Input).value.strip()
        if not text:
            self.query_one("#save-error", Static).update(_("Please type a file name."))
            return
        try:
            path = self.match.save(Path(text))
        except OSError as e:
            self.query_one("#save-error", Static).update(
                escape(_("Could not save: {error}.").format(error=os_error_text(_, e))))
            return
        self.dismiss(path)


class QuitScreen(ModalScreen[str]):
    """Leave the game: save first, leave, or go back."""

    def compose(self) -> ComposeResult:
        _ = cast("AzulejosApp", self.app).words.gettext
        with Vertical(classes="dialog"):
            question = _("Leave the game?")
            yield Static(f"[bold]{escape(question)}[/]")
            with Horizontal(classes="buttons"):
                yield Button(_("Save and quit"), id="save", variant="primary")
                yield Button(_("Quit"), id="quit", variant="error")
                yield Button(_("Back to the game"), id="back")

    def on_mount(self) -> None:
        self.query_one("#back", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "back")

    def on_key(self, event: events.Key) -> None:
        ch = (event.character or "").lower()
        if event.key == "escape":
            event.stop()
            self.dismiss("back")
        elif ch == "q":
            event.stop()
            self.dismiss("quit")
        elif ch == "s":
            event.stop()
            self.dismiss("save")


SECTIONS = ("recap", "setup", "teach", "faq", "variant", "specials", "chocolatier")


def tab_lines(tabs: list[tuple[str, int]], width: int) -> str:
    """Tabs (markup and the width it shows) one space apart, a line break between two tabs
    where the next would pass ``width``, never inside one."""
    lines: list[list[str]] = [[]]
    used = 0
    for markup, shown in tabs:
        if lines[-1] and used + 1 + shown > width:
            lines.append([])
            used = 0
        used += shown + (1 if lines[-1] else 0)
        lines[-1].append(markup)
    return "\n".join(" ".join(line) for line in lines)


class RulesScreen(ModalScreen[None]):
    """The rules guide (``azulejos.guide``), one section at a time."""

    def __init__(self, section: str = "recap") -> None:
        super().__init__()
        self.section = section

    @property
    def azapp(self) -> AzulejosApp:
        return cast("AzulejosApp", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box"):
            yield Tray(id="rules-tabs")
            with VerticalScroll(id="rules-scroll"):
                yield Markdown(id="rules-text")
            yield KeyBar(id="rules-keys")

    def on_mount(self) -> None:
        self.draw()

    def titles(self) -> dict[str, str]:
        _ = self.azapp.words.gettext
        return {"recap": _("Rules in short"), "setup": _("Setting up"), "teach": _("Teach a friend"),
                "faq": _("Questions"), "variant": _("Grey wall"),
                "specials": _("Special displays"), "chocolatier": _("Master Chocolatier")}

    def draw_tabs(self) -> None:
        """The sections' tabs, each kept whole on one line ("5 Сіра стіна", "7 Maître
        chocolatier" were cut between a tab's number and its name at 80 columns)."""
        pal = self.azapp.ink.pal
        tabs = []
        for i, (key, title) in enumerate(self.titles().items(), 1):
            style = f"bold reverse {pal.accent}" if key == self.section else pal.muted
            tabs.append((f"[{style} @click=screen.show('{key}')] {i} {escape(title)} [/]",
                         len(f" {i} {title} ")))
        width = max(20, int(self.app.size.width * 0.9) - 4)  # #rules-box: 90%, border, padding
        self.query_one("#rules-tabs", Static).update(tab_lines(tabs, width))

    def on_resize(self, event: events.Resize) -> None:
        self.draw_tabs()

    def draw(self) -> None:
        a = self.azapp
        pal = a.ink.pal
        _ = a.words.gettext
        self.draw_tabs()
        self.query_one("#rules-text", Markdown).update(guide_text(self.section, a.words.lang, _, a.guide))
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)
        self.query_one("#rules-keys", KeyBar).show(
            [(f"1–{len(SECTIONS)}", _("section")), ("↑↓", _("scroll")), ("Esc", _("close"))], pal.accent)

    def action_show(self, key: str) -> None:
        self.section = key
        self.draw()

    def on_key(self, event: events.Key) -> None:
        ch = event.character or ""
        if event.key in ("escape", "q", "question_mark"):
            event.stop()
            self.dismiss(None)
        elif ch.isdigit() and 1 <= int(ch) <= len(SECTIONS):
            event.stop()
            self.action_show(SECTIONS[int(ch) - 1])


def guide_text(
    section: str, lang: str, _: Callable[[str], str], guide: GuideText | None = get_section
) -> str:
    """The text of a guide section, or a clear note if the app has no guide."""
    if guide is None:
        return _("The rules guide is not available in this installation.")
    try:
        return str(guide(section, lang))
    except (KeyError, ValueError, LookupError):
        return _("This section of the rules is not available.")
