"""Legal moves over the flat layout: destinations, the move list, column choices and the
check that names the broken rule (R11, R13, R15; grey wall R30, R33).

The twin of :mod:`azulejos.fast.legal` (the numba kernels); differential tests keep the two
identical move by move. :class:`~azulejos.core.state.State` calls these functions; front ends
and bots use the state's methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from . import layout as L
from .colours import LETTERS
from .errors import IllegalMoveError
from .moves import CENTRE, PLACE_BASE, Move


def _dest_table() -> tuple[tuple[int, ...], ...]:
    """IDS[(source * 5 + colour) * 64 + mask]: the action ids to the destinations in ``mask``."""
    table: list[tuple[int, ...]] = []
    for sk in range(50):
        for mask in range(64):
            table.append(tuple(sk * 6 + d for d in range(6) if mask >> d & 1))
    return tuple(table)


_IDS: Final = _dest_table()
#: _CONTRIB[line * 32 + colours]: the packed destination bits that ``line`` adds for ``colours``.
_CONTRIB: Final = tuple(
    sum(1 << (6 * k + line) for k in range(5) if colours >> k & 1)
    for line in range(5)
    for colours in range(32)
)
_FLOOR_ALL: Final = sum(1 << (6 * k + 5) for k in range(5))
_SHIFT: Final = tuple(6 * (sk % 5) for sk in range(50))


def dest_packed(s: Sequence[int], seat: int) -> int:
    """Legal destinations of every colour for ``seat``, packed 6 bits per colour (bit 5 =
    floor). Line i accepts colour k when it is empty and wall row i lacks k, or already holds
    k and is not full (R13, R15); the floor always accepts (R13)."""
    b = L.P0 + seat * L.STRIDE
    packed = _FLOOR_ALL
    for i in range(5):
        c = s[b + i]
        if c < 0:
            packed += _CONTRIB[i * 32 + (31 & ~s[b + L.ROW_CLR + i])]
        elif s[b + L.L_COUNT + i] <= i:
            packed += _CONTRIB[i * 32 + (1 << c)]
    return packed


def dest_masks(s: Sequence[int], seat: int) -> list[int]:
    """For each colour, the bitmask of ``seat``'s legal destinations (bit 5 = floor)."""
    p = dest_packed(s, seat)
    return [(p >> (6 * k)) & 63 for k in range(5)]


def free_columns(s: Sequence[int], seat: int, line: int) -> list[int]:
    """Grey wall: the columns of ``line``'s wall row where its colour may go (R30)."""
    b = L.P0 + seat * L.STRIDE
    k = s[b + L.L_COLOUR + line]
    occ = s[b + L.ROW_OCC + line]
    return [c for c in range(5) if not occ >> c & 1 and not s[b + L.COL_CLR + c] >> k & 1]


def legal_actions(s: Sequence[int], nfactories: int) -> list[int]:
    """Action ids of every legal move, in increasing order (empty during a fill or at the end)."""
    ph = s[L.PHASE]
    if ph == L.DRAFT:
        packed = dest_packed(s, s[L.TURN])
        ids = _IDS
        shift = _SHIFT
        out: list[int] = []
        for sk in [sk for sk in range(nfactories * 5) if s[sk]]:
            out += ids[(sk << 6) + ((packed >> shift[sk]) & 63)]
        for sk in range(45, 50):
            if s[sk]:
                out += ids[(sk << 6) + ((packed >> shift[sk]) & 63)]
        return out
    if ph == L.PLACE:
        line = s[L.TQ_LINE]
        return [PLACE_BASE + line * 5 + c for c in free_columns(s, s[L.TURN], line)]
    return []


def check(s: Sequence[int], players: int, nfactories: int, m: Move) -> None:
    """Raise :class:`IllegalMoveError` naming the rule if ``m`` is not legal now."""
    ph = s[L.PHASE]
    t = m.text()
    if ph == L.OVER:
        raise IllegalMoveError(f"{t}: the game is over (R23)", "R23")
    if ph == L.FILL:
        raise IllegalMoveError(f"{t}: the factories must be filled first (R21)", "R21")
    seat = s[L.TURN]
    b = L.P0 + seat * L.STRIDE
    if ph == L.PLACE:
        line = s[L.TQ_LINE]
        if m.is_draft:
            raise IllegalMoveError(
                f"{t}: player {seat + 1} must first choose the wall column of pattern line "
                f"{line + 1} (R33)",
                "R33",
            )
        if m.line != line:
            raise IllegalMoveError(
                f"{t}: the next column choice is for pattern line {line + 1} of player "
                f"{seat + 1} (R33)",
                "R33",
            )
        if s[b + L.ROW_OCC + line] >> m.column & 1:
            raise IllegalMoveError(f"{t}: that wall space is already taken (R30)", "R30")
        k = s[b + L.L_COLOUR + line]
        if s[b + L.COL_CLR + m.column] >> k & 1:
            raise IllegalMoveError(
                f"{t}: wall column {m.column + 1} already holds {LETTERS[k]} (R30, I2)", "R30"
            )
        return
    if not m.is_draft:
        raise IllegalMoveError(f"{t}: column choices come only during wall-tiling (R33)", "R33")
    src = m.source
    if src != CENTRE and src >= nfactories:
        raise IllegalMoveError(
            f"{t}: there are only {nfactories} factories with {players} players (R2)", "R2"
        )
    k = m.colour
    if not s[src * 5 + k]:
        where = "the centre" if src == CENTRE else f"factory {src + 1}"
        raise IllegalMoveError(f"{t}: {where} holds no {LETTERS[k]} tile (R11)", "R11")
    d = m.destination
    if d < 5:
        c = s[b + L.L_COLOUR + d]
        if c >= 0 and c != k:
            raise IllegalMoveError(
                f"{t}: pattern line {d + 1} already holds {LETTERS[c]} (R13)", "R13"
            )
        if c == k and s[b + L.L_COUNT + d] > d:
            raise IllegalMoveError(f"{t}: pattern line {d + 1} is full (R13)", "R13")
        if s[b + L.ROW_CLR + d] >> k & 1:
            raise IllegalMoveError(f"{t}: wall row {d + 1} already holds {LETTERS[k]} (R15)", "R15")


__all__ = ["check", "dest_masks", "dest_packed", "free_columns", "legal_actions"]
