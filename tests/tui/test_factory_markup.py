"""A display holding more than 4 tiles (special displays, R41-R43) shows every colour it holds,
in the room a wide (7 cells) or narrow (4 cells) display has."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest
from rich.text import Text

from azulejos.core import State
from azulejos.render.themes import get_theme
from azulejos.tui.palette import palette
from azulejos.tui.render import Selection, factory_markup
from azulejos.tui.tiles import Ink


def lines(counts: list[int], size: int) -> list[str]:
    theme = get_theme("classic")
    state = cast(State, SimpleNamespace(factories=[counts]))
    markup = factory_markup(Ink(theme, palette(theme)), state, 0, Selection(), size)
    return Text.from_markup(markup).plain.split("\n")


@pytest.mark.parametrize("counts", [[2, 1, 1, 1, 0], [1, 1, 1, 1, 1], [2, 1, 0, 1, 1],
                                    [3, 0, 2, 0, 0], [1, 2, 1, 1, 1]])
def test_R41_R43_every_colour_fits_a_wide_display(counts: list[int]) -> None:
    shown = lines(counts, 3)
    assert len(shown) <= 2 and all(len(row) <= 7 for row in shown), shown
    letters = "".join(c for c in "".join(shown) if c.isalpha())
    assert letters == "".join(L for L, n in zip("BYRKW", counts) if n)


@pytest.mark.parametrize("counts", [[2, 1, 1, 1, 0], [1, 1, 1, 1, 1]])
def test_R41_R43_every_colour_fits_a_narrow_display(counts: list[int]) -> None:
    shown = lines(counts, 2)
    assert all(len(row) <= 4 for row in shown), shown  # three rows for five colours
    letters = "".join(c for c in "".join(shown) if c.isalpha())
    assert letters == "".join(L for L, n in zip("BYRKW", counts) if n)
