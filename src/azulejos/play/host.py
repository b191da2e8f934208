"""The game host: the one authoritative master of a game, for every transport.

A :class:`Host` owns a game's life around its :class:`~azulejos.play.session.Session`: who may
act now, the actions (play, undo, leave) checked against the version they were chosen on, the
bots' turns (chosen here, with the session's one failure policy: :mod:`.failures`), the clock
and its time-outs (:mod:`.clocks`: a seat out of time is handed to the stand-in bot, as a
``leave`` with reason ``timeout``) and the subscribers told of each change. boardgame.io's
single master is the model: a transport only carries requests in and snapshots out.

Two kinds of transport drive it:

* **synchronous** ones (plain mode's blocking loop, tournaments in worker processes, ``demo``
  and ``selfplay``) call :meth:`Host.play`, :meth:`Host.undo`, :meth:`Host.leave`,
  :meth:`Host.bot_turn` / :meth:`Host.run_bots` and :meth:`Host.time_out`;
* **asynchronous** ones (the web server; the Textual app) ask a bot in a worker thread with
  :meth:`Host.choose_bot_move` and hand the answer back with :meth:`Host.play_bot_move`; the web
  server persists in a worker thread under its per-game lock with :meth:`Host.prepare` /
  :meth:`Host.prepare_leave`, the session's ``persist``, then :meth:`Host.next_clock` (stored
  before anyone is told) and :meth:`Host.commit`.

Times come from ``now`` (injectable: tests never sleep).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass

from azulejos.core import Move, State

from .clocks import ClockSpec, GameClock
from .events import Left, Played, Step
from .seats import Seat
from .session import Pending, Session, SessionError, Subscriber

#: The bot level that plays a seat whose person left or ran out of time (the web's default too).
STAND_IN = "medium"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a transport shows: the game at ``version``, the seat to move (None during a fill
    or after the end), whether a bot plays it, and the clock (None: none)."""

    version: int
    state: State
    seats: tuple[Seat, ...]
    to_move: int | None
    bot_to_move: int | None
    clock: GameClock | None
    over: bool


