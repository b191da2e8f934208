"""The match runner (layer L3): seats, turn driving, undo, the event log, records.

A :class:`Match` owns the game state and its random generator; front ends (terminal, plain
line mode, web) read ``match.state`` and change it only through :meth:`Match.play` and
:meth:`Match.undo`. Fills are dealt automatically, from a generator derived from the seed and
the round number, so a resumed game deals exactly what the original would have dealt.
"""

from __future__ import annotations

import datetime as _dt
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from azulejos.agents import Budget
from azulejos.core import Fill, Move, PlayerView, State, Variant
from azulejos.core.events import TilingEvent
from azulejos.notation import Record, dumps, parse_move, record_of, replay

from .bots import Bot, make_bot
from .seats import Seat, seats_from_json

GENERATOR = "azulejos play"


@dataclass(frozen=True, slots=True)
class Played:
    """One move of the game log: who played what, in which round."""

    round: int
    seat: int
    move: Move


@dataclass(frozen=True, slots=True)
class Tiling:
    """A finished wall-tiling (R17-R20, R24): what happened and the boards around it."""

    round: int
    events: tuple[TilingEvent, ...]
    scores_before: tuple[int, ...]
    boards_after: tuple[PlayerView, ...]
    game_over: bool


@dataclass(frozen=True, slots=True)
class Step:
    """What :meth:`Match.play` did: the move, and the tiling if the move finished a round."""

    played: Played
    tiling: Tiling | None


