"""The agent protocol (layer L2).

An agent is given a copy of the state - never the bag order or future fills: the state holds
only bag *counts*, and fills are chance events the agent samples itself - and a budget, and
returns a legal move. Agents are deterministic under their seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from azulejos.core import Move, State


@dataclass(frozen=True, slots=True)
class Budget:
    """How long an agent may think: seconds per move and/or iterations (None = no limit)."""

    seconds: float | None = None
    iterations: int | None = None


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
