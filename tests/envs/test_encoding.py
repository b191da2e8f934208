"""The observation encoding (azulejos.envs.encoding)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from azulejos.core import Ruleset, State
from azulejos.core.playout import random_playout
from azulejos.envs.encoding import (
    PER_PLAYER,
    action_mask,
    encode,
    encode_batch,
    feature_names,
    observation_high,
    observation_size,
)


@pytest.mark.parametrize(("players", "size"), [(2, 358), (3, 522), (4, 686)])
def test_size_matches_documented_formula_R2(players: int, size: int) -> None:
    assert observation_size(players) == size == 5 * (2 * players + 1) + 25 + 154 * players
    assert len(feature_names(players)) == size
    assert len(set(feature_names(players))) == size


def _value(obs: np.ndarray, players: int, name: str) -> float:
    return float(obs[feature_names(players).index(name)])


def test_factories_centre_bag_after_first_fill_R9() -> None:
    st = State.new(3)
    st.deal(random.Random(5))
    obs = encode(st, 0)
    for f, counts in enumerate(st.factories):
        for k, letter in enumerate("BYRKW"):
            assert _value(obs, 3, f"factory{f + 1}.{letter}") == counts[k] / 4
    for k, letter in enumerate("BYRKW"):
        assert _value(obs, 3, f"bag.{letter}") == pytest.approx(st.bag[k] / 20)
    assert _value(obs, 3, "marker_in_centre") == 1.0
    assert _value(obs, 3, "phase.draft") == 1.0
    assert _value(obs, 3, "me.to_move") == 1.0
    assert _value(obs, 3, "opp1.to_move") == 0.0


def test_players_listed_from_the_observer_clockwise_R10() -> None:
    st = State.new(3)
    st.deal(random.Random(2))
    st.push(st.legal_actions()[-1])  # seat 0 moves: its pattern line or floor changes
    st.push(st.legal_actions()[0])  # seat 1 moves
    mine = encode(st, 1)
    base = 5 * 7 + 25
    block0 = encode(st, 0)[base : base + PER_PLAYER]
    block1 = encode(st, 1)[base : base + PER_PLAYER]
    # Seat 1's own board comes first in its observation, seat 0's last (clockwise after 2).
    assert np.array_equal(mine[base : base + PER_PLAYER], block1)
    assert np.array_equal(mine[base + 2 * PER_PLAYER : base + 3 * PER_PLAYER], block0)
    # Seat 2 is to move: the block right after seat 1's own.
    assert mine[base + PER_PLAYER] == 1.0


def test_pattern_lines_and_wall_one_hot_R6_R17() -> None:
    st = State.new(2)
    random_playout(st, random.Random(11), until_round_end=True)
    obs = encode(st, 0)
    view = st.player(0)
    for r in range(5):
        for c in range(5):
            colour = view.wall[r][c]
            for k, letter in enumerate("BYRKW"):
                want = 1.0 if colour == k else 0.0
                assert _value(obs, 2, f"me.wall{r + 1}{c + 1}.{letter}") == want
    for i, line in enumerate(view.lines):
        for k, letter in enumerate("BYRKW"):
            want = line.count / (i + 1) if line.colour == k else 0.0
            assert _value(obs, 2, f"me.line{i + 1}.{letter}") == pytest.approx(want)
    assert _value(obs, 2, "me.score") == pytest.approx(view.score / 100)


@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_batch_equals_single_and_stays_in_bounds(variant: str) -> None:
    rng = random.Random(3)
    states = []
    for seed in range(6):
        st = State.new(4, variant)
        st.deal(random.Random(seed))
        for _ in range(rng.randrange(40)):
            if st.is_over:
                break
            if st.is_chance:
                st.deal(rng)
                continue
            acts = st.legal_actions()
            st.push(acts[rng.randrange(len(acts))])
        states.append(st)
    seats = [i % 4 for i in range(len(states))]
    batch = encode_batch([s.array() for s in states], seats, Ruleset(4, variant))
    high = observation_high(4)
    for i, st in enumerate(states):
        assert np.array_equal(batch[i], encode(st, seats[i]))
        assert (batch[i] >= 0).all() and (batch[i] <= high).all()
    assert _value(batch[0], 4, "grey") == (1.0 if variant == "grey" else 0.0)


def test_action_mask_is_the_legal_action_table() -> None:
    st = State.new(2, "grey")
    st.deal(random.Random(9))
    mask = action_mask(st)
    assert mask.dtype == np.int8 and mask.shape == (325,)
    assert np.flatnonzero(mask).tolist() == st.legal_actions()


def test_wrong_array_shape_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="shape"):
        encode_batch(np.zeros((2, 10)), [0, 0], Ruleset(2))
