"""The end of the game: scores, bonuses itemised, and the winner (or shared victory)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from azulejos.play import Match, result
from azulejos.play.words import result_sentence

from .widgets import KeyBar, escape

if TYPE_CHECKING:
    from .app import AzulejosApp


class EndScreen(ModalScreen[None]):
    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match

    @property
    def azapp(self) -> AzulejosApp:
        return cast("AzulejosApp", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="end-box"):
            yield Static(id="end-title")
            yield Static(id="end-table")
            yield Static(id="end-verdict")
            yield KeyBar(id="end-keys")

    def on_mount(self) -> None:
        a = self.azapp
        w, pal = a.words, a.ink.pal
        _ = w.gettext
        res = result(self.match.state)
        names = w.names(self.match.seats)
        self.query_one("#end-title", Static).update(f"[bold {pal.accent}]" + escape(_("Final scores")) + "[/]")
        head = [_("Player"), _("Round play"), _("Rows ×2"), _("Columns ×7"), _("Colours ×10"), _("Total")]
        widths = [max(12, max(len(n) for n in names) + 4), 13, 10, 13, 14, 7]
        rows = ["".join(f"[bold]{escape(h):<{wd}}[/]" for h, wd in zip(head, widths))]
        for s in sorted(res.standings, key=lambda s: -s.total):
            b = s.bonus
            crown = "★ " if s.seat in res.winners else "  "
            cells = [
                crown + names[s.seat], str(s.before_bonus), f"{b.rows} → +{2 * b.rows}",
                f"{b.columns} → +{7 * b.columns}", f"{b.colours} → +{10 * b.colours}", str(s.total),
            ]
            style = f"bold {pal.accent}" if s.seat in res.winners else ""
            line = "".join(f"{escape(c):<{wd}}" for c, wd in zip(cells, widths))
            rows.append(f"[{style}]{line}[/]" if style else line)
        self.query_one("#end-table", Static).update("\n".join(rows))
        verdict = result_sentence(w, names, res)
        if res.decided_by != "points":
            verdict += "\n" + _("Tie-break (R25): most points, then most complete horizontal rows; "
                                "still level means the victory is shared.")
        self.query_one("#end-verdict", Static).update(f"[bold]{escape(verdict)}[/]")
        self.query_one("#end-keys", KeyBar).show(
            [("n", _("new game")), ("s", _("save the record")), ("v", _("view the table")),
             ("q", _("quit"))], pal.accent)

    def on_key(self, event: events.Key) -> None:
        ch = (event.character or "").lower()
        a = self.azapp
        if ch == "n":
            event.stop()
            a.new_game()
        elif ch == "s":
            event.stop()
            a.ask_save(self.match)
        elif ch in ("v",) or event.key == "escape":
            event.stop()
            self.dismiss(None)
        elif ch == "q":
            event.stop()
            a.exit()
