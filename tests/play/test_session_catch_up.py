"""Session.catch_up: a session brought up to date with events another writer stored is the
session replayed from all the events (state, log, seats, who left), all or nothing."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from azulejos.core import State
from azulejos.play import Seat, Seeding, Session
from azulejos.play.events import Event


def _played(n: int, seed: int = 4) -> Session:
    s = Session.new([Seat("Ana"), Seat("Bea")], "coloured", Seeding(seed))
    rng = random.Random(seed)
    for _ in range(n):
        seat = s.seat_to_move
        assert seat is not None
        s.play(rng.choice(s.state.legal_moves()), version=s.version, by={seat})
    return s


def _from(events: Sequence[Event]) -> Session:
    """The session replayed from ``events`` (as a server process loads a stored game)."""
    return Session(State.new(2, "coloured"), [Seat("Ana"), Seat("Bea")], Seeding(4),
                   events=events)


def _same(a: Session, b: Session) -> None:
    assert a.version == b.version
    assert a.state.layout() == b.state.layout()
    assert a.log == b.log
    assert a.seats == b.seats and a.left == b.left
    assert a.moves == b.moves


def test_catching_up_over_a_round_end_R21_and_a_leave_equals_a_full_replay() -> None:
    writer = _played(6)
    behind = _from(writer.events[:3])
    # the writer goes on: past the end of round 1 (a fill event, R21) and a player leaving
    rng = random.Random(9)
    while writer.state.round < 2:
        seat = writer.seat_to_move
        assert seat is not None
        writer.play(rng.choice(writer.state.legal_moves()), version=writer.version, by={seat})
    writer.leave(1, "easy", version=writer.version)
    assert any(e.kind == "fill" for e in writer.events[3:])
    behind.catch_up(writer.events[behind.version:])
    _same(behind, writer)
    replayed = _from(writer.events)
    _same(behind, replayed)
    # and it plays on from there as the writer does
    assert behind.seat_to_move == writer.seat_to_move
    assert behind.bot_to_move == writer.bot_to_move


@pytest.mark.parametrize("cut", ["gap", "misfit"])
def test_events_that_do_not_follow_on_change_nothing(cut: str) -> None:
    writer = _played(8)
    behind = _from(writer.events[:3])
    before = (behind.version, behind.state.layout(), list(behind.log))
    if cut == "gap":
        events = writer.events[4:]  # event 3 is missing
    else:  # three good events, then one with the right number that is no move
        assert writer.events[6].kind == "move"
        events = [*writer.events[3:6], Event(6, "move", "9Z9", writer.events[6].seat)]
    with pytest.raises(ValueError):
        behind.catch_up(events)
    assert (behind.version, behind.state.layout(), list(behind.log)) == before