class Match:
    """A game between seats (people and bots).

    >>> m = Match.new([Seat("Ana"), Seat("Bot", "random")], seed=3)
    >>> m.state.phase, m.seat_to_move
    ('draft', 0)
    >>> step = m.play(m.state.legal_moves()[0]); step.played.seat
    0
    >>> m.can_undo()
    True
    """

    def __init__(
        self,
        state: State,
        seats: Sequence[Seat],
        seed: int,
        *,
        extra: dict[str, Any] | None = None,
        bot_budget: Budget | None = None,
    ) -> None:
        if len(seats) != state.players:
            raise ValueError(f"{state.players} players need {state.players} seats")
        self.state = state
        self.seats = tuple(seats)
        self.seed = seed
        self.extra = dict(extra or {})
        self.bot_budget = bot_budget
        self.log: list[Played] = []
        self.version = 0  # bumped on every change; a bot's late answer checks it
        self._lock = threading.Lock()
        self._round_scores = tuple(state.scores)
        self._rebuild_log()
        self._deal()

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        variant: Variant | str = Variant.COLOURED,
        seed: int | None = None,
        start_player: int = 0,
        **kwargs: Any,
    ) -> Match:
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        state = State.new(len(seats), variant, start_player)
        return cls(state, seats, seed, **kwargs)

    @classmethod
    def from_record(cls, record: Record, **kwargs: Any) -> Match:
        """Resume the game of a record (:class:`InvalidRecordError` if it does not replay)."""
        state = replay(record)
        extra = dict(record.extra)
        raw_seats = extra.pop("seats", None)
        seats = seats_from_json(raw_seats, record.players)
        names = extra.pop("names", None)
        if raw_seats is None and isinstance(names, list) and len(names) == len(seats):
            seats = [
                Seat(str(n)[:24], s.bot) if isinstance(n, str) and n.strip() and not s.is_bot else s
                for n, s in zip(names, seats)
            ]
        seed = extra.pop("seed", None)
        if type(seed) is not int:
            seed = random.SystemRandom().randrange(10**9)
        for key in ("generator", "saved"):
            extra.pop(key, None)
        return cls(state, seats, seed, extra=extra, **kwargs)

    def _rebuild_log(self) -> None:
        """The log of a state that arrives with a history (a resumed game)."""
        hist = self.state.history
        if not hist:
            return
        first = self.state.copy()
        while first.history:
            first.pop()
        for ev in hist:
            if isinstance(ev, Fill):
                first.apply_fill(ev)
                self._round_scores = tuple(first.scores)
            else:
                self.log.append(Played(first.round, first.current_player, ev))
                first.push(ev)

    def _fill_rng(self) -> random.Random:
        return random.Random(f"azulejos-play:{self.seed}:{self.state.round}")

    def _deal(self) -> None:
        if self.state.is_chance:
            self._round_scores = tuple(self.state.scores)
            self.state.deal(self._fill_rng())

    # -- reading --------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def seat_to_move(self) -> int | None:
        """The seat to move (drafting or a grey column choice), None at the end."""
        return None if self.state.is_over else self.state.current_player

    @property
    def is_bot_turn(self) -> bool:
        seat = self.seat_to_move
        return seat is not None and self.seats[seat].is_bot

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if not s.is_bot]

    def bot(self, seat: int, moves_played: int | None = None) -> Bot:
        """The bot at ``seat``, seeded from the match seed, the seat and the number of moves
        played: a bot's answer depends only on the game so far, so a resumed game (or one
        after an undo) goes on exactly as the original would have."""
        level = self.seats[seat].bot
        if level is None:
            raise ValueError(f"seat {seat + 1} is a person")
        n = len(self.log) if moves_played is None else moves_played
        return make_bot(level, (self.seed * 1_000_003 + seat * 10_007 + n) % 2**63)

    # -- changing -------------------------------------------------------------------------
    def play(self, move: Move | str) -> Step:
        """Play a move for the seat to move; deal the next round when this one ends.

        Raises ``IllegalMoveError`` / ``InvalidMoveError`` and changes nothing when the move
        is not legal now.
        """
        m = parse_move(move) if isinstance(move, str) else move
        with self._lock:
            st = self.state
            seat = st.current_player
            rnd = st.round
            st.push(m)  # raises and leaves the state unchanged if illegal
            played = Played(rnd, seat, m)
            self.log.append(played)
            self.version += 1
            tiling = None
            if st.is_chance or st.is_over:
                tiling = Tiling(rnd, tuple(st.tiling_log), self._round_scores,
                                tuple(st.boards), st.is_over)
                self._deal()
            return Step(played, tiling)

    def choose_bot_move(self) -> tuple[int, Move]:
        """Ask the bot to move (slow: call it from a worker thread). Returns the match
        version it answered for, to hand back to :meth:`play_bot_move`."""
        with self._lock:
            version = self.version
            seat = self.seat_to_move
            if seat is None or not self.seats[seat].is_bot:
                raise ValueError("it is not a bot's turn")
            state = self.state.copy()
            bot = self.bot(seat)
        return version, bot.choose(state, self.bot_budget)

    def play_bot_move(self, version: int, move: Move) -> Step | None:
        """Play a bot's answer unless the game changed meanwhile (an undo): then None."""
        if version != self.version or not self.is_bot_turn:
            return None
        return self.play(move)

    def _undo_count(self) -> int:
        """How many moves an undo takes back: back to the last person's move, only within
        the current drafting (or grey tiling) phase of this round; 0 if none."""
        st = self.state.copy()
        phase, rnd = st.phase, st.round
        if phase not in ("draft", "place"):
            return 0
        for k, played in enumerate(reversed(self.log), 1):
            if not isinstance(st.peek(), Move):
                return 0
            st.pop()
            if st.phase != phase or st.round != rnd:
                return 0  # the round was tiled after that move (R17): it stays
            if not self.seats[played.seat].is_bot:
                return k
        return 0

    def can_undo(self) -> bool:
        return self._undo_count() > 0

    def undo(self) -> list[Played]:
        """Take back the last person's move (and the bot moves after it); [] if not allowed."""
        with self._lock:
            k = self._undo_count()
            undone = []
            for _ in range(k):
                self.state.pop()
                undone.append(self.log.pop())
            if k:
                self.version += 1
            return undone

    # -- records --------------------------------------------------------------------------
    def record(self, **extra: Any) -> Record:
        """The game so far as an ``azulejos-record/1`` record (NOTATION.md)."""
        data: dict[str, Any] = dict(self.extra)
        data.update(
            names=self.names,
            seats=[s.to_json() for s in self.seats],
            seed=self.seed,
            generator=GENERATOR,
            saved=_dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        )
        data.update(extra)
        return record_of(self.state, **data)

    def save(self, path: str | Path, **extra: Any) -> Path:
        """Write the record to ``path`` (``OSError`` if it cannot be written)."""
        p = Path(path).expanduser()
        text = dumps(self.record(**extra))
        p.write_text(text, encoding="utf-8")
        return p

    def moves_by_round(self) -> list[tuple[int, list[Played]]]:
        out: list[tuple[int, list[Played]]] = []
        for played in self.log:
            if not out or out[-1][0] != played.round:
                out.append((played.round, []))
            out[-1][1].append(played)
        return out
