"""The events of a game session: what a store keeps and what replays the game exactly, the
public log, and what a change reports to its subscribers.

Stored events: ``fill`` (data: see :func:`fill_text`), ``move`` (data: the move
text, ``seat``: who played it), ``undo`` (data: how many moves were taken back) and ``leave``
(``seat``: the seat whose player left; data: ``REASON:LEVEL``, why - ``resigned`` or
``timeout`` - and the bot level that plays the seat from then on). A leave changes no tile: it
changes who plays the seat. The version of a game is the number of its events.
"""

from __future__ import annotations

from dataclasses import dataclass

from azulejos.core import Fill, Move, PlayerView, State
from azulejos.core import specials as SP
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
    """The data of a ``fill`` event.

    A base-game fill is its factory texts joined by ``,`` (``BBYR,KKWW,BYRK,WWWB,RRYY``; an
    empty factory is an empty text). With the special displays (R40, R41, R46) a ``;`` part
    follows: the round's specials as ``DISPLAY:KIND`` joined by ``,`` in display order (the
    display numbered from 1 and the kind named as in a record: ``SF1``, ``SF2R``, ``SF4``…),
    then, only when SF1 drew its extra tile, a second ``;`` part with that tile's letter:
    ``BBYR,KKWW,BYRK,WWWB,RRYY;1:SF1,4:SF4;R``. What SF2 pulls follows from these (R41).
    """
    text = ",".join(fill.texts())
    if fill.specials or fill.extra:
        text += ";" + ",".join(f"{f + 1}:{SP.name(k)}" for f, k in fill.specials)
        if fill.extra:
            text += ";" + "".join(LETTERS[k] for k in fill.extra)
    return text


def _colours(text: str, data: str, what: str) -> tuple[int, ...]:
    bad = next((ch for ch in text if ch not in LETTERS), None)
    if bad is not None:
        raise ValueError(f"{data!r} is not a fill: {what} {text!r}: {bad!r} is not a colour letter")
    return tuple(LETTERS.index(ch) for ch in text)


def _special(text: str, data: str) -> tuple[int, int]:
    display, colon, name = text.partition(":")
    if not (colon and display.isascii() and display.isdigit() and int(display) >= 1
            and name in SP.NAMES[1:]):
        raise ValueError(
            f"{data!r} is not a fill: {text!r} is not a special display "
            f"(DISPLAY:KIND such as 2:SF2R, displays from 1)"
        )
    return int(display) - 1, SP.NAMES.index(name)


def parse_fill(data: str) -> Fill:
    """The fill of a ``fill`` event's text (:func:`fill_text`; ``ValueError`` if it is not
    one). Whether the fill fits the game is the core's check when it is applied."""
    if not isinstance(data, str):
        raise ValueError(f"{data!r} is not a fill (factory texts such as BBYR,KKWW)")
    parts = data.split(";")
    if len(parts) > 3:
        raise ValueError(
            f"{data!r} is not a fill (FACTORIES, then ;SPECIALS and ;EXTRA at most)"
        )
    factories = tuple(
        _colours(t, data, f"factory {i}") for i, t in enumerate(parts[0].split(","), 1)
    )
    if len(parts) == 1:
        return Fill(factories)
    specials = tuple(_special(t, data) for t in parts[1].split(",")) if parts[1] else ()
    extra = _colours(parts[2], data, "SF1's extra tile") if len(parts) == 3 else ()
    if len(parts) == 3 and not extra:
        raise ValueError(f"{data!r} is not a fill: an empty extra part is left out")
    if not specials and not extra:
        raise ValueError(f"{data!r} is not a fill: a ;SPECIALS part names the special displays")
    return Fill(factories, specials, extra)


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
    fill: Fill | None = None  # a fill entry's chance event: its specials and SF1's tile (R40, R41)


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
