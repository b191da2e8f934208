"""Agents (layer L2): the agent protocol and the bots (see docs/bots.md)."""

from .base import Agent, Budget, Deadline, RandomAgent
from .hint import Reason, hint, reasons
from .registry import BOT_LEVELS, LEVELS, agent_names, make_agent, parse_spec, register

__all__ = [
    "Agent", "BOT_LEVELS", "Budget", "Deadline", "RandomAgent", "LEVELS", "agent_names", "hint", "make_agent",
    "parse_spec", "Reason", "reasons", "register",
]
