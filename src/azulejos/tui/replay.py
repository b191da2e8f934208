"""The replay viewer (``azulejos replay --view FILE``): step through a record move by move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from azulejos.core import Move, State
from azulejos.core.events import TilingEvent
from azulejos.notation import Record, replay_steps
from azulejos.play import preview, record_seats
from azulejos.play.words import (
    fill_sentences,
    move_sentence,
    review_sentence,
    special_badge,
    tiling_sentence,
)

from .layout import BOARD_WIDTH, replay_layout
from .render import Selection, board_markup, centre_markup, factory_markup, legend_markup
from .widgets import KeyBar, Tray, escape

if TYPE_CHECKING:
    from .app import AzulejosApp


@dataclass(frozen=True, slots=True)
class Frame:
    """One point of the replay: the state, and how it was reached."""

    state: State
    round: int
    move: Move | None  # the move just played (None at a round's start)
    seat: int | None
    text: str  # what happened, in words
    tiling: tuple[TilingEvent, ...]


def frames(record: Record, words: object) -> list[Frame]:
    """Every position of a record (the record must replay: check it first)."""
    from azulejos.play.words import Words

    w = cast(Words, words)
    names = w.names(record_seats(record))
    out: list[Frame] = []
    for step in replay_steps(record, before=True):
        st = step.state
        if step.fill is not None:
            said = " ".join([w.phrase("filled").format(round=step.round),
                             *fill_sentences(w, step.fill)])  # with the specials (R40, R41)
            out.append(Frame(st.copy(history=False), step.round, None, None, said, ()))
            continue
        assert step.move is not None and step.seat is not None and step.before is not None
        sentence = move_sentence(w, names[step.seat], step.move, preview(step.before, step.move))
        tiling = tuple(st.tiling_log) if (st.is_chance or st.is_over) else ()
        out.append(Frame(st.copy(history=False), step.round, step.move, step.seat, sentence, tiling))
    return out


class ReplayScreen(Screen[None]):
    """``back``: opened from another screen (the end screen's review), so q and Esc go back to
    it instead of leaving the app."""

    def __init__(self, record: Record, *, back: bool = False) -> None:
        super().__init__()
        self.record = record
        self.back = back
        self.index = 0
        self.frames: list[Frame] = []
        self.review: list[list[dict[str, object]]] | None = None
        self.seats = record_seats(record)
        self.names = [s.name for s in self.seats]
        self.layout_now = replay_layout(120, 40, record.players)

    @property
    def azapp(self) -> AzulejosApp:
        return cast("AzulejosApp", self.app)

    def compose(self) -> ComposeResult:
        from azulejos.core import factory_count

        yield Static(id="status")
        with Horizontal(id="market"):
            for f in range(factory_count(self.record.players)):
                yield Tray(id=f"factory-{f}", classes="factory")
            yield Static(id="centre")
        with Horizontal(id="middle"):
            with Vertical(id="replay-left"):
                with Container(id="replay-boards"):
                    for p in range(self.record.players):
                        yield Tray(id=f"board-{p}", classes="board")
                yield Tray(id="legend")  # the special displays of the round (R41-R44)
            with VerticalScroll(id="log-box") as box:
                box.can_focus = False
                yield Static(id="log")
        # the current move in words, and a round's whole wall-tiling with the end bonuses:
        # longer than the rows left on a small screen, so it scrolls (PgUp/PgDn)
        with VerticalScroll(id="prompt-box") as pbox:
            pbox.can_focus = False
            yield Static(id="prompt")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        from azulejos.agents.review import read_review

        self.frames = frames(self.record, self.azapp.words)
        self.review = read_review(self.record)  # the engine review, when the record has one
        self.apply_layout()
        self.draw()

    def on_resize(self, event: events.Resize) -> None:
        self.apply_layout()
        if self.frames:
            self.draw()

    def apply_layout(self) -> None:
        """The game's layout for the window (tui/layout.py): from 80 × 24 the compact one, all
        boards in one row, of one size."""
        size = self.app.size
        players = self.record.players
        lay = replay_layout(size.width, size.height, players)
        self.layout_now = lay
        self.set_class(lay.compact, "compact")
        self.set_class(size.height < 30, "short")
        self.query_one("#market").set_class(lay.factory_size == 2, "narrow")
        self.query_one("#log-box").display = lay.show_log
        tsize = lay.other_size if lay.compact else (3 if players == 2 else 2)
        names = {3: "big", 2: "small", 1: "tiny"}
        for p in range(players):
            board = self.query_one(f"#board-{p}")
            for cls in names.values():
                board.set_class(names[tsize] == cls, cls)
        grid = self.query_one("#replay-boards")
        grid.styles.grid_size_columns = players if lay.compact else 2
        grid.styles.grid_columns = str(BOARD_WIDTH[tsize])

    def on_key(self, event: events.Key) -> None:
        k = event.key
        last = len(self.frames) - 1
        if k in ("right", "space", "l"):
            self.index = min(last, self.index + 1)
        elif k in ("left", "h", "backspace"):
            self.index = max(0, self.index - 1)
        elif k in ("home",):
            self.index = 0
        elif k in ("end",):
            self.index = last
        elif k in ("pagedown", "pageup"):
            event.stop()
            pbox = self.query_one("#prompt-box", VerticalScroll)
            if k == "pagedown":
                pbox.scroll_page_down(animate=False)
            else:
                pbox.scroll_page_up(animate=False)
            return
        elif k in ("down",):
            rnd = self.frames[self.index].round
            nxt = [i for i, f in enumerate(self.frames) if f.round > rnd]
            self.index = nxt[0] if nxt else last
        elif k in ("up",):
            rnd = self.frames[self.index].round
            cur = [i for i, f in enumerate(self.frames) if f.round == rnd][0]
            prev = [i for i, f in enumerate(self.frames) if f.round == rnd - 1]
            self.index = cur if self.index != cur or not prev else prev[0]
        elif k in ("q", "escape"):
            event.stop()
            if self.back:
                self.dismiss(None)
            else:
                self.app.exit()
            return
        else:
            return
        event.stop()
        self.draw()

    def draw(self) -> None:
        a = self.azapp
        w, ink = a.words, a.ink
        pal = ink.pal
        _ = w.gettext
        fr = self.frames[self.index]
        st = fr.state
        sel = Selection()
        self.names = w.names(self.seats)
        pos = _("Move {i} of {n}").format(i=self.index, n=len(self.frames) - 1)
        replay_word = _("replay")
        self.query_one("#status", Static).update(
            f"[bold {pal.accent}]azulejos[/] · {escape(replay_word)} · [bold]"
            + escape(_("Round {round}").format(round=fr.round)) + f"[/] · {escape(pos)}")
        specials = st.specials
        lay = self.layout_now
        fsize = lay.factory_size
        for f in range(st.nfactories):
            fw = self.query_one(f"#factory-{f}", Static)
            fw.border_title = str(f + 1)
            badge = special_badge(specials[f], w) if f in specials else ""
            fw.border_subtitle = badge if fsize == 3 else ""
            fw.set_class(f in specials, "special")  # R40
            body = factory_markup(ink, st, f, sel, fsize)
            if badge and fsize == 2:  # no room for a title: the name below the tiles
                body += "\n" * max(0, 1 - body.count("\n")) + f"\n[bold]{escape(badge)}[/]"
            fw.update(body)
        cw = self.query_one("#centre", Static)
        cw.border_title = w.part("centre").capitalize()
        cw.update(centre_markup(ink, w, st, sel, 3 if fsize == 3 else 1))
        legend = self.query_one("#legend", Tray)
        legend.display = bool(specials)
        if specials:
            legend.show(legend_markup(w, pal, specials))
        size = lay.other_size if lay.compact else (3 if st.players == 2 else 2)
        for p in range(st.players):
            bw = self.query_one(f"#board-{p}", Static)
            bw.update(board_markup(ink, w, st, p, self.names[p], sel, size=size, to_move=False))
            bw.set_class(fr.seat == p, "to-move")
            bw.border_title = escape(self.names[p])
        # log with the current move highlighted
        lines: list[str] = []
        current = 0
        for i, item in enumerate(self.frames):
            if i == self.index:
                current = len(lines)
            if item.move is None:
                head = _("Round {round}").format(round=item.round)
                lines.append(f"[bold]{escape(head)}[/]")
                continue
            # a compact list to step through; the current move is told in words below the table
            who = escape(self.names[item.seat or 0][:10])
            row = f" {who:<10} {item.move.text()}"
            lines.append(f"[bold reverse {pal.accent}]{row}[/]" if i == self.index else row)
        self.query_one("#log", Static).update("\n".join(lines))
        box = self.query_one("#log-box", VerticalScroll)
        box.scroll_to(y=max(0, current - box.size.height // 2), animate=False)
        info = [fr.text]
        if self.review is not None and fr.move is not None:
            start = next(i for i, f in enumerate(self.frames) if f.round == fr.round)
            info.append(review_sentence(w, self.review[fr.round - 1][self.index - start - 1]))
        for ev in fr.tiling:
            info.append("  " + tiling_sentence(w, self.names, ev))
        self.query_one("#prompt", Static).update(escape("\n".join(info)))
        self.query_one("#prompt-box", VerticalScroll).scroll_home(animate=False)
        keys = [("←→", _("move")), ("↑↓", _("round")), ("Home/End", _("start/end"))]
        if fr.tiling:  # a wall-tiling, perhaps longer than the rows left: it scrolls
            keys.append(("PgUp/PgDn", _("scroll")))
        self.query_one("#keys", KeyBar).show(
            [*keys, ("q", _("back") if self.back else _("quit"))], pal.accent)
