"""The terminal game fixed (#13 part 3): undo and "Last moves", the moves panel follows the game,
no stale step at a round change, Enter after a refused key, refusals cleared, the key bar shows
the keys that work now, the chocolatier status line speaks of boxes."""

from __future__ import annotations

import asyncio

import pytest
from tui_keys import keys_for, pick, settle

from azulejos.play import Match, Seat
from azulejos.play.words import Words
from azulejos.render.themes import get_theme
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.game import GameScreen


def app_for(seats: list[Seat], size_lang: str = "en", theme: str = "classic", seed: int = 21,
            **kw: object) -> AzulejosApp:
    return AzulejosApp(Setup(seats=seats, seed=seed, lang=size_lang, theme=theme), bot_delay=0,
                       tiling_delay=0, skip_setup=True, **kw)  # type: ignore[arg-type]


def keybar(screen: GameScreen) -> str:
    return str(screen.query_one("#keys").render())


def test_undo_takes_the_moves_out_of_last_moves() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Easy bot", "easy")])
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("right", "down", "enter")
            await settle(pilot, app)
            assert len(screen.recent) == 2
            await pilot.press("right", "down", "enter")
            await settle(pilot, app)
            assert len(screen.recent) == 4
            await pilot.press("u")
            await settle(pilot, app)
            assert len(screen.match.log) == 2 and [i for i, _t in screen.recent] == [0, 1]
            shown = str(screen.query_one("#recent").render())
            assert screen.recent[-1][1].split()[0] in shown
            await pilot.press("u")
            await settle(pilot, app)
            assert screen.recent == [] and "Welcome" in str(screen.query_one("#recent").render())
    asyncio.run(go())


def test_the_moves_panel_follows_the_latest_move() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea"), Seat("Cai")])
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for _ in range(8):
                move = pick(screen.match.state.legal_moves())
                await pilot.press(*keys_for(move, app.words.theme.symbols))
                await pilot.pause()
            await pilot.pause(0.1)
            box = screen.query_one("#log-box")
            assert box.max_scroll_y > 0 and box.scroll_y == box.max_scroll_y
            await pilot.press("u")  # hot-seat: takes back the last person's move
            while screen.match.log:
                await pilot.press("u")
                await pilot.pause()
            await pilot.pause(0.1)
            assert box.scroll_y == 0  # a short log again: back at the top, title in view
    asyncio.run(go())


def test_no_step_of_the_last_move_stays_after_a_round_change() -> None:
    async def go() -> None:
        m = Match.new([Seat("Ana"), Seat("Bea")], seed=3)
        # before the last move of a round one group (place, colour) is left
        while len({(mv.source, mv.colour) for mv in m.state.legal_moves()}) > 1:
            m.play(pick(m.state.legal_moves()))
        assert m.state.round == 1
        app = app_for([Seat("Ana"), Seat("Bea")], match=m)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            last = m.state.legal_moves()[0]
            await pilot.press(*keys_for(last, app.words.theme.symbols)[:-1])
            assert "Step 3 of 3" in str(screen.query_one("#prompt").render())
            await pilot.press("enter")
            await pilot.pause()
            prompt = str(screen.query_one("#prompt").render())
            assert "Step 3" not in prompt and "Step 2" not in prompt
            assert (screen.source, screen.colour, screen.dest) == (None, None, None)
    asyncio.run(go())


def test_enter_after_a_refused_line_plays_the_preview_and_clears_the_refusal() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")])
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("1", "b", "1", "enter")  # Ana fills pattern line 1 with blue
            await pilot.press("2", "right", "down", "enter")  # Bea
            await pilot.press("right", "down")  # Ana previews line 2 of some colour
            chosen = screen.current_move()
            assert chosen is not None and chosen.destination == 1
            await pilot.press("1")  # line 1 is full: refused
            assert "cannot take" in screen.message and screen.current_move() == chosen
            await pilot.press("z", "9")  # keys that mean nothing here change nothing
            assert screen.current_move() == chosen
            await pilot.press("up", "down")  # a legal choice: the refusal goes away
            assert screen.message == ""
            await pilot.press("1")
            assert screen.message
            await pilot.press("enter")
            assert screen.match.log[-1].move == chosen and screen.message == ""
    asyncio.run(go())


