"""Agents (layer L2): the agent protocol and the bots."""

from .base import Agent, Budget, RandomAgent
from .registry import agent_names, make_agent, register

__all__ = ["Agent", "Budget", "RandomAgent", "agent_names", "make_agent", "register"]
