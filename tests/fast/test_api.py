"""The public accelerated API: random_playout, playout_many, backend and the fallback."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from azulejos import fast
from azulejos.core import State
from azulejos.fast import status


def _dealt(players: int = 2, variant: str = "coloured", seed: int = 0) -> State:
    st = State.new(players, variant)
    st.deal(random.Random(seed))
    st.push(st.legal_actions()[0])
    return st


@pytest.mark.parametrize("players,variant", [(2, "coloured"), (3, "grey"), (4, "coloured")])
def test_random_playout_plays_to_the_end_R23(K: Any, players: int, variant: str) -> None:
    st = _dealt(players, variant)
    hist = st.history
    scores = fast.random_playout(st, random.Random(1))
    assert st.is_over and scores == st.scores
    assert st.history == hist  # no history recorded, the earlier one kept
    st.check_invariants()
    again = _dealt(players, variant)
    assert fast.random_playout(again, random.Random(1)) == scores and again == st


def test_random_playout_until_round_end_R21(K: Any) -> None:
    st = _dealt(2, "grey")
    fast.random_playout(st, random.Random(2), until_round_end=True)
    assert st.is_chance and st.round == 2
    before = st.copy()
    fast.random_playout(st, random.Random(2), until_round_end=True)  # a fill is due: no-op
    assert st == before


def test_playout_many_leaves_state_and_is_deterministic(K: Any) -> None:
    st = _dealt(3, "coloured")
    snap = st.copy()
    a = fast.playout_many(st, 50, seed=9)
    assert a.shape == (50, 3) and (a >= 0).all()
    assert st == snap
    assert (fast.playout_many(st, 50, seed=9) == a).all()
    assert fast.playout_many(st, 0, seed=9).shape == (0, 3)
    with pytest.raises(ValueError):
        fast.playout_many(st, -1, seed=9)


def test_deadlocked_game_ends_by_ruling_R35(K: Any, games: Any) -> None:
    """No row can ever be completed: both paths end the game after the round (R35)."""
    st = games.deadlocked()
    ref = st.copy()
    fast.random_playout(st, random.Random(0))
    assert st.is_over and st.ended_by == "blocked" and st.round == 1
    st.check_invariants()
    from azulejos.core.playout import random_playout

    random_playout(ref, random.Random(0))
    assert ref.is_over and ref.ended_by == "blocked"
    scores = fast.playout_many(games.deadlocked(), 3, seed=1)
    assert scores.shape == (3, 2)


def test_backend_reports_numba(K: Any) -> None:
    assert fast.available() and fast.backend() == "numba" and fast.reason() == ""
    detail = fast.warmup_detail()
    assert detail["total_s"] is not None and detail["total_s"] >= detail["compile_s"]


def test_fallback_uses_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(status, "_STATUS", status._Status(checked=True, ok=False, reason="test"))
    assert fast.backend() == "reference" and not fast.available()
    st = _dealt()
    ref = st.copy()
    from azulejos.core.playout import random_playout

    assert fast.random_playout(st, random.Random(4)) == random_playout(ref, random.Random(4))
    assert st == ref
    out = fast.playout_many(_dealt(), 3, seed=2)
    assert out.shape == (3, 2) and out.dtype == np.int64


def test_missing_numba_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(status, "_STATUS", status._Status())
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba -> ImportError
    assert fast.backend() == "reference"
    assert "numba is not installed" in fast.reason()


def test_environment_switch_forces_the_reference() -> None:
    env = dict(os.environ, AZULEJOS_FAST="0")
    code = "import azulejos.fast as f; print(f.backend(), '|', f.reason())"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "reference | disabled by AZULEJOS_FAST"


def test_playouts_from_every_phase_R21_R33(K: Any) -> None:
    """From a fill (chance), a grey column choice (R33) and a finished game."""
    rng = random.Random(6)
    st = State.new(2, "grey")
    assert fast.random_playout(st.copy(), rng) and fast.playout_many(st, 4, 1).shape == (4, 2)
    st.deal(rng)
    while st.phase != "place":
        if st.is_chance:
            st.deal(rng)
        else:
            acts = st.legal_actions()
            st.push(acts[rng.randrange(len(acts))])
    out = fast.playout_many(st, 20, 2)
    assert out.shape == (20, 2) and st.phase == "place"
    done = st.copy()
    scores = fast.random_playout(done, rng)
    assert done.is_over
    assert fast.random_playout(done, rng) == scores
    assert (fast.playout_many(done, 3, 0) == scores).all()