def test_enter_at_step_two_keeps_the_chosen_place() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")])
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press("3", "z", "enter")
            assert screen.source == 2 and screen.colour is not None
    asyncio.run(go())


def test_the_key_bar_shows_the_keys_that_work_now() -> None:
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea"), Seat("Cai")])
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            bar = keybar(screen)
            assert "1–7 C" in bar and "Enter" not in bar and "Esc" not in bar and "undo" not in bar
            await pilot.press("1")
            bar = keybar(screen)
            letters = "/".join(app.words.symbol(k) for s, k in screen.groups() if s == 0)
            assert f"{letters} colour" in bar and "Esc back" in bar and "Enter" not in bar
            await pilot.press("down", "down")
            assert "Enter play" in keybar(screen)
            await pilot.press("enter")
            assert "u undo" in keybar(screen)
    asyncio.run(go())


def test_the_game_over_key_bar_has_no_move_keys() -> None:
    async def go() -> None:
        m = Match.new([Seat("Ana", "easy"), Seat("Bea", "easy")], seed=2)
        while not m.is_over:
            v, mv = m.choose_bot_move()
            m.play_bot_move(v, mv)
        app = app_for([Seat("Ana"), Seat("Bea")], match=m)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("v")  # from the results back to the table
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            bar = keybar(screen)
            assert "Enter results" in bar
            for gone in ("play", "undo", "Esc", "hint", "source", "1–5"):
                assert gone not in bar, (gone, bar)
    asyncio.run(go())


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
def test_the_chocolatier_status_line_names_the_boxes(lang: str) -> None:
    classic, choc = Words(lang, get_theme("classic")), Words(lang, get_theme("chocolatier"))
    for key in ("coloured wall", "grey wall", "colour key", "line key"):
        assert choc.phrase(key) != classic.phrase(key) or key == "line key" and lang in ("uk", "ru")
    assert choc.phrase("coloured wall") != choc.phrase("grey wall")

    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")], lang, "chocolatier")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            status = str(app.screen.query_one("#status").render())
            assert choc.phrase("coloured wall") in status and classic.phrase("coloured wall") not in status
    asyncio.run(go())


@pytest.mark.parametrize("theme", ["classic", "chocolatier"])
def test_no_key_means_two_things(theme: str) -> None:
    letters = [s.lower() for s in get_theme(theme).symbols]
    keys = letters + ["c", "f", "u", "i", "s", "q", "x", "v", "n"]
    assert len(set(keys)) == len(keys)


def test_chocolatier_letters_are_the_keys_and_the_moves_panel_letters() -> None:
    """Caramel is Y, the notation's letter (issue 31 item 5): typed, drawn, previewed and
    written in the moves panel as in the plain mode and the records."""
    async def go() -> None:
        app = app_for([Seat("Ana"), Seat("Bea")], "en", "chocolatier")
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            move = next(m for m in screen.match.state.legal_moves()
                        if m.colour == 1 and m.source < 5 and m.destination == 1)
            keys = keys_for(move, app.words.theme.symbols)
            assert keys[1] == "y"
            await pilot.press(*keys[:-1])
            text = f"{move.source + 1}Y2"
            assert text == move.text()
            assert text in str(screen.query_one("#prompt").render())
            assert "Y" in str(screen.query_one(f"#factory-{move.source}").render())
            await pilot.press("enter")
            assert screen.match.log[-1].move == move
            assert f"[{text}]" in str(screen.query_one("#log").render())
    asyncio.run(go())
