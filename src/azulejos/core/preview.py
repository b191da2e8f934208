"""What a legal move would do, before it is played: the one move preview that the terminal,
the plain mode and the web server show (R6, R11-R14, R18, R30).

>>> from azulejos.core import State, draft
>>> st = State.new(2)
>>> st.apply_fill([(0, 0, 0, 1), (1, 1, 2, 2), (3, 3, 3, 3), (4, 4, 4, 0), (2, 2, 2, 1)])
>>> pv = preview(st, draft(2, 3, 0))  # factory 3, four black tiles, onto pattern line 1
>>> pv.to_line, pv.to_floor, pv.penalty, pv.completes_line, pv.wall_points
(1, 3, 4, True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from . import layout as L
from . import specials, step
from .colours import FLOOR_SLOTS, FLOOR_TOTALS, wall_column
from .events import Placed
from .moves import CENTRE, FLOOR, Move
from .rules import Variant
from .specials import Special
from .state import State


class Preview(NamedTuple):
    """The consequence of a move for the player making it (immutable; a named tuple, since a
    server builds one for every legal move of every position it shows, and a frozen
    dataclass took five times as long to make).

    Drafting: ``taken`` tiles of ``colour``; ``to_line`` fit the pattern line, ``to_floor``
    fall to the floor, ``to_lid`` go past a full floor to the lid (R13, R14); ``to_centre``
    tiles of the factory go to the centre (R11a); ``marker`` is True when the first-player
    marker comes along (R12); ``penalty`` is the extra floor penalty (positive, R5, R19);
    ``completes_line`` when the pattern line becomes full; then on the coloured wall
    ``wall_column`` is where its tile goes (R6) and ``wall_points`` what it would score on the
    wall as it is now (R18; lines tiled earlier in the same round can add to it).
    Grey-wall column choice (R30): ``points`` the tile scores, with its runs (R18).
    With the special factory displays: ``special`` names the source display's kind (``SF3``,
    ``SF4``…; empty for a plain display or the centre); ``to_centre`` is 0 for SF3 and SF4;
    ``stays`` tiles stay on an SF3 (R42); ``sent`` says, for an SF4 split, where each colour
    left on it goes, as (colour, tiles, display) in B Y R K W order (R43, R47d);
    ``takes_sf5`` when the draft takes SF5 out of the circle to lie beside the drafter's floor
    (R44); ``to_sf5`` is the tile a held (or now taken) SF5 catches, at no penalty (R44, R47a).
    SF1 and SF2 act when the displays are filled (R41): drafting from them is plain.
    """

    move: Move
    colour: int
    taken: int = 0
    to_line: int = 0
    to_floor: int = 0
    to_lid: int = 0
    to_centre: int = 0
    marker: bool = False
    penalty: int = 0
    completes_line: bool = False
    wall_column: int | None = None
    wall_points: int | None = None
    points: int = 0
    horizontal: int = 0
    vertical: int = 0
    to_sf5: int = 0
    special: Special | Literal[""] = ""
    stays: int = 0
    sent: tuple[tuple[int, int, int], ...] = ()
    takes_sf5: bool = False


def preview(state: State, move: Move) -> Preview:
    """The preview of a legal ``move`` (``ValueError`` if it is not legal now)."""
    if not state.is_legal(move):
        raise ValueError(f"{move.text()} is not legal now")
    return _Table(state).draft(move) if move.is_draft else _place(state, move)


def previews(state: State, moves: Sequence[Move] | None = None) -> list[tuple[Move, Preview]]:
    """Every legal move with its preview, in :meth:`State.legal_moves` order (the table is
    read once for all of them); or only ``moves``, which must be legal now (not checked: for a
    server that checked them against the legal moves)."""
    if moves is None:
        moves = state.legal_moves()
    if moves and moves[0].is_draft:
        table = _Table(state)
        return [(m, table.draft(m)) for m in moves]
    return [(m, _place(state, m)) for m in moves]


#: Added to the tiles left in a preview's trial, so that its draft is never the round's last.
_NEVER_LAST = 1 << 20


class _Table:
    """What the drafting previews read from the state, read once. A preview is the core's own
    draft (``step.apply_action``, or ``specials.apply_action`` with the module) played on a
    copy of the layout, read back: no drafting rule is written here."""

    __slots__ = ("state", "seat", "raw", "players", "grey", "apply", "coloured", "kinds", "b",
                 "sf5")

    def __init__(self, state: State) -> None:
        self.state = state
        self.seat = state.current_player
        self.raw = state.raw
        self.players = state.players
        self.grey = state.ruleset.grey
        self.apply = specials.apply_action if state.ruleset.special_factories else step.apply_action
        self.coloured = state.variant == Variant.COLOURED
        self.kinds = state.specials
        self.b = L.P0 + self.seat * L.STRIDE
        sf = state.ruleset.special_factories
        self.sf5 = specials.base(self.players) + L.SF5_TILE if sf else -1

    def draft(self, move: Move) -> Preview:
        s0 = self.raw
        s = s0.copy()
        s[L.LEFT] += _NEVER_LAST  # the trial never ends the round: only the draft's own effects
        self.apply(s, self.players, self.grey, None, move.id)
        b, k, src = self.b, move.colour, move.source
        kind: Special | Literal[""] = self.kinds.get(src, "")
        fit = completes = 0
        if move.destination != FLOOR:
            i = b + L.L_COUNT + move.destination
            fit = s[i] - s0[i]  # R13: what does not fit falls
            completes = s[i] == move.destination + 1
        marker = s0[L.MARKER] < 0 and s[L.MARKER] == self.seat  # R12
        before, after = s0[b + L.FLOOR_N], s[b + L.FLOOR_N]
        marker_slot = 1 if marker and before < FLOOR_SLOTS else 0  # R14 ruling: full floor
        to_sf5 = 0
        if self.sf5 >= 0:
            x = self.sf5
            to_sf5 = 1 if s0[x] < 0 <= s[x] else 0  # R44, R47a
        on_centre = L.CENTRE_BASE
        to_centre = stays = 0
        if src != CENTRE:
            to_centre = sum(s[on_centre : on_centre + 5]) - sum(s0[on_centre : on_centre + 5])
            stays = sum(s[src * 5 : src * 5 + 5])  # R42: SF3 keeps the rest
        column = points = None
        if completes and self.coloured:
            column = wall_column(move.destination, k)  # R6
            points = self.state.placement_points(self.seat, move.destination, column)  # R18
        return Preview(
            move,
            k,
            taken=s0[src * 5 + k],
            to_line=fit,
            to_floor=after - before - marker_slot,
            to_lid=s[L.LID + k] - s0[L.LID + k],
            to_centre=to_centre,
            marker=marker,
            penalty=FLOOR_TOTALS[after] - FLOOR_TOTALS[before],
            completes_line=bool(completes),
            wall_column=column,
            wall_points=points,
            to_sf5=to_sf5,
            special=kind,
            stays=stays,
            sent=self.state.split_sends(move),  # R43
            takes_sf5=kind is Special.SF5,  # R44
        )


def _place(state: State, move: Move) -> Preview:
    seat = state.current_player
    trial = state.copy(history=False)
    trial.push(move)
    for ev in reversed(trial.tiling_log):
        if isinstance(ev, Placed) and ev.seat == seat and ev.row == move.line:
            return Preview(move, ev.colour, points=ev.points, horizontal=ev.horizontal,
                           vertical=ev.vertical, wall_column=ev.column, wall_points=ev.points)
    raise AssertionError("a column choice always places a tile")  # pragma: no cover
