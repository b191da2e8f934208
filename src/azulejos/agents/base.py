"""The agent protocol (layer L2).

An agent is given a copy of the state - never the bag order or future fills: the state holds
only bag *counts*, and fills are chance events the agent samples itself - and a budget, and
returns a legal move. Agents are deterministic under their seed.
"""

from __future__ import annotations

import math
import numbers
import random
import time
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from azulejos.core import Move, State


@dataclass(frozen=True, slots=True)
class Budget:
    """How long an agent may think: seconds per move and/or iterations (None = no limit).

    ``seconds`` is a finite number >= 0 (0: answer at once), ``iterations`` a whole number >= 1;
    anything else is refused with a ``ValueError`` (``TypeError`` for a value of the wrong type)
    rather than silently making a bot play its first move or think for ever.

    >>> Budget(seconds=-1)
    Traceback (most recent call last):
    ...
    ValueError: Budget: seconds must be a finite number >= 0 (or None), not -1
    """

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        s, n = self.seconds, self.iterations
        if s is not None:
            if isinstance(s, bool) or not isinstance(s, numbers.Real):
                raise TypeError(f"Budget: seconds must be a number or None, not {s!r}")
            if not (math.isfinite(s) and s >= 0):
                raise ValueError(f"Budget: seconds must be a finite number >= 0 (or None), not {s!r}")
        if n is not None:
            if isinstance(n, bool) or not isinstance(n, numbers.Integral):
                raise TypeError(f"Budget: iterations must be a whole number or None, not {n!r}")
            if n < 1:
                raise ValueError(f"Budget: iterations must be at least 1 (or None), not {n!r}")

    @staticmethod
    def from_clock(left: float, increment: float, state: State) -> Budget:
        """The budget of the move due in ``state`` for a player with ``left`` seconds on a game
        clock and ``increment`` seconds added per move (:mod:`azulejos.agents.timecontrol`)."""
        from .timecontrol import Clock, budget

        return budget(Clock(left, increment), state)


@runtime_checkable
class Agent(Protocol):
    name: str

    def choose(self, state: State, budget: Budget | None = None) -> Move:
        """A legal move for ``state.current_player`` (drafting or a grey column choice)."""
        ...


class RandomAgent:
    """Uniformly random legal moves."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, budget: Budget | None = None) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the state awaits a fill or the game is over")
        return moves[self.rng.randrange(len(moves))]


def time_of(own: Budget | None, given: Budget | None) -> float | None:
    """The seconds a search gets: the runner's (``given``) when it sets a time, else the bot's
    own default (``own``), else None (no time limit).

    >>> time_of(Budget(seconds=1.8), Budget(seconds=4.0)), time_of(Budget(seconds=1.8), None)
    (4.0, 1.8)
    """
    for b in (given, own):
        if b is not None and b.seconds is not None:
            return b.seconds
    return None


class Deadline:
    """The stop rule of an any-time search: a time limit and/or an iteration count.

    The bot's own settings (from its spec) and the runner's budget are combined: the runner's
    time limit, when it gives one, *is* the time (``go movetime``, ``tournament --time``, a
    game clock's share: issue 30, item 5), and the bot's own ``time`` is only its default when
    the runner gives none; the bot's own iteration count wins over the runner's (a level's
    documented floor of strength and ceiling of work: ``hard``). With neither, ``default_seconds``
    applies. An iteration count is a node-count budget (fixed strength, deterministic under a
    seed when there is no time limit): it ends the search even if time is left, so a bot meant
    to use all the time it is given has none (``expert``). A time limit is used to the end: the
    search stops at the first check past it, with no margin.
    """

    __slots__ = ("end", "iterations")

    def __init__(
        self, own: Budget | None, given: Budget | None, default_seconds: float = 1.0
    ) -> None:
        seconds = time_of(own, given)
        its = next(
            (b.iterations for b in (own, given) if b is not None and b.iterations is not None),
            None,
        )
        if seconds is None and its is None:
            seconds = default_seconds
        self.end = None if seconds is None else time.perf_counter() + max(0.0, seconds)
        self.iterations = its

    def done(self, iteration: int) -> bool:
        """True once ``iteration`` iterations are spent or the time is up."""
        if self.iterations is not None and iteration >= self.iterations:
            return True
        return self.end is not None and time.perf_counter() >= self.end
