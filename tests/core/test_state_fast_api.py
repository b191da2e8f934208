"""The state's public fast API for search and learning: unchecked moves and fills, a scope
without undo history, the raw layout in and out (issue: one ruleset, one rules source)."""

from __future__ import annotations

import random

import pytest

from azulejos.core import Ruleset, State

from .helpers import play_random


@pytest.mark.parametrize("rules", [Ruleset(2), Ruleset(3, "grey"), Ruleset(4, "grey")])
def test_apply_unchecked_plays_exactly_as_push_over_whole_games(rules: Ruleset) -> None:
    """R10-R35 applied by apply_unchecked/fill_unchecked equal push/apply_fill, move by move."""
    for seed in range(15):
        rng = random.Random(seed)
        checked, fast = State.new(rules), State.new(rules)
        while not checked.is_over:
            if checked.is_chance:
                fill = checked.sample_fill(rng)
                checked.apply_fill(fill)
                fast.fill_unchecked(fill)
            else:
                acts = checked.legal_actions()
                assert fast.legal_actions() == acts
                a = acts[rng.randrange(len(acts))]
                checked.push(a)
                fast.apply_unchecked(a)
            assert fast.raw == checked.raw
        assert fast.history == []  # nothing recorded
        assert fast.winners() == checked.winners()
        checked.check_invariants()


def test_no_history_scope_records_nothing_and_restores_the_history() -> None:
    st = State.new(2)
    st.deal(random.Random(3))
    st.push(st.legal_actions()[0])
    before = st.history
    with st.no_history() as s:
        assert s is st and st.history == []
        play_random(st, random.Random(1), 5)
        assert st.history == [] and st.tiling_log == []
    assert st.history == before
    st.check_invariants()


def test_raw_layout_out_and_in() -> None:
    st = State.new(3, "grey")
    st.deal(random.Random(8))
    data = st.layout()
    assert data == st.raw and data is not st.raw
    other = State.from_layout(Ruleset(3, "grey"), data)
    assert other == st and other.history == []
    st.push(st.legal_actions()[2])
    assert other != st
    other.load_layout(st.raw)
    assert other == st
    with pytest.raises(ValueError, match="does not fit 3 players"):
        other.load_layout(data[:-1])
    assert other == st  # a refused layout changes nothing


def test_history_start_replays_to_the_same_state() -> None:
    st = State.new(4, "coloured", start_player=2)
    rng = random.Random(5)
    st.deal(rng)
    play_random(st, rng, 40)
    first = st.history_start()
    assert first.history == [] and first.start_player == 2 and first.is_chance
    for ev in st.history:
        if first.is_chance:
            first.apply_fill(ev)  # type: ignore[arg-type]
        else:
            first.push(ev)  # type: ignore[arg-type]
    assert first == st


def test_load_layout_converts_numpy_integers_to_python_ints() -> None:
    np = pytest.importorskip("numpy")
    st = State.new(2)
    st.deal(random.Random(2))
    other = State.new(2)
    other.load_layout(list(np.array(st.layout(), dtype=np.int64)))
    assert other == st and all(type(x) is int for x in other.raw)


@pytest.mark.parametrize("rules", [Ruleset(2), Ruleset(3, "grey"), Ruleset(4, special_factories=True)])
def test_board_key_is_equal_exactly_when_the_board_is_R4(rules: Ruleset) -> None:
    """``board_key(seat)`` (a cache key for what is drawn from a board) is equal for two
    positions exactly when ``player(seat)`` is, over every pair of positions met in games."""
    seen: dict[tuple[int, tuple[int, ...]], object] = {}
    boards: dict[object, tuple[int, ...]] = {}
    for seed in range(6):
        rng = random.Random(seed)
        st = State.new(rules)
        while not st.is_over:
            if st.is_chance:
                st.apply_fill(st.sample_fill(rng))
            else:
                st.push(st.legal_actions()[rng.randrange(len(st.legal_actions()))])
            for seat in range(rules.players):
                key, board = st.board_key(seat), st.player(seat)
                assert seen.setdefault((seat, key), board) == board  # equal keys: equal boards
                assert boards.setdefault(board, key) == key  # equal boards: equal keys
    assert len(seen) > 100
