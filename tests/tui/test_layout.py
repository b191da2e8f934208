"""The table fits the window (#13 part 3): 2, 3 and 4 players from 80 × 24 up, in every language;
below that the game says so. Text-level checks of the widgets' places (the snapshots in
``test_snapshots.py`` show one language per size)."""

from __future__ import annotations

import asyncio

import pytest
from textual.geometry import Region
from textual.widget import Widget

from azulejos.play import Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.game import GameScreen
from azulejos.tui.layout import BOARD_WIDTH, LOG_MIN, MIN_SIZE, SIDE, table_layout

NAMES = ["Ana", "Bea", "Cai", "Dan"]
LANGS = ["en", "uk", "ru", "fr"]


def app_for(players: int, lang: str = "en", theme: str = "classic") -> AzulejosApp:
    setup = Setup(seats=[Seat(n) for n in NAMES[:players]], seed=21, lang=lang, theme=theme)
    return AzulejosApp(setup, bot_delay=0, tiling_delay=0, skip_setup=True)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (200, 24), (80, 60)])
def test_the_chosen_boards_fit_the_width(players: int, size: tuple[int, int]) -> None:
    lay = table_layout(*size, players)
    assert lay.fits
    width = BOARD_WIDTH[lay.focus_size] + 1 + (players - 1) * (BOARD_WIDTH[lay.other_size] + 1)
    if lay.compact:
        assert lay.others_per_row == players - 1  # one row of boards
        assert width + SIDE + (LOG_MIN if lay.show_log else 0) <= size[0]


def test_below_the_minimum_the_table_does_not_fit() -> None:
    w, h = MIN_SIZE
    for players in (2, 3, 4):
        assert not table_layout(w - 1, h, players).fits
        assert not table_layout(w, h - 1, players).fits
        assert table_layout(w, h, players).fits


def inside(widget: Widget, screen: Region) -> bool:
    return widget.display and screen.contains_region(widget.region)


@pytest.mark.parametrize("lang", LANGS)
def test_every_part_of_the_table_is_on_screen(lang: str) -> None:
    """Every factory, the centre, every board, the prompt and a one-line key bar, in 2/3/4-player
    games at 80 × 24 and 120 × 40 (the widgets' regions, not pixels)."""
    async def go() -> None:
        for players in (2, 3, 4):
            for size in ((80, 24), (120, 40)):
                app = app_for(players, lang, "chocolatier" if players == 3 else "classic")
                async with app.run_test(size=size) as pilot:
                    await pilot.pause()
                    screen = app.screen
                    assert isinstance(screen, GameScreen)
                    whole = screen.region
                    parts = [f"#factory-{f}" for f in range(2 * players + 1)] + ["#centre"]
                    parts += ["#focus-board", "#prompt", "#keys", "#status"]
                    parts += [f"#other-{i}" for i in range(players - 1)]
                    for sel in parts:
                        w = screen.query_one(sel)
                        assert inside(w, whole), (lang, players, size, sel, w.region)
                    boards = [screen.query_one(s).region for s in parts if "board" in s or "other" in s]
                    for i, a in enumerate(boards):  # side by side, never on top of each other
                        assert not any(a.overlaps(b) for b in boards[i + 1:])
                    assert screen.query_one("#keys").region.height == 1, (lang, players, size)
                    assert screen.query_one("#status").region.height <= 2
                    if size == (120, 40) or players == 2:  # the moves panel
                        assert inside(screen.query_one("#log-box"), whole)
    asyncio.run(go())


def test_too_small_a_window_says_so_and_offers_plain_mode() -> None:
    async def go() -> None:
        app = app_for(3, "uk")
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            note = screen.query_one("#too-small")
            assert note.display and "--plain" in str(note.render()) and "80×24" in str(note.render())
            assert not screen.query_one("#market").display or not screen.query_one("#factory-0").region
            await pilot.press("1")  # no blind moves on a hidden table
            assert screen.source is None
            keys = str(screen.query_one("#keys").render())
            assert "1–7" not in keys and "q" in keys
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert not note.display or not note.region
            assert inside(screen.query_one("#factory-6"), screen.region)
            assert inside(screen.query_one("#other-1"), screen.region)
    asyncio.run(go())


def test_a_resize_under_a_dialog_is_applied_when_the_table_comes_back() -> None:
    async def go() -> None:
        app = app_for(4, "ru")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen) and not screen.layout_now.compact
            await pilot.press("question_mark")
            await pilot.pause()
            assert app.screen is not screen
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and screen.layout_now.compact
            for sel in ("#factory-8", "#centre", "#other-2"):
                assert inside(screen.query_one(sel), screen.region), sel
    asyncio.run(go())


def test_status_line_stays_one_line_at_80_columns() -> None:
    """A long status (a 24-letter name, the grey wall, in Ukrainian) used to wrap onto a second
    line and push the whole table down; it now ends in an ellipsis."""
    import asyncio

    from azulejos.core import Ruleset
    from azulejos.play import Seat
    from azulejos.tui import AzulejosApp, Setup

    name = "Олександра Бондаренко-Ко"
    assert len(name) == 24

    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat(name), Seat("Bea"), Seat("Cy"), Seat("Di")],
                                rules=Ruleset(4, "grey"), lang="uk", seed=4),
                          bot_delay=0, tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            status = app.screen.query_one("#status")
            assert name in str(status.render())  # the text is long enough to overflow
            assert status.region.height == 1
            assert app.screen.query_one("#market").region.y == 1
    asyncio.run(go())


def test_key_bar_names_the_keys_as_the_prompt_does_and_stays_one_line() -> None:
    """French prompts say "[Entrée]"; the key bar said "Enter". Named in French, the keys are
    measured as shown, so the bar still fits one line of 80 columns."""
    import asyncio

    from azulejos.play import Seat
    from azulejos.tui import AzulejosApp, Setup

    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Bea")], lang="fr", seed=8),
                          bot_delay=0, tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("1", "right", "enter")  # a factory, a colour: a line to play
            await pilot.pause()
            bar = app.screen.query_one("#keys")
            text = str(bar.render())
            assert "Entrée jouer" in text and "Échap retour" in text and "Enter" not in text
            assert bar.region.height == 1
    asyncio.run(go())
