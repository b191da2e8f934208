"""The terminal game after a review in tmux: the wall-tiling fits 80 × 24 and scrolls, the next
round waits for it, the boards keep one order, the engine is prepared in the background, the
"too small" key bar, the welcome line, wide windows, the new-game labels."""

from __future__ import annotations

import asyncio
import random
import threading
import time

import pytest
from textual.geometry import Region
from tui_keys import keys_for, pick, settle

from azulejos.core import CENTRE, Move
from azulejos.play import Match, Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.game import GameScreen
from azulejos.tui.tiling import TilingScreen

NAMES = ["Ana", "Béa", "Cléo", "Dom"]


def last_move_of_game(players: int, seed: int = 7) -> tuple[Match, Move]:
    """A hot-seat match one move before the end of the game, and that move."""
    m = Match.new([Seat(n) for n in NAMES[:players]], seed=seed)
    rng = random.Random(seed)
    while True:
        moves = m.state.legal_moves()
        for mv in moves:
            st = m.state.copy()
            st.push(mv)
            if st.is_over:
                return m, mv
        # prefer pattern lines, so that rows fill and the game ends
        lines = [mv for mv in moves if not mv.is_draft or mv.destination < 5]
        m.play(rng.choice(lines or moves))


def screen_region(app: AzulejosApp) -> Region:
    return Region(0, 0, app.size.width, app.size.height)


@pytest.mark.parametrize(("players", "lang"), [(2, "en"), (4, "fr"), (4, "uk")])
def test_the_last_tiling_fits_80x24_and_scrolls_to_the_bonuses(players: int, lang: str) -> None:
    async def go() -> None:
        m, last = last_move_of_game(players)
        app = AzulejosApp(Setup(seats=list(m.seats), lang=lang), match=m, bot_delay=0,
                          tiling_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*keys_for(last, app.words.theme.symbols))
            await pilot.pause(0.2)
            screen = app.screen
            assert isinstance(screen, TilingScreen) and screen.tiling.game_over
            whole = screen_region(app)
            for p in range(players):  # every wall, side by side, inside the window
                wall = screen.query_one(f"#tiling-wall-{p}")
                assert whole.contains_region(wall.region), (p, wall.region)
            keys = screen.query_one("#tiling-keys")
            assert whole.contains_region(keys.region) and keys.region.height == 1
            box = screen.query_one("#tiling-events")
            assert whole.contains_region(box.region)
            # the newest line (the end of the game) is in view: the box is scrolled to its end
            assert box.max_scroll_y > 0 and box.scroll_y == box.max_scroll_y
            text = str(screen.query_one("#tiling-text").render())
            assert text.rstrip().splitlines()[-1].strip()  # the closing line, "Enter ..."
            # the bonuses were there, above: the arrows scroll back to them
            await pilot.press("home")
            await pilot.pause()
            assert box.scroll_y == 0
            await pilot.press("pagedown")
            await pilot.pause()
            assert box.scroll_y > 0
            assert isinstance(app.screen, TilingScreen)  # scrolling does not close it
    asyncio.run(go())


def test_the_next_round_and_its_bots_wait_for_the_tiling_screen() -> None:
    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Medium bot", "medium")], seed=1),
                          bot_delay=0.05, tiling_delay=10, skip_setup=True)
        async with app.run_test(size=(80, 24)) as pilot:
            game = app.screen
            assert isinstance(game, GameScreen)
            while not isinstance(app.screen, TilingScreen):  # never take the marker: the bot will
                await settle(pilot, app)
                if isinstance(app.screen, TilingScreen):
                    break
                moves = game.match.state.legal_moves()
                await pilot.press(*keys_for(pick([mv for mv in moves if mv.source != CENTRE] or moves),
                                            app.words.theme.symbols))
                await pilot.pause(0.05)
            assert game.match.is_bot_turn  # the bot starts round 2 ...
            played = len(game.match.log)
            await pilot.pause(0.5)
            # ... but not while round 1's tiling is on screen
            assert len(game.match.log) == played and not game.thinking and game.bot_choice is None
            status = str(game.query_one("#status").render())
            assert "round 1" in status.lower() and "Round 2" not in status, status
            await pilot.press("enter", "enter")
            await pilot.pause(0.02)
            assert isinstance(app.screen, GameScreen)
            await settle(pilot, app)
            assert len(game.match.log) > played  # now it moves
    asyncio.run(go())


def test_hot_seat_boards_turn_with_the_turn() -> None:
    """The board in focus is the player to move, the others follow in playing order."""
    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat(n) for n in NAMES], seed=4), bot_delay=0,
                          tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for _ in range(3):
                await pilot.pause()
                first = screen.match.state.current_player
                order = [str(screen.query_one("#focus-board").border_title)] + [
                    str(screen.query_one(f"#other-{i}").border_title) for i in range(3)]
                expect = [NAMES[(first + k) % 4] for k in range(4)]
                assert [o.removeprefix("▶ ") for o in order] == expect
                await pilot.press(*keys_for(pick(screen.match.state.legal_moves()),
                                            app.words.theme.symbols))
    asyncio.run(go())


