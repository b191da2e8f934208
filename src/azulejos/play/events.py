"""The events of a game session: what a store keeps and what replays the game exactly, the
public log, and what a change reports to its subscribers.

Stored events: ``fill`` (data: the factory texts joined by ``,``), ``move`` (data: the move
text, ``seat``: who played it) and ``undo`` (data: how many moves were taken back). The version
of a game is the number of its events.
"""

from __future__ import annotations

from dataclasses import dataclass

from azulejos.core import Fill, Move, PlayerView, State
from azulejos.core.colours import LETTERS
from azulejos.core.events import TilingEvent

KINDS = ("fill", "move", "undo")


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


def apply_event(state: State, e: Event) -> None:
    """Replay one event on ``state`` (the core raises if it does not fit)."""
    if e.kind == "fill":
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

    kind: str  # "fill" | "move" | "tiling"
    round: int
    seat: int | None = None
    text: str = ""
    factories: list[str] | None = None
    tiling: list[TilingEvent] | None = None
    move: Move | None = None


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
    """What subscribers are told after a change: a move (``step``) or an undo (``undone``)."""

    version: int
    step: Step | None = None
    undone: tuple[Played, ...] = ()


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
