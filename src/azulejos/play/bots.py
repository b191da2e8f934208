"""Bots and hints for a match, from :mod:`azulejos.agents` (layer L2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from azulejos.agents import Agent, Reason, agent_names, make_agent, reasons
from azulejos.agents import hint as search_hint
from azulejos.core import Move, State, move_of_action, parse_move


@dataclass(frozen=True, slots=True)
class Bot:
    """A bot at a seat. ``stand_in`` names the agent used when ``level`` is not registered."""

    level: str
    agent: Agent
    stand_in: str | None = None


def make_bot(level: str, seed: int | None) -> Bot:
    """The bot of ``level``. If that level is not registered (the bots are still being
    built), a random bot stands in and ``stand_in`` says so; front ends show it."""
    if level in agent_names():
        return Bot(level, make_agent(level, seed))
    return Bot(level, make_agent("random", seed), stand_in="random")


@dataclass(frozen=True, slots=True)
class Hint:
    move: Move
    evaluation: Any
    #: Why the move is good, in facts (``azulejos.agents.Reason``; words: ``play.words.why_sentence``).
    reasons: tuple[Reason, ...] = ()


def hint(state: State, seconds: float = 1.0, kernels: bool = True) -> Hint:
    """The strongest bot's suggestion for the player to move (``kernels=False``: from the
    pure-Python twin of its search, while the numba kernels load)."""
    move, evaluation = search_hint(state.copy(), seconds, kernels=kernels)
    return Hint(move, evaluation, reasons(state, move))


def checked_move(state: State, answer: object) -> Move:
    """A bot's answer as a legal move of ``state``; raises (the core's errors, TypeError)."""
    if isinstance(answer, Move):
        m = answer
    elif isinstance(answer, str):
        m = parse_move(answer)
    elif isinstance(answer, int) and not isinstance(answer, bool):
        m = move_of_action(answer)
    else:
        raise TypeError(f"the bot answered {answer!r}, not a move")
    return state.check(m)  # the precise IllegalMoveError when it is not legal
