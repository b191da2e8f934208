"""The wall-tiling, step by step: each tile to the wall with its points, then penalties."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from azulejos.core import Bonus, Penalised, Placed, Variant, wall_colour
from azulejos.play import Match, Tiling
from azulejos.play.words import tiling_sentence

from .widgets import KeyBar, escape

if TYPE_CHECKING:
    from .app import AzulejosApp


class TilingScreen(ModalScreen[None]):
    """Reveals the events of a finished wall-tiling one by one (Space: next, Enter: all/close)."""

    def __init__(self, match: Match, tiling: Tiling) -> None:
        super().__init__()
        self.match = match
        self.tiling = tiling
        self.shown = 0
        self.wall_width = 21

    @property
    def azapp(self) -> AzulejosApp:
        return cast("AzulejosApp", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="tiling-box"):
            yield Static(id="tiling-title")
            with Horizontal(id="tiling-walls"):
                for p in range(self.match.state.players):
                    yield Static(id=f"tiling-wall-{p}", classes="mini-wall")
            with VerticalScroll(id="tiling-events") as box:
                box.can_focus = False
                yield Static(id="tiling-text")
            yield KeyBar(id="tiling-keys")

    def on_mount(self) -> None:
        self.fit()
        self.draw()
        delay = self.azapp.tiling_delay
        if delay > 0:
            self.timer = self.set_interval(delay, self.step)
        else:
            self.shown = len(self.tiling.events)
            self.draw()

    def step(self) -> None:
        if self.shown < len(self.tiling.events):
            self.shown += 1
            self.draw()
        elif all(s.is_bot for s in self.match.seats):
            self.dismiss(None)

    def on_resize(self, event: events.Resize) -> None:
        self.fit()
        self.draw()

    def fit(self) -> None:
        """Fit the box to the window: every wall side by side, and as many lines of the events
        as there is room for (they scroll; the newest line and the keys stay in view)."""
        size = self.app.size
        players = self.match.state.players
        short = size.height < 30
        self.query_one("#tiling-title").styles.margin = (0, 0) if short else (1, 0)
        # the box: at most 100 columns, a border and 2 columns of padding on each side
        inner = min(100, size.width) - 6
        gap = 2 if players * 17 + (players - 1) * 2 <= inner else 1
        width = max(15, min(21, (inner + gap) // players - gap))
        self.wall_width = width
        for p in range(players):
            wall = self.query_one(f"#tiling-wall-{p}")
            wall.styles.width = width
            wall.styles.margin = (0, gap if p < players - 1 else 0, 0, 0)
        # the border (2), the title (1, with margins 3), a wall (a head and 5 rows), the
        # events' top margin (1) and the keys (1)
        fixed = 2 + (1 if short else 3) + 6 + 1 + 1
        self.query_one("#tiling-events").styles.max_height = max(3, size.height - fixed)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        box = self.query_one("#tiling-events", VerticalScroll)
        scroll = {"up": box.scroll_up, "down": box.scroll_down, "pageup": box.scroll_page_up,
                  "pagedown": box.scroll_page_down, "home": box.scroll_home, "end": box.scroll_end}
        if event.key in scroll:
            scroll[event.key](animate=False)
        elif event.key == "space":
            self.step()
        elif event.key in ("enter", "escape"):
            if self.shown < len(self.tiling.events):
                self.shown = len(self.tiling.events)
                self.draw()
            else:
                self.dismiss(None)

    def draw(self) -> None:
        a = self.azapp
        w, ink = a.words, a.ink
        pal = ink.pal
        _ = w.gettext
        t = self.tiling
        names = w.names(self.match.seats)
        title = w.phrase("tiling title").format(round=t.round)
        if t.game_over:
            title += " · " + _("the last round")
        self.query_one("#tiling-title", Static).update(f"[bold {pal.accent}]{escape(title)}[/]")
        revealed = t.events[: self.shown]
        hidden = [e for e in t.events[self.shown:] if isinstance(e, Placed)]
        newest = revealed[-1] if revealed else None
        scores = list(t.scores_before)
        for ev in revealed:
            if isinstance(ev, Placed):
                scores[ev.seat] += ev.points
            elif isinstance(ev, Penalised):
                scores[ev.seat] = ev.score
            elif isinstance(ev, Bonus):
                scores[ev.seat] += ev.points
        grey = self.match.state.variant is Variant.GREY
        for p, board in enumerate(t.boards_after):
            rows = []
            for r in range(5):
                cells = []
                for c in range(5):
                    k = board.wall[r][c]
                    if k is not None and any(h.seat == p and h.row == r and h.column == c for h in hidden):
                        k = None
                    if k is None:
                        cells.append(ink.empty(3) if grey else ink.faint(wall_colour(r, c), 3))
                    elif isinstance(newest, Placed) and newest.seat == p and (newest.row, newest.column) == (r, c):
                        cells.append(ink.tile(k, 3, selected=True))
                    else:
                        cells.append(ink.tile(k, 3))
                rows.append("".join(cells))
            score = str(scores[p])
            name = names[p]
            room = self.wall_width - len(score) - 1
            if len(name) > room:  # one line: the name gives way, never the score
                name = name[: max(1, room - 1)] + "…"
            # the score at the wall's right edge, apart from the name ("Легкий бот 2 0" read as
            # one name in a monochrome terminal; issue 31 item 6)
            gap = " " * max(1, self.wall_width - len(name) - len(score))
            head = f"[bold]{escape(name)}[/]{gap}[bold {pal.accent}]{score}[/]"
            self.query_one(f"#tiling-wall-{p}", Static).update(head + "\n" + "\n".join(rows))
        lines = []
        for i, ev in enumerate(revealed):
            text = escape(tiling_sentence(w, names, ev))
            lines.append(f"[bold]{text}[/]" if i == len(revealed) - 1 else text)
        if self.shown >= len(t.events):
            lines.append("")
            if t.game_over:
                lines.append(f"[bold {pal.accent}]" + escape(_("The game is over – Enter for the results.")) + "[/]")
            else:
                lines.append(f"[bold {pal.accent}]" + escape(
                    _("Round {round} begins – Enter to continue.").format(round=t.round + 1)) + "[/]")
        self.query_one("#tiling-text", Static).update("\n".join(lines) or " ")
        box = self.query_one("#tiling-events", VerticalScroll)
        # the newest line in view, once the box has its new height
        self.call_after_refresh(box.scroll_end, animate=False, immediate=True)
        keys = [("Space", _("next step")), ("Enter", _("show all / continue"))]
        max_height = box.styles.max_height
        room = int(max_height.value) if max_height is not None else 16
        if len(lines) > room:
            keys.append(("↑↓", _("scroll")))  # PgUp, PgDn, Home and End too
        self.query_one("#tiling-keys", KeyBar).show(keys, pal.accent)
