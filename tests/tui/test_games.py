"""Whole games played by keys in the Textual app (Pilot)."""

from __future__ import annotations

import asyncio

import pytest
from tui_keys import play_to_end

from azulejos.play import Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.end import EndScreen

SIZE = (120, 40)


def make_app(seats: list[Seat], **kw: object) -> AzulejosApp:
    variant = str(kw.pop("variant", "coloured"))
    theme = str(kw.pop("theme", "classic"))
    setup = Setup(seats=seats, variant=variant, theme=theme, seed=int(kw.pop("seed", 7)))
    return AzulejosApp(setup, bot_delay=0, tiling_delay=0, skip_setup=True, **kw)  # type: ignore[arg-type]


@pytest.mark.slow  # about 25 s: Pilot waits for the app to be idle after every key
def test_hot_seat_two_people_play_a_whole_game_by_keys() -> None:
    async def go() -> None:
        app = make_app([Seat("Ana"), Seat("Bea")])
        async with app.run_test(size=SIZE) as pilot:
            turns = await play_to_end(pilot, app)
            st = app.match.state  # type: ignore[union-attr]
            assert st.is_over  # R23
            assert turns == len(app.match.log)  # type: ignore[union-attr]
            assert isinstance(app.screen, EndScreen)
    asyncio.run(go())


def test_person_against_a_bot_to_the_end_in_chocolatier_theme() -> None:
    async def go() -> None:
        app = make_app([Seat("Ana"), Seat("Easy bot", "easy")], theme="chocolatier", seed=3)
        async with app.run_test(size=SIZE) as pilot:
            turns = await play_to_end(pilot, app)
            m = app.match
            assert m is not None and m.is_over
            people = sum(1 for p in m.log if p.seat == 0)
            assert turns == people and len(m.log) > people  # the bot moved too
    asyncio.run(go())


@pytest.mark.slow  # about 30 s
def test_grey_wall_game_with_column_choices_by_keys_R30_R33() -> None:
    async def go() -> None:
        app = make_app([Seat("Ana"), Seat("Bea")], variant="grey", seed=11)
        async with app.run_test(size=SIZE) as pilot:
            await play_to_end(pilot, app)
            m = app.match
            assert m is not None and m.is_over
            assert any(not p.move.is_draft for p in m.log)  # columns were chosen (R33)
    asyncio.run(go())
