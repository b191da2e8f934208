"""A small progress bar on stderr for long runs (games finished, speed, time left)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    def __init__(self, total: int, label: str = "games", stream: TextIO | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.start = time.monotonic()
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._last = -1.0

    def step(self, extra: str = "") -> None:
        self.done += 1
        now = time.monotonic()
        final = self.done == self.total
        # On a terminal redraw often; in a log file write a line every 10 % or every minute.
        if not self.tty and not final and self.done % max(1, self.total // 10) and now - self._last < 60:
            return
        self._last = now
        elapsed = now - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        width = 24
        fill = int(width * self.done / self.total) if self.total else width
        bar = "#" * fill + "-" * (width - fill)
        text = (
            f"[{bar}] {self.done}/{self.total} {self.label}  {_dur(elapsed)} elapsed, "
            f"~{_dur(left)} left{('  ' + extra) if extra else ''}"
        )
        if self.tty:
            self.stream.write("\r" + text + ("\n" if final else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def _dur(seconds: float) -> str:
    s = int(seconds)
    if s >= 3600:
        return f"{s // 3600}h{s % 3600 // 60:02d}m"
    if s >= 60:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s}s"
