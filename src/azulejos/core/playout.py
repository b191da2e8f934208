"""Random play-outs on the reference engine: uniform over legal moves, fills sampled.

The drafting loop here is the engine's hot path, written for CPython speed: it keeps the
list of non-empty (source, colour) pairs for the round and samples a legal move by exact
rejection (a uniform (pair, destination) draw is kept only when the destination is legal),
which is exactly uniform over the legal moves without listing them. Every step applies the
same rules as :func:`azulejos.core.step.draft`; differential tests check that both play identical games.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import chance, legal, tiling
from . import layout as L
from .events import Fill
from .state import State

_PHASE, _TURN, _LEFT, _MARKER, _LID = L.PHASE, L.TURN, L.LEFT, L.MARKER, L.LID
_P0, _STRIDE = L.P0, L.STRIDE
_ROW_CLR, _L_COUNT, _FLOOR_N, _FLOOR_SLOT = L.ROW_CLR, L.L_COUNT, L.FLOOR_N, L.FLOOR_SLOT
_MT = L.MARKER_TILE


def random_playout(
    state: State,
    rng: random.Random,
    *,
    until_round_end: bool = False,
    trace: list[int | Fill] | None = None,
) -> list[int]:
    """Play ``state`` to the end (or to the end of the current round) with uniformly random
    legal moves and randomly sampled fills. Mutates ``state`` without recording history.
    Returns the scores. With ``trace``, every action id and fill played is appended to it.
    """
    _run(state, state.players, rng.getrandbits, rng, until_round_end, trace)
    return state.scores


def _run(
    state: State,
    n: int,
    getrandbits: Callable[[int], int],
    rng: random.Random,
    until_round_end: bool,
    trace: list[int | Fill] | None,
) -> None:
    s = state.raw  # mutated in place; no tiling events are recorded in play-outs
    grey = state.ruleset.grey
    while True:
        ph = s[_PHASE]
        if ph == L.OVER:
            break
        if ph == L.FILL:
            if until_round_end:
                break
            fill = state.sample_fill(rng)
            if trace is not None:
                trace.append(fill)
            chance.apply_fill(s, n, None, fill)
            continue
        if ph == L.PLACE:
            cols = legal.free_columns(s, s[_TURN], s[L.TQ_LINE])
            col = cols[_below(getrandbits, len(cols))]
            if trace is not None:
                trace.append(300 + s[L.TQ_LINE] * 5 + col)
            tiling.place(s, n, None, col)
            continue
        pairs = [sk for sk in range(50) if s[sk]]
        while True:
            seat = s[_TURN]
            b = _P0 + seat * _STRIDE
            total = len(pairs) * 6
            bits = (total - 1).bit_length()
            while True:
                x = getrandbits(bits)
                if x >= total:
                    continue
                q = x // 6
                d = x - q * 6
                sk = pairs[q]
                if d == 5:
                    break
                k = sk % 5
                c = s[b + d]
                if c < 0:
                    if not s[b + _ROW_CLR + d] >> k & 1:
                        break
                elif c == k and s[b + _L_COUNT + d] <= d:
                    break
            # -- apply, exactly as step.draft (R11-R14) --
            k = sk % 5
            if trace is not None:
                trace.append(sk * 6 + d)
            taken = s[sk]
            s[sk] = 0
            pairs.remove(sk)
            if sk >= 45:  # the centre
                if s[_MARKER] < 0:
                    s[_MARKER] = seat
                    fn = s[b + _FLOOR_N]
                    if fn < 7:
                        s[b + _FLOOR_SLOT + fn] = _MT
                        s[b + _FLOOR_N] = fn + 1
            else:
                base = sk - k
                for kk in range(base, base + 5):
                    c = s[kk]
                    if c:
                        ck = 45 + kk - base
                        if not s[ck]:
                            pairs.append(ck)
                        s[ck] += c
                        s[kk] = 0
                        pairs.remove(kk)
            left = s[_LEFT] - taken
            s[_LEFT] = left
            over = taken
            if d < 5:
                have = s[b + _L_COUNT + d]
                fit = d + 1 - have
                if fit > taken:
                    fit = taken
                s[b + d] = k
                s[b + _L_COUNT + d] = have + fit
                over = taken - fit
            if over:
                fn = s[b + _FLOOR_N]
                while over and fn < 7:
                    s[b + _FLOOR_SLOT + fn] = k
                    fn += 1
                    over -= 1
                s[b + _FLOOR_N] = fn
                if over:
                    s[_LID + k] += over
            if left:
                s[_TURN] = (seat + 1) % n
            else:
                tiling.end_drafting(s, n, grey, None)
                break


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """An exactly uniform integer in [0, n)."""
    bits = (n - 1).bit_length()
    while True:
        x = getrandbits(bits)
        if x < n:
            return x
