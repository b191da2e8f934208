"""Mouse input, undo, hint, legal-only choices, the new-game screen and the rules screen."""

from __future__ import annotations

import asyncio

from tui_keys import settle

from azulejos.core import FLOOR
from azulejos.play import Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.dialogs import RulesScreen
from azulejos.tui.game import GameScreen
from azulejos.tui.newgame import NewGameScreen


def app_for(seats: list[Seat], seed: int = 21, **kw: object) -> AzulejosApp:
    return AzulejosApp(Setup(seats=seats, seed=seed), bot_delay=0, tiling_delay=0,
                       skip_setup=True, **kw)  # type: ignore[arg-type]


def test_mouse_click_tile_then_line_twice_plays_the_move() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")])
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.click("#factory-0", offset=(3, 1))  # first tile of factory 1
            await pilot.pause()
            assert screen.source == 0 and screen.colour is not None
            colour = screen.colour
            await pilot.click("#focus-board", offset=(3, 2))  # the label of pattern line 1
            await pilot.pause()
            assert screen.dest == 0
            assert screen.match.log == []  # a first click only previews
            await pilot.click("#focus-board", offset=(3, 2))
            await pilot.pause()
            played = screen.match.log[0].move
            assert (played.source, played.colour, played.destination) == (0, colour, 0)
    asyncio.run(go())


def test_only_legal_destinations_are_offered_R15() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")])
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("right")
            legal = {m.destination for m in screen.match.state.legal_moves()
                     if (m.source, m.colour) == (screen.source, screen.colour)}
            assert set(screen.dests()) == legal and FLOOR in legal
            before = len(screen.match.log)
            await pilot.press("9")  # no factory 9 with two players: ignored
            assert len(screen.match.log) == before
    asyncio.run(go())


def test_undo_against_a_bot_by_key() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Easy bot", "easy")])
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            start = screen.match.state.copy()
            await pilot.press("right", "down", "enter")
            await settle(pilot, app)
            assert len(screen.match.log) == 2  # Ana and the bot
            await pilot.press("u")
            await settle(pilot, app)
            assert screen.match.log == [] and screen.match.state == start
            assert "Taken back" in screen.message
    asyncio.run(go())


def test_hint_preselects_a_legal_move() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")])
        app.hint_seconds = 0.2
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("i")
            await settle(pilot, app)
            move = screen.current_move()
            assert move is not None and screen.match.state.is_legal(move)
            assert screen.message.startswith("Hint:")
            assert "Why: " in screen.message  # the reasons, in words
            await pilot.press("enter")
            assert screen.match.log[0].move == move
    asyncio.run(go())


def test_new_game_screen_starts_a_three_player_game_with_a_bot() -> None:
    async def go() -> None:
        app = AzulejosApp(Setup(seed=3), bot_delay=0, tiling_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            screen.query_one("#players").value = 3  # type: ignore[attr-defined]
            screen.query_one("#kind-2").value = "hard"  # type: ignore[attr-defined]
            screen.query_one("#name-0").value = "Olena"  # type: ignore[attr-defined]
            screen.query_one("#variant").value = "grey"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.click("#start")
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            m = game.match
            assert m.names[0] == "Olena" and [s.bot for s in m.seats] == [None, "medium", "hard"]
            assert m.state.variant.value == "grey" and m.seed == 3
    asyncio.run(go())


def test_duplicate_names_are_refused_with_a_message() -> None:
    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Ana")]), bot_delay=0, tiling_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert "same name" in str(app.screen.query_one("#newgame-error").render())
    asyncio.run(go())


def test_rules_screen_opens_and_closes() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")])
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            text = app.screen.query_one("#rules-text").source  # type: ignore[attr-defined]
            assert "floor" in text and len(text) > 200  # the guide's recap, not an empty page
            await pilot.press("5", "escape")
            assert isinstance(app.screen, GameScreen)
    asyncio.run(go())


def test_R40_rules_screen_lists_and_opens_the_special_displays_section() -> None:
    """The guide's section on the special factory displays (R40-R47) is in the rules menu."""
    from azulejos.guide import get_section

    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")])
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            tabs = str(screen.query_one("#rules-tabs").render())
            assert "6 Special displays" in tabs
            await pilot.press("6")
            await pilot.pause()
            assert screen.section == "specials"
            text = screen.query_one("#rules-text").source  # type: ignore[attr-defined]
            assert text == get_section("specials", "en") and "--special-factories" in text
    asyncio.run(go())


def test_new_game_screen_shows_default_names_in_the_language() -> None:
    """`azulejos play --lang uk` must not prefill the English "Player 1": the field is empty with
    the name in Ukrainian as its placeholder, and the seat is still the default player."""
    async def go() -> None:
        app = AzulejosApp(Setup(lang="uk", seed=3), bot_delay=0, tiling_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            field = screen.query_one("#name-0")
            assert field.value == "" and field.placeholder == "Гравець 1"  # type: ignore[attr-defined]
            seed_label = [w for w in screen.query(".label") if str(w.render()).startswith("Зерно")]
            assert [w.size.height for w in seed_label] == [1]  # the longest label is not wrapped
            # the whole form fits 80 × 24: its first row was scrolled out of sight
            assert screen.has_class("short")
            assert screen.query_one("#players").region.y >= 0
            assert screen.query_one("#start").region.bottom <= 23
            assert screen.query_one("#newgame").scroll_offset.y == 0  # type: ignore[attr-defined]
            assert screen.read().seats[0].name == "Player 1"
    asyncio.run(go())


def test_rules_screen_has_the_chocolatier_words() -> None:
    """A game in the chocolatier theme shows candies and showcases: the rules screen offers the
    guide's section that maps them onto the rules' words (the rules are the same, R1-R36)."""
    from azulejos.guide import get_section

    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Bea")], seed=2, theme="chocolatier",
                                lang="ru"), bot_delay=0, tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            assert "7 Мастер-шоколатье" in str(screen.query_one("#rules-tabs").render())
            await pilot.press("7")
            await pilot.pause()
            assert screen.section == "chocolatier"
            text = screen.query_one("#rules-text").source  # type: ignore[attr-defined]
            assert text == get_section("chocolatier", "ru") and "конфета" in text
    asyncio.run(go())


def test_new_game_screen_allows_two_bots_of_one_level() -> None:
    """Two medium bots were refused with "make the names different", which a bot seat cannot
    do; they now start as "Medium bot" and "Medium bot 2" (shown in the game's language)."""
    async def go() -> None:
        app = AzulejosApp(Setup(seed=3, lang="fr"), bot_delay=0, tiling_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            screen.query_one("#players").value = 3  # type: ignore[attr-defined]
            screen.query_one("#kind-2").value = "medium"  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.click("#start")
            await pilot.pause()
            game = app.screen
            assert isinstance(game, GameScreen)
            assert [s.name for s in game.match.seats][1:] == ["Medium bot", "Medium bot 2"]
            assert game.names[1:] == ["Bot moyen", "Bot moyen 2"]
            # the name says it is a bot: no "bot: medium" after it, even on a narrow board
            assert game.seat_title(2, 0) == "Bot moyen 2"
    asyncio.run(go())
