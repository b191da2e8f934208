"""The errors the engine raises. All are ``ValueError`` subclasses except invariant breaches."""

from __future__ import annotations


class AzulejosError(Exception):
    """Base class of every azulejos error."""


class IllegalMoveError(AzulejosError, ValueError):
    """A well-formed move that the rules do not allow in this position.

    ``rule`` holds the id of the rule it breaks (``"R13"``, …).
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidMoveError(AzulejosError, ValueError):
    """Text or an action id that does not denote any move (docs/notation.md)."""


class IllegalFillError(AzulejosError, ValueError):
    """A factory fill that cannot be drawn from the bag and lid (R21, R22)."""

    def __init__(self, message: str, rule: str = "R22") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidPositionError(AzulejosError, ValueError):
    """A position string that cannot be read or describes an impossible state."""


class InvalidRecordError(AzulejosError, ValueError):
    """A game record that is malformed or does not replay under the rules.

    ``round`` and ``move_number`` (1-based) locate the problem when known; ``move`` is the
    move text; ``rule`` the rule id that the record breaks.
    """

    def __init__(
        self,
        message: str,
        *,
        round: int | None = None,
        move_number: int | None = None,
        move: str | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.round = round
        self.move_number = move_number
        self.move = move
        self.rule = rule


class RulesetError(AzulejosError, ValueError):
    """A ruleset that cannot be played (players, wall side, modules); ``field`` names the
    offending field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


class InvariantError(AzulejosError, AssertionError):
    """An engine state breaks an invariant (I1–I4). Always a bug, never user input."""
