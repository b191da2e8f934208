"""Agents (layer L2): the agent protocol and the bots."""

from .base import Agent, Budget, RandomAgent

__all__ = ["Agent", "Budget", "RandomAgent"]
