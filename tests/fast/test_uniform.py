"""The kernel's random choices are uniform: legal moves (issue: random play-outs stay
uniform over legal moves, R11, R13, R33) and bounded draws. Chi-square tests, fixed seeds."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from azulejos.core import State


def chi2_p_value(counts: list[int], weights: list[float] | None = None) -> float:
    """Upper-tail p-value of Pearson's chi-square against expected counts proportional to
    ``weights`` (equal when None); Wilson-Hilferty normal approximation."""
    n = sum(counts)
    k = len(counts)
    w = weights or [1.0] * k
    expected = [n * x / sum(w) for x in w]
    x = sum((c - e) ** 2 / e for c, e in zip(counts, expected))
    df = k - 1
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _positions(K: Any, games: Any) -> list[tuple[State, list[int]]]:
    """Positions with many legal moves, few, and a grey column choice (R33)."""
    out: list[tuple[State, list[int]]] = []
    for players, variant, seed in [(2, "coloured", 1), (4, "coloured", 2), (3, "grey", 3)]:
        g = games.play(K, players, variant, seed)
        st = State.new(players, variant)
        picked_place = False
        for idx, (kind, ev) in enumerate(g.events):
            if kind == "move":
                legal = st.legal_actions()
                if idx == 1 or (len(legal) in range(2, 6) and len(out) < 5) or (
                    st.phase == "place" and len(legal) > 1 and not picked_place
                ):
                    picked_place |= st.phase == "place"
                    out.append((st.copy(history=False), legal))
                st.push(ev)
            else:
                st.apply_fill(ev)
    assert any(s.phase == "place" for s, _ in out)
    return out


def test_random_action_is_uniform_over_legal_moves_R11_R13_R33(K: Any, games: Any) -> None:
    rs = K.new_state(20240601)
    wk = np.zeros(K.WK_SIZE, dtype=np.int64)
    for st, legal in _positions(K, games):
        s = np.array(st._s, dtype=np.int64)
        draws = 150 * len(legal)
        counts = dict.fromkeys(legal, 0)
        for _ in range(draws):
            a = K.random_action(s, st.players, rs, wk)
            assert a in counts, f"illegal action {a} drawn"
            counts[a] += 1
        assert s.tolist() == st._s  # choosing does not change the state
        p = chi2_p_value(list(counts.values()))
        assert p > 1e-4, f"{len(legal)} legal moves, p = {p:.2e}: {counts}"


@pytest.mark.parametrize("n", [1, 2, 3, 7, 100, 325])
def test_below_is_uniform(K: Any, n: int) -> None:
    rs = K.new_state(n)
    draws = [K.below(rs, n) for _ in range(200 * n if n > 1 else 50)]
    assert min(draws) >= 0 and max(draws) < n
    if n > 1:
        counts = np.bincount(np.array(draws), minlength=n).tolist()
        assert chi2_p_value(counts) > 1e-4


def test_generator_is_deterministic_under_its_seed(K: Any) -> None:
    a = K.play_games(2, False, 20, K.new_state(11))
    b = K.play_games(2, False, 20, K.new_state(11))
    c = K.play_games(2, False, 20, K.new_state(12))
    assert (a == b).all()
    assert not (a == c).all()


def test_chi2_helper_detects_bias() -> None:
    assert chi2_p_value([100] * 10) > 0.99
    assert chi2_p_value([200] + [100] * 9) < 1e-6


def test_fill_draws_tiles_in_proportion_to_the_bag_R21_R22(K: Any) -> None:
    """Each drawn tile is uniform over the tiles in the bag; once the bag is empty the lid
    goes in (R22) and draws follow the lid's counts."""
    st = State.new(2)
    s0 = np.array(st._s, dtype=np.int64)
    bag = [1, 2, 3, 4, 5]  # 15 tiles: factories 1-3 and three tiles of factory 4
    lid = [15, 10, 5, 3, 2]  # 35 tiles: go into the bag for the rest of factory 4 and 5
    s0[50:55] = bag
    s0[55:60] = lid
    rs = K.new_state(77)
    wk = np.zeros(K.WK_SIZE, dtype=np.int64)
    log = np.empty(0, dtype=np.int64)
    first = [0] * 5
    last = [0] * 5
    for _ in range(6000):
        s = s0.copy()
        K.fill(s, 2, rs, log, wk)
        drawn = (s[0:25].reshape(5, 5)).sum(axis=0)
        assert drawn.tolist() == [a + b - c - d for a, b, c, d in zip(bag, lid, s[50:55], s[55:60])]
        assert s[55:60].tolist() == [0] * 5 and s[50:55].sum() == 15 + 35 - 20
        f1 = s[0:5].tolist()
        for k in range(5):
            first[k] += f1[k]
        f5 = s[20:25].tolist()
        for k in range(5):
            last[k] += f5[k]
    assert chi2_p_value(first, [float(b) for b in bag]) > 1e-4
    assert chi2_p_value(last, [float(x) for x in lid]) > 1e-4
