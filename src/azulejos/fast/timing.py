"""Timing of the accelerated path for ``azulejos bench`` (needs numba): whole games played
by the kernel, and per-operation costs inside the kernel and per call from Python."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import benchkernels as BK
from . import kernel as K


@dataclass
class KernelRun:
    games: int
    moves: int
    stalled: int  # deadlocked games stopped at kernel.ROUND_LIMIT
    wall: float
    cpu: float


def kernel_games(
    players: int, grey: bool, seconds: float, seed: int = 3, special_factories: bool = False
) -> KernelRun:
    """Whole games played by the kernel from set-up, in growing chunks, for ``seconds`` (with
    the special factory displays, R40-R47, when ``special_factories``)."""
    rs = K.new_state(seed)
    play = K.play_games_special if special_factories else K.play_games
    chunk = 500
    games = moves = stalled = 0
    c0 = time.process_time()
    t0 = time.perf_counter()
    while True:
        out = play(players, grey, chunk, rs)
        games += chunk
        moves += int(out[:, 0].sum())
        stalled += int(out[:, 2].sum())
        wall = time.perf_counter() - t0
        if wall >= seconds:
            return KernelRun(games, moves, stalled, wall, max(time.process_time() - c0, 1e-9))
        chunk = min(chunk * 2, 20_000)


def _per_call_us(seconds: float, items: list[Any], op: Callable[[Any], object]) -> float:
    n = 0
    t0 = time.perf_counter()
    while True:
        for x in items:
            op(x)
        n += len(items)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return dt / n * 1e6


def kernel_micro(
    arr: np.ndarray, players: int, grey: bool, acts: np.ndarray, seconds: float
) -> dict[str, float]:
    """Microseconds per operation over the positions ``arr`` (rows) with the actions ``acts``:
    inside the kernel (listing, copy, push + pop as apply and restore a snapshot), and the
    listing and an array copy called one by one from Python."""
    m = arr.shape[0]
    # compile (or load) the timing loops first: not part of any figure
    BK.bench_legal(arr[:2], players, 1)
    BK.bench_copy(arr[:2], 1)
    BK.bench_push_pop(arr[:2].copy(), players, grey, acts[:2], 1)

    def in_kernel(run: Callable[[int], object]) -> float:
        reps = 1
        while True:
            t0 = time.perf_counter()
            run(reps)
            dt = time.perf_counter() - t0
            if dt >= seconds or reps >= 1 << 24:
                return float(dt / (reps * m) * 1e6)
            reps = max(reps * 2, int(reps * seconds / max(dt, 1e-6) * 1.1))

    work = arr.copy()
    out = np.empty(K.MAX_LEGAL, dtype=np.int64)
    wk = np.zeros(K.WK_SIZE, dtype=np.int64)
    rows = list(arr)
    return {
        "legal_moves_us": in_kernel(lambda r: BK.bench_legal(arr, players, r)),
        "copy_us": in_kernel(lambda r: BK.bench_copy(arr, r)),
        "push_pop_us": in_kernel(lambda r: BK.bench_push_pop(work, players, grey, acts, r)),
        "legal_moves_call_us": _per_call_us(
            seconds, rows, lambda s: K.legal_actions(s, players, out, wk)
        ),
        "copy_call_us": _per_call_us(seconds, rows, np.ndarray.copy),
    }
