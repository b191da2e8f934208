"""The terminal's clocks (play --clock, through the play layer's host): the time left is on
the status line, and a person out of time hands the seat to a bot, as on the web. The time
source is injected: nothing sleeps."""

from __future__ import annotations

import asyncio

from tui_keys import settle

from azulejos.play import ClockSpec, Seat
from azulejos.tui import AzulejosApp, Setup
from azulejos.tui.game import GameScreen


class Time:
    def __init__(self) -> None:
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


def test_a_per_move_clock_times_out_the_person_and_a_bot_plays_on() -> None:
    now = Time()

    async def go() -> None:
        app = AzulejosApp(Setup(seats=[Seat("Ana"), Seat("Bo")], seed=3), bot_delay=0,
                          tiling_delay=0, skip_setup=True, clock=ClockSpec("move", 30), now=now)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.clock_text() == "0:30 left"
            now.t += 12
            assert not screen.tick_clock() and screen.clock_text() == "0:18 left"
            assert "0:18 left" in str(screen.query_one("#status").render())
            now.t += 18
            assert screen.tick_clock()  # Ana's time ran out: a bot plays her seat
            await settle(pilot, app)
            m = screen.match
            assert m.seats[0].is_bot
            assert any("Ana ran out of time" in text for _i, text in screen.recent)
            assert m.session.left[0].reason == "timeout"
            assert m.seat_to_move == 1 and len(m.log) == 1  # the bot moved for her
            assert screen.clock_text() == "0:30 left"  # Bo's turn is timed now
    asyncio.run(go())
