"""The numba kernels play the Master Chocolatier special factory displays (R40-R47) exactly
like the reference: kernel games replay move by move on the reference (legal-move lists,
every array and the 100 tiles after each event), reference games replay on the kernels, and
hand-built positions for each effect give the same arrays on both paths.

``AZULEJOS_SF_GAMES`` sets the kernel games per configuration (default 350: 2,100 games over
the six configurations); the ``slow`` test plays 1,500 more per configuration.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import numpy as np
import pytest

from azulejos import fast
from azulejos.commands import main
from azulejos.core import Fill, Ruleset, State
from azulejos.core import layout as L
from azulejos.core import specials as S
from azulejos.core.events import Discarded, Penalised
from azulejos.core.moves import NUM_ALL_ACTIONS, SPLIT_BASE
from azulejos.tools.selfplay import random_game

from .test_uniform import chi2_p_value

CONFIGS = [(p, v) for p in (2, 3, 4) for v in ("coloured", "grey")]
GAMES = int(os.environ.get("AZULEJOS_SF_GAMES", "350"))


def _rules(players: int, variant: str) -> Ruleset:
    return Ruleset(players, variant, special_factories=True)


def _check_kernel_games(K: Any, games: Any, players: int, variant: str, n: int, seed0: int) -> dict[str, int]:
    seen = {"splits": 0, "sf5_tiles": 0, "sf1_extra": 0}
    for i in range(n):
        seed = seed0 + i
        g = games.play(K, players, variant, seed, start=seed % players, special_factories=True)
        assert not g.stalled and not g.overflow  # R35: every game ends
        st = games.replay(K, g)  # legal lists, arrays and I1 after every event
        assert st.is_over and st._s == g.final, "final state arrays differ"
        st.check_invariants()
        seen["splits"] += sum(1 for k, ev in g.events if k == "move" and ev >= SPLIT_BASE)
        seen["sf1_extra"] += sum(1 for k, ev in g.events if k == "fill" and ev.extra)
        x = S.base(players)
        seen["sf5_tiles"] += sum(1 for row in g.trace if row[x + L.SF5_TILE] >= 0)
    return seen


@pytest.mark.parametrize("players,variant", CONFIGS)
def test_R40_R47_kernel_games_replay_on_reference(K: Any, games: Any, players: int, variant: str) -> None:
    seen = _check_kernel_games(K, games, players, variant, GAMES, 7_000 * players)
    # the games went through the module's effects, not around them
    assert seen["splits"] > GAMES and seen["sf5_tiles"] > 0 and seen["sf1_extra"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("players,variant", CONFIGS)
def test_R40_R47_many_kernel_games_replay_on_reference(
    K: Any, games: Any, players: int, variant: str
) -> None:
    _check_kernel_games(K, games, players, variant, 1_500, 90_000 + 10_000 * players)


# -- reference games on the kernels -----------------------------------------------------------
def _kernel_fill(K: Any, s: np.ndarray, players: int, fill: Fill) -> None:
    nf = 2 * players + 1
    fac = np.full((nf, 4), -1, dtype=np.int64)
    for f, tiles in enumerate(fill.factories):
        fac[f, : len(tiles)] = tiles
    kinds = np.zeros(nf, dtype=np.int64)
    for f, kind in fill.specials:
        kinds[f] = kind
    K.apply_fill_special(s, players, fac, kinds, fill.extra[0] if fill.extra else -1)


@pytest.mark.parametrize("players,variant", CONFIGS)
def test_R40_R47_reference_games_replay_on_kernel(K: Any, players: int, variant: str) -> None:
    """Fills (specials, SF1's extra tile) and moves (SF4 splits) chosen by the reference,
    applied by the kernels: the same array after every event; is_legal agrees on samples
    of every kind of action id (plain, grey choices, splits)."""
    rng = random.Random(players)
    grey = variant == "grey"
    for i in range(12):
        ref = random_game(_rules(players, variant), seed=11, index=i)
        st = State.new(_rules(players, variant))
        s = np.array(st._s, dtype=np.int64)
        for ev in ref.history:
            if isinstance(ev, Fill):
                _kernel_fill(K, s, players, ev)
                st.apply_fill(ev)
            else:
                legal = st.legal_actions()
                probe = rng.sample(range(NUM_ALL_ACTIONS), 20) + rng.sample(legal, min(3, len(legal)))
                probe += [a for a in legal if a >= SPLIT_BASE][:5]
                for a in probe:
                    assert K.is_legal(s, players, a) == st.is_legal(a), (i, a)
                K.apply_action(s, players, grey, ev.id)
                st.push(ev)
            assert s.tolist() == st._s
        assert st.is_over and s.tolist() == ref._s


def test_R43_is_legal_on_every_action_around_sf4(K: Any, games: Any) -> None:
    """Every action id 0-8424, at positions with SF4 holding 2-4 colours: kernel == reference."""
    checked = 0
    for seed in range(40):
        g = games.play(K, 3, "coloured", seed, special_factories=True)
        st = State.new(_rules(3, "coloured"))
        for kind, ev in g.events:
            if kind == "fill":
                st.apply_fill(ev)
                continue
            kinds = S.kinds(st._s, 3)
            f4 = kinds.index(S.SF4) if S.SF4 in kinds else -1
            if f4 >= 0 and sum(1 for c in st.factories[f4] if c) >= 2 and checked < 6:
                s = np.array(st._s, dtype=np.int64)
                legal = set(st.legal_actions())
                for a in range(NUM_ALL_ACTIONS):
                    assert K.is_legal(s, 3, a) == (a in legal), a
                assert not K.is_legal(s, 3, -1) and not K.is_legal(s, 3, NUM_ALL_ACTIONS)
                checked += 1
            st.push(ev)
        if checked >= 6:
            break
    assert checked == 6


# -- hand-built positions, one per effect ----------------------------------------------------
B, Y, R, K_, W = range(5)


def _new(players: int = 2, variant: str = "coloured") -> State:
    return State.new(_rules(players, variant))


def _to_wall(st: State, p: int, r: int, c: int, k: int) -> None:
    """Move one tile of colour k from the bag to seat p's wall space (r, c)."""
    s = st.raw
    b = L.P0 + p * L.STRIDE
    s[L.BAG + k] -= 1
    s[b + L.WALL + r * 5 + c] = k
    s[b + L.ROW_OCC + r] |= 1 << c
    s[b + L.COL_OCC + c] |= 1 << r
    s[b + L.ROW_CLR + r] |= 1 << k
    s[b + L.COL_CLR + c] |= 1 << k


def _kernel_array(st: State) -> np.ndarray:
    return np.array(st.raw, dtype=np.int64)


def _both_fill(K: Any, st: State, fill: Fill) -> np.ndarray:
    s = _kernel_array(st)
    st.apply_fill(fill)  # validated by the reference (R21, R22, R40, R41, R47b, R47e)
    _kernel_fill(K, s, st.players, fill)
    assert s.tolist() == st.raw
    st.check_invariants()
    return s


def _kernel_legal(K: Any, s: np.ndarray, players: int) -> list[int]:
    out = np.empty(K.MAX_LEGAL, dtype=np.int64)
    n = K.legal_actions(s, players, out, np.zeros(K.WK_SIZE, dtype=np.int64))
    return list(out[:n].tolist())


def _both_move(K: Any, st: State, s: np.ndarray, move: str | int) -> None:
    assert _kernel_legal(K, s, st.players) == st.legal_actions()
    m = st.check(move)
    assert K.is_legal(s, st.players, m.id)
    st.push(m)
    K.apply_action(s, st.players, st.ruleset.grey, m.id)
    assert s.tolist() == st.raw
    st.check_invariants()  # I1: the 100 tiles, with the one on a held SF5


def _play_round(K: Any, st: State, s: np.ndarray, seed: int) -> None:
    """Random legal moves on both paths to the end of the round."""
    rng = random.Random(seed)
    while st.phase in ("draft", "place"):
        _both_move(K, st, s, rng.choice(st.legal_actions()))


def test_R41_R47b_R47c_sf1_with_an_empty_bag_and_lid_and_sf2_next_to_empty_displays(K: Any) -> None:
    """4 players: 80 tiles on the walls, the last 20 fill five displays; SF1 gets no extra
    tile (R47b) and an SF2 between a display and an empty one pulls from the one (R47c)."""
    st = _new(4)
    for p in range(4):
        for r in range(5):
            for c in range(4):
                _to_wall(st, p, r, c, (c - r) % 5)  # the coloured wall (R6), no row complete
    assert st.bag == [4] * 5
    fill = Fill(
        ((B, Y, R, K_), (W, B, Y, R), (K_, W, B, Y), (R, K_, W, B), (Y, R, K_, W), (), (), (), ()),
        ((1, S.SF1), (5, S.SF2 + Y), (6, S.SF4), (8, S.SF5)),
    )
    s = _both_fill(K, st, fill)
    assert st.factories[1] == [1, 1, 1, 0, 1]  # SF1: nothing left to draw (R47b)
    assert st.factories[4] == [0, 0, 1, 1, 1] and st.factories[5] == [0, 1, 0, 0, 0]
    _play_round(K, st, s, 1)


@pytest.mark.parametrize("sf1,sf2,kept", [(0, 1, 0), (4, 3, 1)])
def test_R47c_sf2_takes_back_sf1s_extra_tile_in_display_order(K: Any, sf1: int, sf2: int, kept: int) -> None:
    st = _new(2)
    fill = Fill(
        ((B, B, Y, Y), (B, B, Y, Y), (K_, K_, W, W), (K_, W, B, Y), (K_, W, B, Y)),
        tuple(sorted(((sf1, S.SF1), (sf2, S.SF2 + R)))),
        (R,),
    )
    s = _both_fill(K, st, fill)
    assert st.factories[sf1][R] == kept and st.factories[sf2][R] == 1 - kept
    _play_round(K, st, s, 2)


def test_R43_R44_sf4_next_to_a_taken_sf5(K: Any) -> None:
    st = _new(2)
    fill = Fill(
        ((B, B, Y, Y), (R, K_, W, B), (K_, K_, W, W), (Y, Y, R, R), (B, W, K_, R)),
        ((0, S.SF5), (1, S.SF4)),
    )
    s = _both_fill(K, st, fill)
    _both_move(K, st, s, "1B1")  # seat 0 takes SF5; its second B lands on it (R44, R47a)
    assert st.sf5_holder == 0 and st.sf5_tile == B and st.neighbours(1) == (4, 2)
    _both_move(K, st, s, "2R2/<><")  # B and W go left past the taken SF5, K right (R43)
    assert st.factories[0] == [0] * 5
    assert st.factories[4] == [2, 0, 1, 1, 2] and st.factories[2] == [0, 0, 0, 3, 2]
    _play_round(K, st, s, 3)


def test_R44_R47a_sf5_with_a_full_floor(K: Any) -> None:
    st = _new(2)
    s0 = st.raw
    b = L.P0
    for j in range(7):  # seat 0's floor is full before the round
        s0[L.BAG + W] -= 1
        s0[b + L.FLOOR_SLOT + j] = W
    s0[b + L.FLOOR_N] = 7
    fill = Fill(
        ((B, B, B, Y), (R, K_, W, B), (K_, K_, W, W), (Y, Y, R, R), (B, W, K_, R)),
        ((0, S.SF5), (3, S.SF3)),
    )
    s = _both_fill(K, st, fill)
    lid = st.lid[B]
    _both_move(K, st, s, "1B1")
    assert st.sf5_tile == B and st.lid[B] == lid + 1  # the first falling tile on SF5
    _play_round(K, st, s, 4)
    assert st.sf5_tile is None


def test_R47a_sf5_catches_an_r31_line_on_the_grey_wall(K: Any) -> None:
    """Seat 0 holds SF5 and has a complete line 1 of B that no column can take (R31): at
    wall-tiling the first tile of that line lands on SF5 (no penalty), on both paths."""
    st = _new(2, "grey")
    s0 = st.raw
    for c, k in ((1, Y), (2, R), (3, K_), (4, W)):
        _to_wall(st, 0, 0, c, k)
    _to_wall(st, 0, 1, 0, B)  # column 1 already holds B: line 1's B has no column
    x = S.base(2)
    s0[x + L.SF_KIND + 0] = S.SF5
    s0[x + L.SF_KIND + 2] = S.SF3
    s0[x + L.SF5_HOLDER] = 0
    s0[x + L.SF5_OUT] = 0
    b = L.P0
    s0[L.BAG + B] -= 1
    s0[b + L.L_COLOUR + 0] = B
    s0[b + L.L_COUNT + 0] = 1
    s0[b + L.FLOOR_SLOT] = L.MARKER_TILE
    s0[b + L.FLOOR_N] = 1
    s0[L.MARKER] = 0
    s0[L.BAG + W] -= 1
    s0[1 * 5 + W] = 1  # one W left, on display 2
    s0[L.LEFT] = 1
    s0[L.PHASE] = L.DRAFT
    s0[L.TURN] = 1
    st.check_invariants()
    s = _kernel_array(st)
    _both_move(K, st, s, "2W1")  # the last draft: wall-tiling in R33 order from seat 0
    log = st.tiling_log
    assert Discarded(0, 0, B, 1) in log
    pen = [e for e in log if isinstance(e, Penalised) and e.seat == 0]
    assert pen and pen[0].slots == 1  # only the marker: the discarded B lay on SF5
    _play_round(K, st, s, 5)


# -- uniform random moves with splits, and the kernel's fill -------------------------------
def test_R43_random_action_is_uniform_over_legal_moves_with_splits(K: Any, games: Any) -> None:
    rs = K.new_state(20261130)
    wk = np.zeros(K.WK_SIZE, dtype=np.int64)
    found = 0
    for seed in range(60):
        g = games.play(K, 2, "coloured", seed, special_factories=True)
        st = State.new(_rules(2, "coloured"))
        for kind, ev in g.events:
            if kind == "fill":
                st.apply_fill(ev)
                continue
            legal = st.legal_actions()
            if legal[-1] >= SPLIT_BASE and 8 <= len(legal) <= 120:
                s = _kernel_array(st)
                counts = dict.fromkeys(legal, 0)
                for _ in range(120 * len(legal)):
                    a = K.random_action(s, 2, rs, wk)
                    assert a in counts, f"illegal action {a} drawn"
                    counts[a] += 1
                assert chi2_p_value(list(counts.values())) > 1e-4
                found += 1
                break
            st.push(ev)
        if found == 3:
            break
    assert found == 3


def test_R40_R47e_kernel_fill_draws_every_special_display_and_kind_evenly(K: Any) -> None:
    st = _new(3)
    base = _kernel_array(st)
    rs = K.new_state(5)
    wk = np.zeros(K.WK_SIZE, dtype=np.int64)
    log = np.empty(0, dtype=np.int64)
    x = S.base(3)
    by_display = [0] * 7
    by_kind = [0] * 9
    for _ in range(4_000):
        s = base.copy()
        K.fill(s, 3, rs, log, wk)
        kinds = s[x + L.SF_KIND : x + L.SF_KIND + 7].tolist()
        shown = [k for k in kinds if k]
        assert len(shown) == 3 and len(set(shown)) == 3  # R40, R47e
        for f, k in enumerate(kinds):
            if k:
                by_display[f] += 1
                by_kind[k - 1] += 1
    assert chi2_p_value(by_display) > 1e-4 and chi2_p_value(by_kind) > 1e-4


# -- the public API on the module -------------------------------------------------------------
@pytest.mark.parametrize("players,variant", [(2, "coloured"), (3, "grey"), (4, "coloured")])
def test_R40_R47_fast_random_playout_runs_the_kernels(K: Any, players: int, variant: str) -> None:
    assert fast.backend() == "numba"
    for seed in range(10):
        a, b = State.new(_rules(players, variant)), State.new(_rules(players, variant))
        sa = fast.random_playout(a, random.Random(seed))
        assert sa == fast.random_playout(b, random.Random(seed)) and a == b  # deterministic
        assert a.is_over and a.history == []
        a.check_invariants()


def test_R40_R47_playout_many_with_the_module(K: Any) -> None:
    st = State.new(_rules(2, "grey"))
    st.deal(random.Random(1))
    before = st.layout()
    scores = fast.playout_many(st, 20, seed=3)
    assert scores.shape == (20, 2) and st.layout() == before
    assert (scores == fast.playout_many(st, 20, seed=3)).all() and (scores >= 0).all()


def test_R40_bench_with_the_module_runs_both_paths(K: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--special-factories", "--seconds", "0.05", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    acc = r["paths"]["accelerated"]
    assert r["special_factories"] is True
    assert acc["backend"] == "numba" and acc["games_per_s"] > 0 and acc["moves_per_game"] > 0
    assert r["paths"]["reference"]["games_per_s"] > 0
    assert acc["base_game"]["games_per_s"] > 0 and acc["base_game"]["module_ratio"] > 0


def test_R40_R47_without_numba_the_module_runs_on_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The honest fallback: with the kernels unavailable, a module game is the reference's."""
    from azulejos.core.playout import random_playout as reference_playout
    from azulejos.fast import status

    monkeypatch.setattr(status, "_STATUS", status._Status(checked=True, ok=False, reason="test"))  # noqa: SLF001
    assert fast.backend() == "reference"
    a, b = State.new(_rules(3, "grey")), State.new(_rules(3, "grey"))
    assert fast.random_playout(a, random.Random(8)) == reference_playout(b, random.Random(8))
    assert a == b and a.is_over


def test_the_kernel_cache_fingerprint_covers_every_kernel_file() -> None:
    """numba checks a cached kernel only against its own file: every file of azulejos.fast
    that defines kernels (the module's too) is in the fingerprint and the cache clean-up."""
    from pathlib import Path

    from azulejos.fast import status

    folder = Path(status.__file__).parent
    with_kernels = {p.stem for p in folder.glob("*.py") if "@njit" in p.read_text(encoding="utf-8")}
    assert {"specials", "moves"} <= with_kernels
    assert with_kernels <= set(status._KERNEL_MODULES)  # noqa: SLF001
