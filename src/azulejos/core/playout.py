"""Random play-outs on the reference engine: uniform over legal moves, fills sampled.

The drafting loop here is the reference's hot path: it keeps the list of non-empty (source,
colour) pairs for the round and samples a legal move by exact rejection (a uniform (pair,
destination) draw is kept only when the destination is legal), which is exactly uniform over
the legal moves without listing them; which destinations are legal is
:func:`azulejos.core.legal.dest_packed`'s answer. The moves themselves are applied by the engine's own
:func:`azulejos.core.step.draft` and wall-tiling, so no rule is written twice; tests check
the play-outs against ``State.push`` move by move.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import chance, legal, step, tiling
from . import layout as L
from .events import Fill
from .state import State

_PHASE, _TURN = L.PHASE, L.TURN


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
    if state.ruleset.special_factories:
        _run_listing(state, rng, until_round_end, trace)
        return
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
            # the legal destinations of every colour for the seat to move (R13, R15): the
            # rule of legal.dest_packed, bit 6 * colour + destination
            dests = legal.dest_packed(s, s[_TURN])
            total = len(pairs) * 6
            bits = (total - 1).bit_length()
            while True:
                x = getrandbits(bits)
                if x >= total:
                    continue
                q = x // 6
                d = x - q * 6
                sk = pairs[q]
                if dests >> (6 * (sk % 5) + d) & 1:
                    break
            # -- apply with the engine's own draft (R11-R16), keeping the pair list --
            k = sk % 5
            if trace is not None:
                trace.append(sk * 6 + d)
            pairs.remove(sk)
            if sk < 45:  # a factory: the rest of it goes to the centre (R11)
                base = sk - k
                for kk in range(base, base + 5):
                    if kk != sk and s[kk]:
                        pairs.remove(kk)
                        ck = 45 + kk - base
                        if not s[ck]:
                            pairs.append(ck)
            step.draft(s, n, grey, None, sk // 5, k, d)
            if s[_PHASE] != L.DRAFT:
                break


def _run_listing(
    state: State, rng: random.Random, until_round_end: bool, trace: list[int | Fill] | None
) -> None:
    """The play-out with the special factory displays (R40-R47): uniform over the listed
    legal moves (SF4 splits included), applied by the state's own fast API."""
    getrandbits = rng.getrandbits
    with state.no_history():
        while not state.is_over:
            if state.is_chance:
                if until_round_end:
                    break
                fill = state.sample_fill(rng)
                if trace is not None:
                    trace.append(fill)
                state.fill_unchecked(fill)
                continue
            acts = state.legal_actions()
            a = acts[_below(getrandbits, len(acts))]
            if trace is not None:
                trace.append(a)
            state.apply_unchecked(a)


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """An exactly uniform integer in [0, n)."""
    bits = (n - 1).bit_length()
    while True:
        x = getrandbits(bits)
        if x < n:
            return x
