"""The game state: legal moves, push/pop, copy, the round fill and wall-tiling.

This is the reference engine. Every rule of ``RULES.md`` is cited where it is applied.
Internally a state is one flat ``list[int]`` (see :mod:`azulejos.core.layout`); the
properties below give a readable view of it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Union

from . import layout as L
from .colours import FLOOR_PENALTIES, LETTERS, wall_column
from .errors import IllegalFillError, IllegalMoveError, InvalidMoveError
from .events import Bonus, Discarded, Fill, Penalised, Placed, TilingEvent
from .moves import CENTRE, MOVE_TEXT, MOVES, NUM_ACTIONS, PLACE_BASE, Move
from .rules import Variant, check_players, factory_count

Event = Union[Move, Fill]

_RUN: Final = L.RUN
_PEN_TOTAL: Final = tuple(sum(FLOOR_PENALTIES[:n]) for n in range(8))


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


@dataclass(frozen=True, slots=True)
class PatternLine:
    colour: int | None  # None when empty
    count: int
    capacity: int

    @property
    def is_full(self) -> bool:
        return self.count == self.capacity


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A read-only picture of one player's board (R4)."""

    seat: int
    score: int
    lines: tuple[PatternLine, ...]
    wall: tuple[tuple[int | None, ...], ...]  # wall[row][column]: colour or None
    floor: tuple[int, ...]  # occupied slots left to right: colour, or 5 for the marker
    has_marker: bool

    @property
    def floor_penalty(self) -> int:
        return _PEN_TOTAL[len(self.floor)]

    @property
    def complete_rows(self) -> int:
        return sum(all(c is not None for c in row) for row in self.wall)


