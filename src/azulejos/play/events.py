"""The events of a game session: what a store keeps and what replays the game exactly, the
public log, and what a change reports to its subscribers.

Stored events: ``fill`` (data: the factory texts joined by ``,``), ``move`` (data: the move
text, ``seat``: who played it), ``undo`` (data: how many moves were taken back) and ``leave``
(``seat``: the seat whose player left; data: ``REASON:LEVEL``, why - ``resigned`` or
``timeout`` - and the bot level that plays the seat from then on). A leave changes no tile: it
changes who plays the seat. The version of a game is the number of its events.
"""

from __future__ import annotations

from dataclasses import dataclass

from azulejos.core import Fill, Move, PlayerView, State
from azulejos.core.colours import LETTERS
from azulejos.core.events import TilingEvent

KINDS = ("fill", "move", "undo", "leave")
#: Why a player left: they chose to (resigned), or their clock ran out (timeout).
LEAVE_REASONS = ("resigned", "timeout")


@dataclass(frozen=True, slots=True)
class Event:
    """One stored event (see the module text)."""

    seq: int
    kind: str
    data: str
    seat: int | None = None


def fill_text(fill: Fill) -> str:
    return ",".join(fill.texts())


def parse_fill(data: str) -> Fill:
    """The fill of a ``fill`` event's text (``ValueError`` if it is not one)."""
    try:
        return Fill(tuple(tuple(LETTERS.index(ch) for ch in part) for part in data.split(",")))
    except ValueError:
        raise ValueError(f"{data!r} is not a fill (factory texts such as BBYR,KKWW)") from None


@dataclass(frozen=True, slots=True)
class Left:
    """A player who left: their seat, when (round, moves played before), why, and the bot
    level that took the seat over."""

    seat: int
    round: int
    moves: int
    reason: str
    bot: str

    def to_json(self) -> dict[str, object]:
        return {"round": self.round, "moves": self.moves, "reason": self.reason, "bot": self.bot}


def leave_text(reason: str, bot: str) -> str:
    """The data of a ``leave`` event."""
    return f"{reason}:{bot}"


def parse_leave(e: Event) -> tuple[str, str]:
    """``(reason, bot level)`` of a ``leave`` event (``ValueError`` if it is not one)."""
    reason, _, bot = e.data.partition(":")
    if reason not in LEAVE_REASONS or not bot or e.seat is None:
        raise ValueError(f"event {e.seq}: {e.data!r} is not a leave (REASON:LEVEL with a seat)")
    return reason, bot


def apply_event(state: State, e: Event) -> None:
    """Replay one event on ``state`` (the core raises if it does not fit). A ``leave`` changes
    no tile (the session changes the seat)."""
    if e.kind == "leave":
        parse_leave(e)
        if e.seat is None or not 0 <= e.seat < state.players:
            raise ValueError(f"event {e.seq}: no seat {e.seat} to leave")
    elif e.kind == "fill":
        state.apply_fill(parse_fill(e.data))
    elif e.kind == "move":
        state.push(e.data)
    elif e.kind == "undo":
        k = int(e.data) if e.data.isdigit() else 0
        if k < 1:
            raise ValueError(f"event {e.seq}: an undo takes back 1 or more moves, not {e.data!r}")
        if state.is_over:
            raise ValueError(f"event {e.seq}: no move is taken back after the end (R23)")
        for _ in range(k):
            if not isinstance(state.peek(), Move):
                raise ValueError(f"event {e.seq}: only moves can be taken back")
            state.pop()
    else:
        raise ValueError(f"event {e.seq}: unknown kind {e.kind!r} (one of {', '.join(KINDS)})")


@dataclass
class LogEntry:
    """One line of the public game log."""

    kind: str  # "fill" | "move" | "tiling" | "leave"
    round: int
    seat: int | None = None
    text: str = ""
    factories: list[str] | None = None
    tiling: list[TilingEvent] | None = None
    move: Move | None = None
    left: Left | None = None


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
    after: State  # a copy of the state right after the tiling
    game_over: bool

    @property
    def boards_after(self) -> tuple[PlayerView, ...]:
        return tuple(self.after.boards)


@dataclass(frozen=True, slots=True)
class Step:
    """What a move did: the move, and the tiling if the move finished a round."""

    played: Played
    tiling: Tiling | None


@dataclass(frozen=True, slots=True)
class Update:
    """What subscribers are told after a change: a move (``step``), an undo (``undone``) or a
    player leaving (``left``)."""

    version: int
    step: Step | None = None
    undone: tuple[Played, ...] = ()
    left: Left | None = None


def events_of(state: State) -> list[Event]:
    """The events of a state's history (fills and moves), as a store keeps them."""
    first = state.copy()
    while first.history:
        first.pop()
    out: list[Event] = []
    for h in state.history:
        if isinstance(h, Fill):
            out.append(Event(len(out), "fill", fill_text(h)))
            first.apply_fill(h)
        else:
            out.append(Event(len(out), "move", h.text(), first.current_player))
            first.push(h)
    return out