def test_too_small_lists_only_the_keys_that_work() -> None:
    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Béa")], seed=4), bot_delay=0,
                          tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            await pilot.press(*keys_for(pick(screen.match.state.legal_moves()),
                                        app.words.theme.symbols))
            assert screen.match.can_undo()
            await pilot.resize_terminal(70, 20)
            await pilot.pause(0.1)
            keys = str(screen.query_one("#keys").render())
            assert "u " not in keys and "i " not in keys
            for key in ("s ", "? ", "x ", "q "):
                assert key in keys, keys
            await pilot.press("u")  # not listed, and does nothing
            await pilot.pause()
            assert len(screen.match.log) == 1
    asyncio.run(go())


def test_the_welcome_keeps_a_line_of_how_to_play_at_80x24() -> None:
    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Medium bot", "medium"),
                                       Seat("Easy bot", "easy")], seed=3, lang="uk"),
                          bot_delay=0, tiling_delay=0, skip_setup=True)
        app.setup.rules = app.setup.rules.replace(special_factories=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            recent = app.screen.query_one("#recent")
            whole = screen_region(app)
            visible = recent.region.intersection(app.screen.query_one("#table-left").region)
            assert visible.height >= 1 and whole.contains_region(visible)
            first = str(recent.render()).splitlines()[0]
            tip = app.words.phrase("welcome")
            assert tip.split()[0] in first and len(first.strip()) > 20, first
    asyncio.run(go())


@pytest.mark.parametrize("width", [160, 200])
def test_wide_windows_keep_the_table_together(width: int) -> None:
    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Medium bot", "medium")], seed=3),
                          bot_delay=0, tiling_delay=0, skip_setup=True)
        async with app.run_test(size=(width, 50)) as pilot:
            await pilot.pause()
            screen = app.screen
            centre = screen.query_one("#centre").region
            log = screen.query_one("#log-box").region
            assert centre.width <= 50, centre
            assert log.width <= 50, log
            # centred: about as much room on the left of the factories as right of the centre
            first = screen.query_one("#factory-0").region
            left, right = first.x, width - centre.right
            assert abs(left - right) <= 4, (left, right)
    asyncio.run(go())


