"""Seats at the table: a person (with a name) or a bot (with a level)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from azulejos.notation import Record

#: The bot levels a front end offers, weakest first (see the bots issue).
BOT_LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
#: A name read back from a record is cut at this many characters, whoever wrote it: the
#: longest name a front end takes (the web's; the terminal takes 24, ``parse_seat``).
NAME_LIMIT = 40


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: ``bot`` is None for a person, else the bot level (``"easy"`` … ``"expert"``)
    or, for an external bot, ``cmd:COMMAND`` (a program speaking ``docs/protocol.md``)."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """A bot plays this seat (built in or external): the session moves for it."""
        return self.bot is not None

    @property
    def kind(self) -> str:
        """``person``, ``bot`` or ``external``."""
        if self.bot is None:
            return "person"
        return "external" if self.bot.startswith("cmd:") else "bot"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


class SeatSpecError(ValueError):
    """A seat of the command line that cannot be played: ``code`` ``unknown_level`` (params
    ``level``, ``levels``) or ``long_name`` (``name``); the message is English."""

    def __init__(self, message: str, code: str, **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def parse_seat(text: str, index: int) -> Seat:
    """A seat from command-line text: a bot level (optionally ``bot:LEVEL``) or a person's name.

    >>> parse_seat("hard", 1)
    Seat(name='Hard bot', bot='hard')
    >>> parse_seat("Ana", 0)
    Seat(name='Ana', bot=None)
    """
    t = text.strip()
    low = t.lower()
    if low.startswith("bot:"):
        low = low[4:].strip()
        if low not in BOT_LEVELS:
            levels = ", ".join(BOT_LEVELS)
            raise SeatSpecError(f"unknown bot level {low!r} (one of {levels})", "unknown_level",
                                level=low, levels=levels)
    if low in BOT_LEVELS:
        return Seat(f"{low.capitalize()} bot", low)
    if not t:
        return Seat(f"Player {index + 1}")
    if len(t) > 24:
        raise SeatSpecError(f"the name {t[:24]!r}... is longer than 24 characters", "long_name",
                            name=t[:24])
    return Seat(t)


def number_bots(seats: Sequence[Seat]) -> list[Seat]:
    """Two bots of one level get distinct names, "Easy bot" and "Easy bot 2" (shown in the
    reader's language by ``play.words``), so that a table of several bots can be told apart.

    >>> [s.name for s in number_bots([Seat("Ana"), Seat("Easy bot", "easy"), Seat("Easy bot", "easy")])]
    ['Ana', 'Easy bot', 'Easy bot 2']
    """
    taken: set[str] = set()
    out = []
    for seat in seats:
        name, n = seat.name, 1
        while seat.is_bot and name in taken:
            n += 1
            name = f"{seat.name} {n}"
        taken.add(name)
        out.append(Seat(name, seat.bot))
    return out


def _stored_bot(bot: object) -> str | None:
    """A stored seat's bot, if it names one: a level, or any bot the registry makes by name
    (the web offers the random bot and the research bots too)."""
    if bot in BOT_LEVELS:
        return str(bot)
    from azulejos.agents.registry import agent_names

    return bot if isinstance(bot, str) and bot in agent_names() else None


def record_seats(record: Record) -> list[Seat]:
    """The seats of a game record: the one reader of names from a record, for every front end
    and command (show them in a language with ``Words.names``).

    The record's ``seats`` key (:func:`seats_from_json`) when it has one; else an older
    record's ``names`` key, a list of people's names; else people named ``Player N``. Every
    name is stripped and cut at :data:`NAME_LIMIT` characters; a blank one is ``Player N``.

    >>> from azulejos.core import Ruleset
    >>> from azulejos.notation import Record
    >>> record_seats(Record(Ruleset(2), 0, [], extra={"names": ["Ana", " "]}))
    [Seat(name='Ana', bot=None), Seat(name='Player 2', bot=None)]
    """
    seats = record.extra.get("seats")
    if seats is not None:
        return seats_from_json(seats, record.players)
    out = [Seat(f"Player {p + 1}") for p in range(record.players)]
    names = record.extra.get("names")
    if isinstance(names, list) and len(names) == record.players:
        for p, name in enumerate(names):
            if isinstance(name, str) and name.strip():
                out[p] = Seat(name.strip()[:NAME_LIMIT])
    return out


def seats_from_json(data: Any, players: int) -> list[Seat]:
    """Seats stored in a record's ``seats`` key; people named ``Player N`` when absent/bad.
    Names are cut at :data:`NAME_LIMIT` characters (see :func:`record_seats`)."""
    out = [Seat(f"Player {p + 1}") for p in range(players)]
    if isinstance(data, Sequence) and not isinstance(data, str) and len(data) == players:
        for p, item in enumerate(data):
            if not isinstance(item, Mapping):
                continue
            name = item.get("name")
            bot = _stored_bot(item.get("bot"))
            if isinstance(name, str) and name.strip():
                out[p] = Seat(name.strip()[:NAME_LIMIT], bot)
            elif bot is not None:
                out[p] = Seat(f"{bot.capitalize()} bot", bot)
    return out
