"""Kernel games replay exactly on the reference engine (R10-R34), and reference games
replay exactly on the kernel."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from azulejos.core import Ruleset, State, Variant
from azulejos.notation import dumps, parse_record, record_of, replay
from azulejos.tools.selfplay import random_game

FAST_GAMES = 500  # per configuration: 6 configurations, 3,000 games


def _check_games(K: Any, games: Any, players: int, variant: str, n: int, seed0: int) -> int:
    stalled = 0
    for i in range(n):
        seed = seed0 + i
        g = games.play(K, players, variant, seed, start=seed % players)
        st = games.replay(K, g)
        if g.stalled:
            # Would be a deadlocked game; ruling R35 ends those, so none may remain.
            stalled += 1
            continue
        assert not g.overflow
        assert st.is_over
        assert st._s == g.final, "final state arrays differ"
        assert st.scores == [g.final[70 + p * 64 + 63] for p in range(players)]
        st.check_invariants()
    return stalled


@pytest.mark.parametrize("players,variant", [(p, v) for p in (2, 3, 4) for v in ("coloured", "grey")])
def test_kernel_games_replay_on_reference_R10_R34(K: Any, games: Any, players: int, variant: str) -> None:
    stalled = _check_games(K, games, players, variant, FAST_GAMES, 1_000 * players)
    assert stalled == 0  # R35: every game ends


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", [(p, v) for p in (2, 3, 4) for v in ("coloured", "grey")])
def test_many_kernel_games_replay_on_reference(K: Any, games: Any, players: int, variant: str) -> None:
    _check_games(K, games, players, variant, 1_500, 50_000 + 10_000 * players)


@pytest.mark.parametrize("players,variant", [(2, "coloured"), (3, "grey"), (4, "coloured"), (4, "grey")])
def test_reference_games_replay_on_kernel(K: Any, players: int, variant: str) -> None:
    """Moves and fills chosen by the reference, applied by the kernel: same array each step."""
    for i in range(40):
        ref = random_game(Ruleset(players, variant), seed=7, index=i)
        st = State.new(players, variant)
        s = np.array(st._s, dtype=np.int64)
        grey = variant == "grey"
        for ev in ref.history:
            if hasattr(ev, "factories"):
                fac = np.full((2 * players + 1, 4), -1, dtype=np.int64)
                for f, tiles in enumerate(ev.factories):
                    fac[f, : len(tiles)] = tiles
                K.apply_fill(s, players, fac)
                st.apply_fill(ev)
            else:
                assert K.is_legal(s, players, ev.id)
                K.apply_action(s, players, grey, ev.id)
                st.push(ev)
            assert s.tolist() == st._s
        assert st.is_over and s.tolist() == ref._s


def test_kernel_games_make_records_that_replay_R21_R22(K: Any, games: Any) -> None:
    """A kernel game written as an azulejos-record/1 replays to the same final state."""
    for players, variant in [(2, "coloured"), (3, "grey"), (4, "grey")]:
        g = games.play(K, players, variant, seed=99 + players)
        if g.stalled:
            continue
        st = games.replay(K, g)
        text = dumps(record_of(st, generator="kernel differential test"))
        again = replay(parse_record(text))
        assert again._s == g.final


def test_is_legal_agrees_with_reference_on_all_actions(K: Any, games: Any) -> None:
    rng = random.Random(3)
    for players, variant in [(2, "coloured"), (4, "grey")]:
        g = games.play(K, players, variant, seed=5)
        st = State.new(players, Variant.parse(variant))
        for idx, (kind, ev) in enumerate(g.events[:150]):
            if kind == "fill":
                st.apply_fill(ev)
                continue
            s = np.array(st._s, dtype=np.int64)
            for a in rng.sample(range(325), 60) + [ev]:
                assert K.is_legal(s, players, a) == st.is_legal(a), (idx, a)
            assert not K.is_legal(s, players, -1) and not K.is_legal(s, players, 325)
            st.push(ev)
