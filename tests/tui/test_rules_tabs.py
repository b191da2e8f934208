"""The rules screen's tabs wrap between tabs, never inside one (issue 31 item 6: at 80 columns
"5" ended one line and "Сіра стіна" began the next)."""

from __future__ import annotations

from azulejos.tui.dialogs import tab_lines


def test_a_line_breaks_between_tabs_only() -> None:
    titles = ("Правила коротко", "Підготовка", "Пояснити гру", "Запитання", "Сіра стіна",
              "Особливі вітрини")
    tabs = [(f"<{i}>", len(f" {i} {t} ")) for i, t in enumerate(titles, 1)]
    lines = tab_lines(tabs, 66).split("\n")
    assert lines == ["<1> <2> <3> <4>", "<5> <6>"]  # "5 Сіра стіна" starts the second line
    widths = dict(tabs)
    for line in lines:
        assert sum(widths[m] for m in line.split(" ")) + line.count(" ") <= 66


def test_one_line_when_they_fit_and_a_tab_wider_than_the_line_stands_alone() -> None:
    assert tab_lines([("a", 3), ("b", 3)], 7) == "a b"
    assert tab_lines([("a", 3), ("wide", 30), ("b", 3)], 10) == "a\nwide\nb"
