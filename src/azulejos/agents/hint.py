"""A hint for a human player: the strongest bot's move and how good the position looks."""

from __future__ import annotations

from azulejos.core import Move, State

from .base import Budget
from .mcts import MCTSAgent


def hint(state: State, seconds: float = 1.0, seed: int | None = 0) -> tuple[Move, float]:
    """The ``mcts`` bot's move for the player to move, and its evaluation.

    The evaluation is the expected margin, in points, of the player to move over the best
    other player at the end of the game (positive: ahead), as estimated by the search.
    The search stops after ``seconds`` (at most 1 s is spent, minus a small safety margin).
    """
    limit = max(0.01, min(seconds, 1.0) - 0.05)
    agent = MCTSAgent(seed)
    return agent.search(state.copy(), Budget(seconds=limit))
