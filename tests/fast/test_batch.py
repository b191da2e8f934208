"""BatchEngine: games stepped together equal the reference after the same actions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from azulejos.core import Fill, IllegalMoveError, InvalidMoveError, State
from azulejos.fast import status
from azulejos.fast.batch import BatchEngine


def _fill_of(arr: list[int], nfac: int) -> Fill:
    """The fill a kernel drew, read back from its factories (order within one is irrelevant)."""
    return Fill(tuple(tuple(k for k in range(5) for _ in range(arr[f * 5 + k])) for f in range(nfac)))


def _mirror_games(eng: BatchEngine, steps: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    refs = [eng.state(i) for i in range(eng.n)]
    nfac = 2 * eng.players + 1
    for _ in range(steps):
        mask = eng.legal_mask()
        done = eng.done()
        for i, st in enumerate(refs):
            assert np.flatnonzero(mask[i]).tolist() == st.legal_actions()
            assert done[i] == st.is_over
        if done.all():
            break
        acts = np.array(
            [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask], dtype=np.int64
        )
        eng.step(acts)
        arrays = eng.arrays
        for i, st in enumerate(refs):
            if st.is_over:
                continue
            st.push(int(acts[i]))
            if st.is_chance:  # the engine drew the fill at once (R21)
                st.apply_fill(_fill_of(arrays[i].tolist(), nfac))
            assert st._s == arrays[i].tolist()
            assert st == eng.state(i)
        assert eng.current_player().tolist() == [st.current_player for st in refs]
        assert eng.scores().tolist() == [st.scores for st in refs]
        assert eng.phase().tolist() == [("draft", "place", "fill", "over").index(st.phase) for st in refs]


@pytest.mark.parametrize("players,variant", [(2, "coloured"), (2, "grey"), (3, "grey"), (4, "coloured")])
def test_batch_games_equal_reference_R10_R34(K: Any, players: int, variant: str) -> None:
    eng = BatchEngine(24, players, variant, seed=players)
    assert eng.backend == "numba"
    _mirror_games(eng, 400, seed=players)
    assert eng.done().sum() >= 20


def test_reset_mask_restarts_only_those_games_R9(K: Any) -> None:
    eng = BatchEngine(6, 2, "coloured", seed=4)
    for _ in range(30):
        eng.step(eng.legal_mask().argmax(axis=1))
    before = eng.arrays.copy()
    mask = np.array([True, False, True, False, False, False])
    eng.reset(mask)
    after = eng.arrays
    assert (after[~mask] == before[~mask]).all()
    for i in np.flatnonzero(mask):
        st = eng.state(int(i))
        assert st.round == 1 and st.phase == "draft" and st.current_player == 0
        assert sum(st.bag) == 100 - 20  # five factories of four (R2, R21)
    with pytest.raises(ValueError):
        eng.reset(np.ones(5, dtype=bool))


def test_illegal_action_raises_and_changes_nothing_R11_R13(K: Any) -> None:
    eng = BatchEngine(3, 2, "coloured", seed=8)
    good = eng.legal_mask().argmax(axis=1)
    before = eng.arrays.copy()
    bad = good.copy()
    st = eng.state(1)
    bad[1] = next(a for a in range(300) if not st.is_legal(a))
    with pytest.raises(IllegalMoveError, match="game 1"):
        eng.step(bad)
    assert (eng.arrays == before).all()
    bad[1] = 999
    with pytest.raises(InvalidMoveError, match="game 1"):
        eng.step(bad)
    with pytest.raises(ValueError):
        eng.step(good[:2])
    with pytest.raises(ValueError):
        eng.step(good.astype(float))
    assert (eng.arrays == before).all()
    eng.step(good)
    assert not (eng.arrays == before).all()


def test_finished_games_ignore_actions(K: Any) -> None:
    eng = BatchEngine(4, 2, "coloured", seed=2)
    rng = np.random.default_rng(0)
    while not eng.done().all():
        mask = eng.legal_mask()
        done = eng.done()
        acts = np.array([0 if d else rng.choice(np.flatnonzero(m)) for m, d in zip(mask, done)])
        frozen = eng.arrays[done].copy()
        eng.step(acts)
        assert (eng.arrays[done] == frozen).all()
        assert not eng.legal_mask()[eng.done()].any()
    assert (eng.phase() == 3).all()


def test_bad_construction_is_refused() -> None:
    with pytest.raises(ValueError):
        BatchEngine(0)
    with pytest.raises(ValueError):
        BatchEngine(2, players=5)
    with pytest.raises(ValueError):
        BatchEngine(2, variant="purple")


def test_reference_fallback_batch_equals_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(status, "_STATUS", status._Status(checked=True, ok=False, reason="test"))
    eng = BatchEngine(5, 3, "grey", seed=1)
    assert eng.backend == "reference"
    _mirror_games(eng, 60, seed=1)
    with pytest.raises(IndexError):
        eng.state(5)
    assert isinstance(eng.state(0), State)
