"""Where the accelerated path spends its time: a per-component profile of the numba kernel.

    python benchmarks/profile_kernel.py [--players N] [--variant V] [--games G]

Plays G random games with the kernel, recording every position, then times each component
over 256 positions drawn from them (few enough to stay in cache, as the single state of a
play-out does; enough that branch prediction cannot learn them all): choosing a uniform
legal move, applying it (including the wall-tiling that the last move of a round triggers),
and drawing the round fills. The remainder is set-up, the play-out loop and what the sample
misses (e.g. mispredictions that a real game adds). Times are CPU time of this process.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from azulejos.fast import kernel as K
from azulejos.fast.chance import fill
from azulejos.fast.legal import random_action
from azulejos.fast.step import apply_action
from azulejos.fast.tables import FILL, PHASE


@njit(cache=True)
def _choose(pos: np.ndarray, players: int, rs: np.ndarray, reps: int) -> int:
    wk = np.zeros(K.WK_SIZE, dtype=np.int64)
    acc = 0
    for _ in range(reps):
        for i in range(pos.shape[0]):
            acc += random_action(pos[i], players, rs, wk)
    return acc


@njit(cache=True)
def _restore_only(pos: np.ndarray, reps: int) -> int:
    snap = np.empty(pos.shape[1], dtype=np.int64)
    acc = 0
    for _ in range(reps):
        for i in range(pos.shape[0]):
            s = pos[i]
            snap[:] = s
            acc += s[0]
            s[:] = snap
    return acc


@njit(cache=True)
def _apply(pos: np.ndarray, players: int, grey: bool, acts: np.ndarray, reps: int) -> int:
    snap = np.empty(pos.shape[1], dtype=np.int64)
    acc = 0
    for _ in range(reps):
        for i in range(pos.shape[0]):
            s = pos[i]
            snap[:] = s
            apply_action(s, players, grey, acts[i])
            acc += s[0]
            s[:] = snap
    return acc


@njit(cache=True)
def _fill(pos: np.ndarray, players: int, rs: np.ndarray, reps: int) -> int:
    snap = np.empty(pos.shape[1], dtype=np.int64)
    wk = np.zeros(K.WK_SIZE, dtype=np.int64)
    log = np.empty(0, dtype=np.int64)
    acc = 0
    for _ in range(reps):
        for i in range(pos.shape[0]):
            s = pos[i]
            snap[:] = s
            fill(s, players, rs, log, wk)
            acc += s[0]
            s[:] = snap
    return acc


def _cpu_ns(fn, *args) -> float:  # type: ignore[no-untyped-def]
    fn(*args[:-1], 1)  # compile / warm
    t = time.process_time()
    fn(*args)
    return (time.process_time() - t) * 1e9


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    ap.add_argument("--variant", choices=("coloured", "grey"), default="coloured")
    ap.add_argument("--games", type=int, default=2000)
    a = ap.parse_args()
    players, grey, n = a.players, a.variant == "grey", a.games
    size = K.size(players)
    rs = K.new_state(1)
    moves_pos, moves_act, fill_pos = [], [], []
    for _ in range(n):
        s = np.empty(size, dtype=np.int64)
        K.init_state(s, players, 0)
        log = np.zeros(20_000, dtype=np.int64)
        trace = np.zeros((2_000, size), dtype=np.int64)
        wk = np.zeros(K.WK_SIZE, dtype=np.int64)
        K.playout(s, players, grey, rs, False, log, trace, wk)
        prev = np.empty(size, dtype=np.int64)
        K.init_state(prev, players, 0)
        acts = [x for x in log[: wk[K.WK_NLOG]].tolist()]
        j = 0
        for row in trace[: wk[K.WK_NTRACE]]:
            if prev[PHASE] == FILL:
                fill_pos.append(prev.copy())
                j += 1 + 4 * (2 * players + 1)
            else:
                moves_pos.append(prev.copy())
                moves_act.append(acts[j])
                j += 1
            prev = row
    # A random sample small enough to stay in the L2 cache, as the one state of a play-out does.
    pick = np.random.default_rng(0)
    im = pick.choice(len(moves_pos), size=min(256, len(moves_pos)), replace=False)
    ifl = pick.choice(len(fill_pos), size=min(256, len(fill_pos)), replace=False)
    mpg, fpg = len(moves_pos) / n, len(fill_pos) / n
    mp = np.array([moves_pos[i] for i in im])
    ma = np.array([moves_act[i] for i in im], dtype=np.int64)
    fp = np.array([fill_pos[i] for i in ifl])
    reps = 2000
    t_choose = _cpu_ns(_choose, mp.copy(), players, rs, reps) / (reps * len(mp))
    t_restore = _cpu_ns(_restore_only, mp.copy(), reps) / (reps * len(mp))
    t_apply = _cpu_ns(_apply, mp.copy(), players, grey, ma, reps) / (reps * len(mp)) - t_restore
    t_fill = _cpu_ns(_fill, fp.copy(), players, rs, reps) / (reps * len(fp)) - t_restore
    K.play_games(players, grey, 10, rs)
    t = time.process_time()
    K.play_games(players, grey, n * 5, rs)
    t_game = (time.process_time() - t) * 1e9 / (n * 5)
    parts = {
        "choose a uniform legal move": mpg * t_choose,
        "apply it (incl. wall-tiling)": mpg * t_apply,
        "draw the round fills": fpg * t_fill,
    }
    print(f"{players} players, {a.variant}: {mpg:.1f} moves and {fpg:.2f} fills per game")
    print(f"whole game: {t_game / 1000:.2f} us CPU ({1e9 / t_game:,.0f} games per CPU second)")
    print(f"  per move: choose {t_choose:.0f} ns, apply {t_apply:.0f} ns; per fill {t_fill:.0f} ns")
    for name, ns in parts.items():
        print(f"  {name:<30} {ns / 1000:6.2f} us  {100 * ns / t_game:5.1f} %")
    rest = t_game - sum(parts.values())
    print(f"  {'set-up, loop, the rest':<30} {rest / 1000:6.2f} us  {100 * rest / t_game:5.1f} %")


if __name__ == "__main__":
    main()
