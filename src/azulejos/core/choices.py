"""The choices a front end offers, step by step, from the one move generator
(:meth:`State.legal_moves`): what can be taken (R11), where it can go (R13, R15), and on the
grey wall which columns are free (R30); with the special factory displays, the SF4 step:
where each colour left on it goes (R43).

>>> from azulejos.core import State
>>> st = State.new(2)
>>> st.apply_fill([(0, 0, 0, 1), (1, 1, 2, 2), (3, 3, 3, 3), (4, 4, 4, 0), (2, 2, 2, 1)])
>>> takeable(st)[:3]
[(0, 0), (0, 1), (1, 1)]
>>> destinations(st, 0, 0)  # every pattern line, and the floor (5)
[0, 1, 2, 3, 4, 5]
"""

from __future__ import annotations

from collections.abc import Sequence

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


# -- the SF4 step (R43, R47d) -------------------------------------------------------------------
def sf4_rest(state: State, source: int, colour: int) -> list[tuple[int, int]]:
    """Special factory displays: the (colour, tiles) pairs that drafting ``colour`` from the SF4
    ``source`` leaves on it, in B Y R K W order: one left-or-right choice each (R43). Empty
    when ``source`` is not this round's SF4 or the draft empties it.

    >>> st = _sf4_example()
    >>> {f: str(k) for f, k in st.specials.items()}
    {1: 'SF1', 3: 'SF4'}
    >>> sf4_rest(st, 3, 0)  # display 4 holds B B R W: taking blue leaves red and white
    [(2, 1), (4, 1)]
    >>> sf4_sides(st, 3)  # its neighbours: displays 3 and 5
    (2, 4)
    >>> split_move(st, 3, 0, 1, [False, True]).text()  # red goes left, white right
    '4B2/<>'
    """
    if source < 0 or state.specials.get(source) != "SF4":
        return []
    held = state.factories[source]
    return [(k, held[k]) for k in range(5) if k != colour and held[k]]


def sf4_sides(state: State, source: int) -> tuple[int, int]:
    """The (left, right) neighbours an SF4's colours may go to: the nearest displays still in
    the circle, a taken SF5 skipped (R40, R43)."""
    return state.neighbours(source)


def split_move(
    state: State, source: int, colour: int, destination: int, right: Sequence[bool]
) -> Move:
    """The SF4 draft with one choice per colour of :func:`sf4_rest` (``True``: to the right
    neighbour), as the one legal move it names (R43, R47d); ``ValueError`` if there is none
    (a choice missing or too many, or the draft is not legal now)."""
    want = tuple(bool(x) for x in right)
    for m in state.legal_moves():
        if (m.is_draft and m.source == source and m.colour == colour
                and m.destination == destination and m.directions == want):
            return m
    raise ValueError(
        f"no legal SF4 draft of colour {colour} from display {source + 1} to {destination} "
        f"with {len(want)} direction(s) (R43)"
    )


def _sf4_example() -> State:
    from .events import Fill
    from .ruleset import Ruleset
    from .specials import SF1, SF4

    st = State.new(Ruleset(2, special_factories=True))
    st.apply_fill(Fill(((0, 0, 0, 1), (1, 1, 2, 2), (3, 3, 3, 3), (0, 0, 2, 4), (2, 2, 2, 1)),
                       ((1, SF1), (3, SF4)), (4,)))
    return st
