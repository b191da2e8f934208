"""A misspelt bot level in --seats is refused with the levels, not taken for a person (issue 31);
name:NAME seats a person whose name looks like a level."""

from __future__ import annotations

import pytest

from azulejos.commands import main
from azulejos.play.seats import Seat, SeatSpecError, misspelt_level, parse_seat


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


def test_play_refuses_the_misspelt_level_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--plain", "--seats", "Ana,exprt", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "did you mean expert?" in err and "easy, medium, hard, expert" in err
