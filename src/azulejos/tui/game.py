"""The table: where a game is played, by keys or by mouse.

Choosing a move takes three steps - where from (a factory or the centre), which colour, and
which pattern line (or the floor). Only legal choices are offered and the destination is
previewed (what fits, what falls to the floor, the penalty) before it is played. On the grey
wall the column of each complete line is chosen the same way (R30, R33). With the special
factory displays a draft from SF4 that leaves tiles on it asks, colour by colour, whether they go
to the left or the right neighbour (< or >), before the pattern line, as Board Game Arena does
(R43); the special displays carry their names, a legend says what each does, and a held SF5 lies
beside its owner's floor line (R44).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import events, work
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen

from azulejos.core import CENTRE, FLOOR, Fill, Move, Phase, Variant, draft, place
from azulejos.core.choices import columns, destinations, sf4_rest, sf4_sides, split_move, takeable
from azulejos.play import Match, Step, hint, preview
from azulejos.play.words import (
    GameLog,
    bot_name,
    consequence,
    fill_sentences,
    leave_sentence,
    level_name,
    move_sentence,
    special_badge,
    why_sentence,
)
from azulejos.render.failures import failure_text

from .layout import BOARD_WIDTH, MIN_SIZE, TableLayout, table_layout
from .render import Selection, board_markup, centre_markup, factory_markup, legend_markup
from .widgets import KeyBar, Tray, escape, key_name

if TYPE_CHECKING:
    from azulejos.agents import Reason
    from azulejos.core import Special

    from .app import AzulejosApp


def fit_keys(keys: list[tuple[str, str]], priority: list[str], width: int) -> list[tuple[str, str]]:
    """The keys that fit on one line of ``width`` cells, most needed first, in their order."""
    chosen: set[str] = set()
    used = -2
    for key in priority:
        label = dict(keys).get(key)
        if label is None:
            continue
        cost = len(key) + 1 + len(label) + 2
        if used + cost <= width:
            chosen.add(key)
            used += cost
    return [(k, v) for k, v in keys if k in chosen]


class GameScreen(Screen[None]):
    """One game in progress (``match``)."""

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.source: int | None = None
        self.colour: int | None = None
        self.dest: int | None = None
        self.column: int | None = None
        self.sides: list[bool] = []  # SF4 (R43): left (False) or right (True) per colour left
        self.message = ""
        self.bot_choice: Move | None = None
        self.thinking = False
        self.focus_seat = match.humans[0] if match.humans else 0
        self.ready = False
        self.tiling_round: int | None = None  # the wall-tiling of this round is on screen
        self.engine_note = False  # the note "preparing the engine" is on the status line
        self.recent: list[tuple[int, str]] = []  # (moves played before it, the move in words)
        self._log: GameLog | None = None
        self.layout_now = table_layout(120, 40, match.state.players)

    @property
    def azapp(self) -> AzulejosApp:
        return cast("AzulejosApp", self.app)

    @property
    def names(self) -> list[str]:
        """The players' names as shown (default names in the chosen language)."""
        return self.azapp.words.names(self.match.seats)

    @property
    def game_log(self) -> GameLog:
        """The game log in words (rebuilt when the language or theme changes)."""
        if self._log is None or self._log.w is not self.azapp.words:
            self._log = GameLog(self.azapp.words)
        return self._log

    # -- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        n = self.match.state.nfactories
        yield Tray(id="status")
        yield Tray(id="too-small")
        with Horizontal(id="market"):
            for f in range(n):
                yield Tray(id=f"factory-{f}", classes="factory")
            yield Tray(id="centre")
        with Horizontal(id="middle"):
            with Vertical(id="table-left"):
                with Horizontal(id="boards"):
                    yield Tray(id="focus-board", classes="board")
                    with Container(id="others"):
                        for p in range(self.match.state.players - 1):
                            yield Tray(id=f"other-{p}", classes="board")
                yield Tray(id="legend")
                yield Tray(id="recent")
            with VerticalScroll(id="log-box") as box:
                box.can_focus = False
                yield Tray(id="log")
        yield Tray(id="prompt")
        yield KeyBar(id="keys")

    def on_resize(self, event: events.Resize) -> None:
        self.apply_layout()
        self.refresh_table()

    def apply_layout(self) -> None:
        """Fit the table to the window (see :mod:`azulejos.tui.layout`)."""
        size = self.app.size
        lay = table_layout(size.width, size.height, self.match.state.players)
        self.layout_now = lay
        self.set_class(not lay.fits, "too-small")
        self.set_class(lay.compact, "compact")
        self.set_class(size.height < 30, "short")  # the legend: one line per special display
        self.query_one("#market").set_class(lay.factory_size == 2, "narrow")
        self.query_one("#log-box").display = lay.show_log
        names = {3: "big", 2: "small", 1: "tiny"}
        for wid, tsize in [("#focus-board", lay.focus_size)] + [
                (f"#other-{i}", lay.other_size) for i in range(self.match.state.players - 1)]:
            board = self.query_one(wid)
            for cls in names.values():
                board.set_class(names[tsize] == cls, cls)
        others = self.query_one("#others")
        others.styles.grid_size_columns = min(lay.others_per_row, self.match.state.players - 1)
        others.styles.grid_columns = str(BOARD_WIDTH[lay.other_size])  # "auto" would cut a board

    def on_mount(self) -> None:
        w = self.azapp.words
        for p, seat in enumerate(self.match.seats):
            if seat.is_bot and self.match.bot(p).stand_in:
                self.message = w.gettext(
                    "Note: the bot level '{level}' is not available yet; a random bot plays instead."
                ).format(level=level_name(w, seat.bot or ""))
        if self.azapp.notice:  # said once (a resumed record's unknown language or theme)
            self.message = self.azapp.notice
            self.azapp.notice = ""
        # a bot with a pure-Python twin searches with it while the kernels load (play/warmup.py)
        self.match.session.use_twin = self.azapp.engine.loading
        if self.azapp.engine.loading():
            self.set_interval(0.5, self.watch_engine)
        if self.match.host.clock is not None:  # the people's clock (play --clock)
            self.set_interval(1.0, self.tick_clock)
        self.ready = True
        self.apply_layout()
        self.next_turn()

    def watch_engine(self) -> None:
        """Show the note while the kernels load for longer than a moment, and take it away."""
        if self.azapp.engine.slow() != self.engine_note:
            self.refresh_table()

    def tick_clock(self) -> bool:
        """Hand a seat out of time to a bot (the host's clock, play/clocks.py) and say so;
        else show the time left. True if a seat timed out."""
        m = self.match
        if m.host.clock is None or not self.ready:
            return False
        left = m.time_out()
        if left is None:
            self.refresh_table()
            return False
        w = self.azapp.words
        self.message = leave_sentence(w, self.names[left.seat], left.reason, left.bot)
        self.remember(len(m.log), self.message)  # kept among the last moves
        self.next_turn()
        return True

    def clock_text(self) -> str:
        """The time left to the seat to move ("0:27 left"), or "" without a running clock."""
        m = self.match
        seat = m.host.timed_seat()
        left = m.host.remaining(seat) if seat is not None else None
        if left is None:
            return ""
        whole = max(0, int(left))
        return self.azapp.words.gettext("{time} left").format(
            time=f"{whole // 60}:{whole % 60:02d}")

    # -- turn driving -----------------------------------------------------------------------
    def next_turn(self) -> None:
        if self.tiling_round is not None:  # the next round starts when the tiling is closed
            return
        self.reset_choice()
        m = self.match
        seat = m.seat_to_move
        if seat is not None and not m.seats[seat].is_bot:
            self.focus_seat = seat
        self.refresh_table()
        if m.is_over:
            from .end import EndScreen

            self.app.push_screen(EndScreen(m))
            return
        if m.is_bot_turn and not self.thinking:
            self.thinking = True
            self.bot_choice = None
            self.refresh_table()
            self.think()

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def think(self) -> None:
        # the host asks the bot; a failing bot is handled there, once (play/failures.py)
        version, move = self.match.host.choose_bot_move()
        self.app.call_from_thread(self.bot_chose, version, move)

    def bot_chose(self, version: int, move: Move) -> None:
        if version != self.match.version or self.tiling_round is not None:
            self.thinking = False
            self.next_turn()
            return
        self.bot_choice = move
        m = self.match
        seat = m.state.current_player
        self.message = move_sentence(self.azapp.words, self.names[seat], move, preview(m.state, move))
        self.refresh_table()
        delay = self.azapp.bot_delay
        if delay > 0:
            self.set_timer(delay, lambda: self.bot_play(version, move))
        else:
            self.bot_play(version, move)

    def bot_play(self, version: int, move: Move) -> None:
        self.thinking = False
        self.bot_choice = None
        m = self.match
        index, seat = len(m.log), m.state.current_player
        pv = preview(m.state, move) if m.state.is_legal(move) else None
        step = self.match.host.play_bot_move(version, move)
        if step is not None:
            self.game_log.note(index, self.names[seat], move, pv)
        if step is None:
            self.next_turn()
            return
        self.remember(index, self.message)
        self.message = ""
        self.after(step)

    def remember(self, index: int, sentence: str) -> None:
        """Keep the last few moves in words, so a person can follow what the bots did
        (``index``: the move's place in the game, so an undo takes it away again)."""
        if sentence:
            self.recent = (self.recent + [(index, sentence)])[-6:]

    def after(self, step: Step) -> None:
        self.reset_choice()  # no step of the move just played stays on screen (a new round)
        if step.tiling is not None:
            from .tiling import TilingScreen

            self.tiling_round = step.tiling.round
            self.refresh_table()
            self.app.push_screen(TilingScreen(self.match, step.tiling), self.tiling_closed)
        else:
            self.next_turn()

    def tiling_closed(self, _result: object = None) -> None:
        """The next round (and its bots) starts once the wall-tiling screen is closed."""
        self.tiling_round = None
        self.next_turn()

    def play_move(self, move: Move) -> None:
        m = self.match
        if self.tick_clock() or m.is_bot_turn or m.is_over or not m.state.is_legal(move):
            return
        seat = m.state.current_player
        pv = preview(m.state, move)
        index = len(m.log)
        step = m.play(move)
        self.message = ""
        self.game_log.note(index, self.names[seat], move, pv)
        self.remember(index, move_sentence(self.azapp.words, self.names[seat], move, pv))
        self.after(step)

    # -- selection --------------------------------------------------------------------------
    def reset_choice(self) -> None:
        self.source = self.colour = self.dest = self.column = None
        self.sides = []

    def rest(self) -> list[tuple[int, int]]:
        """SF4 (R43): the colours the chosen draft leaves on it, one side to choose for each."""
        if self.source is None or self.colour is None:
            return []
        return sf4_rest(self.match.state, self.source, self.colour)

    def splitting(self) -> bool:
        """True while the SF4 step asks where a colour goes (before the pattern line)."""
        return self.human_turn and len(self.sides) < len(self.rest())

    def choose_side(self, right: bool) -> None:
        if self.splitting():
            self.sides.append(right)
            self.message = ""
            self.refresh_table()

    @property
    def human_turn(self) -> bool:
        m = self.match
        return not m.is_over and not m.is_bot_turn and not self.thinking and self.tiling_round is None

    def groups(self) -> list[tuple[int, int]]:
        """(source, colour) pairs that can be taken now, factories first, then the centre."""
        return takeable(self.match.state) if self.human_turn else []

    def dests(self) -> list[int]:
        if self.source is None or self.colour is None or self.splitting():
            return []
        return destinations(self.match.state, self.source, self.colour) if self.human_turn else []

    def columns(self) -> list[int]:
        return columns(self.match.state) if self.human_turn else []

    def pick_group(self, source: int, colour: int) -> None:
        if (source, colour) in self.groups():
            self.source, self.colour, self.dest = source, colour, None
            self.sides = []
            self.message = ""
            self.refresh_table()

    def pick_source(self, source: int) -> None:
        colours = [k for s, k in self.groups() if s == source]
        if not colours:
            self.message = self.azapp.words.gettext("Nothing to take there.")
        elif len(colours) == 1:
            self.pick_group(source, colours[0])
            return
        else:
            self.source, self.colour, self.dest = source, None, None
            self.message = ""
        self.refresh_table()

    def preview_dest(self, dest: int) -> None:
        if dest not in self.dests():
            self.message = self.azapp.words.phrase("line refused")
            self.refresh_table()
            return
        self.message = ""  # a legal choice: the last refusal no longer applies
        if self.dest == dest:
            self.confirm()
            return
        self.dest = dest
        self.refresh_table()

    def preview_column(self, column: int) -> None:
        if column not in self.columns():
            self.message = self.azapp.words.gettext("That column is not free for this colour (R30).")
            self.refresh_table()
            return
        self.message = ""
        if self.column == column:
            self.confirm()
            return
        self.column = column
        self.refresh_table()

    def current_move(self) -> Move | None:
        st = self.match.state
        if st.phase is Phase.PLACE and self.column is not None:
            return place(st.pending_line or 0, self.column)
        if self.source is not None and self.colour is not None and self.dest is not None:
            if not self.rest():
                return draft(self.source, self.colour, self.dest)
            try:  # SF4: the split the side choices name (R43)
                return split_move(st, self.source, self.colour, self.dest, self.sides)
            except ValueError:
                return None
        return None

    def confirm(self) -> None:
        move = self.current_move()
        if move is not None:
            self.play_move(move)
            return
        st = self.match.state
        if self.splitting():  # R43: the side of a colour is asked first (< or >)
            return
        if st.phase is Phase.PLACE and self.columns():
            self.preview_column(self.columns()[0])
        elif self.colour is not None and self.dests():
            self.preview_dest(self.dests()[0])
        elif self.source is not None and self.colour is None:
            colours = [k for s, k in self.groups() if s == self.source]
            if colours:  # step 2: the first colour of the place already chosen
                self.pick_group(self.source, colours[0])
        elif self.groups():
            self.pick_group(*self.groups()[0])

    def cycle(self, delta: int, vertical: bool) -> None:
        st = self.match.state
        if st.phase is Phase.PLACE:
            cols = self.columns()
            if cols:
                i = cols.index(self.column) if self.column in cols else -1 if delta > 0 else 0
                self.column = cols[(i + delta) % len(cols)]
                self.message = ""
                self.refresh_table()
            return
        if vertical and self.colour is not None:
            ds = self.dests()
            if ds:
                i = ds.index(self.dest) if self.dest in ds else (-1 if delta > 0 else 0)
                self.dest = ds[(i + delta) % len(ds)]
                self.message = ""
                self.refresh_table()
            return
        gs = self.groups()
        if gs:
            cur = (self.source, self.colour)
            i = gs.index(cur) if cur in gs else (-1 if delta > 0 else 0)
            self.pick_group(*gs[(i + delta) % len(gs)])

    def back(self) -> None:
        if self.column is not None:
            self.column = None
        elif self.dest is not None:
            self.dest = None
        elif self.sides:
            self.sides.pop()
        elif self.colour is not None:
            self.colour = None
            colours = [k for s, k in self.groups() if s == self.source]
            if len(colours) <= 1:
                self.source = None
        else:
            self.source = None
        self.refresh_table()

    # -- mouse (click actions embedded in the markup) ---------------------------------------
    def action_pick_tile(self, source: int, colour: int) -> None:
        if self.human_turn and self.match.state.phase is Phase.DRAFT:
            if (self.source, self.colour) == (source, colour) and self.dest is not None:
                self.confirm()
            else:
                self.pick_group(source, colour)

    def action_pick_dest(self, dest: int) -> None:
        if self.human_turn and self.colour is not None:
            self.preview_dest(dest)

    def action_pick_side(self, right: int) -> None:
        if self.human_turn and self.match.state.phase is Phase.DRAFT:
            self.choose_side(bool(right))

    def action_pick_column(self, column: int) -> None:
        if self.human_turn and self.match.state.phase is Phase.PLACE:
            self.preview_column(column)

    def action_confirm(self) -> None:
        if self.human_turn:
            self.confirm()

    # -- keys -------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        key = event.key
        ch = (event.character or "").lower()
        handled = self.command_key(key, ch)
        if not handled and self.human_turn and self.layout_now.fits:
            handled = self.move_key(key, ch)
        if handled:
            event.stop()
            event.prevent_default()

    def command_key(self, key: str, ch: str) -> bool:
        a = self.azapp
        if self.match.is_over and key == "enter":
            from .end import EndScreen

            self.app.push_screen(EndScreen(self.match))
        elif key in ("question_mark", "f1"):
            a.show_rules()
        elif ch == "u" and self.layout_now.fits:  # too small: only s, ?, x and q work
            self.undo()
        elif ch == "i" and self.layout_now.fits:
            self.ask_hint()
        elif ch == "s":
            a.ask_save(self.match)
        elif ch == "q":
            a.ask_quit(self.match)
        elif ch == "x":
            a.toggle_contrast()
        else:
            return False
        return True

    def move_key(self, key: str, ch: str) -> bool:
        st = self.match.state
        if key == "escape":
            self.back()
        elif self.splitting() and (key in ("left", "right") or ch in ("<", ">", ",", ".")):
            self.choose_side(key == "right" or ch in (">", "."))  # R43: this colour's side
        elif key in ("enter", "space"):
            self.confirm()
        elif key in ("left", "right", "up", "down", "tab", "shift+tab"):
            delta = -1 if key in ("left", "up", "shift+tab") else 1
            self.cycle(delta, key in ("up", "down"))
        elif st.phase is Phase.PLACE:
            if ch in "12345" and ch:
                self.preview_column(int(ch) - 1)
            else:
                return False
        elif self.colour is not None and (ch in "12345f" and ch):
            self.preview_dest(FLOOR if ch == "f" else int(ch) - 1)
        elif self.source is not None and self.colour is None and ch and self.colour_of(ch) is not None:
            k = self.colour_of(ch)
            if k is not None and (self.source, k) in self.groups():
                self.pick_group(self.source, k)
            else:
                self.message = self.azapp.words.phrase("colour missing")
                self.refresh_table()
        elif ch and (ch.isdigit() or ch == "c"):
            src = CENTRE if ch in ("c", "0") else int(ch) - 1
            if src != CENTRE and src >= st.nfactories:
                return False
            self.pick_source(src)
        elif ch and self.colour_of(ch) is not None and self.source is None:
            self.message = self.azapp.words.phrase("source first")
            self.refresh_table()
        else:
            return False
        return True

    def colour_of(self, ch: str) -> int | None:
        syms = [s.lower() for s in self.azapp.words.theme.symbols]
        if ch in syms:
            return syms.index(ch)
        return None  # one set of letters per theme: the keys are the letters drawn on the tiles

    # -- commands ---------------------------------------------------------------------------
    def undo(self) -> None:
        w = self.azapp.words
        undone = self.match.undo()
        if undone:
            played = len(self.match.log)
            self.recent = [(i, text) for i, text in self.recent if i < played]
            self.thinking = False
            self.bot_choice = None
            self.workers.cancel_group(self, "bot")
            self.message = w.gettext("Taken back: {moves}").format(
                moves=" ".join(w.notation(p.move) for p in undone))
            self.next_turn()
            # the moves panel shrinks a few layouts later: place it again once it has
            self.set_timer(0.25, self.follow_log)
        else:
            self.message = w.gettext(
                "Nothing to undo: only your own moves of this round, before the wall-tiling.")
            self.refresh_table()

    def ask_hint(self) -> None:
        if not self.human_turn:
            return
        self.message = self.azapp.words.gettext("Thinking about a hint…")
        self.refresh_table()
        self.find_hint(self.match.version)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def find_hint(self, version: int) -> None:
        w = self.azapp.words
        try:
            # while the kernels load, the pure-Python twin answers (play/warmup.py)
            h = hint(self.match.state, self.azapp.hint_seconds,
                     kernels=not self.azapp.engine.loading())
        except Exception as e:  # said by its kind, never in the error's English (render/failures)
            msg = w.gettext("No hint: {reason}").format(reason=failure_text(w.tr, e, w.theme.key))
            self.app.call_from_thread(self.show_message, msg)
            return
        self.app.call_from_thread(self.show_hint, version, h.move, h.evaluation, h.reasons)

    def show_message(self, text: str) -> None:
        self.message = text
        self.refresh_table()

    def show_hint(self, version: int, move: Move, evaluation: object = None,
                  reasons: tuple[Reason, ...] = ()) -> None:
        if version != self.match.version or not self.human_turn:
            return
        w = self.azapp.words
        st = self.match.state
        if move.is_draft:
            self.source, self.colour, self.dest = move.source, move.colour, move.destination
            self.sides = list(move.directions)
        else:
            self.column = move.column
        self.message = w.gettext("Hint: {move} – press Enter to play it.").format(
            move=move_sentence(w, self.names[st.current_player], move, preview(st, move)))
        if isinstance(evaluation, (int, float)):
            # TRANSLATORS: {margin} is a signed decimal number of points, e.g. "+1.5" / "−0.5".
            self.message += " " + w.gettext("(expected final difference in points: {margin})").format(
                margin=w.number(float(evaluation), decimals=1, sign=True))
        why = why_sentence(w, reasons)
        if why:
            self.message += " " + why
        self.refresh_table()

    # -- drawing ----------------------------------------------------------------------------
    def selection(self) -> Selection:
        st = self.match.state
        if self.bot_choice is not None:  # show the bot's choice before it is played
            mv = self.bot_choice
            pv = preview(st, mv)
            return Selection(mv.source if mv.is_draft else None, mv.colour if mv.is_draft else None,
                             pv, mv.column if not mv.is_draft else None,
                             frozenset([mv.destination]) if mv.is_draft else frozenset(),
                             frozenset([mv.column]) if not mv.is_draft else frozenset(), True)
        chosen = self.current_move()
        cpv = preview(st, chosen) if chosen is not None and st.is_legal(chosen) else None
        return Selection(self.source, self.colour, cpv, self.column, frozenset(self.dests()),
                         frozenset(self.columns()) if st.phase is Phase.PLACE else frozenset(),
                         self.human_turn)

    def refresh_table(self) -> None:
        if not self.ready:
            return
        a = self.azapp
        w, ink, m = a.words, a.ink, self.match
        _ = w.gettext
        st = m.state
        sel = self.selection()
        pal = ink.pal
        lay = self.layout_now
        self.refresh_too_small(lay)
        self.set_class(w.theme.key == "chocolatier", "chocolatier")
        # status line
        if self.tiling_round is not None:  # the round just played, until its tiling is closed
            turn = w.phrase("tiling title").format(round=self.tiling_round)
        elif st.is_over:
            turn = _("Game over")
        elif st.phase is Phase.PLACE:
            turn = _("{name}: wall column for line {line}").format(
                name=self.names[st.current_player], line=(st.pending_line or 0) + 1)
        else:
            turn = _("{name} to move").format(name=self.names[st.current_player])
        status = _("Round {round}").format(round=self.tiling_round or st.round)
        counts = w.phrase("counts").format(bag=sum(st.bag), lid=sum(st.lid))
        wall = w.phrase("coloured wall" if st.variant is Variant.COLOURED else "grey wall")
        brand = "" if lay.compact else f"[bold {pal.accent}]azulejos[/]  "
        head = (f"{brand}[bold]{escape(turn)}[/]" if self.tiling_round is not None
                else f"{brand}[bold]{escape(status)}[/] · [bold]{escape(turn)}[/]")
        clock = self.clock_text()
        if clock:
            head += f" · [bold {pal.accent}]{escape(clock)}[/]"
        self.engine_note = a.engine.slow()
        if self.engine_note:  # instead of the counts: they are on the table anyway
            note = _("Preparing the engine: first time only, about a minute")
            self.query_one("#status", Tray).show(f"{head}  [{pal.accent}]{escape(note)}[/]")
        else:
            self.query_one("#status", Tray).show(
                f"{head}  [{pal.muted}]{escape(counts)} · {escape(wall)}[/]")
        # market
        specials = st.specials
        holder = st.sf5_holder
        # R43: while the SF4 step asks, the two neighbours that may receive the colour
        targets = sf4_sides(st, self.source) if self.splitting() and self.source is not None else ()
        for f in range(st.nfactories):
            fw = self.query_one(f"#factory-{f}", Tray)
            kind = specials.get(f)
            fw.border_title = str(f + 1)
            badge = special_badge(kind, w) if kind else ""
            fw.border_subtitle = badge if lay.factory_size == 3 else ""
            fw.set_class(sel.source == f, "chosen")
            fw.set_class(kind is not None, "special")
            fw.set_class(f in targets, "target")
            fw.set_class(not any(st.factories[f]), "empty")
            if kind == "SF5" and holder is not None:  # R44: out of the circle, with its holder
                fw.show(f"[{pal.muted}]\n→ {escape(self.names[holder][:lay.factory_size * 2 + 1])}[/]")
            elif kind and lay.factory_size == 2:  # no room for a title: the name below
                body = factory_markup(ink, st, f, sel, 2)
                pad = "\n" * max(0, 1 - body.count("\n"))  # the name on the third line or below
                fw.show(f"{body}{pad}\n[bold]{escape(badge)}[/]")
            else:
                fw.show(factory_markup(ink, st, f, sel, lay.factory_size))
        self.refresh_legend(specials)
        cw = self.query_one("#centre", Tray)
        cw.border_title = w.part("centre").capitalize() + " (C)"
        cw.set_class(sel.source == CENTRE, "chosen")
        cw.show(centre_markup(ink, w, st, sel, 3 if lay.factory_size == 3 else 1))
        # boards
        to_move = st.current_player if not st.is_over else -1
        focus = self.focus_seat
        fb = self.query_one("#focus-board", Tray)
        fb.show(board_markup(ink, w, st, focus, self.names[focus], sel, size=lay.focus_size,
                             to_move=focus == to_move))
        fb.set_class(focus == to_move, "to-move")
        fb.border_title = self.seat_title(focus, to_move)
        # the others in playing order from the board in focus: whoever moves next stands
        # beside it (hot seat: the boards turn with the turn, nobody swaps places)
        others = [(focus + k) % st.players for k in range(1, st.players)]
        for i, p in enumerate(others):
            ob = self.query_one(f"#other-{i}", Tray)
            ob.show(board_markup(ink, w, st, p, self.names[p], sel, size=lay.other_size,
                                 to_move=p == to_move))
            ob.set_class(p == to_move, "to-move")
            ob.border_title = self.seat_title(p, to_move)
        self.refresh_log()
        self.refresh_recent()
        self.refresh_prompt(sel)
        self.refresh_keys()

    def refresh_legend(self, specials: dict[int, Special]) -> None:
        """What each special display of this round does (R41-R44), one line each."""
        legend = self.query_one("#legend", Tray)
        legend.display = bool(specials)
        if not specials:
            return
        legend.show(legend_markup(self.azapp.words, self.azapp.ink.pal, specials))

    def refresh_too_small(self, lay: TableLayout) -> None:
        if lay.fits:
            return
        _ = self.azapp.words.gettext
        size = self.app.size
        text = _("This window is {width}×{height}: the table needs at least {min_width}×{min_height}. "
                 "Make the window larger, or play in line mode: azulejos play --plain").format(
            width=size.width, height=size.height, min_width=MIN_SIZE[0], min_height=MIN_SIZE[1])
        self.query_one("#too-small", Tray).show(f"[bold]{escape(text)}[/]")

    def seat_title(self, p: int, to_move: int) -> str:
        w = self.azapp.words
        seat = self.match.seats[p]
        shown = self.names[p]
        kind = w.gettext("bot: {level}").format(level=level_name(w, seat.bot)) if seat.bot else ""
        if seat.bot and shown.startswith(bot_name(w, seat.bot)):
            kind = ""  # the name already says it ("Легкий бот", "Легкий бот 2")
        mark = "▶ " if p == to_move else ""
        name = escape(shown)
        return f"{mark}{name}" + (f" · {escape(kind)}" if kind else "")

    def refresh_log(self) -> None:
        a = self.azapp
        pal = a.ink.pal
        title = a.words.gettext("Moves")
        lines = [f"[bold {pal.accent}]{escape(title)}[/]"]
        names = self.names
        index = 0
        fills = [e for e in self.match.state.history if isinstance(e, Fill)]
        for rnd, plays in self.match.moves_by_round():
            head = a.words.gettext("Round {round}").format(round=rnd)
            lines.append(f"[bold]{escape(head)}[/]")
            if 0 < rnd <= len(fills):  # the special displays' fill (R40, R41)
                lines += [f"[{pal.muted}]{escape(t)}[/]" for t in fill_sentences(a.words, fills[rnd - 1])]
            for pl in plays:
                lines.append(escape(self.game_log.line(index, names[pl.seat], pl.move)))
                index += 1
        log = self.query_one("#log", Tray)
        text = "\n".join(lines)
        if text != log.shown:
            log.show(text)
            self.call_after_refresh(self.follow_log)

    def follow_log(self) -> None:
        """Keep the moves panel at its end (the latest move) once it is longer than its box.

        Anchored, Textual scrolls it after every layout; a shorter log stays at the top."""
        box = self.query_one("#log-box", VerticalScroll)
        if self.query_one("#log", Tray).outer_size.height > box.container_size.height:
            if not box.is_anchored:
                box.anchor()
            else:
                box.scroll_end(animate=False, immediate=True)
        else:
            # Short (again, after an undo): at the top, so the title is where it belongs. After
            # the next refresh: until then the box's size is stale and Textual would clamp
            # the scroll to a negative "maximum".
            if box.is_anchored:
                box.anchor(False)
            self.call_after_refresh(self._log_to_top)

    def _log_to_top(self) -> None:
        box = self.query_one("#log-box", VerticalScroll)
        box.scroll_target_y = box.scroll_y = 0  # scroll_home() is a no-op when its target is 0

    def refresh_recent(self) -> None:
        pal = self.azapp.ink.pal
        title = self.azapp.words.gettext("Last moves")
        lines = [f"[bold {pal.accent}]{escape(title)}[/]"]
        # the latest first (in bold), so a short window still shows it
        for i, (_index, text) in enumerate(reversed(self.recent)):
            style = "bold" if i == 0 else pal.muted
            lines.append(f"[{style}]{escape(text)}[/]")
        if not self.recent:
            _ = self.azapp.words.gettext
            w = self.azapp.words
            tip = w.phrase("welcome")
            welcome = _("Welcome!")
            # one paragraph: on a short window its first line still says how to play
            lines = [f"[bold {pal.accent}]{escape(welcome)}[/] [{pal.muted}]{escape(tip)}[/]"]
        self.query_one("#recent", Tray).show("\n".join(lines))

    def refresh_prompt(self, sel: Selection) -> None:
        a = self.azapp
        w, pal, m = a.words, a.ink.pal, self.match
        _ = w.gettext
        st = m.state
        lines: list[str] = []
        if st.is_over:
            lines.append(_("The game is over. Enter shows the results again."))
        elif self.thinking or m.is_bot_turn:
            lines.append(_("{name} is thinking…").format(name=self.names[st.current_player]))
        elif st.phase is Phase.PLACE:
            cols = " ".join(str(c + 1) for c in self.columns())
            lines.append(_("Choose the wall column for the tile of line {line}: {cols}").format(
                line=(st.pending_line or 0) + 1, cols=cols))
            if sel.preview is not None:
                lines.append(_("Column {c}: {n} – Enter to place it.").format(
                    c=(self.column or 0) + 1, n=w.signed_points(sel.preview.points)))
        elif self.source is None:
            lines.append(w.phrase("step 1").format(n=st.nfactories))
        elif self.colour is None:
            syms = "/".join(w.symbol(k) for s, k in self.groups() if s == self.source)
            lines.append(w.phrase("step 2").format(symbols=syms))
        elif self.splitting() and self.source is not None:
            k, n = self.rest()[len(self.sides)]
            left, right = sf4_sides(st, self.source)
            ask = w.phrase("sf4 ask", n).format(what=w.tiles(k, n), left=left + 1, right=right + 1)
            lines.append(f"[bold]{escape(ask)}[/]  [{pal.accent} @click=screen.pick_side(0)]"
                         f"\\[<][/] [{pal.accent} @click=screen.pick_side(1)]\\[>][/]")
        else:
            dests = " ".join("F" if d == FLOOR else str(d + 1) for d in self.dests())
            lines.append(w.phrase("step 3").format(dests=dests))
            if sel.preview is not None:
                pv = sel.preview
                text = move_sentence(w, self.names[st.current_player], pv.move, pv)
                if not consequence(w, pv):
                    text += " — " + _("nothing falls")
                lines.append(f"[bold]{escape(text)}[/]  [{pal.accent} @click=screen.confirm]" +
                             escape(_("[Enter] play {move}").format(move=w.notation(pv.move))) + "[/]")
        if self.message:
            lines.append(f"[{pal.muted}]{escape(self.message)}[/]")
        self.query_one("#prompt", Tray).show("\n".join(
            ln if ln.startswith("[") else escape(ln) for ln in lines))

    def refresh_keys(self) -> None:
        """The keys that work now, on one line: the least needed give way on a narrow screen."""
        w = self.azapp.words
        _ = w.gettext
        m, st = self.match, self.match.state
        keys: list[tuple[str, str]] = []
        if m.is_over:
            keys.append(("Enter", _("results")))
        elif self.human_turn and self.layout_now.fits:
            if st.phase is Phase.PLACE:
                cols = self.columns()
                keys.append(("←→ " + "".join(str(c + 1) for c in cols), _("column")))
            elif self.source is None:
                keys.append((f"1–{st.nfactories} C", _("source")))  # an en dash for a range
            elif self.colour is None:
                letters = "/".join(w.symbol(k) for s, k in self.groups() if s == self.source)
                keys.append((letters, w.phrase("colour key")))
            elif self.splitting():
                keys.append(("< >", _("left / right")))
            else:
                keys.append(("↑↓ " + " ".join("F" if d == FLOOR else str(d + 1) for d in self.dests()),
                             w.phrase("line key")))
            if st.phase is Phase.DRAFT:
                keys.append(("←→", w.part("tiles")))
            if self.current_move() is not None:
                keys.append(("Enter", _("play")))
            if self.source is not None or self.column is not None:
                keys.append(("Esc", _("back")))
            keys.append(("i", _("hint")))
        if not m.is_over and m.can_undo() and self.layout_now.fits:
            keys.append(("u", _("undo")))
        keys += [("s", _("save")), ("?", _("rules")), ("x", _("contrast")), ("q", _("quit"))]
        keys = [(key_name(_, k), v) for k, v in keys]  # "Entrée": measured as it is shown
        priority = [k for k, _v in keys if k not in ("s", "x", "←→", "i")] + ["i", "←→", "s", "x"]
        width = max(20, self.app.size.width - 2)
        self.query_one("#keys", KeyBar).show(fit_keys(keys, priority, width), self.azapp.ink.pal.accent)
