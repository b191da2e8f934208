"""The other seats of the single-agent environment: bots by name, agent objects or callables.

Layering: ``azulejos.envs`` and ``azulejos.agents`` are siblings in layer L2 and may not import
each other (import-linter). So the environment never imports the agents package statically.
An opponent is one of

* an object with ``choose(state, budget) -> Move`` (the :class:`azulejos.agents.Agent`
  protocol, duck-typed), or a plain callable ``state -> Move | action id``: injected, no import;
* a bot *name* (``"random"``, ``"greedy"``, ...): resolved by an ``agent_factory(name, seed)``
  given to the environment, or, when none is given, by :func:`default_agent_factory`, which
  looks ``azulejos.agents.make_agent`` up at call time. That one function is the only place
  where this package reaches its sibling; an integrator who wants the contract strict can move
  it to a higher layer (``azulejos.play``) and pass it in as ``agent_factory``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from azulejos.core.moves import Move, move_of_action
from azulejos.core.state import State


class _Chooser(Protocol):
    def choose(self, state: State, budget: Any = None) -> Move: ...


OpponentSpec = str | _Chooser | Callable[[State], "Move | int"]
AgentFactory = Callable[[str, "int | None"], Any]


def default_agent_factory(name: str, seed: int | None) -> Any:
    """``azulejos.agents.make_agent(name, seed)``, looked up when first needed."""
    agents = importlib.import_module("azulejos.agents")
    return agents.make_agent(name, seed)


class Opponent:
    """One seat played by a bot; :meth:`move` returns the bot's legal action id."""

    def __init__(self, spec: OpponentSpec, seed: int | None, factory: AgentFactory) -> None:
        self.spec = spec
        if isinstance(spec, str):
            self.bot: Any = factory(spec, seed)
            self.label = spec
        elif hasattr(spec, "choose"):
            self.bot = spec
            self.label = str(getattr(spec, "name", type(spec).__name__))
        elif callable(spec):
            self.bot = spec
            self.label = getattr(spec, "__name__", "callable")
        else:
            raise TypeError(
                f"an opponent is a bot name, an agent with choose(state, budget) or a callable, "
                f"not {spec!r}"
            )

    def move(self, state: State, budget: Any = None) -> int:
        """The bot's action id for ``state`` (``budget``: an ``azulejos.agents.Budget`` or None,
        passed to ``choose``; plain callables get none)."""
        view = state.copy(history=False)  # a bot gets a copy: it cannot disturb the game
        if hasattr(self.bot, "choose"):
            choice = self.bot.choose(view, budget)
        else:
            choice = self.bot(view)
        a = choice.id if isinstance(choice, Move) else move_of_action(int(choice)).id
        if not state.is_legal(a):
            raise RuntimeError(
                f"opponent {self.label!r} chose {move_of_action(a)}, which is not legal here"
            )
        return a
