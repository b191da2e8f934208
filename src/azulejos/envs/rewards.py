"""Reward schemes shared by the environments. Every scheme is zero-sum over the players.

``score_diff`` (default)
    Paid once, when the game ends: a player's final score (after the end bonuses, R24)
    minus the mean final score of the other players. With two players, the score difference.
``win_loss``
    Paid once, when the game ends (R25): one unit of victory is shared by the winners and one
    unit of defeat by the others; with two players +1 / -1, and 0 each on a shared victory.
    When every player wins (a full tie) everybody gets 0.
``round_delta``
    Paid after every step: the change of a player's score during that step minus the mean
    change of the other players' scores. Scores change only when walls are tiled (R17-R19,
    and on the grey wall with each column choice, R30) and at the end (R24), so this pays
    per round; its sum over a game equals ``score_diff``.

When an episode is cut at ``max_rounds`` (truncation, not a rule ending), ``score_diff`` pays
the current score difference (no end bonuses), ``win_loss`` pays nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from azulejos.core.state import State

REWARDS = ("score_diff", "win_loss", "round_delta")


def check_reward(name: str) -> str:
    """``name`` if it is a known scheme, else a ``ValueError`` listing the schemes."""
    if name not in REWARDS:
        raise ValueError(f"unknown reward scheme {name!r} (choose from {', '.join(REWARDS)})")
    return name


def relative(values: Sequence[float]) -> list[float]:
    """Each player's value minus the mean of the other players' values (zero-sum)."""
    n = len(values)
    total = float(sum(values))
    return [float(v) - (total - v) / (n - 1) for v in values]


def win_loss(state: State) -> list[float]:
    """The ``win_loss`` payoff of a finished game (R25)."""
    n = state.players
    winners = set(state.winners())
    w = len(winners)
    if w == 0 or w == n:
        return [0.0] * n
    return [1.0 / w if p in winners else -1.0 / (n - w) for p in range(n)]


def step_rewards(
    scheme: str, before: Sequence[int], state: State, truncated: bool = False
) -> list[float]:
    """Rewards of every seat for the step that took the scores from ``before`` to ``state``."""
    n = state.players
    if scheme == "round_delta":
        now = state.scores
        return relative([now[p] - before[p] for p in range(n)])
    if state.is_over:
        return relative(state.scores) if scheme == "score_diff" else win_loss(state)
    if truncated and scheme == "score_diff":
        return relative(state.scores)
    return [0.0] * n


def reward_range(scheme: str, players: int) -> tuple[float, float]:
    """Bounds of one step's reward (scores lie in 0-345, see :mod:`.encoding`)."""
    if scheme == "win_loss":
        return (-1.0, 1.0)
    return (-345.0, 345.0)