class Host:
    """The master of one game (see the module text).

    >>> from azulejos.play.seeding import Seeding
    >>> h = Host(Session.new([Seat("Ana"), Seat("Bot", "random")], "coloured", Seeding(3)))
    >>> step = h.play(h.state.legal_moves()[0], version=h.version)
    >>> h.snapshot().bot_to_move, h.bot_turn() is not None, h.snapshot().to_move
    (1, True, 0)
    """

    def __init__(
        self,
        session: Session,
        *,
        clock: GameClock | ClockSpec | None = None,
        stand_in: str = STAND_IN,
        now: Callable[[], float] = time.time,
        waiting: Callable[[], bool] | None = None,
        patient: Callable[[int], bool] | None = None,
    ) -> None:
        """``clock``: a clock to go on with, or the spec of a new one (started now);
        ``waiting``: while it returns True no clock runs (the web: seats still invited);
        ``patient(seat)``: True if a seat out of time may still move, because other people
        choose whether to wait for it or hand it to the bot (the web's "wait or bot")."""
        self.session = session
        self.patient = patient
        #: (code, message) once the game takes no action any more (the web: it expired);
        #: every action is then refused with that code.
        self.closed: tuple[str, str] | None = None
        self.stand_in = stand_in
        self.now = now
        self.waiting = waiting
        self.clock: GameClock | None = None
        if isinstance(clock, ClockSpec):
            if clock.runs:
                self.clock = GameClock.new(clock, session.state.players).begin(
                    session.version, self.timed_seat(session), now())
        else:
            self.clock = clock

    # -- reading --------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.session.seats

    @property
    def version(self) -> int:
        return self.session.version

    @property
    def is_over(self) -> bool:
        return self.session.is_over

    @property
    def to_move(self) -> int | None:
        """The seat to move; None during a fill or after the end (``State.to_move``)."""
        return self.session.state.to_move

    @property
    def bot_to_move(self) -> int | None:
        return None if self.closed is not None else self.session.bot_to_move

    def snapshot(self) -> Snapshot:
        s = self.session
        return Snapshot(s.version, s.state.copy(), s.seats, s.state.to_move, s.bot_to_move,
                        self.clock, s.is_over)

    def subscribe(self, fn: Subscriber) -> Callable[[], None]:
        """Tell ``fn`` of every change (the session's subscribers); returns the unsubscribe."""
        return self.session.subscribe(fn)

    # -- clocks ---------------------------------------------------------------------------
    def timed_seat(self, session: Session | None = None) -> int | None:
        """The person seat whose clock runs at ``session``'s position (default: the game's):
        the seat to move if a person plays it and the host is not waiting; else None."""
        s = self.session if session is None else session
        seat = s.state.to_move
        if seat is None or s.bot_to_move is not None:
            return None
        if self.waiting is not None and self.waiting():
            return None
        return seat

    def next_clock(self, pending: Pending, now: float | None = None
                   ) -> tuple[GameClock | None, int | None]:
        """The clock once ``pending`` is adopted: the turn that ends charged to its seat and
        the next one begun; and the seat charged (None: none). ``(None, None)``: no clock."""
        clock = self.clock
        if clock is None:
            return None, None
        t = self.now() if now is None else now
        turn = clock.turn
        charged = turn.seat if turn is not None and turn.version == pending.base else None
        new = clock.charged(pending.base, t).begin(pending.fork.version,
                                                   self.timed_seat(pending.fork), t)
        return new, charged

    def due(self, version: int | None = None, now: float | None = None) -> int | None:
        """The seat out of time at ``now`` if the game is at ``version`` (default: now)."""
        if self.clock is None:
            return None
        return self.clock.due(self.version if version is None else version,
                              self.now() if now is None else now)

    def remaining(self, seat: int, now: float | None = None) -> float | None:
        """Seconds left to ``seat`` (per move: only the seat to move's); None: no clock."""
        if self.clock is None:
            return None
        return self.clock.remaining(seat, self.now() if now is None else now)

    def time_out(self, now: float | None = None) -> Left | None:
        """Hand the seat out of time (if any) to the stand-in bot: a ``leave`` with reason
        ``timeout`` at the version its turn was timed on. The leave, or None."""
        seat = self.due(now=now)
        if seat is None:
            return None
        return self.leave(seat, reason="timeout", version=self.version)

    def _check_closed(self) -> None:
        if self.closed is not None:
            raise SessionError(*self.closed)

    def _check_time(self, version: int | None, by: Collection[int] | None) -> None:
        seat = self.due(self.version if version is None else version)
        if seat is not None and self.patient is not None and self.patient(seat):
            return  # the others choose: until they hand the seat to the bot, it may move
        if seat is not None and (by is None or seat in by):
            raise SessionError("out_of_time", "your time for this move ran out: a bot plays "
                               "your seat now", {"seat": seat})

    # -- acting: synchronous transports ---------------------------------------------------
    def prepare(self, move: Move | str, *, version: int | None = None,
                by: Collection[int] | None = None) -> Pending:
        """Check and try ``move`` (see :meth:`Session.prepare`); a person out of time is
        refused with ``out_of_time`` (the caller then calls :meth:`time_out`)."""
        self._check_closed()
        self._check_time(version, by)
        return self.session.prepare(move, version=version, by=by)

    def prepare_leave(self, seat: int, *, reason: str = "resigned", version: int | None = None,
                      by: Collection[int] | None = None) -> Pending:
        self._check_closed()
        return self.session.prepare_leave(seat, self.stand_in, reason=reason, version=version,
                                          by=by)

    def commit(self, pending: Pending, clock: GameClock | None = None) -> None:
        """Adopt ``pending`` (persisted) and tell the subscribers; ``clock``: its
        :meth:`next_clock` (already stored by the transport), else computed now."""
        if self.clock is not None:
            self.clock = clock if clock is not None else self.next_clock(pending)[0]
        self.session.commit(pending)

    def play(self, move: Move | str, *, version: int | None = None,
             by: Collection[int] | None = None) -> Step:
        """Check, try, persist and adopt ``move`` for the seat to move; raises the session's
        errors (and ``out_of_time``) and changes nothing when it is refused."""
        if self.clock is None:
            return self.session.play(move, version=version, by=by)
        p = self.prepare(move, version=version, by=by)
        self.session.persist(p)
        self.commit(p)
        assert p.step is not None
        return p.step

    def undo(self, *, version: int | None = None) -> list[Played]:
        """Take back the last person's move and the bots' after it ([] if none may be)."""
        base = self.version
        undone = self.session.undo(version=version)
        if undone and self.clock is not None:
            t = self.now()
            self.clock = self.clock.charged(base, t).begin(self.version, self.timed_seat(), t)
        return undone

    def leave(self, seat: int, *, reason: str = "resigned", version: int | None = None,
              by: Collection[int] | None = None) -> Left:
        """``seat``'s player leaves (resigned, or ``timeout``): the stand-in bot plays on."""
        p = self.prepare_leave(seat, reason=reason, version=version, by=by)
        self.session.persist(p)
        self.commit(p)
        assert p.left is not None
        return p.left

    # -- bots: the one place they are driven ----------------------------------------------
    def choose_bot_move(self) -> tuple[int, Move]:
        """Ask the bot to move (slow: an asynchronous transport calls it from a worker
        thread); the version it answered for and its move. A failing bot is handled once,
        by the session's failure policy (a random legal move, or ``Forfeit``)."""
        return self.session.choose_bot_move()

    def play_bot_move(self, version: int, move: Move) -> Step | None:
        """Play a bot's answer unless the game changed meanwhile (an undo): then None."""
        if version != self.version or self.bot_to_move is None:
            return None
        return self.play(move, version=version)

    def bot_turn(self) -> Step | None:
        """Play the bot to move (None: it is no bot's turn)."""
        if self.bot_to_move is None:
            return None
        version, move = self.choose_bot_move()
        return self.play_bot_move(version, move)

    def run_bots(self, on_step: Callable[[Step], None] | None = None) -> int:
        """Play the bots' turns until a person is to move or the game ends; how many moves
        were played (``Forfeit`` passes through under the tournament policy)."""
        n = 0
        while self.bot_to_move is not None:
            step = self.bot_turn()
            if step is None:
                break
            n += 1
            if on_step is not None:
                on_step(step)
        return n

    # -- use_twin and closing ------------------------------------------------------------
    @property
    def use_twin(self) -> Callable[[], bool] | None:
        """While it returns True, bots with a pure-Python twin search without the kernels."""
        return self.session.use_twin

    @use_twin.setter
    def use_twin(self, fn: Callable[[], bool] | None) -> None:
        self.session.use_twin = fn

    def close(self) -> None:
        self.session.close()
