"""The value network's pieces (:mod:`azulejos.fast.nnfeatures`, :mod:`azulejos.fast.nn`): the
numba encoder equals the Python reference over the public ``State`` API on positions of every
phase, the numba inference equals the numpy forward pass, and the shipped weights load and
give finite values. Correctness only: the network's cost per node is measured in benchmarks
(docs/performance.md)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from azulejos import fast
from azulejos.core import Ruleset, State

from ..games import random_game

needs_numba = pytest.mark.skipif(not fast.available(), reason="the numba kernels are not available")


def _positions(players: int, variant: str, seed: int) -> list[State]:
    """Every position of a random game: drafting, grey column choices, the fills (R9, R21)
    and the end."""
    return list(random_game(Ruleset(players, variant), seed))


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R4_R9_R21_encoder_equals_the_reference(players: int, variant: str) -> None:
    from azulejos.agents.netfeatures import encode as reference
    from azulejos.fast.nnfeatures import N_IN, encode_array

    phases: set[str] = set()
    checked = 0
    for seed in range(2):
        for st in _positions(players, variant, seed):
            arr = np.array(st.raw, dtype=np.int64)
            for view in range(players):
                got = encode_array(arr, players, st.ruleset.grey, view)
                want = reference(st, view)
                assert len(want) == N_IN
                assert got.tolist() == pytest.approx(want, abs=1e-12)
                checked += 1
            phases.add(st.phase)
    assert checked > 200
    assert {"draft", "fill", "over"} <= phases
    if variant == "grey":
        assert "place" in phases


@needs_numba
def test_R4_encoder_is_from_the_viewers_seat() -> None:
    """The viewer's board is the first block, the next seat's the second (R4)."""
    from azulejos.fast.nnfeatures import F_SCORE, PLAYER_BLOCK, encode_array

    st = _positions(3, "coloured", 5)[-1]
    arr = np.array(st.raw, dtype=np.int64)
    for view in range(3):
        x = encode_array(arr, 3, False, view)
        for j in range(3):
            assert x[j * PLAYER_BLOCK + F_SCORE] == st.scores[(view + j) % 3] / 50.0
        assert not x[3 * PLAYER_BLOCK : 4 * PLAYER_BLOCK].any()  # no fourth player


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R10_R12_mid_round_encoder_equals_the_reference(players: int, variant: str) -> None:
    """The network of every position (``eval=mid``) also reads who is to move and how the
    tiles lie on the displays and in the centre; the numba encoder equals the reference."""
    from azulejos.agents.netfeatures import encode_mid as reference
    from azulejos.fast.nnfeatures import M_LEFT, M_TURN, N_IN, N_MID, encode_array

    checked = 0
    turns: set[int] = set()
    for seed in range(2):
        for st in _positions(players, variant, seed):
            arr = np.array(st.raw, dtype=np.int64)
            for view in range(players):
                got = encode_array(arr, players, st.ruleset.grey, view, mid=True)
                want = reference(st, view)
                assert len(want) == N_MID
                assert got.tolist() == pytest.approx(want, abs=1e-12)
                assert got[:N_IN].tolist() == encode_array(arr, players, st.ruleset.grey,
                                                           view).tolist()
                if st.phase == "draft":
                    turn = got[N_IN + M_TURN : N_IN + M_TURN + 4]
                    assert turn.sum() == 1.0
                    turns.add(int(np.argmax(turn)))
                    assert got[N_IN + M_LEFT] == pytest.approx(
                        sum(1 for f in st.factories if any(f)) / 9.0)
                else:  # a fill, the end, or a grey column choice after the draft
                    assert not got[N_IN + M_LEFT]
                checked += 1
    assert checked > 200
    assert turns == set(range(players))  # the mover seen from every seat


def _random_net(seed: int, h1: int = 16, h2: int = 8, mid: bool = False) -> np.ndarray:
    from azulejos.fast import nn
    from azulejos.fast.nnfeatures import N_IN, N_MID

    rng = np.random.default_rng(seed)
    n_in = N_MID if mid else N_IN
    return nn.pack(rng.normal(0, 0.2, (n_in, h1)), rng.normal(0, 0.1, h1),
                   rng.normal(0, 0.3, (h1, h2)), rng.normal(0, 0.1, h2),
                   rng.normal(0, 0.3, h2), 0.7, 10.0)


@needs_numba
def test_numba_inference_equals_the_numpy_forward_pass() -> None:
    from azulejos.agents.training import predict
    from azulejos.fast import nn
    from azulejos.fast.nnfeatures import encode_array

    net = _random_net(3)
    x_rows = []
    got = []
    xs, h1, h2 = nn.scratch(net)
    for st in _positions(4, "coloured", 1) + _positions(2, "grey", 2):
        arr = np.array(st.raw, dtype=np.int64)
        x = encode_array(arr, st.players, st.ruleset.grey, 0)
        x_rows.append(x)
        got.append(nn.forward(net, x, h1, h2))
    want = predict(net, np.array(x_rows))
    assert np.allclose(got, want, rtol=1e-10, atol=1e-10)
    assert np.std(want) > 0  # the outputs depend on the position


@needs_numba
def test_R24_R25_values_are_scores_plus_the_network_and_exact_at_the_end() -> None:
    from azulejos.agents.training import predict
    from azulejos.fast import nn
    from azulejos.fast.nnfeatures import encode_array

    net = _random_net(4)
    xs, h1, h2 = nn.scratch(net)
    positions = _positions(3, "coloured", 9)
    for st in (positions[len(positions) // 2], positions[-1]):
        arr = np.array(st.raw, dtype=np.int64)
        out = np.empty(3, dtype=np.float64)
        nn.values(arr, 3, False, net, out, xs, h1, h2)
        for p in range(3):
            if st.is_over:
                assert out[p] == st.scores[p]
            else:
                y = predict(net, encode_array(arr, 3, False, p)[None, :])[0]
                assert out[p] == pytest.approx(st.scores[p] + 10.0 * y)


@needs_numba
def test_R10_R24_values_of_a_network_of_every_position_read_the_mid_round_input() -> None:
    """The weights' input count says which encoding :func:`nn.values` uses."""
    from azulejos.agents.training import predict
    from azulejos.fast import nn
    from azulejos.fast.nnfeatures import encode_array

    net = _random_net(5, mid=True)
    assert nn.is_mid(net) and not nn.is_mid(_random_net(5))
    xs, h1, h2 = nn.scratch(net)
    positions = _positions(2, "coloured", 4)
    for st in positions[3:40:6] + [positions[-1]]:
        arr = np.array(st.raw, dtype=np.int64)
        out = np.empty(2, dtype=np.float64)
        nn.values(arr, 2, False, net, out, xs, h1, h2)
        for p in range(2):
            if st.is_over:
                assert out[p] == st.scores[p]
            else:
                y = predict(net, encode_array(arr, 2, False, p, mid=True)[None, :])[0]
                assert out[p] == pytest.approx(st.scores[p] + 10.0 * y)


