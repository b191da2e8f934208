"""A match in the terminal (Textual app, plain line mode): a thin transport over one
:class:`~azulejos.play.host.Host`.

The terminal front ends read ``match.state`` and change the game only through :meth:`play`,
:meth:`undo` and the bot calls, which go to the host (its session checks, forks, stores and
publishes; its clock times the people). What the match adds is the terminal's own: building a
game from a record and saving one, with the seed and the names in it.
Fills come from the one seeding scheme (:mod:`azulejos.play.seeding`) with the match seed,
which the records carry, so a resumed game deals exactly what the original would have dealt.
"""

from __future__ import annotations

import datetime as _dt
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from azulejos.agents import Budget
from azulejos.core import Move, Ruleset, State, Variant
from azulejos.notation import Record, dumps, record_of, replay

from .bots import Bot, make_bot
from .clocks import ClockSpec
from .events import Left, Played, Step, Tiling
from .host import Host
from .seats import Seat, record_seats
from .seeding import Seeding
from .session import Session, ruleset_for

GENERATOR = "azulejos play"

__all__ = ["GENERATOR", "Match", "Played", "Step", "Tiling"]


class Match:
    """A game between seats (people and bots) played at one terminal.

    >>> m = Match.new([Seat("Ana"), Seat("Bot", "random")], seed=3)
    >>> str(m.state.phase), m.seat_to_move
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
        clock: ClockSpec | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        """``clock``: the people's clock (per move or per game; a seat out of time is handed
        to a bot); ``now``: its time source (tests pass a simulated one)."""
        self.seed = seed
        self.extra = dict(extra or {})
        session = Session.from_state(state, seats, Seeding(seed), bot_budget=bot_budget)
        session.deal_if_due()
        self.host = Host(session, clock=clock, now=now)

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        rules: Ruleset | Variant | str = Variant.COLOURED,
        seed: int | None = None,
        start_player: int = 0,
        **kwargs: Any,
    ) -> Match:
        """A new game of ``rules`` (a :class:`Ruleset`, or the variant for as many players as
        ``seats``)."""
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        state = State.new(ruleset_for(seats, rules), None, start_player)
        return cls(state, seats, seed, **kwargs)

    @classmethod
    def from_record(cls, record: Record, **kwargs: Any) -> Match:
        """Resume the game of a record (:class:`InvalidRecordError` if it does not replay)."""
        state = replay(record)
        extra = dict(record.extra)
        seats = record_seats(record)
        extra.pop("seats", None)
        extra.pop("names", None)
        seed = extra.pop("seed", None)
        if type(seed) is not int or seed < 0:
            seed = random.SystemRandom().randrange(10**9)
        for key in ("generator", "saved"):
            extra.pop(key, None)
        return cls(state, seats, seed, extra=extra, **kwargs)

    # -- reading --------------------------------------------------------------------------
    @property
    def session(self) -> Session:
        return self.host.session

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.session.seats

    @property
    def bot_budget(self) -> Budget | None:
        return self.session.bot_budget

    @property
    def version(self) -> int:
        """The host's version (bumped on every change); a bot's late answer checks it."""
        return self.host.version

    @property
    def log(self) -> list[Played]:
        return self.session.played

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def seat_to_move(self) -> int | None:
        """The seat to move (drafting or a grey column choice), None at the end."""
        return self.host.to_move

    @property
    def is_bot_turn(self) -> bool:
        return self.host.bot_to_move is not None

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if not s.is_bot]

    def bot(self, seat: int, moves_played: int | None = None) -> Bot:
        """The bot at ``seat``, seeded as the session seeds it: from the match seed, the seat
        and the number of moves played."""
        level = self.seats[seat].bot
        if level is None:
            raise ValueError(f"seat {seat + 1} is a person")
        n = len(self.log) if moves_played is None else moves_played
        return make_bot(level, self.session.fills.bot_seed(seat, n))

    # -- changing (all through the session) ---------------------------------------------
    def play(self, move: Move | str) -> Step:
        """Play a move for the seat to move; deal the next round when this one ends.

        Raises ``IllegalMoveError`` / ``InvalidMoveError`` and changes nothing when the move
        is not legal now.
        """
        return self.host.play(move)

    def choose_bot_move(self) -> tuple[int, Move]:
        """The host's :meth:`~Host.choose_bot_move` (slow: call it from a worker thread)."""
        return self.host.choose_bot_move()

    def play_bot_move(self, version: int, move: Move) -> Step | None:
        """The host's :meth:`~Host.play_bot_move`: None if the game changed meanwhile."""
        return self.host.play_bot_move(version, move)

    def time_out(self) -> Left | None:
        """Hand a seat out of time to a bot (the host's clock); the leave, or None."""
        return self.host.time_out()

    def can_undo(self) -> bool:
        return self.session.undo_count() > 0

    def undo(self) -> list[Played]:
        """Take back the last person's move (and the bot moves after it); [] if not allowed."""
        return self.host.undo()

    # -- records --------------------------------------------------------------------------
    def record(self, **extra: Any) -> Record:
        """The game so far as an ``azulejos-record/1`` record (docs/notation.md)."""
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
