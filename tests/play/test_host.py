"""The game host (play/host.py): one master for every transport - actions checked against
the version they were chosen on, bots driven in one place, clocks whose time-outs hand the
seat to a bot (an injected time source: nothing sleeps)."""

from __future__ import annotations

import pytest

from azulejos.core import Ruleset
from azulejos.play import (
    ClockSpec,
    Host,
    Match,
    Seat,
    Seeding,
    Session,
    SessionError,
    parse_clock_text,
)
from azulejos.tools.selfplay import random_game, random_host


class Time:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def host(clock: ClockSpec | None = None, now: Time | None = None) -> Host:
    session = Session.new([Seat("Ana"), Seat("Bo", "random")], "coloured", Seeding(4))
    return Host(session, clock=clock, now=now or Time())


def test_R10_a_move_chosen_on_an_old_version_is_refused_and_changes_nothing() -> None:
    h = host()
    v = h.version
    h.play(h.state.legal_moves()[0], version=v)
    before = h.state.copy()
    with pytest.raises(SessionError) as e:
        h.play(h.state.legal_moves()[0], version=v)
    assert e.value.code == "stale" and h.state == before


def test_the_host_drives_the_bots_until_a_person_is_to_move() -> None:
    h = host()
    h.play(h.state.legal_moves()[0])
    assert h.snapshot().bot_to_move == 1
    assert h.run_bots() == 1
    snap = h.snapshot()
    assert snap.to_move == 0 and snap.bot_to_move is None and h.bot_turn() is None


def test_a_bots_late_answer_after_an_undo_is_dropped() -> None:
    h = host()
    h.play(h.state.legal_moves()[0])
    version, move = h.choose_bot_move()
    assert h.undo() and h.play_bot_move(version, move) is None


def test_a_per_move_clock_hands_the_person_out_of_time_to_a_bot() -> None:
    now = Time()
    h = host(ClockSpec("move", 30), now)
    assert h.remaining(0) == 30.0
    now.t += 29.0
    assert h.time_out() is None and h.remaining(0) == pytest.approx(1.0)
    now.t += 1.0
    with pytest.raises(SessionError) as e:  # a move after the deadline is refused
        h.play(h.state.legal_moves()[0])
    assert e.value.code == "out_of_time"
    left = h.time_out()
    assert left is not None and left.seat == 0 and left.reason == "timeout"
    assert h.seats[0].is_bot and h.bot_to_move == 0 and h.due() is None
    h.run_bots()
    assert h.is_over  # two bots play the game to its end


def test_a_per_game_clock_charges_each_turn_to_its_seat() -> None:
    now = Time()
    h = host(ClockSpec("game", 100), now)
    now.t += 40.0
    h.play(h.state.legal_moves()[0])  # 40 s used
    h.run_bots()
    assert h.remaining(0) == pytest.approx(60.0)
    now.t += 59.0
    assert h.time_out() is None
    now.t += 1.0
    assert h.time_out() is not None


def test_the_terminal_clock_option_syntax() -> None:
    assert parse_clock_text("move:30") == ClockSpec("move", 30)
    assert parse_clock_text("game:5m") == ClockSpec("game", 300)
    assert parse_clock_text("GAME:1h") == ClockSpec("game", 3600)
    assert not parse_clock_text("none").runs
    for bad in ("move", "move:", "move:-3", "turn:30", "move:0", "game:3x", "move:٣"):
        with pytest.raises(ValueError):
            parse_clock_text(bad)


def test_R9_demo_selfplay_and_play_deal_the_same_from_one_seed() -> None:
    rules = Ruleset.of(2, "coloured")
    played = Match.new([Seat("A"), Seat("B")], rules, seed=5)
    demo = random_host(rules, 5)
    first = random_game(rules, 5).history[0]
    assert played.state.history[0] == demo.state.history[0] == first
    assert played.state.factories == demo.state.factories
