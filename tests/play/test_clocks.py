"""Time controls as people know them (issue 28, item 2 "Fair clocks"): a per-move clock with a
time bank (spent when a move's own time runs out, never refilled) and a per-game clock with an
increment (Fischer); the terminal's ``--clock`` text, bad ones refused by name."""

from __future__ import annotations

import pytest

from azulejos.play.clocks import NO_CLOCK, ClockSpec, GameClock, parse_clock_text


@pytest.mark.parametrize(("text", "spec"), [
    ("move:30", ClockSpec("move", 30)),
    ("game:5m", ClockSpec("game", 300)),
    ("move:1d+bank:3d", ClockSpec("move", 86400, bank=3 * 86400)),
    ("MOVE:1h+BANK:90m", ClockSpec("move", 3600, bank=5400)),
    ("game:10m+5s", ClockSpec("game", 600, increment=5)),
    ("game:10m+5", ClockSpec("game", 600, increment=5)),
    ("none", NO_CLOCK),
])
def test_clock_texts(text: str, spec: ClockSpec) -> None:
    assert parse_clock_text(text) == spec
    assert parse_clock_text(spec.text()) == spec


@pytest.mark.parametrize(("text", "named"), [
    ("move:1d+3d", "time bank"),
    ("game:10m+bank:5s", "increment"),
    ("move:1d+bank:", "is not a time"),
    ("move:1d+bank:3w", "'3w' is not a time"),
    ("game:10m+-5s", "'-5s' is not a time"),
    ("game:10m+5s+1s", "is not a time"),
    ("move:0", "at least one second"),
    ("hour:5", "is not a clock"),
    ("move", "is not a clock"),
])
def test_bad_clock_texts_are_refused_by_name(text: str, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        parse_clock_text(text)


def test_the_bank_is_spent_only_after_the_moves_own_time_and_never_refilled() -> None:
    c = GameClock.new(ClockSpec("move", 60, bank=100), 2).begin(0, 0, 0.0)
    assert c.turn is not None and c.turn.deadline == 160.0  # own 60 s, then the bank's 100
    assert c.remaining(0, 30.0) == 130.0 and c.bank_left(0, 30.0) == 100.0
    assert c.bank_left(0, 90.0) == 70.0  # 30 s into the bank
    c = c.charged(0, 90.0).begin(1, 1, 90.0)  # Ann moved after 90 s: 30 s of her bank spent
    assert c.used == (30.0, 0.0) and c.bank_left(0) == 70.0
    c = c.charged(1, 100.0).begin(2, 0, 100.0)  # Bo in time: his bank is untouched
    assert c.used == (30.0, 0.0)
    assert c.turn is not None and c.turn.deadline == 100.0 + 60 + 70  # not refilled
    assert c.due(2, 229.9) is None and c.due(2, 230.0) == 0
    c = c.charged(2, 120.0)  # a quick move does not give the bank back
    assert c.used == (30.0, 0.0)


def test_a_per_move_clock_without_a_bank_is_unchanged() -> None:
    c = GameClock.new(ClockSpec("move", 60), 2).begin(0, 0, 0.0)
    assert c.turn is not None and c.turn.deadline == 60.0 and c.bank_left(0, 50.0) == 0.0
    assert c.charged(0, 59.0).used == (0.0, 0.0)


def test_the_increment_is_given_after_each_move_and_may_exceed_the_start() -> None:
    c = GameClock.new(ClockSpec("game", 100, increment=5), 2).begin(0, 0, 0.0)
    c = c.charged(0, 2.0).begin(1, 1, 2.0)  # Ann: 2 s used, 5 s back
    assert c.left_for(0) == 103.0 and c.remaining(0, 50.0) == 103.0
    c = c.charged(1, 42.0).begin(2, 0, 42.0)  # Bo: 40 s used, 5 back
    assert c.left_for(1) == 65.0
    assert c.turn is not None and c.turn.deadline == 42.0 + 103
    assert c.due(2, 144.9) is None and c.due(2, 145.0) == 0  # no increment once out of time


def test_the_terminal_host_runs_an_increment_and_a_bank() -> None:
    """``play --clock game:5m+3s`` and ``move:30+bank:1m`` through the host every front end
    shares (the terminal's), in injected time."""
    import argparse

    from azulejos.commands.play import clock_option
    from azulejos.play import Host, Seat, Seeding, Session

    assert clock_option("game:5m+3s") == ClockSpec("game", 300, increment=3)
    with pytest.raises(argparse.ArgumentTypeError, match="game:5m\\+3s"):
        clock_option("game:5m+bank:3s")
    t = [0.0]
    for spec, after in ((clock_option("game:5m+3s"), 300 - 10 + 3),
                        (clock_option("move:30+bank:1m"), 30 + 60 - 10)):
        host = Host(Session.new([Seat("Ana"), Seat("Bo")], "coloured", Seeding(4)),
                    clock=spec, now=lambda: t[0])
        t[0] = 40.0 if spec.kind == "move" else 10.0  # Ana thinks 40 s (10 past her 30) / 10 s
        host.play(host.state.legal_moves()[0])
        t[0] += 1
        host.play(host.state.legal_moves()[0])  # Bo
        assert host.timed_seat() == 0 and host.remaining(0) == after  # from Ana's new turn
        t[0] = 0.0
