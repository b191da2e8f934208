"""The end of the game: scores, bonuses itemised, and the winner (or shared victory); from here
the game can be reviewed by the engine and stepped through in the replay viewer."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, cast

from textual import events, work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from azulejos.notation import Record
from azulejos.play import Match, result
from azulejos.play.words import result_sentence
from azulejos.render.failures import failure_text

from .widgets import KeyBar, escape

if TYPE_CHECKING:
    from .app import AzulejosApp


class ReviewStopped(Exception):
    """Raised in the review's worker thread when the review is cancelled."""


class EndScreen(ModalScreen[None]):
    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.reviewing = False
        self.reviewed: Record | None = None  # the annotated record, once reviewed

    @property
    def azapp(self) -> AzulejosApp:
        return cast("AzulejosApp", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="end-box"):
            yield Static(id="end-title")
            yield Static(id="end-table")
            yield Static(id="end-verdict")
            yield Static(id="end-message")
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
            verdict += "\n" + w.sentence("end.tie_rule")
        self.query_one("#end-verdict", Static).update(f"[bold]{escape(verdict)}[/]")
        self.show_message("")
        self.show_keys()

    def show_keys(self) -> None:
        _ = self.azapp.words.gettext
        if self.reviewing:
            keys = [("Esc", _("stop the review")), ("q", _("quit"))]
        else:
            keys = [("n", _("new game")), ("s", _("save the record")), ("v", _("view the table")),
                    ("r", _("review the game")), ("q", _("quit"))]
        # the box is 90 cells wide at most: 2 of border, 4 of padding, the key bar's own 2
        width = min(90, self.app.size.width) - 8
        self.query_one("#end-keys", KeyBar).show(keys, self.azapp.ink.pal.accent, width)

    def on_resize(self, event: events.Resize) -> None:
        self.show_keys()

    def show_message(self, text: str) -> None:
        msg = self.query_one("#end-message", Static)
        msg.update(escape(text))
        msg.display = bool(text)

    def on_key(self, event: events.Key) -> None:
        ch = (event.character or "").lower()
        a = self.azapp
        if self.reviewing:  # only stopping the review, or quitting, while it runs
            event.stop()
            if event.key == "escape":
                self.stop_review()
            elif ch == "q":
                a.exit()
            return
        if ch == "r":
            event.stop()
            self.start_review()
        elif ch == "n":
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

    # -- engine review ------------------------------------------------------------------------
    def start_review(self) -> None:
        if self.reviewed is not None:  # reviewed already: show it again
            self.open_review(self.reviewed)
            return
        self.reviewing = True
        self.show_progress(0, 1)
        self.show_keys()
        self.review_game(self.match.record())

    def show_progress(self, done: int, total: int) -> None:
        if self.reviewing:
            self.show_message(self.azapp.words.gettext(
                "Reviewing the game with the engine… {percent}%").format(
                    percent=100 * done // max(1, total)))

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def review_game(self, record: Record) -> None:
        from textual.worker import get_current_worker

        from azulejos.agents import Budget
        from azulejos.agents.review import annotate, default_seconds, review_record

        worker = get_current_worker()
        budget = self.azapp.review_budget or Budget(seconds=default_seconds(record))

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:  # Esc, or the app is closing: stop after this move
                raise ReviewStopped
            self.app.call_from_thread(self.show_progress, done, total)

        start = time.perf_counter()
        try:
            reviews = review_record(record, budget, 0, progress)
        except ReviewStopped:
            return
        except Exception as e:  # a failed review must not take the game down
            self.app.call_from_thread(self.review_failed, failure_text(self.azapp.words.tr, e, self.azapp.words.theme.key))
            return
        took = time.perf_counter() - start
        done = annotate(record, reviews, budget, 0)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.review_done, done, sum(len(r) for r in reviews), took)

    def stop_review(self) -> None:
        self.workers.cancel_group(self, "review")
        self.reviewing = False
        self.show_message(self.azapp.words.gettext("Review stopped."))
        self.show_keys()

    def review_failed(self, error: str) -> None:
        self.reviewing = False
        self.show_message(self.azapp.words.gettext("The review failed: {error}").format(error=error))
        self.show_keys()

    def review_done(self, record: Record, moves: int, seconds: float) -> None:
        if not self.reviewing:  # stopped meanwhile
            return
        self.reviewing = False
        self.reviewed = record
        self.show_message("")
        self.show_keys()
        w = self.azapp.words
        self.app.notify(w.ngettext("{n} move reviewed in {seconds} s.",
                                   "{n} moves reviewed in {seconds} s.", moves).format(
            n=moves, seconds=w.number(seconds, decimals=1)))
        self.open_review(record)

    def open_review(self, record: Record) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(record, back=True))
