"""Driving the terminal app by keys in Pilot tests."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from azulejos.core import CENTRE, FLOOR, Move, State
from azulejos.tui.app import AzulejosApp
from azulejos.tui.end import EndScreen
from azulejos.tui.game import GameScreen
from azulejos.tui.tiling import TilingScreen


def keys_for(move: Move, symbols: tuple[str, ...]) -> list[str]:
    """The keys a person presses for ``move``: source, colour, the SF4 sides (``<``/``>``),
    line (or column), Enter."""
    if not move.is_draft:
        return [str(move.column + 1), "enter"]
    src = "c" if move.source == CENTRE else str(move.source + 1)
    dst = "f" if move.destination == FLOOR else str(move.destination + 1)
    # an SF4 draft asks left or right for each colour left on it, before the line (R43)
    sides = ["greater_than_sign" if right else "less_than_sign" for right in move.directions]
    return [src, symbols[move.colour].lower(), *sides, dst, "enter"]


def pick(moves: list[Move]) -> Move:
    """A deterministic, sensible-looking choice: prefer a pattern line over the floor."""
    lines = [m for m in moves if not m.is_draft or m.destination != FLOOR]
    return (lines or moves)[len(lines or moves) // 2]


async def settle(pilot: Pilot[None], app: AzulejosApp) -> None:
    """Wait until no bot or hint worker is running."""
    for _ in range(400):
        screen = app.screen
        busy = isinstance(screen, GameScreen) and (screen.thinking or screen.match.is_bot_turn)
        if not busy and not any(w.is_running for w in app.workers):
            return
        await pilot.pause(0.01)
    raise AssertionError("the app did not settle")


def default_choice(state: State) -> Move:
    return pick(state.legal_moves())


async def play_to_end(pilot: Pilot[None], app: AzulejosApp, max_turns: int = 600,
                      chooser: Callable[[State], Move] = default_choice) -> int:
    """Play every person's move by keys until the end screen shows; return the key turns.
    ``chooser`` picks each move from the position."""
    turns = 0
    for _ in range(max_turns):
        await settle(pilot, app)
        screen = app.screen
        if isinstance(screen, EndScreen):
            return turns
        if isinstance(screen, TilingScreen):
            await pilot.press("enter")
            continue
        assert isinstance(screen, GameScreen), type(screen)
        m = screen.match
        assert not m.is_bot_turn
        before = len(m.log)
        move = chooser(m.state)
        await pilot.press(*keys_for(move, app.words.theme.symbols))
        assert len(m.log) > before and m.log[before].move == move, (move, m.log[before:])
        turns += 1
    raise AssertionError("the game did not end")