@needs_numba
def test_shipped_weights_load_and_give_finite_values() -> None:
    from azulejos.fast import nn

    net = nn.load()
    assert nn.DEFAULT_WEIGHTS.stat().st_size < 1_000_000
    xs, h1, h2 = nn.scratch(net)
    for players in (2, 3, 4):
        for st in _positions(players, "coloured", players)[::7]:
            arr = np.array(st.raw, dtype=np.int64)
            out = np.empty(players, dtype=np.float64)
            nn.values(arr, players, False, net, out, xs, h1, h2)
            assert np.all(np.isfinite(out))


def test_a_file_that_is_not_a_network_is_refused(tmp_path: Path) -> None:
    from azulejos.fast import nn

    bad = tmp_path / "bad.npz"
    np.savez(bad, net=np.ones(10))
    with pytest.raises(ValueError, match="not a value network"):
        nn.load(bad)
    end_of_round = tmp_path / "end.npz"
    np.savez(end_of_round, net=_random_net(1))
    with pytest.raises(ValueError, match="not a value network.*314 inputs"):
        nn.load(end_of_round, mid=True)  # each kind of network is refused for the other
    every = tmp_path / "every.npz"
    np.savez(every, net=_random_net(1, mid=True))
    with pytest.raises(ValueError, match="not a value network.*294 inputs"):
        nn.load(every)
    assert nn.load(every, mid=True).shape == _random_net(1, mid=True).shape
    with pytest.raises(ValueError, match="cannot read"):
        nn.load(tmp_path / "missing.npz")
