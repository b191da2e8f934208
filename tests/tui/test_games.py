"""Whole games played by keys in the Textual app (Pilot)."""

from __future__ import annotations

import asyncio

import pytest
from tui_keys import pick, play_to_end

from azulejos.core import FLOOR, Move, Ruleset, State
from azulejos.play import Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.end import EndScreen

SIZE = (120, 40)


def make_app(seats: list[Seat], **kw: object) -> AzulejosApp:
    variant = str(kw.pop("variant", "coloured"))
    theme = str(kw.pop("theme", "classic"))
    rules = Ruleset(len(seats), variant, special_factories=bool(kw.pop("special_factories", False)))
    setup = Setup(seats=seats, rules=rules, theme=theme, seed=int(kw.pop("seed", 7)))
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


def sf_pick(state: State) -> Move:
    """Prefer an SF4 split and an SF5 draft when there is one, so that the game asks for
    both through the UI; else the usual choice."""
    moves = state.legal_moves()
    for m in moves:
        if m.split and m.destination != FLOOR:
            return m
    for m in moves:
        if m.is_draft and state.specials.get(m.source) == "SF5" and m.destination != FLOOR:
            return m
    return pick(moves)


def test_R40_R47_special_factories_whole_game_by_keys_with_SF4_sides_and_SF5() -> None:
    async def go() -> None:
        app = make_app([Seat("Ana"), Seat("Bea")], special_factories=True, seed=4)
        sf5_drafts: list[Move] = []

        def chooser(state: State) -> Move:
            move = sf_pick(state)
            if move.is_draft and state.specials.get(move.source) == "SF5":
                sf5_drafts.append(move)
            return move
        async with app.run_test(size=SIZE) as pilot:
            turns = await play_to_end(pilot, app, chooser=chooser)
            m = app.match
            assert m is not None and m.is_over and m.state.ruleset.special_factories
            assert turns == len(m.log)
            splits = [p.move for p in m.log if p.move.split]
            assert splits, "no SF4 split was chosen through the UI (R43)"
            assert any(len(p.move.directions) > 1 for p in m.log), "one side asked per colour"
            assert sf5_drafts, "no SF5 was drafted (R44)"
            assert isinstance(app.screen, EndScreen)
    asyncio.run(go())
