"""Snapshots of the main screens in each theme (pytest-textual-snapshot).

Update them after an intended change with ``pytest tests/tui --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from azulejos.notation import record_of
from azulejos.play import Match, Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.end import EndScreen
from azulejos.tui.tiling import TilingScreen

SIZE = (120, 40)
THEMES = ["classic", "chocolatier"]


def app_for(theme: str, *, new_game: bool = False, contrast: bool = False,
            seats: list[Seat] | None = None, lang: str = "en", **kw: Any) -> AzulejosApp:
    setup = Setup(seats=seats or [Seat("Ana"), Seat("Medium bot", "medium")], theme=theme,
                  seed=21, high_contrast=contrast, lang=lang)
    return AzulejosApp(setup, bot_delay=0, tiling_delay=0, skip_setup=not new_game, **kw)


def finished_match(seed: int = 2) -> Match:
    m = Match.new([Seat("Ana", "easy"), Seat("Bea", "easy")], seed=seed)
    while not m.is_over:
        v, mv = m.choose_bot_move()
        m.play_bot_move(v, mv)
    return m


@pytest.mark.parametrize("theme", THEMES)
def test_new_game_screen(snap_compare: Any, theme: str) -> None:
    assert snap_compare(app_for(theme, new_game=True), terminal_size=SIZE)


@pytest.mark.parametrize("theme", THEMES)
def test_table_with_a_previewed_move(snap_compare: Any, theme: str) -> None:
    # factory 1 holds ... ; choose its first colour and preview line 1 (overflow to the floor)
    async def choose(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("right", "down")
        await pilot.pause()
    assert snap_compare(app_for(theme), terminal_size=SIZE, run_before=choose)


# The table at the smallest usable size and at the full size, 2/3/4 players, one language per
# size (the longest, French, in the compact layout; Ukrainian at 120 x 40); test_layout.py checks
# every language at both sizes by the widgets' places.
MATRIX = [((80, 24), "fr", "chocolatier"), ((120, 40), "uk", "classic")]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("size", "lang", "theme"), MATRIX, ids=["80x24-fr", "120x40-uk"])
def test_table_sizes(snap_compare: Any, size: tuple[int, int], lang: str, theme: str,
                     players: int) -> None:
    seats = [Seat(n) for n in ["Ana", "Bea", "Cai", "Dan"][:players]]

    async def choose(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("right", "down")
        await pilot.pause()
    assert snap_compare(app_for(theme, seats=seats, lang=lang), terminal_size=size,
                        run_before=choose)


def test_table_high_contrast_four_players(snap_compare: Any) -> None:
    seats = [Seat("Ana"), Seat("Bea"), Seat("Cai"), Seat("Dan")]
    assert snap_compare(app_for("classic", contrast=True, seats=seats), terminal_size=SIZE)


@pytest.mark.parametrize("theme", THEMES)
def test_tiling_screen(snap_compare: Any, theme: str) -> None:
    m = Match.new([Seat("Ana"), Seat("Bea")], seed=3)
    step = None
    while m.state.round == 1:
        step = m.play(m.state.legal_moves()[len(m.state.legal_moves()) // 3])
    assert step is not None and step.tiling is not None
    tiling = step.tiling

    async def show(pilot: Pilot[None]) -> None:
        await pilot.app.push_screen(TilingScreen(m, tiling))
        await pilot.pause()
    assert snap_compare(app_for(theme, match=m), terminal_size=SIZE, run_before=show)


@pytest.mark.parametrize("theme", THEMES)
def test_end_screen(snap_compare: Any, theme: str) -> None:
    m = finished_match()

    async def wait(pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert isinstance(pilot.app.screen, EndScreen)
    assert snap_compare(app_for(theme, match=m), terminal_size=SIZE, run_before=wait)


def test_replay_viewer(snap_compare: Any) -> None:
    rec = record_of(finished_match(4).state, names=["Ana", "Bea"])

    async def step(pilot: Pilot[None]) -> None:
        await pilot.press("down", "down", "right", "right", "right")
        await pilot.pause()
    assert snap_compare(app_for("classic", replay=rec), terminal_size=SIZE, run_before=step)


@pytest.mark.parametrize("theme", THEMES)
def test_table_with_special_factories(snap_compare: Any, theme: str) -> None:
    # R40-R44: seed 4 has SF4 on display 4 and SF5 on display 5. Ana drafts from SF5 (held
    # beside her floor line with a tile on it), then Bea takes black from SF4: the SF4 step
    # asks where the blue tile goes. Gold displays in the chocolatier theme.
    from azulejos.core import Ruleset
    from azulejos.render.themes import get_theme

    black = get_theme(theme).symbols[3].lower()  # the key of the black tile in this theme

    async def choose(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("5", black, "1", "enter")
        await pilot.pause()
        await pilot.press("4", black)
        await pilot.pause()
    app = app_for(theme, seats=[Seat("Ana"), Seat("Bea")])
    app.setup = Setup(seats=[Seat("Ana"), Seat("Bea")], rules=Ruleset(2, special_factories=True),
                      theme=theme, seed=4)
    assert snap_compare(app, terminal_size=SIZE, run_before=choose)


def test_table_with_special_factories_small_four_players(snap_compare: Any) -> None:
    # R40: four specials in the compact layout (80 x 24): narrow displays carry their names
    # under their tiles and the legend is one line per special display.
    from azulejos.core import Ruleset

    seats = [Seat(n) for n in ["Ana", "Bea", "Cai", "Dan"]]
    app = app_for("chocolatier", seats=seats, lang="fr")
    app.setup = Setup(seats=seats, rules=Ruleset(4, special_factories=True), theme="chocolatier",
                      lang="fr", seed=4)
    assert snap_compare(app, terminal_size=(80, 24))
