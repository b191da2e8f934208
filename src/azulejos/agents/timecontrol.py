"""Time controls: sharing out a per-game clock over the moves of a game (issue 30, item 4).

A game clock gives a player ``left`` seconds for all of their remaining moves, and maybe an
``increment`` added after each of them. :func:`allot` turns that into the seconds of the move
due now, and :func:`budget` into the :class:`~azulejos.agents.base.Budget` a bot is given (the
engine protocol's ``go timeleft MS [increment MS]``, docs/protocol.md):

* **Moves still to make.** :func:`moves_left` estimates the player's own moves to the end of
  the game: the tiles still on the displays and in the centre of this round (about
  :data:`TILES_PER_TAKE` tiles a take, shared among the players), and full rounds after it
  until a wall row can be complete (R24: the game ends after the round in which a row is
  finished), from the fullest row of any player.
* **Hard moves get more.** The even share (``usable / moves_left``, plus most of the
  increment) is scaled by ``sqrt(legal moves / 25)`` between 0.5 and 2.5: the openings of a
  round, with 50-150 choices, get more than its last takes; a forced move (one legal move) gets
  only :data:`MIN_MOVE`.
* **Never lose on time.** A reserve (:data:`RESERVE_SHARE` of the clock, at least
  :data:`RESERVE_MIN`) and a per-move overhead (:data:`OVERHEAD`: the engine's margin, the
  pipe, the answer) for twice the moves still to come are kept back; no move takes more than
  :data:`MAX_SHARE` of what is usable, and never more than half of what is left after its own
  overhead, so a game longer than estimated still finds time on the clock; when it runs low
  every move gets a share of what is left less the overheads.

Everything is a pure function of the clock and the position: the tests give the clock
themselves (no waiting).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from azulejos.core import State

from .base import Budget

#: Tiles taken by one drafting move, on average (a take is 1-4 tiles, the centre's more).
TILES_PER_TAKE = 2.0
#: Share of the clock never planned for, and its floor in seconds.
RESERVE_SHARE = 0.05
RESERVE_MIN = 0.2
#: Seconds each answer costs beyond its search (the engine's safety margin, pipe, parsing).
OVERHEAD = 0.03
#: The least a move with a choice is given, and a forced move's time.
MIN_MOVE = 0.01
#: No move takes more than this share of the usable time.
MAX_SHARE = 0.2
#: The scale of hard moves against easy ones: sqrt(legal / HARD_MOVES), clamped.
HARD_MOVES = 25.0
LOW_FACTOR = 0.5
HIGH_FACTOR = 2.5
#: Share of each increment spent on the move it follows.
INCREMENT_SHARE = 0.9


@dataclass(frozen=True, slots=True)
class Clock:
    """A player's clock: ``left`` seconds for the rest of the game, ``increment`` seconds added
    after each move (both finite and >= 0)."""

    left: float
    increment: float = 0.0

    def __post_init__(self) -> None:
        for name in ("left", "increment"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) \
                    or v < 0:
                raise ValueError(f"Clock: {name} must be a finite number of seconds >= 0, not {v!r}")


def moves_left(state: State) -> float:
    """The player to move's own moves still to come in the game, this one included (an
    estimate, at least 1)."""
    players = state.players
    on_table = sum(sum(f) for f in state.factories) + sum(state.centre)
    per_round = 4.0 * len(state.factories) / TILES_PER_TAKE / players
    this_round = max(1.0, on_table / TILES_PER_TAKE / players)
    fullest = max(sum(c is not None for c in row) for p in state.boards for row in p.wall)
    rounds_after = max(0.5, 4.5 - fullest)  # R24: the game ends once a row is complete
    return this_round + rounds_after * per_round


def difficulty(choices: int) -> float:
    """How much more than an even share a move with ``choices`` legal moves gets."""
    return min(HIGH_FACTOR, max(LOW_FACTOR, math.sqrt(choices / HARD_MOVES)))


def allot(clock: Clock, state: State, choices: int | None = None) -> float:
    """Seconds of thought for the move due in ``state`` on ``clock`` (``choices``: the number
    of legal moves, counted from ``state`` when not given)."""
    n = len(state.legal_actions()) if choices is None else choices
    left = clock.left
    # The most this move may take: half of what is left after its own overhead, so that a
    # game longer than estimated still finds time on the clock.
    room = max(0.0, left - OVERHEAD) / 2
    if n <= 1:
        return min(MIN_MOVE, room)
    m = moves_left(state)
    reserve = max(RESERVE_MIN, RESERVE_SHARE * left)
    usable = max(0.0, left - reserve - 2 * m * OVERHEAD)  # twice the overheads: a longer game
    share = usable / m + INCREMENT_SHARE * clock.increment
    t = share * difficulty(n)
    t = min(t, MAX_SHARE * usable + INCREMENT_SHARE * clock.increment)
    if usable <= 0.0:  # running low: what is left less the overheads, shared over the moves
        t = max(0.0, left - 2 * m * OVERHEAD) / (2 * m)
    t = max(t, MIN_MOVE)
    return max(0.0, min(t, room))


def budget(clock: Clock, state: State) -> Budget:
    """The budget of the move due in ``state`` on ``clock`` (:func:`allot`)."""
    return Budget(seconds=allot(clock, state))
