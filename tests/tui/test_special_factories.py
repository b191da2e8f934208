"""The Master Chocolatier special factory displays (R40-R47) in the Textual app: the new-game
screen's choice, the table's badges and legend, the held SF5 beside its floor line, the SF4
step, and the replay viewer reading module records."""

from __future__ import annotations

import asyncio

from azulejos.core import Ruleset
from azulejos.notation import replay
from azulejos.play import Match, Seat
from azulejos.play.words import Words
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.game import GameScreen
from azulejos.tui.newgame import NewGameScreen
from azulejos.tui.replay import ReplayScreen, frames

SIZE = (120, 40)
SF = Ruleset(2, special_factories=True)


def bots_game(seed: int = 3) -> Match:
    m = Match.new([Seat("Ana", "easy"), Seat("Bea", "easy")], SF, seed)
    while not m.is_over:
        v, mv = m.choose_bot_move()
        m.play_bot_move(v, mv)
    return m


def test_R46_replay_viewer_replays_a_module_record_as_notation_replay_does() -> None:
    m = bots_game()
    rec = m.record()
    fr = frames(rec, Words("en"))
    assert fr[-1].state.scores == replay(rec).scores == m.state.scores
    fills = [f for f in fr if f.move is None]
    assert len(fills) == len(rec.rounds)
    assert all("Special factories: " in f.text for f in fills)  # R40: named every round


def test_R46_replay_viewer_opens_a_module_record_and_steps_through_it() -> None:
    rec = bots_game(5).record()

    async def go() -> None:
        app = AzulejosApp(Setup(), replay=rec)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            specials = screen.frames[0].state.specials
            f = min(specials)
            assert screen.query_one(f"#factory-{f}").border_subtitle == specials[f]
            await pilot.press("end")
            await pilot.pause()
            assert screen.index == len(screen.frames) - 1
    asyncio.run(go())


def test_new_game_screen_offers_the_special_factories() -> None:
    async def go() -> None:
        app = AzulejosApp(Setup(seed=3), bot_delay=0, tiling_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            screen.query_one("#special-factories").value = True  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.click("#start")
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            assert game.match.state.ruleset.special_factories
            assert len(game.match.state.specials) == 2  # R40: n specials for n players
    asyncio.run(go())


def test_R40_R44_badges_legend_and_the_held_SF5_beside_its_floor() -> None:
    async def go() -> None:
        # seed 4: display 4 is SF4 and display 5 is SF5 in round 1
        app = AzulejosApp(Setup([Seat("Ana"), Seat("Bea")], SF, seed=4), bot_delay=0,
                          tiling_delay=0, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            st = screen.match.state
            assert st.specials == {3: "SF4", 4: "SF5"}
            assert screen.query_one("#factory-3").border_subtitle == "SF4"
            assert screen.query_one("#factory-3").has_class("special")
            legend = str(screen.query_one("#legend").render())
            assert "SF4" in legend and "left or right" in legend and "SF5" in legend
            # take SF5's black tile to line 1: the others go to the centre and SF5 to Ana
            await pilot.press("5", "k", "1")
            await pilot.pause()
            prompt = str(screen.query_one("#prompt").render())
            assert "goes beside the floor line as a penalty-free space" in prompt  # R44
            await pilot.press("enter")
            await pilot.pause()
            assert st.sf5_holder == 0
            boards = str(screen.query_one("#other-0").render()) + str(
                screen.query_one("#focus-board").render())
            assert "SF5" in boards
            assert "→ Ana" in str(screen.query_one("#factory-4").render())
    asyncio.run(go())


def test_R43_SF4_step_escape_takes_back_a_side() -> None:
    async def go() -> None:
        app = AzulejosApp(Setup([Seat("Ana"), Seat("Bea")], SF, seed=4), bot_delay=0,
                          tiling_delay=0, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("4", "k")  # display 4 (SF4): B K K W, black leaves blue and white
            await pilot.pause()
            assert screen.splitting() and screen.dests() == []
            assert "Where does 1 blue tile go? < factory 3 or > factory 5" in str(
                screen.query_one("#prompt").render())
            await pilot.press("enter")  # Enter does not skip the question
            await pilot.pause()
            assert screen.splitting() and (screen.source, screen.colour) == (3, 3)
            await pilot.press("greater_than_sign")
            await pilot.press("escape")  # the blue tile's side is asked again
            await pilot.pause()
            assert screen.sides == []
            await pilot.press("less_than_sign", "right", "2")
            await pilot.pause()
            prompt = str(screen.query_one("#prompt").render())
            assert "1 blue tile goes to factory 3" in prompt
            assert "1 white tile goes to factory 5" in prompt
            await pilot.press("enter")
            await pilot.pause()
            assert screen.match.log[0].move.text() == "4K2/<>"
    asyncio.run(go())


def test_R43_a_hinted_SF4_split_is_shown_with_its_sides_and_played_by_Enter() -> None:
    from azulejos.core import parse_move

    async def go() -> None:
        app = AzulejosApp(Setup([Seat("Ana"), Seat("Bea")], SF, seed=4), bot_delay=0,
                          tiling_delay=0, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            move = parse_move("4K3/><")
            screen.show_hint(screen.match.version, move)
            await pilot.pause()
            assert screen.sides == [True, False] and not screen.splitting()
            prompt = str(screen.query_one("#prompt").render())
            assert "1 blue tile goes to factory 5" in prompt
            assert "1 white tile goes to factory 3" in prompt
            await pilot.press("enter")
            await pilot.pause()
            assert screen.match.log[0].move == move
    asyncio.run(go())
