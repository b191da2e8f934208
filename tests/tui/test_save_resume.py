"""Save a game from the app, resume it from the record, and finish it by keys."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tui_keys import keys_for, pick, play_to_end, settle

from azulejos.notation import load_record, replay
from azulejos.play import Match, Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.dialogs import SaveScreen
from azulejos.tui.game import GameScreen


def test_save_then_resume_and_finish_the_game(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"

    async def first_half() -> list[str]:
        setup = Setup(seats=[Seat("Ana"), Seat("Easy bot", "easy")], seed=5)
        app = AzulejosApp(setup, bot_delay=0, tiling_delay=0, skip_setup=True, save_dir=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            for _ in range(6):  # six of Ana's moves, by keys
                await settle(pilot, app)
                if not isinstance(app.screen, GameScreen):
                    await pilot.press("enter")  # close the tiling display
                    await settle(pilot, app)
                m = app.match
                assert m is not None
                await pilot.press(*keys_for(pick(m.state.legal_moves()), app.words.theme.symbols))
            await settle(pilot, app)
            if not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
            await pilot.press("s")
            assert isinstance(app.screen, SaveScreen)
            box = app.screen.query_one("#save-path")
            box.value = str(path)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            assert app.match is not None
            return [p.move.text() for p in app.match.log]

    played = asyncio.run(first_half())
    record = load_record(path)
    assert replay(record).history  # a valid azulejos-record/1 (docs/notation.md)
    assert record.extra["seats"][1]["bot"] == "easy"
    assert sum(len(r.moves) for r in record.rounds) == len(played)

    async def second_half() -> None:
        match = Match.from_record(load_record(path))
        assert [p.move.text() for p in match.log] == played
        app = AzulejosApp(Setup(), match=match, bot_delay=0, tiling_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await play_to_end(pilot, app)
            assert match.is_over
            assert [p.move.text() for p in match.log][: len(played)] == played

    asyncio.run(second_half())


def test_save_to_a_bad_path_shows_an_error_and_keeps_the_game(tmp_path: Path) -> None:
    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Bea")], seed=1), bot_delay=0,
                          tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("s")
            box = app.screen.query_one("#save-path")
            box.value = str(tmp_path / "no" / "such" / "dir" / "x.json")  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SaveScreen)
            err = str(app.screen.query_one("#save-error").render())
            assert "Could not save: that folder does not exist; give a file in an existing " \
                "folder." in err.replace("\n", " ")
            await pilot.press("escape")
            assert isinstance(app.screen, GameScreen)
            assert app.match is not None and app.match.log == []
    asyncio.run(go())


def test_save_error_is_in_the_game_language(tmp_path: Path) -> None:
    """The system's English reason ("No such file or directory") is not shown in a uk game."""
    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Bea")], seed=1, lang="uk"),
                          bot_delay=0, tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("s")
            box = app.screen.query_one("#save-path")
            box.value = str(tmp_path / "no" / "x.json")  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            err = str(app.screen.query_one("#save-error").render()).replace("\n", " ")
            assert "Не вдалося зберегти: такої теки немає" in err and "No such" not in err
    asyncio.run(go())
