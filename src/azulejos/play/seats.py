"""Seats at the table: a person (with a name) or a bot (with a level)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from azulejos.notation import Record

#: The bot levels a front end offers, weakest first: the agents' registry's.
from azulejos.agents.registry import BOT_LEVELS as BOT_LEVELS

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
    ``level``, ``levels``), ``near_level`` (a misspelt level: ``level``, ``near``, ``levels``)
    or ``long_name`` (``name``); the message is English."""

    def __init__(self, message: str, code: str, **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def _near(a: str, b: str) -> int:
    """The edit distance of ``a`` and ``b`` (a letter added, dropped, changed, or two
    neighbours swapped each count 1)."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def misspelt_level(word: str) -> str | None:
    """The bot level that ``word`` looks like a slip for, if any: one edit away, or two for a
    word of five letters or more (``exprt``, ``medum``, ``hrad``; ``Eddy`` is a name)."""
    low = word.lower()
    for level in BOT_LEVELS:
        if low != level and _near(low, level) <= (2 if len(low) >= 5 else 1):
            return level
    return None


def parse_seat(text: str, index: int) -> Seat:
    """A seat from command-line text: a bot level (optionally ``bot:LEVEL``) or a person's name
    (``name:NAME`` for a name that looks like a misspelt level, which is refused otherwise).

    >>> parse_seat("hard", 1)
    Seat(name='Hard bot', bot='hard')
    >>> parse_seat("Ana", 0)
    Seat(name='Ana', bot=None)
    >>> parse_seat("name:Hardy", 0)
    Seat(name='Hardy', bot=None)
    """
    t = text.strip()
    person = t.lower().startswith("name:")
    if person:
        t = t[5:].strip()
    low = t.lower()
    near = None if person else misspelt_level(low.removeprefix("bot:").strip())
    if near is not None:
        levels = ", ".join(BOT_LEVELS)
        raise SeatSpecError(f"unknown bot level {t!r}: did you mean {near}? (levels: {levels}; "
                            f"name:{t} for a person)", "near_level", level=t, near=near,
                            levels=levels)
    if not person and low.startswith("bot:"):
        low = low[4:].strip()
        if low not in BOT_LEVELS:
            levels = ", ".join(BOT_LEVELS)
            raise SeatSpecError(f"unknown bot level {low!r} (one of {levels})", "unknown_level",
                                level=low, levels=levels)
    if low in BOT_LEVELS and not person:
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
