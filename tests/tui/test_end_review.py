"""The end screen's engine review (issue #15): `r` reviews the finished game in a worker thread,
opens the replay viewer on the annotated record, and the viewer goes back to the end screen."""

from __future__ import annotations

import asyncio

import pytest

from azulejos.agents import Budget
from azulejos.play import Match, Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.end import EndScreen
from azulejos.tui.replay import ReplayScreen

SIZE = (120, 40)


def finished_match(seed: int = 2) -> Match:
    m = Match.new([Seat("Ana", "easy"), Seat("Bea", "easy")], seed=seed)
    while not m.is_over:
        v, mv = m.choose_bot_move()
        m.play_bot_move(v, mv)
    return m


def make_app(budget: Budget, lang: str = "en") -> AzulejosApp:
    return AzulejosApp(Setup(lang=lang), match=finished_match(), bot_delay=0, tiling_delay=0,
                       review_budget=budget)


def text(screen: object, selector: str) -> str:
    from textual.screen import Screen

    assert isinstance(screen, Screen)
    return str(screen.query_one(selector).render())


async def wait_for(pilot: object, cond: object, steps: int = 1500) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot) and callable(cond)
    for _ in range(steps):
        if cond():
            return
        await pilot.pause(0.02)
    raise AssertionError("timed out")


@pytest.mark.parametrize(("lang", "size", "item"), [
    ("en", SIZE, "r review the game"), ("fr", (80, 24), "r analyser la partie")])
def test_end_screen_key_bar_lists_the_review_key(lang: str, size: tuple[int, int], item: str) -> None:
    async def go() -> None:
        app = make_app(Budget(iterations=4), lang=lang)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            keys = text(app.screen, "#end-keys")
            # a narrow box breaks the bar between keys, never inside one
            assert any(item in line for line in keys.splitlines()), keys
            assert not app.screen.query_one("#end-message").display
    asyncio.run(go())


def test_r_reviews_the_game_opens_the_viewer_and_goes_back_to_the_end_screen() -> None:
    async def go() -> None:
        app = make_app(Budget(iterations=4))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            end = app.screen
            assert isinstance(end, EndScreen)
            await pilot.press("r")  # a tiny budget: done at once
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
            await pilot.pause()  # let the viewer mount (it reads the review then)
            viewer = app.screen
            assert isinstance(viewer, ReplayScreen) and viewer.back
            assert viewer.review is not None  # the record is annotated
            assert viewer.record.extra["review"]["iterations"] == 4  # type: ignore[index]
            assert "q back" in text(viewer, "#keys")
            for _ in range(3):
                await pilot.press("right")
            await pilot.pause()
            assert "Review:" in text(viewer, "#prompt")
            await pilot.press("q")  # back to the end screen, the app keeps running
            await pilot.pause()
            assert app.screen is end and app.is_running
            assert not end.reviewing and end.reviewed is not None
            assert "r review the game" in text(end, "#end-keys")
            # the review is kept: r shows it again at once
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen) and app.screen.record is end.reviewed
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is end
    asyncio.run(go())


def test_escape_stops_the_review_and_stays_on_the_end_screen() -> None:
    async def go() -> None:
        app = make_app(Budget(seconds=0.3), lang="fr")  # 0.3 s a move, ~15 s in all: stopped long before
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            end = app.screen
            assert isinstance(end, EndScreen)
            await pilot.press("r")
            await wait_for(pilot, lambda: "%" in text(end, "#end-message"))
            assert end.reviewing
            assert text(end, "#end-message").startswith("Le moteur analyse la partie")
            assert "Échap arrêter l’analyse" in text(end, "#end-keys")
            await pilot.press("v")  # other keys do nothing meanwhile (v would leave the screen)
            assert app.screen is end and end.reviewing
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is end and not end.reviewing
            assert text(end, "#end-message") == "Analyse interrompue."
            # the worker stops after the position it is searching (well within the timeout)
            await wait_for(pilot, lambda: not any(w.is_running for w in app.workers), 250)
            await pilot.pause(0.2)
            assert app.screen is end and end.reviewed is None
    asyncio.run(go())
