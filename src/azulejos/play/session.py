"""One game session: the state, the fill source, the seats, the version and the event log.

Every front end drives a game through a :class:`Session` (the terminal app and plain mode
through :class:`~azulejos.play.match.Match`, the web server through its ``Live`` games,
tournaments directly). A change goes the same way whoever asks:

1. **check** the version the asker saw and that it may move for the seat to move;
2. **try** the move on a fork (a copy of the state and of the fill source); when the move ends
   a round, the next fill is dealt on the fork too, so the game never rests at a chance node;
3. **persist** the new events through the store (:mod:`azulejos.play.store`); a version
   conflict there means another writer got in first: a ``stale`` error, nothing changed;
4. **adopt** the fork and **publish** an :class:`Update` to the subscribers.

A bad request (stale version, foreign seat, malformed or illegal move) raises and changes
nothing. Synchronous front ends call :meth:`Session.play`; the web server runs the same steps
with the store write in a worker thread (:meth:`prepare`, :meth:`persist`, :meth:`commit`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from azulejos.agents import Agent, Budget, make_agent
from azulejos.agents.engine import has_twin
from azulejos.core import Fill, Move, Ruleset, State, Variant, parse_move

from .bots import checked_move, make_bot
from .clock import Clock
from .events import (
    LEAVE_REASONS,
    Event,
    Left,
    LogEntry,
    Played,
    Step,
    Tiling,
    Update,
    apply_event,
    events_of,
    fill_text,
    leave_text,
    parse_leave,
)
from .failures import CASUAL, FailurePolicy, Forfeit
from .seats import Seat
from .seeding import FillSource
from .store import Store, VersionConflict

log = logging.getLogger("azulejos.play")



def ruleset_for(seats: Sequence[Seat], rules: Ruleset | Variant | str) -> Ruleset:
    """The ruleset of a game for ``seats``: ``rules`` itself (it must be for as many players)
    or the variant ``rules`` for ``len(seats)`` players (R8)."""
    r = rules if isinstance(rules, Ruleset) else Ruleset.of(len(seats), rules)
    if r.players != len(seats):
        raise ValueError(f"a game of {r.players} players needs {r.players} seats, not {len(seats)}")
    return r

class SessionError(ValueError):
    """A request the session refuses (nothing changed). ``code``: ``stale``, ``game_over``,
    ``busy``, ``not_your_turn``, ``not_a_bot``, ``not_your_seat``, ``not_a_person`` or
    ``already_left``; ``details`` for the client."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}


@dataclass
class Pending:
    """A change tried on a fork, waiting to be persisted and adopted."""

    base: int  # the version it was computed from
    fork: Session
    events: list[Event]
    step: Step | None = None
    undone: tuple[Played, ...] = ()
    left: Left | None = None

    @property
    def secret(self) -> str | None:
        """The fill source's secret when fills were dealt (a store keeps it), else None."""
        return self.fork.fills.secret() if any(e.kind == "fill" for e in self.events) else None

    @property
    def status(self) -> str:
        return self.fork.status


Subscriber = Callable[[Update], None]


