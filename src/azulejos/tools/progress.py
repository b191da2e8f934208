"""Progress on stderr for long runs, drawn by :mod:`rich.progress` (Rich comes with Textual).

:class:`ProgressBar` counts finished items (games, moves, epochs) under a description in the
user's words: on a terminal a live bar with the count, the time spent and the time left; in a
log (not a terminal) a plain line every 10 % or every minute. :func:`working` says what a wait
without a count is doing (a spinner on a terminal, one line in a log). Both are context
managers: leaving them (at the end, on an error, or on Ctrl-C) ends the live line, so what is
printed next, e.g. "interrupted", starts a line of its own.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def _is_tty(stream: TextIO) -> bool:
    return bool(getattr(stream, "isatty", lambda: False)())


class ProgressBar:
    """``total`` items, each :meth:`step` one more; ``description``: what is counted, already
    translated (e.g. "Playing games"); ``quiet``: show nothing."""

    def __init__(self, total: int, description: str, stream: TextIO | None = None,
                 quiet: bool = False) -> None:
        self.quiet = quiet
        self.total = total
        self.description = description
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.start = time.monotonic()
        self.tty = _is_tty(self.stream)
        self._last = self.start
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        if self.tty and not quiet:
            self._progress = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TimeElapsedColumn(), TextColumn("~"), TimeRemainingColumn(),
                TextColumn("{task.fields[extra]}"),
                console=Console(file=self.stream), transient=False)
            self._task = self._progress.add_task(description, total=total, extra="")
            self._progress.start()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def step(self, extra: str = "") -> None:
        """One more item done; ``extra``: a short note shown after the bar (e.g. forfeits)."""
        self.advance_to(self.done + 1, extra)

    def advance_to(self, done: int, extra: str = "") -> None:
        """``done`` items done in all."""
        self.done = done
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, completed=done, extra=("  " + extra) if extra else "")
            if done >= self.total:  # the last item: the live line ends, so another can start
                self.close()
            return
        if self.quiet:
            return
        now = time.monotonic()
        final = done >= self.total
        tenth = max(1, self.total // 10)
        if not final and done % tenth and now - self._last < 60:
            return
        self._last = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else 0.0
        self.stream.write(f"{self.description}: {done}/{self.total} ({_dur(elapsed)}, "
                          f"~{_dur(left)}){('  ' + extra) if extra else ''}\n")
        self.stream.flush()

    def close(self) -> None:
        """End the live line (once; nothing in a log)."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


@contextlib.contextmanager
def working(text: str, stream: TextIO | None = None) -> Iterator[None]:
    """Say ``text`` (already translated) while the block runs: a spinner on a terminal (gone
    at the end), one line in a log."""
    out = stream if stream is not None else sys.stderr
    if not _is_tty(out):
        out.write(text + "\n")
        out.flush()
        yield
        return
    with Console(file=out).status(text):
        yield


def _dur(seconds: float) -> str:
    s = int(seconds)
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"
