"""The game state: the one object front ends, bots and learning code hold.

A :class:`State` is one flat ``list[int]`` (see :mod:`azulejos.core.layout`) with its
:class:`~azulejos.core.ruleset.Ruleset` and an undo history. The rules themselves live in
modules named after the phase they apply to, each the twin of a kernel of
:mod:`azulejos.fast`: :mod:`.legal` (legal moves, R11-R15, R30, R33), :mod:`.step` (drafting,
R10-R16), :mod:`.tiling` (wall-tiling and scoring, R17-R20, R23, R31-R34), :mod:`.chance` (the
round fill, R9, R21, R22) and :mod:`.endgame` (R24, R25, R34, ruling R35). Rule ids are those
of ``docs/rules.md``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Union

from . import chance, endgame, legal, specials, step
from . import layout as L
from .colours import wall_column
from .errors import IllegalMoveError, InvalidMoveError
from .events import Bonus, Fill, TilingEvent
from .ints import index, integer
from .moves import MOVE_TEXT, MOVES, NUM_ALL_ACTIONS, Move, parse_move
from .rules import PHASES, Phase, Variant
from .ruleset import Ruleset
from .tiling import PEN_TOTAL

Event = Union[Move, Fill]
_Snapshot = tuple[Event, tuple[int, ...], tuple[TilingEvent, ...]]


class _NoHistory(list[_Snapshot]):
    """The history inside :meth:`State.no_history`: keeps nothing."""

    def append(self, item: _Snapshot, /) -> None:
        pass


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
        return PEN_TOTAL[len(self.floor)]

    @property
    def complete_rows(self) -> int:
        return sum(None not in row for row in self.wall)


_LINES: dict[tuple[int, int, int], PatternLine] = {}
_ROWS: dict[tuple[int, ...], tuple[int | None, ...]] = {}


def _pattern_line(colour: int, count: int, capacity: int) -> PatternLine:
    """The pattern line of a stored colour (-1: none), count and capacity (one object each)."""
    key = (colour, count, capacity)
    line = _LINES.get(key)
    if line is None:
        line = _LINES[key] = PatternLine(None if colour < 0 else colour, count, capacity)
    return line


def _wall_row(cells: tuple[int, ...]) -> tuple[int | None, ...]:
    """A wall row from its stored cells (-1: empty), as :attr:`PlayerView.wall` holds it."""
    row = _ROWS.get(cells)
    if row is None:
        row = tuple(None if k < 0 else k for k in cells)
        if len(_ROWS) < 65536:  # at most 6**5 rows exist; the bound is for odd inputs
            _ROWS[cells] = row
    return row


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

    __slots__ = ("ruleset", "players", "nfactories", "_grey", "_sf", "_s", "_hist", "_log")

    ruleset: Ruleset
    players: int
    nfactories: int
    _grey: bool
    _sf: bool  # the special factory displays (R40-R47) are on
    _s: list[int]
    _hist: list[_Snapshot]
    _log: list[TilingEvent] | None  # None: events not recorded (play-outs)

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: int | Ruleset = 2,
        variant: Variant | str | None = None,
        start_player: int = 0,
    ) -> State:
        """A new game: all 100 tiles in the bag (R9), awaiting the first fill.

        ``State.new(Ruleset(3, "grey"))`` and ``State.new(3, "grey")`` are the same game;
        a bad ruleset raises :class:`~azulejos.core.errors.RulesetError` naming the field.
        """
        rules = Ruleset.of(players, variant)
        n = rules.players
        start = integer(start_player)
        if start is None or not 0 <= start < n:
            raise ValueError(f"start_player must be a seat 0-{n - 1} (R9)")
        start_player = start
        self = cls.__new__(cls)
        self._set_rules(rules)
        s = [0] * L.size(n, rules.special_factories)
        for k in range(5):
            s[L.BAG + k] = 20  # R1, R9
        s[L.TURN] = start_player
        s[L.PHASE] = L.FILL
        s[L.ROUND] = 1
        s[L.MARKER] = -1
        s[L.START] = start_player
        s[L.NEXT_START] = start_player
        for p in range(n):
            b = L.P0 + p * L.STRIDE
            for i in range(5):
                s[b + L.L_COLOUR + i] = -1
            for i in range(25):
                s[b + L.WALL + i] = -1
            for i in range(7):
                s[b + L.FLOOR_SLOT + i] = -1
        if rules.special_factories:
            specials.reset(s, n, ())
        self._s = s
        self._hist = []
        self._log = []
        return self

    def _set_rules(self, rules: Ruleset) -> None:
        self.ruleset = rules
        self.players = rules.players
        self.nfactories = rules.factories
        self._grey = rules.grey
        self._sf = rules.special_factories

    @classmethod
    def from_layout(cls, ruleset: Ruleset, data: Sequence[int]) -> State:
        """A state (without history) from its flat layout. The caller vouches for validity."""
        self = cls.new(ruleset)
        self.load_layout(data)
        return self

    @classmethod
    def from_array(
        cls, players: int | Ruleset, variant: Variant | str | None, data: Sequence[int]
    ) -> State:
        """:meth:`from_layout` with the ruleset given as (players, variant)."""
        return cls.from_layout(Ruleset.of(players, variant), data)

    def copy(self, history: bool = True) -> State:
        """An independent copy (the history is kept unless ``history=False``)."""
        c = State.__new__(State)
        c.ruleset = self.ruleset
        c.players = self.players
        c.nfactories = self.nfactories
        c._grey = self._grey
        c._sf = self._sf
        c._s = self._s[:]
        c._hist = self._hist[:] if history else []
        c._log = None if self._log is None else self._log[:]
        return c

    __copy__ = copy

    @property
    def variant(self) -> Variant:
        """The wall side (R8, R30): ``self.ruleset.variant``."""
        return self.ruleset.variant

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.ruleset == other.ruleset and self._s == other._s

    #: A state changes with every move, so it has no hash (as a list has none): a state kept
    #: in a set or as a dict key would be lost after the next ``push``. Key positions by
    #: ``to_position(state)`` (azulejos.notation) or ``tuple(state.raw())`` instead.
    __hash__ = None  # type: ignore[assignment]

    # -- read-only view ------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """:class:`Phase`: ``DRAFT``, ``PLACE`` (grey column choice), ``FILL`` (chance) or
        ``OVER``; a ``StrEnum``, equal to ``"draft"``, ``"place"``, ``"fill"``, ``"over"``."""
        return PHASES[self._s[L.PHASE]]

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
    def to_move(self) -> int | None:
        """The seat whose move (drafting or grey column choice) is due, or None during a fill
        (a chance event, R9/R21) and once the game is over (R24)."""
        return self._s[L.TURN] if self._s[L.PHASE] <= L.PLACE else None

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

    # -- the special factory displays (R40-R47) ---------------------------------------------
    @property
    def specials(self) -> dict[int, specials.Special]:
        """This round's special displays: display index (0-based) -> its kind
        (:class:`~azulejos.core.specials.Special`, equal to ``SF1``, ``SF2R``, …; empty in the
        base game)."""
        if not self._sf:
            return {}
        of = specials.Special.of
        return {f: of(k) for f, k in enumerate(specials.kinds(self._s, self.players)) if k}

    def split_sends(self, move: Move) -> tuple[tuple[int, int, int], ...]:
        """Where the SF4 draft ``move`` (with its split) sends each colour left on the display:
        ``(colour, tiles, display)`` in B Y R K W order, displays 0-based (R43, R47d); empty
        for any other move. The rule of :func:`azulejos.core.specials.split_destinations`."""
        if not (self._sf and move.split and move.is_draft):
            return ()
        return tuple(specials.split_destinations(
            self._s, self.players, move.source, move.split, move.colour
        ))

    @property
    def sf5_holder(self) -> int | None:
        """The seat holding the taken SF5 beside its floor this round (R44), or None."""
        if not self._sf:
            return None
        h = self._s[specials.base(self.players) + L.SF5_HOLDER]
        return None if h < 0 else h

    @property
    def sf5_tile(self) -> int | None:
        """The colour of the tile lying on the held SF5 (R44, R47a), or None."""
        if not self._sf:
            return None
        k = self._s[specials.base(self.players) + L.SF5_TILE]
        return None if k < 0 else k

    def neighbours(self, display: int) -> tuple[int, int]:
        """Display ``display``'s (left, right) neighbours still in the circle (R40, R43). Displays
        are numbered from 0 here, as in :attr:`factories` (records and move text count from 1).
        """
        display = index(display, self.nfactories, "a factory display")
        if not self._sf:
            nf = self.nfactories
            return (display - 1) % nf, (display + 1) % nf
        return specials.neighbours(self._s, self.players, display)

    @property
    def pending_line(self) -> int | None:
        """Grey wall, place phase: the pattern line (0-based) whose column is being chosen."""
        if self._s[L.PHASE] != L.PLACE:
            return None
        return self._s[L.TQ_LINE]

    def board_key(self, seat: int) -> tuple[int, ...]:
        """A value that is equal for two states exactly when their :meth:`player` boards of
        ``seat`` are equal: cheaper than the board itself, for caches of what is drawn from
        it."""
        seat = index(seat, self.players, "a seat")
        s = self._s
        b = L.P0 + seat * L.STRIDE
        return (*s[b : b + L.STRIDE], s[L.MARKER] == seat)

    def player(self, seat: int) -> PlayerView:
        """The board of ``seat`` (0 to players-1): score, pattern lines, wall, floor and
        whether it holds the first-player marker."""
        seat = index(seat, self.players, "a seat")
        s = self._s
        b = L.P0 + seat * L.STRIDE
        # (the lines and wall rows are immutable values, shared: a board is drawn every move)
        c, k = b + L.L_COLOUR, b + L.L_COUNT
        lines = tuple(_pattern_line(s[c + i], s[k + i], i + 1) for i in range(5))
        w = b + L.WALL
        wall = tuple(_wall_row(tuple(s[w + r : w + r + 5])) for r in range(0, 25, 5))
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
        if self._sf and self.sf5_tile is not None:
            tot[self.sf5_tile] += 1
        return tot

    # -- legal moves --------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """Action ids of every legal move, in increasing order (empty during a fill or at the end)."""
        if self._sf:
            return specials.legal_actions(self._s, self.players)
        return legal.legal_actions(self._s, self.nfactories)

    def legal_moves(self) -> list[Move]:
        """Every legal move (R11, R13, R15; grey wall R30, R33)."""
        return [MOVES[a] for a in self.legal_actions()]

    def is_legal(self, move: Move | int | str) -> bool:
        """Whether ``move`` (a :class:`Move`, an action id or move text) may be played now:
        False also for what denotes no move at all (see :meth:`check` for the reason)."""
        try:
            self.check(move)
        except (IllegalMoveError, InvalidMoveError):
            return False
        return True

    def check(self, move: Move | int | str) -> Move:
        """The move, if it is legal now; else :class:`IllegalMoveError` naming the rule it
        breaks (:class:`InvalidMoveError` if it denotes no move at all)."""
        m = _as_move(move)
        self._check(m)
        return m

    def _check(self, m: Move) -> None:
        if self._sf:
            specials.check(self._s, self.players, m)
            return
        if m.split:
            raise IllegalMoveError(
                f"{m.text()}: this game has no special factory displays, so no move has a / "
                "part (R43)",
                "R43",
            )
        legal.check(self._s, self.players, self.nfactories, m)

    def destinations(self, seat: int | None = None) -> list[int]:
        """For each colour, the bitmask of the pattern lines (bits 0-4) and floor (bit 5)
        that ``seat`` (default: the player to move) may put it on now (R13, R15)."""
        who = self.current_player if seat is None else index(seat, self.players, "a seat")
        return legal.dest_masks(self._s, who)

    def free_columns(self, seat: int, line: int) -> list[int]:
        """Grey wall: the columns of wall row ``line`` where the colour of ``seat``'s pattern
        line ``line`` may go (R30)."""
        seat = index(seat, self.players, "a seat")
        return legal.free_columns(self._s, seat, index(line, 5, "a pattern line"))

    # -- moves --------------------------------------------------------------------------------
    def push(self, move: Move | int | str) -> None:
        """Play a move (a :class:`Move`, an action id or move text).

        Raises :class:`IllegalMoveError` (or :class:`InvalidMoveError` for bad text) and
        leaves the state unchanged if the move is not legal.
        """
        m = _as_move(move)
        self._check(m)
        self._hist.append((m, tuple(self._s), tuple(self._log or ())))
        if self._sf:
            specials.apply_action(self._s, self.players, self._grey, self._log, m.id)
        else:
            step.apply_action(self._s, self.players, self._grey, self._log, m.id)

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

    # -- the fast API: search and learning ----------------------------------------------------
    def apply_unchecked(self, action: int) -> None:
        """Play action id ``action`` with no legality check and no undo snapshot, and without
        recording tiling events (:attr:`tiling_log` is left as it was): for search loops that
        took the action from :meth:`legal_actions` of this very position. An illegal action
        corrupts the state.

        >>> import random
        >>> s = State.new(2); s.deal(random.Random(1))
        >>> a = s.legal_actions()[0]
        >>> t = s.copy(); t.push(a)
        >>> s.apply_unchecked(a); s.raw == t.raw and s.history == t.history[:1]
        True
        """
        if self._sf:
            specials.apply_action(self._s, self.players, self._grey, None, action)
        else:
            step.apply_action(self._s, self.players, self._grey, None, action)

    def fill_unchecked(self, fill: Fill) -> None:
        """Apply a fill with no check and no undo snapshot, leaving :attr:`tiling_log` as it
        was (the fill must come from :meth:`sample_fill` on this position, or have passed
        :meth:`check_fill`)."""
        chance.apply_fill(self._s, self.players, None, fill)

    @contextmanager
    def no_history(self) -> Iterator[State]:
        """A scope in which :meth:`push` and :meth:`apply_fill` take no undo snapshots and
        tiling events are not recorded; on leaving it the history is as before the scope
        (the position is not: what was played inside stays played). Afterwards the history no
        longer leads to the position, so undo and records are for search copies only: use it
        on a ``copy(history=False)`` or a copy you throw away.

        >>> import random
        >>> s = State.new(2); s.deal(random.Random(1))
        >>> with s.no_history():
        ...     s.push(s.legal_moves()[0])
        >>> len(s.history), s.current_player
        (1, 1)
        """
        hist, log = self._hist, self._log
        self._hist, self._log = _NoHistory(), None
        try:
            yield self
        finally:
            self._hist, self._log = hist, log

    def clear_history(self) -> None:
        """Forget the history (undo and records start from here)."""
        self._hist.clear()

    @property
    def raw(self) -> list[int]:
        """The flat layout itself (offsets in :mod:`azulejos.core.layout`), for fast reading
        in search and learning code: read it, never write it (use :meth:`load_layout`)."""
        return self._s

    def layout(self) -> list[int]:
        """A copy of the flat layout."""
        return self._s[:]

    array = layout

    def load_layout(self, data: Sequence[int]) -> None:
        """Replace the position by the flat layout ``data`` of the same ruleset (for example
        from an accelerated kernel); the history is kept. The caller vouches for validity."""
        if len(data) != len(self._s):
            raise ValueError(
                f"a layout of {len(data)} numbers does not fit {self.players} players "
                f"({len(self._s)})"
            )
        # A list of Python ints (such as ``ndarray.tolist()``) is copied as it is.
        if type(data) is list and (not data or type(data[0]) is int):
            self._s = data[:]
        else:
            self._s = [int(x) for x in data]

    def history_start(self) -> State:
        """A new state (without history) at the position before the first event of the
        history: replaying :attr:`history` on it gives this state again."""
        c = self.copy(history=False)
        if self._hist:
            c._s = list(self._hist[0][1])
            c._log = []
        return c

    # -- chance: the round fill ---------------------------------------------------------------
    def sample_fill(self, rng: random.Random) -> Fill:
        """Draw a fill at random from the bag, refilling from the lid when empty (R21, R22)."""
        return chance.sample_fill(self._s, self.nfactories, rng)

    def check_fill(self, fill: Fill | Iterable[Iterable[int]]) -> Fill:
        """Validate a fill against the bag and lid (R21, R22); return it as a :class:`Fill`."""
        return chance.check_fill(self._s, self.players, self.nfactories, fill)

    def apply_fill(self, fill: Fill | Iterable[Iterable[int]]) -> None:
        """Fill the factories with ``fill`` (validated: :class:`IllegalFillError`)."""
        fill = self.check_fill(fill)
        self._hist.append((fill, tuple(self._s), tuple(self._log or ())))
        chance.apply_fill(self._s, self.players, self._log, fill)

    def deal(self, rng: random.Random) -> None:
        """Sample a fill with ``rng`` and apply it (the chance step)."""
        if not isinstance(rng, random.Random):
            raise TypeError(f"deal() needs a random.Random, such as random.Random(7), not {rng!r}")
        self.apply_fill(self.sample_fill(rng))

    # -- the end ------------------------------------------------------------------------------
    def placement_points(self, seat: int, row: int, column: int) -> int:
        """Points a tile put now on the empty space (row, column) of ``seat``'s wall would
        score (R18); the same computation wall-tiling uses."""
        seat = index(seat, self.players, "a seat")
        row, column = index(row, 5, "a wall row"), index(column, 5, "a wall column")
        s = self._s
        b = L.P0 + seat * L.STRIDE
        return L.placement_points(s[b + L.ROW_OCC + row], s[b + L.COL_OCC + column], row, column)

    def bonus(self, seat: int) -> Bonus:
        """End bonuses the wall of ``seat`` earns now (R24)."""
        return endgame.bonus(self._s, index(seat, self.players, "a seat"))

    def row_completable(self, seat: int, row: int) -> bool:
        """R34: can the missing colours of this row go one-to-one into its empty columns?"""
        seat = index(seat, self.players, "a seat")
        return endgame.row_completable(self._s, seat, index(row, 5, "a wall row"))

    def any_row_reachable(self) -> bool:
        """Ruling R35: can any row of any player still be completed (see
        :func:`azulejos.core.endgame.any_row_reachable`)?"""
        return endgame.any_row_reachable(self._s, self.players, self._grey)

    def any_row_completable(self) -> bool:
        """R34 (grey wall): can any player still complete a row?"""
        return endgame.any_row_completable(self._s, self.players)

    # -- results ------------------------------------------------------------------------------
    def winners(self) -> list[int]:
        """Seats that win (R25): most points, then most complete rows; else shared."""
        return endgame.winners(self._s, self.players)

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


def _as_move(move: Move | int | str) -> Move:
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return parse_move(move)
    action = integer(move)  # an int, or NumPy's (argmax)
    if action is not None:
        if 0 <= action < NUM_ALL_ACTIONS:
            return MOVES[action]
        raise InvalidMoveError(f"{move!r} is not an action id (0-{NUM_ALL_ACTIONS - 1})")
    raise InvalidMoveError(f"{move!r} is not a move")


__all__ = ["State", "PlayerView", "PatternLine", "Event", "wall_column"]
