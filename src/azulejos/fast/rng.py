"""The kernels' random generator: xoshiro256** seeded by SplitMix64, exact bounded draws.

The generator state is a ``uint64`` array of 4 words, so a kernel can carry it through a
whole batch of games without Python objects. :func:`below` draws an integer in ``[0, n)``
exactly uniformly (Lemire's multiply-and-reject on 32-bit words), which the random play-outs
rely on (issue: random play-outs stay uniform over legal moves).
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

_GOLDEN = uint64(0x9E3779B97F4A7C15)
_MIX1 = uint64(0xBF58476D1CE4E5B9)
_MIX2 = uint64(0x94D049BB133111EB)
_MASK32 = uint64(0xFFFFFFFF)
_TWO32 = uint64(0x100000000)


@njit(cache=True, inline="always")
def _rotl(x: np.uint64, k: int) -> np.uint64:
    return (x << uint64(k)) | (x >> uint64(64 - k))


@njit(cache=True)
def seed_state(rs: np.ndarray, seed: int) -> None:
    """Seed the 4-word state ``rs`` from a 63-bit integer with SplitMix64."""
    x = uint64(seed)
    for i in range(4):
        x = x + _GOLDEN
        z = x
        z = (z ^ (z >> uint64(30))) * _MIX1
        z = (z ^ (z >> uint64(27))) * _MIX2
        rs[i] = z ^ (z >> uint64(31))
    if rs[0] == 0 and rs[1] == 0 and rs[2] == 0 and rs[3] == 0:
        rs[0] = uint64(1)  # xoshiro must not start from the all-zero state


@njit(cache=True, inline="always")
def next_u64(rs: np.ndarray) -> np.uint64:
    """The next 64-bit output of xoshiro256**."""
    s0 = rs[0]
    s1 = rs[1]
    s2 = rs[2]
    s3 = rs[3]
    result = _rotl(s1 * uint64(5), 7) * uint64(9)
    t = s1 << uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    rs[0] = s0
    rs[1] = s1
    rs[2] = s2
    rs[3] = s3
    return result


@njit(cache=True, inline="always")
def below(rs: np.ndarray, n: int) -> np.int64:
    """An integer drawn uniformly from ``[0, n)``, ``1 <= n < 2**32`` (no modulo bias)."""
    nn = uint64(n)
    m = (next_u64(rs) >> uint64(32)) * nn
    low = m & _MASK32
    if low < nn:
        t = (_TWO32 - nn) % nn
        while low < t:
            m = (next_u64(rs) >> uint64(32)) * nn
            low = m & _MASK32
    return np.int64(m >> uint64(32))


def new_state(seed: int) -> np.ndarray:
    """A seeded generator state (a fresh ``uint64`` array of 4 words)."""
    rs = np.zeros(4, dtype=np.uint64)
    seed_state(rs, int(seed) & 0x7FFFFFFFFFFFFFFF)
    return rs