class Session:
    """A game between seats (people, bots, external bots); see the module text.

    >>> from azulejos.play.seeding import Seeding
    >>> s = Session.new([Seat("Ana"), Seat("Bot", "random")], "coloured", Seeding(3))
    >>> s.version, str(s.state.phase)
    (1, 'draft')
    >>> step = s.play(s.state.legal_moves()[0], version=1, by={0})
    >>> s.version, step.played.seat
    (2, 0)
    """

    def __init__(
        self,
        state: State,
        seats: Sequence[Seat],
        fills: FillSource,
        *,
        events: Sequence[Event] = (),
        game_id: str = "game",
        store: Store | None = None,
        policy: FailurePolicy = CASUAL,
        bot_budget: Budget | None = None,
        agents: dict[int, Agent] | None = None,
        clock: Clock | None = None,
    ) -> None:
        """``state``: the game before ``events`` (usually a new state); the events are replayed
        on it (``ValueError`` if they do not fit). Nothing is dealt or stored here."""
        if len(seats) != state.players:
            raise ValueError(f"{state.players} players need {state.players} seats")
        self.seats = tuple(seats)
        self.fills = fills
        self.game_id = game_id
        self.store = store
        self.policy = policy
        self.bot_budget = bot_budget
        self.agents: dict[int, Agent] = dict(agents or {})
        self.clock = clock or Clock(state.players)
        self._subs: list[Subscriber] = []
        self._lock = threading.RLock()
        self.state = state
        self.events: list[Event] = []
        self.log: list[LogEntry] = []
        self.moves = 0  # moves in the log (undone ones left out)
        self.left: dict[int, Left] = {}  # seats whose player left, and the bot that took over
        self._round_scores = tuple(state.scores)
        #: While it returns True, a bot with a pure-Python twin of its search (``expert``,
        #: ``agents.engine.has_twin``) searches without the numba kernels: a front end that
        #: loads them in the background (the terminal game) sets it, so that no move waits for
        #: a compile.
        self.use_twin: Callable[[], bool] | None = None
        for e in events:
            if e.seq != len(self.events):
                raise ValueError(f"event {e.seq} is out of order (expected {len(self.events)})")
            self._replay(e)
            self.events.append(e)

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        seats: Sequence[Seat],
        rules: Ruleset | Variant | str,
        fills: FillSource,
        start_player: int = 0,
        **kwargs: Any,
    ) -> Session:
        """A new game of ``rules`` (a :class:`Ruleset`, or the variant for as many players as
        ``seats``), dealt for round 1 (R9). With a ``store``, the first events are stored."""
        s = cls(State.new(ruleset_for(seats, rules), None, start_player), seats, fills, **kwargs)
        fresh = s.deal_if_due()
        if s.store is not None and fresh:
            s.store.append(s.game_id, 0, fresh, s.fills.secret(), s.status)
        return s

    @classmethod
    def from_state(cls, state: State, seats: Sequence[Seat], fills: FillSource,
                   **kwargs: Any) -> Session:
        """The session of a state that arrives with a history (a resumed record)."""
        first = state.copy()
        while first.history:
            first.pop()
        return cls(first, seats, fills, events=events_of(state), **kwargs)

    def _replay(self, e: Event) -> None:
        st = self.state
        if e.kind == "move":
            seat, rnd = st.current_player, st.round
            if e.seat is not None and e.seat != seat:
                raise ValueError(f"event {e.seq}: seat {e.seat + 1} moved, but it was seat "
                                 f"{seat + 1}'s turn (R10)")
            apply_event(st, e)
            m = st.history[-1]
            assert isinstance(m, Move)
            self._log_move(rnd, seat, m)
        elif e.kind == "undo":
            apply_event(st, e)
            self._drop_moves(int(e.data))
        elif e.kind == "leave":
            apply_event(st, e)
            reason, bot = parse_leave(e)
            assert e.seat is not None
            if e.seat in self.left or self.seats[e.seat].is_bot:
                raise ValueError(f"event {e.seq}: seat {e.seat + 1} has no person to leave")
            self._log_leave(e.seat, reason, bot)
        else:
            apply_event(st, e)
            self._log_fill()

    def _log_fill(self) -> None:
        fill = self.state.history[-1]
        assert isinstance(fill, Fill)
        self._round_scores = tuple(self.state.scores)
        self.log.append(LogEntry("fill", self.state.round, factories=fill.texts(), fill=fill))

    def _log_move(self, rnd: int, seat: int, m: Move) -> Tiling | None:
        st = self.state
        self.log.append(LogEntry("move", rnd, seat, m.text(), move=m))
        self.moves += 1
        if not (st.is_chance or st.is_over):
            return None
        events = st.tiling_log
        self.log.append(LogEntry("tiling", rnd, tiling=list(events)))
        return Tiling(rnd, tuple(events), self._round_scores, st.copy(history=False), st.is_over)

    def _log_leave(self, seat: int, reason: str, bot: str) -> Left:
        left = Left(seat, self.state.round, self.moves, reason, bot)
        self.left = {**self.left, seat: left}
        seats = list(self.seats)
        seats[seat] = Seat(seats[seat].name, bot)
        self.seats = tuple(seats)
        self.log.append(LogEntry("leave", left.round, seat, bot, left=left))
        return left

    def _drop_moves(self, k: int) -> list[Played]:
        undone: list[Played] = []
        for _ in range(k):
            e = self.log[-1] if self.log else None
            if e is None or e.kind != "move" or e.move is None or e.seat is None:
                raise ValueError("an undo takes back only moves of the current phase")
            self.log.pop()
            undone.append(Played(e.round, e.seat, e.move))
        self.moves -= k
        return undone

    # -- reading --------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The number of events so far; every change adds at least one."""
        return len(self.events)

    @property
    def status(self) -> str:
        return "over" if self.state.is_over else "playing"

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def seat_to_move(self) -> int | None:
        """The seat to move (drafting or a grey column choice), None at the end."""
        return self.state.to_move

    @property
    def bot_to_move(self) -> int | None:
        """The seat to move if a bot plays it, else None."""
        seat = self.seat_to_move
        return seat if seat is not None and self.seats[seat].is_bot else None

    @property
    def played(self) -> list[Played]:
        """The moves of the game, undone ones left out."""
        return [Played(e.round, e.seat, e.move) for e in self.log
                if e.kind == "move" and e.seat is not None and e.move is not None]

    # -- subscribers ----------------------------------------------------------------------
    def subscribe(self, fn: Subscriber) -> Callable[[], None]:
        """Call ``fn`` after every change; returns the function that unsubscribes."""
        self._subs.append(fn)

        def unsubscribe() -> None:
            if fn in self._subs:
                self._subs.remove(fn)

        return unsubscribe

    def _publish(self, update: Update | None) -> None:
        if update is None:
            return
        for fn in list(self._subs):
            try:
                fn(update)
            except Exception:  # a viewer's fault must not undo an accepted move
                log.exception("a subscriber of game %s failed", self.game_id)

    # -- the fork -------------------------------------------------------------------------
    def fork(self) -> Session:
        """An independent copy to try a change on: no store, no subscribers."""
        f = object.__new__(Session)
        f.__dict__.update(self.__dict__)
        f.state = self.state.copy()
        f.fills = self.fills.fork()
        f.events = list(self.events)
        f.log = list(self.log)
        f.store = None
        f._subs = []
        f._lock = threading.RLock()
        return f

    def catch_up(self, events: Sequence[Event]) -> None:
        """Replay ``events`` that another writer stored after this session's version (another
        server process moved the game on), all or nothing: ``ValueError`` and nothing changed
        if they do not follow on or do not fit. The fill source is kept (a seeded one deals
        from the state; a caller with a running generator reloads instead). Subscribers are
        not told: the caller shows the new state."""
        with self._lock:
            f = self.fork()
            for e in events:
                if e.seq != len(f.events):
                    raise ValueError(f"event {e.seq} is out of order (expected {len(f.events)})")
                f._replay(e)  # noqa: SLF001 (our own fork)
                f.events.append(e)
            self.state, self.events, self.log = f.state, f.events, f.log
            self.moves, self._round_scores = f.moves, f._round_scores  # noqa: SLF001
            self.seats, self.left = f.seats, f.left

    def deal_if_due(self) -> list[Event]:
        """Deal fills while the game waits for one (R9, R21); the new events."""
        out: list[Event] = []
        while self.state.is_chance:
            fill = self.fills.fill(self.state)
            self.state.apply_fill(fill)
            self._log_fill()
            e = Event(len(self.events), "fill", fill_text(fill))
            self.events.append(e)
            out.append(e)
        return out

    def advance(self, move: Move | str) -> list[Event]:
        """Play ``move`` (no turn checks) and deal the next round if due; the new events.
        Use on a :meth:`fork`: the core raises for an illegal move, after which this
        session is unchanged."""
        return self._advance(parse_move(move) if isinstance(move, str) else move)[1]

    def _advance(self, m: Move) -> tuple[Step, list[Event]]:
        st = self.state
        seat, rnd = st.current_player, st.round
        st.push(m)  # raises and leaves the state unchanged if illegal
        e = Event(len(self.events), "move", m.text(), seat)
        self.events.append(e)
        tiling = self._log_move(rnd, seat, m)
        return Step(Played(rnd, seat, m), tiling), [e, *self.deal_if_due()]

    def _check_turn(self, version: int | None, by: Collection[int] | None) -> int:
        if version is not None and version != self.version:
            raise SessionError(
                "stale", f"the game is at version {self.version}, not {version}: reload the view",
                {"version": self.version})
        st = self.state
        if st.is_over:
            raise SessionError("game_over", "the game is over (R23)")
        if st.is_chance:  # never at rest: fills are dealt with the move that ends a round
            raise SessionError("busy", "the next round is being dealt, try again")
        mover = st.current_player
        if by is not None and mover not in by:
            raise SessionError("not_your_turn", f"it is seat {mover + 1}'s turn, not yours (R10)",
                               {"current": mover})
        return mover

    def check_turn(self, version: int | None, by: Collection[int] | None) -> int:
        """The seat to move, if the game is at ``version`` (None: do not check) and one of
        ``by`` (None: any) may move now; :class:`SessionError` as :meth:`prepare` raises it
        otherwise (``stale``, ``game_over``, ``busy``, ``not_your_turn``)."""
        with self._lock:
            return self._check_turn(version, by)

    # -- changing: prepare, persist, commit -----------------------------------------------
    def prepare(self, move: Move | str, *, version: int | None = None,
                by: Collection[int] | None = None) -> Pending:
        """Check and try ``move`` on a fork. ``version``: the version the asker saw (None: do
        not check); ``by``: the seats the asker may move for (None: any). Raises
        :class:`SessionError`, ``InvalidMoveError`` or ``IllegalMoveError``; changes nothing."""
        with self._lock:
            self._check_turn(version, by)
            m = parse_move(move) if isinstance(move, str) else move
            trial = self.fork()
            step, events = trial._advance(m)  # noqa: SLF001 (our own fork)
            return Pending(self.version, trial, events, step=step)

    def persist(self, p: Pending) -> None:
        """Write the pending events to the store (blocking); ``stale`` if another writer got
        there first."""
        if self.store is None:
            return
        try:
            self.store.append(self.game_id, p.base, p.events, p.secret, p.status)
        except VersionConflict:
            raise SessionError("stale", "the game moved on meanwhile: reload the view") from None

    def commit(self, p: Pending, *, publish: bool = True) -> Update:
        """Adopt the fork and tell the subscribers (unless ``publish`` is false)."""
        with self._lock:
            if p.base != self.version:
                raise SessionError("stale", "the game changed while the move was stored",
                                   {"version": self.version})
            f = p.fork
            self.state, self.fills, self.events, self.log = f.state, f.fills, f.events, f.log
            self.moves, self._round_scores = f.moves, f._round_scores  # noqa: SLF001 (our own fork)
            self.seats, self.left = f.seats, f.left
            update = Update(self.version, p.step, p.undone, p.left)
        if publish:
            self._publish(update)
        return update

    def play(self, move: Move | str, *, version: int | None = None,
             by: Collection[int] | None = None) -> Step:
        """Check, try, persist, adopt and publish ``move`` (see :meth:`prepare`)."""
        with self._lock:
            if self.store is None:
                # Nothing to persist, and the core's push changes nothing when it raises (it
                # is the first thing _advance does): the move can be tried in place, which
                # spares tournaments the fork.
                self._check_turn(version, by)
                step = self._advance(parse_move(move) if isinstance(move, str) else move)[0]
                update = Update(self.version, step) if self._subs else None
            else:
                p = self.prepare(move, version=version, by=by)
                self.persist(p)
                self.commit(p, publish=False)
                assert p.step is not None
                step, update = p.step, Update(self.version, p.step) if self._subs else None
        self._publish(update)
        return step

    # -- undo (hot-seat and terminal play) -----------------------------------------------
    def undo_count(self) -> int:
        """How many moves an undo takes back: back to the last person's move, only within
        the current drafting (or grey tiling) phase of this round; 0 if none."""
        st = self.state.copy()
        phase, rnd = st.phase, st.round
        if st.to_move is None:
            return 0
        after_leave = 0  # moves since the last leave: a leave is never taken back
        for e in reversed(self.log):
            if e.kind == "leave":
                break
            after_leave += e.kind == "move"
        for k, played in enumerate(reversed(self.played), 1):
            if k > after_leave:
                return 0
            if not isinstance(st.peek(), Move):
                return 0
            st.pop()
            if st.phase != phase or st.round != rnd:
                return 0  # the round was tiled after that move (R17): it stays
            if not self.seats[played.seat].is_bot:
                return k
        return 0

    def undo(self, *, version: int | None = None) -> list[Played]:
        """Take back the last person's move and the bot moves after it (newest first); []
        when nothing may be taken back. Stored as one ``undo`` event."""
        with self._lock:
            if version is not None and version != self.version:
                raise SessionError("stale", f"the game is at version {self.version}, not "
                                   f"{version}: reload the view", {"version": self.version})
            k = self.undo_count()
            if not k:
                return []
            trial = self.fork()
            e = Event(self.version, "undo", str(k))
            apply_event(trial.state, e)
            undone = trial._drop_moves(k)  # noqa: SLF001 (our own fork)
            trial.events.append(e)
            p = Pending(self.version, trial, [e], undone=tuple(undone))
            self.persist(p)
            self.commit(p)
            return undone

    # -- a player leaves ------------------------------------------------------------------
    def prepare_leave(self, seat: int, bot: str, *, reason: str = "resigned",
                      version: int | None = None, by: Collection[int] | None = None) -> Pending:
        """Check and try ``seat``'s player leaving, the bot level ``bot`` playing the seat
        from then on (on a fork, as :meth:`prepare`). ``by``: the seats the asker may act for
        (None: any). Raises :class:`SessionError` (``stale``, ``game_over``, ``not_your_seat``,
        ``not_a_person``, ``already_left``); changes nothing."""
        if reason not in LEAVE_REASONS:
            raise ValueError(f"reason must be one of {', '.join(LEAVE_REASONS)}")
        with self._lock:
            if version is not None and version != self.version:
                raise SessionError("stale", f"the game is at version {self.version}, not "
                                   f"{version}: reload the view", {"version": self.version})
            if not 0 <= seat < len(self.seats) or (by is not None and seat not in by):
                raise SessionError("not_your_seat", "you can only leave your own seat")
            if seat in self.left:
                raise SessionError("already_left", f"seat {seat + 1}'s player has already left")
            if self.seats[seat].is_bot:
                raise SessionError("not_a_person", f"seat {seat + 1} is played by a bot")
            if self.state.is_over:
                raise SessionError("game_over", "the game is over (R23)")
            trial = self.fork()
            e = Event(self.version, "leave", leave_text(reason, bot), seat)
            apply_event(trial.state, e)
            left = trial._log_leave(seat, reason, bot)  # noqa: SLF001 (our own fork)
            trial.events.append(e)
            return Pending(self.version, trial, [e], left=left)

    def leave(self, seat: int, bot: str, *, reason: str = "resigned",
              version: int | None = None, by: Collection[int] | None = None) -> Left:
        """``seat``'s player leaves (resigns, or runs out of time): the bot level ``bot``
        plays the seat from now on, so the others can finish. Stored as one ``leave`` event;
        see :meth:`prepare_leave` for the refusals."""
        with self._lock:
            p = self.prepare_leave(seat, bot, reason=reason, version=version, by=by)
            self.persist(p)
            self.commit(p)
            assert p.left is not None
            return p.left

    # -- bots -----------------------------------------------------------------------------
    def bot_seed(self, seat: int) -> int:
        return self.fills.bot_seed(seat, self.moves)

    def agent(self, seat: int, seed: int) -> Agent:
        """The agent at ``seat``: a fixed one (given, or an external bot's process, started
        once per game), else the level's bot seeded for this move."""
        fixed = self.agents.get(seat)
        if fixed is not None:
            return fixed
        spec = self.seats[seat].bot
        if spec is None:
            raise SessionError("not_a_bot", f"seat {seat + 1} is a person")
        if self.seats[seat].kind == "external":
            agent = self.agents[seat] = make_agent(spec, seed)
            return agent
        return make_bot(spec, seed).agent

    def choose_bot_move(self) -> tuple[int, Move]:
        """Ask the bot to move (slow: call it from a worker thread). Returns the version it
        answered for, to hand to :meth:`play_bot_move`. A failing bot is handled by the
        session's :class:`~azulejos.play.failures.FailurePolicy` (a random legal move, or
        :class:`~azulejos.play.failures.Forfeit`)."""
        with self._lock:
            version = self.version
            seat = self.bot_to_move
            if seat is None:
                raise SessionError("not_a_bot", "it is not a bot's turn")
            state = self.state.copy()
            seed = self.bot_seed(seat)
        name = self.seats[seat].bot or "?"
        t0 = self.clock.now()
        try:
            agent = self.agent(seat, seed)
            if self.use_twin is not None and has_twin(agent):
                agent.use_kernels = not self.use_twin()  # type: ignore[attr-defined]
            answer: object = agent.choose(state.copy(), self.bot_budget)
            move = checked_move(state, answer)
        except Forfeit:
            raise
        except Exception as e:  # a bot's own bug must not stop the game
            move = self.policy.fallback(state, seat, name, e, seed)
        finally:
            self.clock.record(seat, self.clock.now() - t0)
        return version, move

    def play_bot_move(self, version: int, move: Move) -> Step | None:
        """Play a bot's answer unless the game changed meanwhile (an undo): then None."""
        with self._lock:
            if version != self.version or self.bot_to_move is None:
                return None
            return self.play(move, version=version)

    def close(self) -> None:
        """Stop the bots that hold resources (external processes)."""
        for agent in self.agents.values():
            close = getattr(agent, "close", None)
            if callable(close):
                close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