class SlowPreparation:
    """A stand-in for the kernels' compile: runs until released."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1
        self.release.wait(20)


def test_hints_use_the_twin_while_the_engine_is_prepared(monkeypatch: pytest.MonkeyPatch) -> None:
    import azulejos.play.warmup as engine_module
    import azulejos.tui.game as game_module
    from azulejos.play import hint as real_hint

    monkeypatch.setattr(engine_module, "NOTE_AFTER", 0.1)
    asked: list[bool] = []

    def spy(state: object, seconds: float = 1.0, kernels: bool = True) -> object:
        asked.append(kernels)
        # the twin: the pure-Python search (the real one loads no kernel then)
        return real_hint(state, seconds, kernels=False)  # type: ignore[arg-type]

    monkeypatch.setattr(game_module, "hint", spy)
    prep = SlowPreparation()

    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Medium bot", "medium")], seed=3),
                          bot_delay=0, tiling_delay=0, skip_setup=True, hint_seconds=0.2,
                          prepare_engine=prep)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert prep.calls == 1 and app.engine.loading()
            await pilot.pause(0.8)
            status = str(screen.query_one("#status").render())
            assert "Preparing the engine" in status, status
            t0 = time.perf_counter()
            await pilot.press("i")
            await settle(pilot, app)
            assert time.perf_counter() - t0 < 3
            assert asked == [False] and "Hint:" in screen.message
            prep.release.set()
            for _ in range(50):
                await pilot.pause(0.1)
                if "Preparing" not in str(screen.query_one("#status").render()):
                    break
            assert not app.engine.loading()
            assert "Preparing" not in str(screen.query_one("#status").render())
            await pilot.press("escape", "escape", "escape", "i")
            await settle(pilot, app)
            assert asked == [False, True]
    asyncio.run(go())


def test_no_preparation_for_a_game_without_hints_or_kernel_bots() -> None:
    prep = SlowPreparation()
    prep.release.set()

    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Easy bot", "easy"), Seat("Medium bot", "medium")],
                                seed=3), bot_delay=0, tiling_delay=0, skip_setup=True,
                          prepare_engine=prep)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert prep.calls == 0 and not app.engine.loading()
    asyncio.run(go())


def test_the_expert_bot_searches_with_the_twin_while_the_kernels_load() -> None:
    m = Match.new([Seat("Ana"), Seat("Expert bot", "expert")], seed=2)
    m.play(m.state.legal_moves()[0])
    seen: list[bool] = []
    original = m.session.agent

    def agent(seat: int, seed: int) -> object:
        a = original(seat, seed)
        real = a.choose

        def choose(state: object, budget: object = None) -> object:
            seen.append(a.use_kernels)  # type: ignore[attr-defined]
            return real(state, budget)  # type: ignore[arg-type]

        a.choose = choose  # type: ignore[method-assign]
        return a

    m.session.agent = agent  # type: ignore[method-assign]
    m.session.use_twin = lambda: True
    from azulejos.agents import Budget
    m.session.bot_budget = Budget(seconds=0.2)
    m.choose_bot_move()
    assert seen == [False]


def finished_record(players: int, specials: bool) -> object:
    from azulejos.core import Ruleset

    m = Match.new([Seat(n) for n in NAMES[:players]],
                  Ruleset(players=players, special_factories=specials), seed=5)
    rng = random.Random(1)
    while not m.is_over:
        m.play(rng.choice(m.state.legal_moves()))
    return m.record()


@pytest.mark.parametrize(("players", "specials"), [(2, False), (3, True), (4, False)])
def test_the_replay_uses_the_compact_layout_at_80x24(players: int, specials: bool) -> None:
    from azulejos.tui.replay import ReplayScreen

    rec = finished_record(players, specials)

    async def go() -> None:
        app = AzulejosApp(Setup(), replay=rec)  # type: ignore[arg-type]
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen) and screen.has_class("compact")
            whole = screen_region(app)
            middle = screen.query_one("#middle").region
            for p in range(players):  # every board whole: its right edge and last line too
                board = screen.query_one(f"#board-{p}").region
                assert whole.contains_region(board) and middle.contains_region(board), (p, board)
            for f in range(2 * players + 1):
                assert whole.contains_region(screen.query_one(f"#factory-{f}").region)
            legend = screen.query_one("#legend")
            assert legend.display is specials
            if specials:  # the special displays' legend, as in the game
                assert "SF" in str(legend.render()) and legend.region.height >= 1
                assert middle.contains_region(legend.region)
            keys = screen.query_one("#keys").region
            assert whole.contains_region(keys)
            await pilot.press("end")
            await pilot.pause()
            for p in range(players):
                assert whole.contains_region(screen.query_one(f"#board-{p}").region)
    asyncio.run(go())


def test_a_resumed_record_with_an_unknown_language_and_theme_says_so(tmp_path: object) -> None:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    m = Match.new([Seat("Ana"), Seat("Béa")], seed=3)
    m.play(m.state.legal_moves()[0])
    path = Path(str(tmp_path)) / "game.json"
    m.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["lang"], data["theme"] = "de", "zzz"
    path.write_text(json.dumps(data), encoding="utf-8")
    env = {**os.environ, "AZULEJOS_LANG": "en"}
    proc = subprocess.run([sys.executable, "-m", "azulejos", "play", "--plain", "--resume",
                           str(path)], input="quit\n", capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("azulejos play:")]
    assert len(lines) == 2, proc.stderr
    assert '"de"' in lines[0] and "English" in lines[0] and "ignored" in lines[0]
    assert '"zzz"' in lines[1] and "classic" in lines[1]


def test_the_replays_last_move_shows_the_end_bonuses_by_scrolling_at_80x24() -> None:
    """The replay's text below the table stopped at a few lines: the last move's wall-tiling
    and the end bonuses (R24) could not be seen. It scrolls with PgUp/PgDn; ↑/↓ stay rounds."""
    from textual.containers import VerticalScroll

    from azulejos.notation import record_of
    from azulejos.tui.replay import ReplayScreen

    m = Match.new([Seat("Ana", "easy"), Seat("Bea", "easy"), Seat("Cy", "easy")], seed=5)
    while not m.is_over:
        v, mv = m.choose_bot_move()
        m.play_bot_move(v, mv)
    rec = record_of(m.state, names=["Ana", "Bea", "Cy"])

    async def go() -> None:
        app = AzulejosApp(Setup(lang="en"), replay=rec)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            await pilot.press("end")
            await pilot.pause()
            text = str(screen.query_one("#prompt").render())
            assert "bonus" in text.lower()  # the end bonuses are in the text (R24)
            box = screen.query_one("#prompt-box", VerticalScroll)
            assert box.max_scroll_y > 0 and box.scroll_y == 0
            assert "PgUp/PgDn" in str(screen.query_one("#keys").render())
            index = screen.index
            await pilot.press("pagedown")
            await pilot.pause()
            assert box.scroll_y > 0 and screen.index == index  # scrolled, same move
            await pilot.press("up")
            await pilot.pause()
            assert screen.index < index  # the arrows still go by rounds
    asyncio.run(go())
