"""Property tests over many random games: invariants, round trips, pop, copy, fast play-outs."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from azulejos.core import MOVES, NUM_ACTIONS, State, move_of_action, parse_move
from azulejos.core.events import Fill
from azulejos.core.playout import random_playout
from azulejos.notation import from_position, parse_record, record_of, replay, to_position
from azulejos.notation.record import dumps

games = st.tuples(st.sampled_from([2, 3, 4]), st.sampled_from(["coloured", "grey"]), st.integers(0, 2**32))


def play(players: int, variant: str, seed: int) -> State:
    rng = random.Random(seed)
    s = State.new(players, variant, seed % players)
    while not s.is_over:
        if s.is_chance:
            s.deal(rng)
        else:
            s.push(rng.choice(s.legal_actions()))
    return s


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_I1_I4_hold_after_every_event_and_round_trips(game: tuple[int, str, int]) -> None:
    players, variant, seed = game
    rng = random.Random(seed)
    s = State.new(players, variant, seed % players)
    while not s.is_over:
        if s.is_chance:
            s.deal(rng)
        else:
            legal = s.legal_actions()
            assert legal == sorted(set(legal))
            for a in legal:  # move <-> text <-> id
                m = move_of_action(a)
                assert parse_move(m.text()) is m and parse_move(m.text().lower()) is m
            before = s.array()
            a = rng.choice(legal)
            s.push(a)
            assert s.pop() is MOVES[a] and s.array() == before  # pop restores exactly
            s.push(a)
        s.check_invariants()  # I1-I4 (and the printed colours of R6)
        assert all(x >= 0 for x in s.scores)  # I3
        assert from_position(to_position(s)) == s  # state <-> position string
    rec = record_of(s)
    again = replay(parse_record(dumps(rec)))  # game <-> record <-> replay
    assert again == s and again.scores == s.scores and again.winners() == s.winners()


def test_I1_I4_thousands_of_random_games() -> None:
    """2,400 complete games (all player counts, both walls) with invariants after every move."""
    for i in range(2400):
        players = 2 + i % 3
        variant = "grey" if i % 2 else "coloured"
        rng = random.Random(i)
        s = State.new(players, variant)
        while not s.is_over:
            if s.is_chance:
                s.deal(rng)
            else:
                acts = s.legal_actions()
                s.push(acts[rng.randrange(len(acts))])
                if i % 8 == 0:
                    s.check_invariants()
        s.check_invariants()
        assert min(s.scores) >= 0
        assert s.winners()


def test_copy_is_independent() -> None:
    s = play(2, "coloured", 7)
    while len(s.history) > 20:
        s.pop()
    c = s.copy()
    before = s.array()
    rng = random.Random(1)
    while not c.is_over:
        if c.is_chance:
            c.deal(rng)
        else:
            c.push(rng.choice(c.legal_actions()))
    assert s.array() == before and len(s.history) == 20
    c2 = s.copy()
    c2.pop()
    assert len(s.history) == 20 and s.array() == before


def test_pop_unwinds_a_whole_game_to_the_start() -> None:
    for variant in ("coloured", "grey"):
        s = play(3, variant, 11)
        while s.history:
            s.pop()
        assert s == State.new(3, variant, 11 % 3)
        with pytest.raises(IndexError):
            s.pop()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_fast_playout_plays_the_reference_rules(players: int, variant: str) -> None:
    """Differential test: every traced play-out replays move by move on the reference."""
    for seed in range(150):
        rng = random.Random(seed)
        s = State.new(players, variant)
        trace: list[int | Fill] = []
        random_playout(s, rng, trace=trace)
        ref = State.new(players, variant)
        for ev in trace:
            if isinstance(ev, Fill):
                ref.apply_fill(ev)
            else:
                ref.push(ev)  # raises if the play-out made an illegal move
        assert ref.array() == s.array()
        assert ref.is_over


def test_fast_playout_move_choice_is_uniform() -> None:
    """Chi-square test (fixed seed) of the play-out's first move against the legal list."""
    s = State.new(2)
    s.deal(random.Random(4))
    s.push(s.legal_actions()[3])
    legal = s.legal_actions()
    rng = random.Random(99)
    counts: Counter[int] = Counter()
    n = 200 * len(legal)
    for _ in range(n):
        c = s.copy(history=False)
        trace: list[int | Fill] = []
        random_playout(c, rng, until_round_end=True, trace=trace)
        counts[trace[0]] += 1  # type: ignore[index]
    assert set(counts) == set(legal)
    expected = n / len(legal)
    chi2 = sum((counts[a] - expected) ** 2 / expected for a in legal)
    dof = len(legal) - 1
    # mean dof, sd sqrt(2 dof): a 5-sigma bound fails a biased sampler, not a fair one
    assert chi2 < dof + 5 * (2 * dof) ** 0.5, (chi2, dof)


def test_until_round_end_stops_at_the_fill() -> None:
    s = State.new(2)
    s.deal(random.Random(1))
    random_playout(s, random.Random(2), until_round_end=True)
    assert s.is_chance or s.is_over
    assert s.round == 2 or s.is_over


def test_action_table_is_complete_and_fixed() -> None:
    # the base game's ids 0-324 are fixed; the SF4 splits (R43) follow them
    assert NUM_ACTIONS == 325 and len(MOVES) == 325 + 270 * 30
    assert MOVES[0].text() == "1B1" and MOVES[299].text() == "CWF" and MOVES[324].text() == "5@5"
    assert MOVES[325].text() == "1B1/<" and MOVES[-1].text() == "9WF/>>>>"
    assert [m.id for m in MOVES] == list(range(len(MOVES)))
    texts = [m.text() for m in MOVES]
    assert len(set(texts)) == len(MOVES)
