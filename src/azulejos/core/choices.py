"""The choices a front end offers, step by step, from the one move generator
(:meth:`State.legal_moves`): what can be taken (R11), where it can go (R13, R15), and on the
grey wall which columns are free (R30).

>>> from azulejos.core import State
>>> st = State.new(2)
>>> st.apply_fill([(0, 0, 0, 1), (1, 1, 2, 2), (3, 3, 3, 3), (4, 4, 4, 0), (2, 2, 2, 1)])
>>> takeable(st)[:3]
[(0, 0), (0, 1), (1, 1)]
>>> destinations(st, 0, 0)  # every pattern line, and the floor (5)
[0, 1, 2, 3, 4, 5]
"""

from __future__ import annotations

from .moves import Move
from .state import State


def takeable(state: State) -> list[tuple[int, int]]:
    """(source, colour) pairs that can be taken now, in move order (factories, then centre)."""
    seen: dict[tuple[int, int], None] = {}
    for m in state.legal_moves():
        if m.is_draft:
            seen.setdefault((m.source, m.colour), None)
    return list(seen)


def destinations(state: State, source: int, colour: int) -> list[int]:
    """Pattern lines (0-4) and the floor (``FLOOR``) that ``colour`` from ``source`` may go to
    now (R13, R15); empty if that is no move."""
    seen: dict[int, None] = {}
    for m in state.legal_moves():
        if m.is_draft and m.source == source and m.colour == colour:
            seen.setdefault(m.destination, None)  # an SF4 draft has several splits (R43)
    return list(seen)


def splits(state: State, source: int, colour: int, destination: int) -> list[Move]:
    """Special factory displays (R43, R47d): the legal SF4 splits of this draft, each naming
    a direction per colour left (``Move.directions``); empty when the draft needs none."""
    return [
        m for m in state.legal_moves()
        if m.split and m.source == source and m.colour == colour and m.destination == destination
    ]


def columns(state: State) -> list[int]:
    """Grey wall (R30): the columns the pending line's tile may go to now."""
    return [m.column for m in state.legal_moves() if not m.is_draft]
