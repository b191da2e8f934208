"""Shared helpers for the accelerated-path tests: kernel games with their event logs, and
their replay on the reference engine."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

from azulejos.core import Fill, Ruleset, State, Variant
from azulejos.core import layout as L

try:
    import numpy  # noqa: F401
except ImportError:  # the accelerated path and its tests need numpy (extras "fast", "rl")
    collect_ignore_glob = ["test_*.py"]

CONFIGS = [(p, v) for p in (2, 3, 4) for v in ("coloured", "grey")]


@pytest.fixture(scope="session")
def K() -> Any:
    """The numba kernels (tests using it are skipped when numba is missing)."""
    pytest.importorskip("numba")
    from azulejos import fast

    if not fast.available():
        pytest.skip(f"numba kernels unavailable: {fast.reason()}")
    from azulejos.fast import kernel

    return kernel


@dataclass
class KernelGame:
    players: int
    variant: str
    start: int
    special_factories: bool
    events: list[tuple[str, Any]]  # ("move", action id) or ("fill", Fill)
    trace: list[list[int]]  # state array after each recorded event
    final: list[int]
    stalled: bool
    overflow: bool


def play_kernel_game(
    K: Any, players: int, variant: str, seed: int, start: int = 0, special_factories: bool = False
) -> KernelGame:
    """One uniformly random game played by the kernel, recording every move, fill and state
    (with the special factory displays, R40-R47, when ``special_factories``)."""
    import numpy as np

    grey = variant == "grey"
    s = np.empty(K.size(players, special_factories), dtype=np.int64)
    K.init_state(s, players, start)
    log = np.zeros(60_000, dtype=np.int64)
    trace = np.zeros((3_000, s.size), dtype=np.int64)
    wk = np.zeros(K.WK_SIZE, dtype=np.int64)
    rs = K.new_state(seed)
    K.playout(s, players, grey, rs, False, log, trace, wk)
    events = decode_log(
        log[: wk[K.WK_NLOG]].tolist(), 2 * players + 1, K.FILL_TAG, special_factories
    )
    return KernelGame(
        players,
        variant,
        start,
        special_factories,
        events,
        trace[: wk[K.WK_NTRACE]].tolist(),
        s.tolist(),
        bool(wk[K.WK_STALLED]),
        bool(wk[K.WK_OVERFLOW]),
    )


def decode_log(
    log: list[int], nfac: int, fill_tag: int, special_factories: bool = False
) -> list[tuple[str, Any]]:
    """The kernel's event log as ("move", action id) and ("fill", Fill) events; a fill with
    the module carries the kind of every display and SF1's extra tile (R40, R41)."""
    out: list[tuple[str, Any]] = []
    i = 0
    width = 4 * nfac + (nfac + 1 if special_factories else 0)
    while i < len(log):
        if log[i] == fill_tag:
            slots = log[i + 1 : i + 1 + width]
            facs = tuple(tuple(k for k in slots[f * 4 : f * 4 + 4] if k >= 0) for f in range(nfac))
            if special_factories:
                kinds = slots[4 * nfac : 5 * nfac]
                specials = tuple((f, k) for f, k in enumerate(kinds) if k)
                extra = tuple(k for k in slots[5 * nfac :] if k >= 0)
                out.append(("fill", Fill(facs, specials, extra)))
            else:
                out.append(("fill", Fill(facs)))
            i += 1 + width
        else:
            out.append(("move", log[i]))
            i += 1
    return out


def kernel_legal(K: Any, state: State) -> list[int]:
    import numpy as np

    s = np.array(state._s, dtype=np.int64)
    out = np.empty(K.MAX_LEGAL, dtype=np.int64)
    n = K.legal_actions(s, state.players, out, np.zeros(K.WK_SIZE, dtype=np.int64))
    return out[:n].tolist()


def replay_on_reference(K: Any, g: KernelGame) -> State:
    """Replay a kernel game on the reference engine, checking at every position that the
    kernel's legal-move list equals the reference's, that the states are equal and, with
    the module, that the 100 tiles are all there (I1)."""
    rules = Ruleset(g.players, Variant.parse(g.variant), special_factories=g.special_factories)
    st = State.new(rules, start_player=g.start)
    assert len(g.trace) <= len(g.events)
    for idx, (kind, ev) in enumerate(g.events[: len(g.trace)]):
        if kind == "fill":
            st.apply_fill(ev)  # validated against the bag and lid (R21, R22)
        else:
            legal = st.legal_actions()
            assert kernel_legal(K, st) == legal, f"legal moves differ before event {idx}"
            assert ev in legal, f"kernel move {ev} is illegal at event {idx}"
            st.push(ev)
        assert st._s == g.trace[idx], f"states differ after event {idx} ({kind} {ev})"
        if g.special_factories:
            assert st.tile_total() == [20] * 5, f"I1: tiles lost or made after event {idx}"
    return st


def deadlocked_state(players: int = 2, variant: str = "coloured") -> State:
    """Every black tile sits in a pattern line that needs one more black; every wall row lacks
    only black: no tile can reach a wall again, so the ruling R35 ends the game."""
    st = State.new(players, variant)
    s = st._s
    for k in range(5):
        s[L.BAG + k] = 0
    for p in range(players):
        b = L.P0 + p * L.STRIDE
        for r in range(5):
            for c in range(5):
                k = (c - r) % 5  # R6
                if k != 3:
                    s[b + L.WALL + r * 5 + c] = k
                    s[b + L.ROW_OCC + r] |= 1 << c
                    s[b + L.COL_OCC + c] |= 1 << r
                    s[b + L.ROW_CLR + r] |= 1 << k
                    s[b + L.COL_CLR + c] |= 1 << k
        for i in range(1, 5):
            s[b + L.L_COLOUR + i] = 3
            s[b + L.L_COUNT + i] = i
    for k in (0, 1, 2, 4):
        s[L.BAG + k] = 20 - 5 * players
    st.check_invariants()
    return st


@pytest.fixture(scope="session")
def games() -> SimpleNamespace:
    return SimpleNamespace(
        CONFIGS=CONFIGS,
        play=play_kernel_game,
        replay=replay_on_reference,
        legal=kernel_legal,
        deadlocked=deadlocked_state,
    )
