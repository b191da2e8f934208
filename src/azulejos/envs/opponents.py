"""The other seats of the single-agent environment: bots by name, agent objects or callables.

Layering: ``azulejos.envs`` and ``azulejos.agents`` are siblings in layer L2 and may not import
each other (import-linter), so the bots come in from above. An opponent is one of

* an object with ``choose(state, budget) -> Move`` (the :class:`azulejos.agents.Agent`
  protocol, duck-typed), or a plain callable ``state -> Move | action id``: injected;
* a bot *name*, turned into a bot by the ``agent_factory(name, seed)`` given to the
  environment - ``azulejos.agents.make_agent`` for every bot of the package. Without one,
  :func:`default_agent_factory` knows ``"random"`` only (uniformly random legal moves, the
  same draws as the agents' random bot) and refuses other names, saying what to pass.

>>> from azulejos.core.state import State
>>> import random
>>> st = State.new(2)
>>> st.deal(random.Random(0))
>>> Opponent("random", 3, default_agent_factory).move(st) in st.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from azulejos.core.moves import Move, move_of_action
from azulejos.core.state import State


class _Chooser(Protocol):
    def choose(self, state: State, budget: Any = None) -> Move: ...


OpponentSpec = str | _Chooser | Callable[[State], "Move | int"]
AgentFactory = Callable[[str, "int | None"], Any]


class RandomOpponent:
    """Uniformly random legal moves, deterministic under ``seed``."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, budget: Any = None) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


def default_agent_factory(name: str, seed: int | None) -> Any:
    """The opponent named ``name`` when the environment was given no ``agent_factory``:
    ``"random"`` only; ``ValueError`` for any other name."""
    if name == "random":
        return RandomOpponent(seed)
    raise ValueError(
        f"unknown bot {name!r}: without an agent_factory the environment knows only 'random'; "
        "for the package's bots pass agent_factory=azulejos.agents.make_agent"
    )


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
