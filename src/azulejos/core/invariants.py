"""Invariant checks I1-I4, callable on any state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import layout as L
from .colours import wall_colour
from .errors import InvariantError
from .rules import Variant

if TYPE_CHECKING:
    from .state import State


def problems(state: State) -> list[str]:
    """Every invariant the state breaks, as text (empty when all hold)."""
    out: list[str] = []
    s = state.raw
    total = state.tile_total()
    if total != [20] * 5:
        out.append(f"I1: tiles per colour are {total}, not 20 each")
    for k in range(5):
        for base in (L.BAG, L.LID):
            if s[base + k] < 0:
                out.append(f"I1: negative tile count {s[base + k]}")
    for src in range(10):
        for k in range(5):
            if s[src * 5 + k] < 0:
                out.append("I1: negative count in a source")
    for p in range(state.players):
        b = L.P0 + p * L.STRIDE
        for r in range(5):
            row = [s[b + L.WALL + r * 5 + c] for c in range(5)]
            filled = [k for k in row if k >= 0]
            if len(filled) != len(set(filled)):
                out.append(f"I2: player {p + 1} wall row {r + 1} repeats a colour")
        for c in range(5):
            col = [s[b + L.WALL + r * 5 + c] for r in range(5)]
            filled = [k for k in col if k >= 0]
            if len(filled) != len(set(filled)):
                out.append(f"I2: player {p + 1} wall column {c + 1} repeats a colour")
        if state.variant is Variant.COLOURED:
            for i in range(25):
                k = s[b + L.WALL + i]
                if k >= 0 and k != wall_colour(i // 5, i % 5):
                    out.append(f"R6: player {p + 1} wall space {i // 5 + 1},{i % 5 + 1} is not {k}")
        if s[b + L.SCORE] < 0:
            out.append(f"I3: player {p + 1} has a negative score")
        for i in range(5):
            k, n = s[b + L.L_COLOUR + i], s[b + L.L_COUNT + i]
            if not (0 <= n <= i + 1) or (n == 0) != (k < 0):
                out.append(f"I4: player {p + 1} pattern line {i + 1} holds {n} of colour {k}")
            if k >= 0 and s[b + L.ROW_CLR + i] >> k & 1:
                out.append(f"R15: player {p + 1} line {i + 1} colour is already on the wall")
    if state.ruleset.special_factories:
        x = L.size(state.players)
        holder, tile, gone = s[x + L.SF5_HOLDER], s[x + L.SF5_TILE], s[x + L.SF5_OUT]
        kinds = [s[x + L.SF_KIND + f] for f in range(state.nfactories)]
        shown = [k for k in kinds if k]
        if len(set(shown)) != len(shown) or not all(1 <= k <= 9 for k in shown):
            out.append(f"R40: the special displays {kinds} repeat a special or name none")
        if (holder >= 0) != (gone >= 0) or (tile >= 0 and holder < 0):
            out.append("R44: a tile on SF5 or a taken SF5 without a holder")
        if gone >= 0 and (kinds[gone] != 9 or any(s[gone * 5 : gone * 5 + 5])):
            out.append(f"R44: display {gone + 1} left the circle but is not an empty SF5")
    return out


def check(state: State) -> None:
    """Raise :class:`InvariantError` listing every broken invariant."""
    found = problems(state)
    if found:
        raise InvariantError("; ".join(found))
