"""One policy for a failing bot, decided here for every front end.

A bot fails when it raises, crashes, hangs, answers garbage or names an illegal move. In casual
play (terminal, web) the failure is logged and a random legal move - seeded like the bot, so a
replayed game does the same - is played in its place: a broken bot never stalls a game. In a
tournament the bot forfeits the game (:class:`Forfeit`), and the failure is reported.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any

from azulejos.agents.external import BotFailure
from azulejos.core import Move, State
from azulejos.core.errors import AzulejosError

log = logging.getLogger("azulejos.play")


class Forfeit(Exception):
    """A bot failed in a game played under :data:`FORFEIT`: it loses the game."""

    def __init__(self, seat: int, bot: str, kind: str, message: str) -> None:
        super().__init__(f"seat {seat + 1} ({bot}) forfeits: {kind}: {message}")
        self.seat = seat
        self.bot = bot
        self.kind = kind
        self.message = message

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot, "kind": self.kind, "message": self.message}


def failure_kind(error: BaseException) -> tuple[str, str]:
    """(kind, message) of a bot's failure, as tournament reports name them."""
    if isinstance(error, BotFailure):
        return error.kind, error.message
    if isinstance(error, AzulejosError):
        return "illegal", str(error)
    if isinstance(error, (ValueError, TypeError, AttributeError)):
        return "error", str(error)
    return "error", repr(error)


@dataclass(frozen=True, slots=True)
class FailurePolicy:
    """What a session does when a bot fails (see the module text)."""

    forfeit: bool

    def fallback(self, state: State, seat: int, bot: str, error: BaseException, seed: int) -> Move:
        """The move to play instead, or :class:`Forfeit`."""
        kind, message = failure_kind(error)
        if self.forfeit:
            raise Forfeit(seat, bot, kind, message) from error
        log.error("bot %s at seat %d failed (%s: %s); playing a random legal move instead",
                  bot, seat + 1, kind, message)
        legal = state.legal_moves()
        return legal[random.Random(seed).randrange(len(legal))]


#: Casual play: log the failure and play a random legal move.
CASUAL = FailurePolicy(forfeit=False)
#: Tournaments: the failing bot loses the game.
FORFEIT = FailurePolicy(forfeit=True)
