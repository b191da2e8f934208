"""Seats: a person, a built-in bot (a level) or an external bot (a program speaking
docs/protocol.md), all driven by the session."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pytest

from azulejos.play import Seat, Seeding, Session
from azulejos.play.seats import SeatSpecError, misspelt_level, parse_seat

SRC = str(Path(__file__).resolve().parents[2] / "src")


def test_seat_kinds() -> None:
    assert Seat("Ana").kind == "person" and not Seat("Ana").is_bot
    assert Seat("Bot", "hard").kind == "bot"
    ext = Seat("Ext", "cmd:python my_bot.py")
    assert ext.kind == "external" and ext.is_bot


def test_an_external_seat_plays_through_one_process_per_game_R11(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PYTHONPATH", SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = f"cmd:{shlex.quote(sys.executable)} -m azulejos engine --bot random --seed 1"
    s = Session.new([Seat("Ana"), Seat("Ext", cmd)], "coloured", Seeding(5))
    agents = []
    closed: list[bool] = []
    try:
        for _ in range(6):  # three moves each
            if s.bot_to_move is None:
                s.play(s.state.legal_moves()[0], by={0})
            else:
                v, mv = s.choose_bot_move()
                assert s.play_bot_move(v, mv) is not None
                agents.append(s.agents[1])
        agent = agents[0]
        assert all(a is agent for a in agents)  # one process for the whole game
        assert getattr(agent, "bot_name", None)  # it greeted: a real process answered
        assert [p.seat for p in s.played] == [0, 1, 0, 1, 0, 1]
        assert s.clock.count[1] == 3
        close = agent.close  # type: ignore[attr-defined]
        monkeypatch.setattr(agent, "close", lambda: (closed.append(True), close()))
    finally:
        s.close()
    assert closed == [True]  # stopped with the session


# -- a misspelt bot level is refused, not taken for a person (issue 31) ----------------------
@pytest.mark.parametrize(("word", "level"), [("exprt", "expert"), ("Medum", "medium"),
                                             ("hrad", "hard"), ("easyy", "easy"),
                                             ("bot:exper", "expert")])
def test_a_slip_for_a_level_is_refused_with_the_level_it_looks_like(word: str, level: str) -> None:
    with pytest.raises(SeatSpecError) as e:
        parse_seat(word, 1)
    assert e.value.code == "near_level" and e.value.params["near"] == level


@pytest.mark.parametrize("name", ["Ana", "Eddy", "Bo", "Hera", "Maxime"])
def test_names_far_from_every_level_are_people(name: str) -> None:
    assert misspelt_level(name) is None
    assert parse_seat(name, 0) == Seat(name)


def test_name_prefix_seats_a_person_whose_name_looks_like_a_level() -> None:
    assert parse_seat("name:Hardy", 0) == Seat("Hardy")
    assert parse_seat("name:hard", 0) == Seat("hard")
