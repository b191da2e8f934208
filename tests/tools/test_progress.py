"""Progress for long runs (tools/progress.py, Rich): words with the count, a line every 10 % in
a log, nothing when quiet, and a live bar on a terminal that ends its line when closed."""

from __future__ import annotations

import io

from azulejos.tools.progress import ProgressBar, working


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_log_gets_a_line_every_tenth_with_the_words() -> None:
    out = io.StringIO()
    with ProgressBar(20, "Playing games", out) as bar:
        for _ in range(20):
            bar.step()
    lines = out.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("Playing games: 20/20 (")


def test_quiet_writes_nothing() -> None:
    out = Terminal()
    with ProgressBar(5, "Reviewing moves", out, quiet=True) as bar:
        bar.advance_to(5)
    assert out.getvalue() == ""


def test_a_terminal_bar_shows_the_words_and_the_count() -> None:
    out = Terminal()
    with ProgressBar(3, "Self-play games", out) as bar:
        for _ in range(3):
            bar.step()
    text = out.getvalue()
    assert "Self-play games" in text and "3/3" in text
    assert text.replace("\x1b[?25h", "").endswith("\n")  # the line ended (the cursor shown again)


def test_working_says_what_it_does_in_a_log() -> None:
    out = io.StringIO()
    with working("Measuring…", out):
        pass
    assert out.getvalue() == "Measuring…\n"
