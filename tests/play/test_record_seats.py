"""The one reader of names from a record (play.record_seats): its ``seats`` key, else an older
record's ``names``, with one truncation rule (NAME_LIMIT characters) for every front end."""

from __future__ import annotations

from azulejos.core import Ruleset
from azulejos.notation import Record
from azulejos.play import Seat, record_seats
from azulejos.play.seats import NAME_LIMIT


def record(**extra: object) -> Record:
    return Record(Ruleset(2), 0, [], extra=dict(extra))


def test_seats_come_first_and_keep_their_bots() -> None:
    rec = record(seats=[{"name": "Ana", "bot": None}, {"name": "Hard bot", "bot": "hard"}],
                 names=["X", "Y"])
    assert record_seats(rec) == [Seat("Ana"), Seat("Hard bot", "hard")]


def test_older_records_give_names_of_people() -> None:
    assert record_seats(record(names=["Ana", "Bea"])) == [Seat("Ana"), Seat("Bea")]
    assert record_seats(record(names=["Ana"])) == [Seat("Player 1"), Seat("Player 2")]
    assert record_seats(record(names=[3, ""])) == [Seat("Player 1"), Seat("Player 2")]
    assert record_seats(record()) == [Seat("Player 1"), Seat("Player 2")]


def test_one_truncation_rule_for_both_keys() -> None:
    long = "A" * (NAME_LIMIT + 10)
    by_names = record_seats(record(names=[long, "Bea"]))
    by_seats = record_seats(record(seats=[{"name": long, "bot": None}, {"name": "Bea"}]))
    assert by_names[0].name == by_seats[0].name == "A" * NAME_LIMIT