class State:
    """A position of a game of 2-4 players on the coloured or grey wall.

    A new state awaits its first fill (a chance step): call :meth:`deal` with a seeded
    generator, or :meth:`apply_fill` with a fill taken from a record.

    >>> import random
    >>> s = State.new(players=2)
    >>> s.deal(random.Random(1))
    >>> len(s.factories)
    5
    >>> s.push(s.legal_moves()[0]); s.current_player
    1
    """

    __slots__ = ("players", "variant", "nfactories", "_s", "_hist", "_log")

    players: int
    variant: Variant
    nfactories: int
    _s: list[int]
    _hist: list[tuple[Event, tuple[int, ...], tuple[TilingEvent, ...]]]
    _log: list[TilingEvent] | None  # None: events not recorded (play-outs)

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def new(
        cls, players: int = 2, variant: Variant | str = Variant.COLOURED, start_player: int = 0
    ) -> State:
        """A new game: all 100 tiles in the bag (R9), awaiting the first fill."""
        check_players(players)
        if not isinstance(start_player, int) or not 0 <= start_player < players:
            raise ValueError(f"start_player must be a seat 0-{players - 1} (R9)")
        self = cls.__new__(cls)
        self.players = players
        self.variant = Variant.parse(variant)
        self.nfactories = factory_count(players)
        s = [0] * L.size(players)
        for k in range(5):
            s[L.BAG + k] = 20  # R1, R9
        s[L.TURN] = start_player
        s[L.PHASE] = L.FILL
        s[L.ROUND] = 1
        s[L.MARKER] = -1
        s[L.START] = start_player
        s[L.NEXT_START] = start_player
        for p in range(players):
            b = L.P0 + p * L.STRIDE
            for i in range(5):
                s[b + L.L_COLOUR + i] = -1
            for i in range(25):
                s[b + L.WALL + i] = -1
            for i in range(7):
                s[b + L.FLOOR_SLOT + i] = -1
        self._s = s
        self._hist = []
        self._log = []
        return self

    @classmethod
    def from_array(
        cls, players: int, variant: Variant | str, data: Sequence[int]
    ) -> State:
        """A state from its flat layout (no history). The caller vouches for its validity."""
        self = cls.new(players, variant)
        if len(data) != L.size(players):
            raise ValueError("array has the wrong size for this player count")
        self._s = [int(x) for x in data]
        return self

    def copy(self, history: bool = True) -> State:
        """An independent copy (the history is kept unless ``history=False``)."""
        c = State.__new__(State)
        c.players = self.players
        c.variant = self.variant
        c.nfactories = self.nfactories
        c._s = self._s[:]
        c._hist = self._hist[:] if history else []
        c._log = None if self._log is None else self._log[:]
        return c

    __copy__ = copy

    def array(self) -> list[int]:
        """A copy of the flat layout (for accelerated paths and learning code)."""
        return self._s[:]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            self.players == other.players
            and self.variant == other.variant
            and self._s == other._s
        )

    def __hash__(self) -> int:
        return hash((self.players, self.variant, tuple(self._s)))

    # -- read-only view ------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"draft"``, ``"place"`` (grey column choice), ``"fill"`` (chance) or ``"over"``."""
        return ("draft", "place", "fill", "over")[self._s[L.PHASE]]

    @property
    def is_chance(self) -> bool:
        """True when the next event is a factory fill (R9, R21)."""
        return self._s[L.PHASE] == L.FILL

    @property
    def is_over(self) -> bool:
        return self._s[L.PHASE] == L.OVER

    @property
    def current_player(self) -> int:
        """The seat to move (drafting or grey column choice); during a fill, the round's starter."""
        return self._s[L.TURN]

    @property
    def round(self) -> int:
        return self._s[L.ROUND]

    @property
    def start_player(self) -> int:
        """The seat that starts (or started) the current round."""
        return self._s[L.START]

    @property
    def marker_holder(self) -> int | None:
        """The seat that took the first-player marker this round, or None (still in the centre)."""
        m = self._s[L.MARKER]
        return None if m < 0 else m

    @property
    def marker_in_centre(self) -> bool:
        return self._s[L.PHASE] == L.DRAFT and self._s[L.MARKER] < 0

    @property
    def ended_by(self) -> str | None:
        """Why the game ended: ``"row"`` (R23), ``"stuck"`` (R34), ``"empty"`` (empty fill),
        ``"blocked"`` (R35: no row can be completed any more) or None."""
        return (None, "row", "stuck", "empty", "blocked")[self._s[L.ENDED_BY]]

    @property
    def factories(self) -> list[list[int]]:
        """Colour counts of each factory: ``factories[i][colour]``."""
        s = self._s
        return [s[f * 5 : f * 5 + 5] for f in range(self.nfactories)]

    @property
    def centre(self) -> list[int]:
        return self._s[L.CENTRE_BASE : L.CENTRE_BASE + 5]

    @property
    def bag(self) -> list[int]:
        return self._s[L.BAG : L.BAG + 5]

    @property
    def lid(self) -> list[int]:
        return self._s[L.LID : L.LID + 5]

    @property
    def scores(self) -> list[int]:
        """Current scores (after the end bonuses once the game is over)."""
        s = self._s
        return [s[L.P0 + p * L.STRIDE + L.SCORE] for p in range(self.players)]

    @property
    def pending_line(self) -> int | None:
        """Grey wall, place phase: the pattern line (0-based) whose column is being chosen."""
        if self._s[L.PHASE] != L.PLACE:
            return None
        return self._s[L.TQ_LINE]

    def player(self, seat: int) -> PlayerView:
        s = self._s
        b = L.P0 + seat * L.STRIDE
        lines = tuple(
            PatternLine(
                None if s[b + L.L_COLOUR + i] < 0 else s[b + L.L_COLOUR + i],
                s[b + L.L_COUNT + i],
                i + 1,
            )
            for i in range(5)
        )
        wall = tuple(
            tuple(
                None if s[b + L.WALL + r * 5 + c] < 0 else s[b + L.WALL + r * 5 + c]
                for c in range(5)
            )
            for r in range(5)
        )
        n = s[b + L.FLOOR_N]
        floor = tuple(s[b + L.FLOOR_SLOT : b + L.FLOOR_SLOT + n])
        return PlayerView(seat, s[b + L.SCORE], lines, wall, floor, s[L.MARKER] == seat)

    @property
    def boards(self) -> list[PlayerView]:
        """Every player's board, in seat order."""
        return [self.player(p) for p in range(self.players)]

    @property
    def history(self) -> list[Event]:
        """Every event so far (fills and moves) in order."""
        return [h[0] for h in self._hist]

    @property
    def tiling_log(self) -> list[TilingEvent]:
        """What the most recent wall-tiling did (tiles placed with points, penalties, bonuses)."""
        return list(self._log or ())

    def tile_total(self) -> list[int]:
        """Tiles of each colour anywhere in the game (I1 says 20 each)."""
        s = self._s
        tot = [0] * 5
        for k in range(5):
            t = s[L.BAG + k] + s[L.LID + k]
            for src in range(10):
                t += s[src * 5 + k]
            tot[k] = t
        for p in range(self.players):
            b = L.P0 + p * L.STRIDE
            for i in range(5):
                if s[b + L.L_COLOUR + i] >= 0:
                    tot[s[b + L.L_COLOUR + i]] += s[b + L.L_COUNT + i]
            for i in range(25):
                if s[b + L.WALL + i] >= 0:
                    tot[s[b + L.WALL + i]] += 1
            for i in range(s[b + L.FLOOR_N]):
                k = s[b + L.FLOOR_SLOT + i]
                if k < 5:
                    tot[k] += 1
        return tot

    # -- legal moves --------------------------------------------------------------------------
    def _dest_packed(self, seat: int) -> int:
        """Legal destinations of every colour, packed 6 bits per colour (bit 5 = floor).

        Line i accepts colour k when it is empty and wall row i lacks k, or already holds k
        and is not full (R13, R15); the floor always accepts (R13).
        """
        s = self._s
        b = L.P0 + seat * L.STRIDE
        packed = _FLOOR_ALL
        for i in range(5):
            c = s[b + i]
            if c < 0:
                packed += _CONTRIB[i * 32 + (31 & ~s[b + L.ROW_CLR + i])]
            elif s[b + L.L_COUNT + i] <= i:
                packed += _CONTRIB[i * 32 + (1 << c)]
        return packed

    def _dest_masks(self, seat: int) -> list[int]:
        """For each colour, the bitmask of legal destinations (bit 5 = floor) (R13, R15)."""
        p = self._dest_packed(seat)
        return [(p >> (6 * k)) & 63 for k in range(5)]

    def legal_actions(self) -> list[int]:
        """Action ids of every legal move, in increasing order (empty during a fill or at the end)."""
        s = self._s
        ph = s[L.PHASE]
        if ph == L.DRAFT:
            packed = self._dest_packed(s[L.TURN])
            ids = _IDS
            shift = _SHIFT
            out: list[int] = []
            for sk in [sk for sk in range(self.nfactories * 5) if s[sk]]:
                out += ids[(sk << 6) + ((packed >> shift[sk]) & 63)]
            for sk in range(45, 50):
                if s[sk]:
                    out += ids[(sk << 6) + ((packed >> shift[sk]) & 63)]
            return out
        if ph == L.PLACE:
            line = s[L.TQ_LINE]
            return [PLACE_BASE + line * 5 + c for c in self._free_columns(s[L.TURN], line)]
        return []

    def legal_moves(self) -> list[Move]:
        """Every legal move (R11, R13, R15; grey wall R30, R33)."""
        return [MOVES[a] for a in self.legal_actions()]

    def is_legal(self, move: Move | int) -> bool:
        try:
            self._check(self._as_move(move))
        except IllegalMoveError:
            return False
        return True

    def _free_columns(self, seat: int, line: int) -> list[int]:
        """Grey wall: columns of ``line``'s wall row where its colour may go (R30)."""
        s = self._s
        b = L.P0 + seat * L.STRIDE
        k = s[b + L.L_COLOUR + line]
        occ = s[b + L.ROW_OCC + line]
        return [
            c
            for c in range(5)
            if not occ >> c & 1 and not s[b + L.COL_CLR + c] >> k & 1
        ]

    @staticmethod
    def _as_move(move: Move | int | str) -> Move:
        if isinstance(move, Move):
            return move
        if type(move) is int:
            if 0 <= move < NUM_ACTIONS:
                return MOVES[move]
            raise InvalidMoveError(f"{move!r} is not an action id (0-{NUM_ACTIONS - 1})")
        if isinstance(move, str):
            from .moves import parse_move

            return parse_move(move)
        raise InvalidMoveError(f"{move!r} is not a move")

    def _check(self, m: Move) -> None:
        """Raise :class:`IllegalMoveError` naming the rule if ``m`` is not legal now."""
        s = self._s
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
        if src != CENTRE and src >= self.nfactories:
            raise IllegalMoveError(
                f"{t}: there are only {self.nfactories} factories with {self.players} players (R2)",
                "R2",
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
                raise IllegalMoveError(
                    f"{t}: wall row {d + 1} already holds {LETTERS[k]} (R15)", "R15"
                )

    # -- moves --------------------------------------------------------------------------------
    def push(self, move: Move | int | str) -> None:
        """Play a move (a :class:`Move`, an action id or move text).

        Raises :class:`IllegalMoveError` (or :class:`InvalidMoveError` for bad text) and
        leaves the state unchanged if the move is not legal.
        """
        m = self._as_move(move)
        self._check(m)
        self._hist.append((m, tuple(self._s), tuple(self._log or ())))
        if m.is_draft:
            self._draft(m.source, m.colour, m.destination)
        else:
            self._place(m.column)

    def pop(self) -> Event:
        """Undo the last event (a move or a fill) and return it."""
        if not self._hist:
            raise IndexError("pop from a state with no history")
        ev, snap, log = self._hist.pop()
        self._s = list(snap)
        self._log = list(log)
        return ev

    def peek(self) -> Event | None:
        return self._hist[-1][0] if self._hist else None

    def _draft(self, src: int, k: int, d: int) -> None:
        s = self._s
        seat = s[L.TURN]
        b = L.P0 + seat * L.STRIDE
        base = src * 5
        n = s[base + k]
        s[base + k] = 0
        if src == CENTRE:
            s[L.LEFT] -= n
            if s[L.MARKER] < 0:
                # R12: the first to take from the centre takes the marker onto the floor first.
                s[L.MARKER] = seat
                fn = s[b + L.FLOOR_N]
                if fn < 7:
                    s[b + L.FLOOR_SLOT + fn] = L.MARKER_TILE
                    s[b + L.FLOOR_N] = fn + 1
                # R14 ruling: a full floor keeps the marker off the floor, with no penalty.
        else:
            # R11(a): the rest of the factory goes to the centre.
            moved = 0
            for kk in range(5):
                c = s[base + kk]
                if c:
                    s[L.CENTRE_BASE + kk] += c
                    s[base + kk] = 0
                    moved += c
            s[L.LEFT] -= n
        over = n
        if d < 5:
            have = s[b + L.L_COUNT + d]
            fit = d + 1 - have
            if fit > n:
                fit = n
            s[b + L.L_COLOUR + d] = k
            s[b + L.L_COUNT + d] = have + fit
            over = n - fit
        if over:
            # R13, R14: excess to the floor, left to right; past 7 slots to the lid.
            fn = s[b + L.FLOOR_N]
            while over and fn < 7:
                s[b + L.FLOOR_SLOT + fn] = k
                fn += 1
                over -= 1
            s[b + L.FLOOR_N] = fn
            if over:
                s[L.LID + k] += over
        if s[L.LEFT]:
            s[L.TURN] = (seat + 1) % self.players  # R10: clockwise
        else:
            self._end_drafting()  # R16

    # -- wall-tiling --------------------------------------------------------------------------
    def _end_drafting(self) -> None:
        s = self._s
        if self._log is not None:
            self._log = []
        # R20: the marker's holder starts the next round; nobody took it -> same starter.
        nxt = s[L.MARKER] if s[L.MARKER] >= 0 else s[L.START]
        s[L.NEXT_START] = nxt
        if self.variant is Variant.COLOURED:
            for p in range(self.players):
                self._tile_coloured(p)
            self._after_tiling()
        else:
            s[L.TQ_INDEX] = 0
            s[L.TQ_LINE] = 0
            self._advance_grey()

    def _tile_coloured(self, p: int) -> None:
        s = self._s
        b = L.P0 + p * L.STRIDE
        run = _RUN
        score = s[b + L.SCORE]
        for i in range(5):
            if s[b + L.L_COUNT + i] == i + 1:  # R17: complete line
                k = s[b + L.L_COLOUR + i]
                c = (k + i) % 5  # R6
                score += self._put(p, b, i, c, k, run)
                s[L.LID + k] += i  # R17: the rest to the lid
                s[b + L.L_COLOUR + i] = -1
                s[b + L.L_COUNT + i] = 0
        self._penalise(p, b, score)

    def _put(self, p: int, b: int, r: int, c: int, k: int, run: tuple[int, ...]) -> int:
        """Put colour k at (r, c) of seat p's wall; return its points (R18)."""
        s = self._s
        s[b + L.WALL + r * 5 + c] = k
        ro = s[b + L.ROW_OCC + r] | (1 << c)
        co = s[b + L.COL_OCC + c] | (1 << r)
        s[b + L.ROW_OCC + r] = ro
        s[b + L.COL_OCC + c] = co
        s[b + L.ROW_CLR + r] |= 1 << k
        s[b + L.COL_CLR + c] |= 1 << k
        h = run[ro * 5 + c]
        v = run[co * 5 + r]
        pts = L.tile_points(h, v)
        if self._log is not None:
            self._log.append(Placed(p, r, c, k, h, v, pts))
        return pts

    def _penalise(self, p: int, b: int, score: int) -> None:
        """R19, R20: floor penalty, clamp at 0, floor tiles to the lid, marker back."""
        s = self._s
        fn = s[b + L.FLOOR_N]
        pen = _PEN_TOTAL[fn]
        score -= pen
        if score < 0:
            score = 0
        s[b + L.SCORE] = score
        for j in range(fn):
            k = s[b + L.FLOOR_SLOT + j]
            if k < 5:
                s[L.LID + k] += 1
            s[b + L.FLOOR_SLOT + j] = -1
        s[b + L.FLOOR_N] = 0
        if self._log is not None:
            self._log.append(Penalised(p, fn, pen, score))

    def _advance_grey(self) -> None:
        """Walk the R33 order until a column choice is needed or tiling is done."""
        s = self._s
        n = self.players
        nxt = s[L.NEXT_START]
        j = s[L.TQ_INDEX]
        i = s[L.TQ_LINE]
        while j < n:
            p = (nxt + j) % n
            b = L.P0 + p * L.STRIDE
            while i < 5:
                if s[b + L.L_COUNT + i] == i + 1:
                    if self._free_columns(p, i):
                        s[L.PHASE] = L.PLACE
                        s[L.TURN] = p
                        s[L.TQ_INDEX] = j
                        s[L.TQ_LINE] = i
                        return
                    self._discard_line(p, b, i)  # R31
                i += 1
            self._penalise(p, b, s[b + L.SCORE])
            j += 1
            i = 0
        s[L.TQ_INDEX] = n
        s[L.TQ_LINE] = 0
        self._after_tiling()

    def _discard_line(self, p: int, b: int, i: int) -> None:
        """R31: a complete line with no legal column goes to the floor, then the lid."""
        s = self._s
        k = s[b + L.L_COLOUR + i]
        n = i + 1
        fn = s[b + L.FLOOR_N]
        while n and fn < 7:
            s[b + L.FLOOR_SLOT + fn] = k
            fn += 1
            n -= 1
        s[b + L.FLOOR_N] = fn
        s[L.LID + k] += n
        s[b + L.L_COLOUR + i] = -1
        s[b + L.L_COUNT + i] = 0
        if self._log is not None:
            self._log.append(Discarded(p, i, k, i + 1))

    def _place(self, column: int) -> None:
        s = self._s
        p = s[L.TURN]
        b = L.P0 + p * L.STRIDE
        i = s[L.TQ_LINE]
        k = s[b + L.L_COLOUR + i]
        s[b + L.SCORE] += self._put(p, b, i, column, k, _RUN)
        s[L.LID + k] += i
        s[b + L.L_COLOUR + i] = -1
        s[b + L.L_COUNT + i] = 0
        s[L.TQ_LINE] = i + 1
        self._advance_grey()

    def _after_tiling(self) -> None:
        """R23/R34: end the game, or await the next fill (R21)."""
        s = self._s
        ended = 0
        for p in range(self.players):
            b = L.P0 + p * L.STRIDE
            for r in range(5):
                if s[b + L.ROW_OCC + r] == 31:
                    ended = 1
                    break
            if ended:
                break
        if not ended and self.variant is Variant.GREY and not self.any_row_completable():
            ended = 2
        if not ended and not self.any_row_reachable():
            ended = 4
        if ended:
            self._finish(ended)
            return
        s[L.ROUND] += 1
        s[L.START] = s[L.NEXT_START]
        s[L.TURN] = s[L.START]
        s[L.MARKER] = -1
        s[L.PHASE] = L.FILL

    def _finish(self, why: int) -> None:
        s = self._s
        for p in range(self.players):
            bonus = self.bonus(p)
            s[L.P0 + p * L.STRIDE + L.SCORE] += bonus.points
            if self._log is not None:
                self._log.append(bonus)
        s[L.ENDED_BY] = why
        s[L.PHASE] = L.OVER

    def placement_points(self, seat: int, row: int, column: int) -> int:
        """Points a tile put now on the empty space (row, column) of ``seat``'s wall would
        score (R18); the same computation wall-tiling uses."""
        s = self._s
        b = L.P0 + seat * L.STRIDE
        return L.placement_points(s[b + L.ROW_OCC + row], s[b + L.COL_OCC + column], row, column)

    def bonus(self, seat: int) -> Bonus:
        """End bonuses the wall of ``seat`` earns now (R24)."""
        s = self._s
        b = L.P0 + seat * L.STRIDE
        rows = sum(1 for r in range(5) if s[b + L.ROW_OCC + r] == 31)
        cols = sum(1 for c in range(5) if s[b + L.COL_OCC + c] == 31)
        per = [0] * 5
        for i in range(25):
            k = s[b + L.WALL + i]
            if k >= 0:
                per[k] += 1
        return Bonus(seat, rows, cols, sum(1 for x in per if x == 5))

    def row_completable(self, seat: int, row: int) -> bool:
        """R34: can the missing colours of this row go one-to-one into its empty columns?"""
        s = self._s
        b = L.P0 + seat * L.STRIDE
        occ = s[b + L.ROW_OCC + row]
        missing = [k for k in range(5) if not s[b + L.ROW_CLR + row] >> k & 1]
        cols = [c for c in range(5) if not occ >> c & 1]
        colclr = [s[b + L.COL_CLR + c] for c in range(5)]

        def assign(idx: int, used: int) -> bool:
            if idx == len(missing):
                return True
            k = missing[idx]
            for c in cols:
                if not used >> c & 1 and not colclr[c] >> k & 1:
                    if assign(idx + 1, used | (1 << c)):
                        return True
            return False

        return assign(0, 0)

    def any_row_reachable(self) -> bool:
        """Ruling R35 (docs/rules.md): can any row of any player still be completed, even
        under the most favourable play, given the tiles that can still reach the walls?

        Tiles in the bag, lid, factories, centre and floors circulate. Tiles in an incomplete
        pattern line are locked until the line completes; a line of colour k holding c of its
        m tiles can complete once k's supply is at least m - c, and then returns m - 1 tiles to
        the lid (net gain c - 1 >= 0), so the set of lines that can ever complete is the
        fixpoint computed below - an over-estimate, so the game never ends while a row could
        still be completed. A row is reachable when its pattern line is not blocked for ever
        by a line that can never complete, every missing colour has enough supply to fill
        the line (or is the colour of that line, which can complete), and on the grey wall
        its missing colours fit its empty columns (R34).
        """
        s = self._s
        n = self.players
        supply = [s[L.BAG + k] + s[L.LID + k] + sum(s[k : L.BAG : 5]) for k in range(5)]
        for p in range(n):
            b = L.P0 + p * L.STRIDE
            for j in range(s[b + L.FLOOR_N]):
                k = s[b + L.FLOOR_SLOT + j]
                if k < 5:
                    supply[k] += 1
        grey = self.variant is Variant.GREY
        # Quick answer (the usual case): a row with an empty pattern line whose missing
        # colours all circulate in numbers already; the fixpoint below only adds supply.
        for p in range(n):
            b = L.P0 + p * L.STRIDE
            for r in range(5):
                if s[b + L.L_COUNT + r] == 0 and s[b + L.ROW_OCC + r] != 31:
                    rc = s[b + L.ROW_CLR + r]
                    if all(supply[k] > r for k in range(5) if not rc >> k & 1) and (
                        not grey or self.row_completable(p, r)
                    ):
                        return True
        pending: list[tuple[int, int, int, int]] = []  # (seat, line, colour, count)
        for p in range(n):
            b = L.P0 + p * L.STRIDE
            for i in range(5):
                if s[b + L.L_COUNT + i]:
                    pending.append((p, i, s[b + L.L_COLOUR + i], s[b + L.L_COUNT + i]))
        free: set[tuple[int, int]] = set()
        changed = True
        while changed:
            changed = False
            for p, i, k, c in pending:
                if (p, i) not in free and supply[k] >= i + 1 - c:
                    free.add((p, i))
                    supply[k] += c - 1
                    changed = True
        for p in range(n):
            b = L.P0 + p * L.STRIDE
            for r in range(5):
                line_colour = s[b + L.L_COLOUR + r]
                if line_colour >= 0 and (p, r) not in free:
                    continue  # blocked for ever
                rc = s[b + L.ROW_CLR + r]
                if all(
                    k == line_colour or supply[k] >= r + 1
                    for k in range(5)
                    if not rc >> k & 1
                ) and (not grey or self.row_completable(p, r)):
                    return True
        return False

    def any_row_completable(self) -> bool:
        return any(
            self.row_completable(p, r) for p in range(self.players) for r in range(5)
        )

    # -- chance: the round fill ---------------------------------------------------------------
    def sample_fill(self, rng: random.Random) -> Fill:
        """Draw a fill at random from the bag, refilling from the lid when empty (R21, R22)."""
        if self._s[L.PHASE] != L.FILL:
            raise IllegalFillError("no fill is due now (R21)", "R21")
        bag = self._s[L.BAG : L.BAG + 5]
        lid = self._s[L.LID : L.LID + 5]
        total = sum(bag)
        getrandbits = rng.getrandbits
        out: list[tuple[int, ...]] = []
        for _ in range(self.nfactories):
            f: list[int] = []
            for _ in range(4):
                if total == 0:
                    total = sum(lid)
                    if total == 0:
                        break
                    bag, lid = lid, [0] * 5
                # an exactly uniform tile of the bag: r in [0, total) by rejection
                bits = (total - 1).bit_length()
                r = getrandbits(bits)
                while r >= total:
                    r = getrandbits(bits)
                k = 0
                while r >= bag[k]:
                    r -= bag[k]
                    k += 1
                bag[k] -= 1
                total -= 1
                f.append(k)
            out.append(tuple(f))
        return Fill(tuple(out))

    def check_fill(self, fill: Fill | Iterable[Iterable[int]]) -> Fill:
        """Validate a fill against the bag and lid (R21, R22); return it as a :class:`Fill`."""
        if self._s[L.PHASE] != L.FILL:
            raise IllegalFillError("no fill is due now (R21)", "R21")
        if not isinstance(fill, Fill):
            fill = Fill(tuple(tuple(int(k) for k in f) for f in fill))
        facs = fill.factories
        if len(facs) != self.nfactories:
            raise IllegalFillError(
                f"a fill needs {self.nfactories} factories with {self.players} players, "
                f"not {len(facs)} (R2)",
                "R2",
            )
        bag = self._s[L.BAG : L.BAG + 5]
        lid = self._s[L.LID : L.LID + 5]
        for i, f in enumerate(facs):
            if len(f) > 4:
                raise IllegalFillError(f"factory {i + 1} gets {len(f)} tiles; it holds 4 (R2)", "R2")
            want = [0] * 5
            for k in f:
                if type(k) is not int or not 0 <= k < 5:
                    raise IllegalFillError(f"factory {i + 1}: {k!r} is not a colour", "R1")
                want[k] += 1
            in_bag = sum(bag)
            if in_bag >= len(f):
                if any(want[k] > bag[k] for k in range(5)):
                    raise IllegalFillError(
                        f"factory {i + 1} ({_letters(f)}) is not in the bag "
                        f"({_counts_text(bag)}) (R21)",
                        "R21",
                    )
                for k in range(5):
                    bag[k] -= want[k]
                if len(f) < 4 and in_bag - len(f) + sum(lid) > 0:
                    raise IllegalFillError(
                        f"factory {i + 1} gets only {len(f)} tiles while tiles remain (R21, R22)",
                        "R22",
                    )
                continue
            # The bag runs out inside this factory: all of it, then the lid goes in (R22).
            if any(want[k] < bag[k] for k in range(5)):
                raise IllegalFillError(
                    f"factory {i + 1} ({_letters(f)}) leaves tiles in the bag "
                    f"({_counts_text(bag)}) although the bag ran out (R22)",
                    "R22",
                )
            rest = [want[k] - bag[k] for k in range(5)]
            bag = [0] * 5
            if any(rest):
                if any(rest[k] > lid[k] for k in range(5)):
                    raise IllegalFillError(
                        f"factory {i + 1} ({_letters(f)}) cannot come from the bag and lid "
                        f"({_counts_text(lid)} in the lid) (R22)",
                        "R22",
                    )
                bag = [lid[k] - rest[k] for k in range(5)]
                lid = [0] * 5
            if len(f) < 4 and sum(bag) + sum(lid) > 0:
                raise IllegalFillError(
                    f"factory {i + 1} gets only {len(f)} tiles while tiles remain (R22)", "R22"
                )
        return fill

    def apply_fill(self, fill: Fill | Iterable[Iterable[int]]) -> None:
        """Fill the factories with ``fill`` (validated: :class:`IllegalFillError`)."""
        fill = self.check_fill(fill)
        self._hist.append((fill, tuple(self._s), tuple(self._log or ())))
        self._fill_unchecked(fill)

    def _fill_unchecked(self, fill: Fill) -> None:
        s = self._s
        total = 0
        for i, f in enumerate(fill.factories):
            n = len(f)
            base = i * 5
            for k in f:
                s[base + k] += 1
            if s[L.BAG] + s[L.BAG + 1] + s[L.BAG + 2] + s[L.BAG + 3] + s[L.BAG + 4] >= n:
                for k in f:
                    s[L.BAG + k] -= 1
            else:
                # R22: the bag runs out inside this factory; the lid goes into the bag.
                for kk in range(5):
                    s[L.BAG + kk] = s[L.LID + kk] - (s[base + kk] - s[L.BAG + kk])
                    s[L.LID + kk] = 0
            total += n
        s[L.LEFT] = total
        s[L.MARKER] = -1
        s[L.TURN] = s[L.START]
        if self._log is not None:
            self._log = []
        if total == 0:
            # Ruling (docs/rules.md): no tile could be drawn, so no round can be played.
            self._finish(3)
            return
        s[L.PHASE] = L.DRAFT

    def deal(self, rng: random.Random) -> None:
        """Sample a fill with ``rng`` and apply it (the chance step)."""
        self.apply_fill(self.sample_fill(rng))

    # -- results ------------------------------------------------------------------------------
    def winners(self) -> list[int]:
        """Seats that win (R25): most points, then most complete rows; else shared."""
        if not self.is_over:
            return []
        scores = self.scores
        best = max(scores)
        tied = [p for p in range(self.players) if scores[p] == best]
        if len(tied) == 1:
            return tied
        rows = {p: self.player(p).complete_rows for p in tied}
        most = max(rows.values())
        return [p for p in tied if rows[p] == most]

    def final_scores(self) -> list[int] | None:
        return self.scores if self.is_over else None

    def check_invariants(self) -> None:
        from .invariants import check

        check(self)

    def __repr__(self) -> str:
        return (
            f"<State {self.players}p {self.variant.value} round {self.round} "
            f"{self.phase} seat {self.current_player} scores {self.scores}>"
        )

    def __str__(self) -> str:
        return " ".join(MOVE_TEXT[m.id] for m in self.history if isinstance(m, Move))


def _letters(f: Sequence[int]) -> str:
    return "".join(LETTERS[k] for k in f) or "-"


def _counts_text(c: Sequence[int]) -> str:
    return " ".join(f"{LETTERS[k]}{c[k]}" for k in range(5))


__all__ = ["State", "PlayerView", "PatternLine", "Event", "wall_column"]
