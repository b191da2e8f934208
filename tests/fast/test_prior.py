"""The learned move prior's features (:mod:`azulejos.fast.prior`) against the core: for every
drafting move of positions of whole random games (2-4 players, both walls), each feature the
kernel computes equals what the core's preview of the move (R11-R14, R18, R19) and the public
``State`` say; the hand weights give back the hand-set prior; weights files are checked."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from azulejos import fast
from azulejos.core import Ruleset, State
from azulejos.core.moves import move_of_action
from azulejos.core.preview import preview

from ..games import moves_due

needs_numba = pytest.mark.skipif(not fast.available(), reason="the numba kernels are not available")


def _draft_positions(players: int, variant: str, seed: int) -> list[State]:
    return [st for st in moves_due(Ruleset(players, variant), seed) if st.phase == "draft"]


def _feature(name: str) -> int:
    from azulejos.fast.prior import NAMES

    return NAMES.index(name)


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R11_R14_R18_R19_features_agree_with_the_core_preview(players: int, variant: str) -> None:
    from azulejos.fast import search as K
    from azulejos.fast.prior import N_PF

    f = _feature
    feats = np.empty((K.MAX_EDGES, N_PF))
    acts = np.empty(K.MAX_EDGES, dtype=np.int64)
    sc = np.empty(K.MAX_EDGES)
    checked = 0
    for st in _draft_positions(players, variant, seed=players * 7 + len(variant)):
        raw = np.array(st.raw, dtype=np.int64)
        grey = variant == "grey"
        n = K.prior_features(raw, players, grey, feats)
        assert K.scores_of(raw, players, grey, acts, sc) == n
        assert sorted(acts[:n].tolist()) == sorted(st.legal_actions())
        me = st.current_player
        boards = st.boards
        sources = [*st.factories, st.centre]
        total = sum(sum(src) for src in sources)
        gone = 1.0 - total / (4.0 * (2 * players + 1))
        for i in range(n):
            move = move_of_action(int(acts[i]))
            pv = preview(st, move)
            x = feats[i]
            k, d = move.colour, move.destination
            assert x[f("score")] == sc[i]
            assert x[f("taken")] == pv.taken
            assert x[f("to_floor")] == pv.to_floor + pv.to_lid
            assert x[f("floor_penalty")] == pv.penalty
            assert x[f("first_marker")] == pv.marker
            assert x[f("to_centre")] * 4 == pytest.approx(pv.to_centre)
            assert x[f("from_centre")] == (move.source == 9)
            assert x[f("dest_floor")] == (d == 5)
            for line in range(5):
                assert x[f(f"dest_{line + 1}")] == (d == line)
            assert x[f("completes")] == pv.completes_line
            line_now = boards[me].lines[d] if d < 5 else None
            assert x[f("continues")] == (line_now is not None and line_now.count > 0)
            if d < 5 and not pv.completes_line:
                assert x[f("line_share")] == pytest.approx((line_now.count + pv.to_line) / (d + 1))  # type: ignore[union-attr]
            else:
                assert x[f("line_share")] == 0.0
            if pv.completes_line and not grey and pv.wall_points:
                assert x[f("wall_points")] == pv.wall_points
            wall = boards[me].wall
            assert x[f("colour_on_wall")] * 5 == pytest.approx(sum(c == k for row in wall for c in row))
            assert x[f("colour_left")] * 10 == pytest.approx(sum(src[k] for src in sources) - pv.taken)
            need = sum(
                ln.capacity - ln.count for b in boards if b.seat != me for ln in b.lines
                if ln.colour == k and 0 < ln.count < ln.capacity
            )
            assert x[f("denied")] * 5 == pytest.approx(min(pv.taken, need))
            assert x[f("penalty_late")] == pytest.approx(pv.penalty * gone)
            assert x[f("floor_late")] == pytest.approx((d == 5) * gone)
            if d < 5:
                assert x[f("row_done")] * 5 == pytest.approx(sum(c is not None for c in wall[d]))
                if not grey:
                    col = (k + d) % 5  # R6
                    assert x[f("column_done")] * 5 == pytest.approx(sum(wall[r][col] is not None for r in range(5)))
            checked += 1
    assert checked > 200


@needs_numba
def test_hand_weights_give_the_hand_set_prior() -> None:
    """With the weights that put 1 / temperature on the score alone, the root's priors are the
    hand-set softmax (the learned prior starts its fit from there)."""
    from azulejos.agents.fastmcts import Tree
    from azulejos.fast import search as K
    from azulejos.fast.prior import hand_weights

    st = State.new(3)
    st.deal(random.Random(4))
    raw = np.array(st.raw, dtype=np.int64)
    hand, learned = Tree(64, 2048), Tree(64, 2048)
    n = K.make_root(raw, 3, False, 1.5, np.zeros(0), *hand.arrays())
    assert K.make_root(raw, 3, False, 1.5, hand_weights(1.5), *learned.arrays()) == n
    assert np.array_equal(hand.e_act[:n], learned.e_act[:n])
    assert np.allclose(hand.e_prior[:n], learned.e_prior[:n])
    assert math.isclose(float(learned.e_prior[:n].sum()), 1.0)
    other = Tree(64, 2048)
    w = hand_weights(1.5)
    w[_feature("dest_floor")] = -5.0  # the floor made unattractive
    K.make_root(raw, 3, False, 1.5, w, *other.arrays())
    floor = np.array([a % 6 == 5 for a in other.e_act[:n]])
    assert other.e_prior[:n][floor].sum() < hand.e_prior[:n][floor].sum()


def test_weights_files_are_checked(tmp_path: Path) -> None:
    from azulejos.fast import prior

    w = prior.load()  # the shipped weights
    assert w.shape == (prior.N_PF,) and np.all(np.isfinite(w))
    bad = tmp_path / "bad.npz"
    np.savez(bad, prior=np.zeros(3))
    with pytest.raises(ValueError, match="not a move prior"):
        prior.load(bad)
    np.savez(bad, prior=np.full(prior.N_PF, np.nan))
    with pytest.raises(ValueError, match="finite"):
        prior.load(bad)
    with pytest.raises(ValueError, match="cannot read"):
        prior.load(tmp_path / "none.npz")
