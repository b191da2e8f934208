"""Agents by name: ``make_agent("random", seed=1)``."""

from __future__ import annotations

from collections.abc import Callable

from .base import Agent, RandomAgent

_FACTORIES: dict[str, Callable[[int | None], Agent]] = {
    "random": lambda seed: RandomAgent(seed),
}


def register(name: str, factory: Callable[[int | None], Agent]) -> None:
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent named ``spec``; ``ValueError`` naming the known agents if none."""
    try:
        factory = _FACTORIES[spec]
    except KeyError:
        raise ValueError(f"unknown bot {spec!r} (known: {', '.join(agent_names())})") from None
    return factory(seed)
