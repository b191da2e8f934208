"""The errors the engine raises. All are ``ValueError`` subclasses except invariant breaches."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar


class AzulejosError(Exception):
    """Base class of every azulejos error."""


class CodedError(AzulejosError, ValueError):
    """An error that a front end says in its user's language. The message is English (library
    users, logs); ``code`` (a key of the class's :attr:`CODES`) and ``params`` say the same
    for a program. :attr:`CODES` maps each code to the names of its parameters."""

    CODES: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    def __init__(self, message: str, code: str, **params: str | int) -> None:
        super().__init__(message)
        assert code in self.CODES, code
        self.code = code
        self.params = params


class IllegalMoveError(AzulejosError, ValueError):
    """A well-formed move that the rules do not allow in this position.

    ``rule`` holds the id of the rule it breaks (``"R13"``, …).
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidMoveError(AzulejosError, ValueError):
    """Text or an action id that does not denote any move (docs/notation.md)."""


class OutOfRangeError(AzulejosError, IndexError, ValueError):
    """A seat, pattern line, wall row or column, or factory display that the game does not
    have (seats 0 to players-1, lines, rows and columns 0-4, displays 0 to factories-1, all
    0-based in the library's API). An ``IndexError`` too, as a list would raise."""


class IllegalFillError(AzulejosError, ValueError):
    """A factory fill that cannot be drawn from the bag and lid (R21, R22)."""

    def __init__(self, message: str, rule: str = "R22") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidPositionError(AzulejosError, ValueError):
    """A position string that cannot be read or describes an impossible state."""


#: What can be wrong with a game record: the ``code`` of an :class:`InvalidRecordError`, by
#: which a front end says it in the reader's language (``render/record_errors.py``); the
#: parameters each code carries are listed beside it.
RECORD_ERROR_CODES: dict[str, tuple[str, ...]] = {
    "invalid": (),  # no more precise reason given (the default)
    # reading the file and its structure
    "unreadable": ("path", "errno"),  # errno: the OSError's number, 0 when unknown
    "not_json": ("line",),  # line: where the JSON breaks, 0 when unknown (not UTF-8)
    "not_object": (),
    "bad_format": ("found",),  # found: the "format" given, as JSON text
    "missing_key": ("key", "round"),  # no round for a key of the record itself
    "wrong_type": ("key", "round", "expected"),  # expected: one of RECORD_TYPES
    "wrong_length": ("key", "round", "count", "found"),
    "bad_players": ("found",),
    "bad_variant": ("found",),
    "bad_ruleset": ("key", "found"),  # a module's key: not true/false, or not available
    "bad_start_player": ("last", "found"),
    # JSON names given twice in one object (json would keep the last: a record is unambiguous)
    "duplicate_key": ("key", "round"),  # no round for a key of the record itself
    # a round's fill
    "bad_letter": ("round", "key", "letter"),  # key: factories, after_fill
    "factory_count": ("round", "count", "found"),
    "bad_fill": ("round", "factories"),  # with ``rule``: R2 (over 4 tiles), R21, R22, ...
    "bad_display": ("round", "key", "found", "count"),
    "bad_special": ("round", "found"),
    "special_twice": ("round", "display", "key"),  # key: specials, after_fill
    "specials_off": ("round", "key"),  # specials/after_fill in a game without the module
    "bad_change": ("round", "display", "found"),  # an after_fill text that is no change
    "specials_count": ("round", "count", "found"),  # found: the names given, "" if none
    "after_fill": ("round", "display", "found", "expected"),  # change texts, "" = no change
    # the moves
    "not_a_move": ("round", "move_number", "move"),
    "move_after_round": ("round", "move_number", "move"),
    "illegal_move": ("round", "move_number", "move"),  # with ``rule``
    # the end of a round and of the game
    "round_after_end": ("round",),
    "round_cut_short": ("round",),
    "scores_too_early": ("round",),
    "result_too_early": ("round",),  # final_scores/winners, but the last round is unfinished
    "scores_missing": ("round",),
    "round_scores": ("round", "expected", "found"),
    "final_missing": ("round",),
    "final_scores": ("expected", "found"),
    "winners": ("expected", "found"),
    "not_ended": ("rounds",),
}
#: The kinds of value a ``wrong_type`` error expects.
RECORD_TYPES = ("list", "object", "strings", "numbers", "string_map")


class InvalidRecordError(AzulejosError, ValueError):
    """A game record that is malformed or does not replay under the rules.

    The message is English, for library users and logs. ``code`` (a key of
    :data:`RECORD_ERROR_CODES`) and ``params`` say the same for a program, so that a front end
    can say it in its reader's language. ``round`` and ``move_number`` (1-based) locate the
    problem when known; ``move`` is the move text; ``rule`` the rule id that the record breaks.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str = "invalid",
        round: int | None = None,
        move_number: int | None = None,
        move: str | None = None,
        rule: str | None = None,
        **params: str | int,
    ) -> None:
        super().__init__(message)
        assert code in RECORD_ERROR_CODES, code
        self.code = code
        self.round = round
        self.move_number = move_number
        self.move = move
        self.rule = rule
        located: dict[str, str | int | None] = {"round": round, "move_number": move_number, "move": move}
        self.params: dict[str, str | int] = {
            **{k: v for k, v in located.items() if v is not None}, **params}


#: Why a game cannot be written as a record: the ``code`` of a :class:`RecordWriteError`.
RECORD_WRITE_ERROR_CODES: dict[str, tuple[str, ...]] = {
    "not_from_start": ("round", "phase"),  # the history starts mid-game
    "history_gap": (),  # the history does not lead to the state (no_history, *_unchecked)
    "reserved_key": ("key", "round"),  # an extra key is one of the record's own (round 0: top)
    "not_json": ("key", "round"),  # an extra value that JSON cannot hold
}


class RecordWriteError(CodedError):
    """A game that cannot be written as an ``azulejos-record/1`` record (``record_of``,
    ``dumps``): its history does not start at a new game or does not lead to the state, or an
    extra key is one of the record's own keys or its value is not JSON. A mistake of the calling
    program, not of a record that was read (that is :class:`InvalidRecordError`); codes:
    :data:`RECORD_WRITE_ERROR_CODES`."""

    CODES = RECORD_WRITE_ERROR_CODES


class RulesetError(AzulejosError, ValueError):
    """A ruleset that cannot be played (players, wall side, modules); ``field`` names the
    offending field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class InvariantError(AzulejosError, AssertionError):
    """An engine state breaks an invariant (I1–I4). Always a bug, never user input."""
