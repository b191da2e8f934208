"""The one seeding scheme: fills from the seed, the round and the bag (R9, R21, R22)."""

from __future__ import annotations

import pytest

from azulejos.core import State
from azulejos.play import Match, Seat, Seeding, Session


def test_a_rounds_fill_depends_only_on_the_seed_the_round_and_the_bag_R21() -> None:
    a, b = State.new(2), State.new(2)
    assert Seeding(5).fill(a) == Seeding(5).fill(b)
    assert Seeding(5).fill(a) != Seeding(6).fill(a)
    fill = Seeding(5).fill(a)
    assert fill == a.sample_fill(Seeding(5).fill_rng(1))


def test_terminal_and_server_sessions_deal_the_same_game_from_one_seed_R9() -> None:
    """A Match (terminal) and a plain Session (what the web server holds) with one seed."""
    m = Match.new([Seat("A"), Seat("B")], seed=77)
    s = Session.new([Seat("A"), Seat("B")], "coloured", Seeding(77))
    while not m.is_over:
        mv = m.state.legal_moves()[0]
        m.play(mv)
        s.play(mv)
    assert s.state == m.state and s.events == m.session.events


def test_the_secret_round_trips_and_hides_nothing_else() -> None:
    sd = Seeding(2**127 + 3)
    assert Seeding.from_secret(sd.secret()) is not None
    assert Seeding.from_secret(sd.secret()).seed == sd.seed  # type: ignore[union-attr]
    for junk in ("[3,[1,2],null]", "not json", '{"seed": -1}', '{"seed": 5}'):
        assert Seeding.from_secret(junk) is None


@pytest.mark.parametrize("bad", [-1, 1.5, "7", True])
def test_a_seed_is_a_whole_number(bad: object) -> None:
    with pytest.raises(ValueError, match="whole number"):
        Seeding(bad)  # type: ignore[arg-type]


def test_bot_seeds_depend_on_the_seat_and_the_moves_played() -> None:
    sd = Seeding(9)
    seeds = {sd.bot_seed(seat, n) for seat in range(4) for n in range(50)}
    assert len(seeds) == 200 and all(0 <= x < 2**63 for x in seeds)
