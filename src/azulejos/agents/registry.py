"""Agents by spec: ``make_agent("mcts:time=0.5", seed=1)``.

A spec is a bot name with optional options after a colon, separated by commas
(``mcts:iterations=2000,c=1.5``), or ``cmd:COMMAND`` for an external bot speaking the stdio
protocol (``docs/protocol.md``). Options of each bot are listed in ``docs/bots.md``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable

from azulejos.core.errors import CodedError

from .base import Agent, Budget, RandomAgent

Options = dict[str, str]

#: What can be wrong with a bot spec: the ``code`` of a :class:`BotSpecError` and the
#: parameters it carries (``commands/_bots.py`` says them in the user's language).
BOT_ERROR_CODES: dict[str, tuple[str, ...]] = {
    "empty": (),
    "option_syntax": ("spec", "option"),  # an option not written key=value
    "option_twice": ("spec", "option"),  # one option given twice (mcts:time=1,time=2)
    "seed": ("seed",),  # make_agent's seed is not a whole number (seed: its repr)
    "no_command": ("spec",),  # cmd: with no command after it
    "command_syntax": ("spec",),  # cmd:COMMAND that cannot be split into words (a lone quote)
    "unknown_bot": ("spec", "known"),  # known: the registry's names, comma-separated
    "no_options": ("name", "spec"),  # a bot that takes no options was given some
    "unknown_option": ("name", "option", "options"),
    "not_a_number": ("name", "option", "value", "kind"),  # kind: int or float (finite)
    "negative": ("name", "option"),
    "iterations": ("name",),  # iterations must be at least 1
    "fraction": ("name", "option"),  # between 0 and 1
    "switch": ("name", "option"),  # 0 or 1
    "positive": ("name",),  # temperature and scale
    "choice": ("name", "option", "value", "choices"),
    "needs": ("name", "option", "needs"),  # an option that needs another: weights, eval=net
    "range": ("name", "option", "low", "high"),  # a whole number from low to high
    "between": ("name", "option", "low", "high"),  # a number from low to high
}


class BotSpecError(CodedError):
    """A bot spec that names no bot or gives it a bad option (codes: :data:`BOT_ERROR_CODES`)."""

    CODES = BOT_ERROR_CODES


_FACTORIES: dict[str, Callable[[int | None], Agent]] = {
    "random": lambda seed: RandomAgent(seed),
}
_OPTION_FACTORIES: dict[str, Callable[[int | None, Options], Agent]] = {}

#: Levels for people: each a bot with a budget (see docs/bots.md and docs/strength.md).
#: ``hard`` has a fixed strength (a node-count budget of 200 iterations, 0.5 s at most);
#: ``expert`` has no iteration cap: it runs the compiled search (``fastmcts``, the ``mcts`` search
#: in numba kernels; pure-Python ``mcts`` without numba), each leaf valued after one more round
#: with a sampled fill (``rounds=1``) and then by the shipped value network (``eval=net``,
#: :mod:`azulejos.fast.nn`), the tree going on past each fill through 8 sampled fills
#: (``chance=8``), for all the time it is given, at most 1.8 s; with no runner's limit, 1.8 s
#: is its mean per move, shared out over the game (docs/strength.md).
LEVELS: dict[str, str] = {
    "easy": "greedy:eps=0.5",
    "medium": "greedy",
    "hard": "mcts:iterations=200,time=0.5",
    "expert": "fastmcts:time=1.8,rounds=1,eval=net,chance=8",
}


#: The levels in order, easiest first: the one list of bot levels (seats, lobby, menus).
BOT_LEVELS: tuple[str, ...] = tuple(LEVELS)


def register(name: str, factory: Callable[[int | None], Agent]) -> None:
    _FACTORIES[name] = factory


def register_with_options(name: str, factory: Callable[[int | None, Options], Agent]) -> None:
    """Register a bot whose spec may carry ``key=value`` options."""
    _OPTION_FACTORIES[name] = factory


def agent_names() -> list[str]:
    return sorted({*_FACTORIES, *_OPTION_FACTORIES, *LEVELS})


def parse_spec(spec: str) -> tuple[str, Options]:
    """Split ``name:key=value,key=value`` into the name and its options (``ValueError`` if bad)."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError("a bot spec must be a non-empty name such as 'greedy' or "
                           "'mcts:time=0.5'", "empty")
    name, _, rest = spec.strip().partition(":")
    opts: Options = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip() or not value.strip():
                raise BotSpecError(f"bot spec {spec!r}: option {part!r} must look like key=value",
                                   "option_syntax", spec=spec, option=part)
            if key.strip() in opts:
                raise BotSpecError(f"bot spec {spec!r}: option {key.strip()!r} is given twice",
                                   "option_twice", spec=spec, option=key.strip())
            opts[key.strip()] = value.strip()
    return name, opts


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent named by ``spec``, its generator seeded with ``seed`` (a whole number, or None
    for a fresh one); :class:`BotSpecError` (a ``ValueError``) if either is bad."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, numbers.Integral)):
        raise BotSpecError(f"a bot's seed must be a whole number or None, not {seed!r}", "seed",
                           seed=repr(seed))
    seed = None if seed is None else int(seed)
    if isinstance(spec, str) and spec.startswith("cmd:"):
        from .external import ExternalAgent

        return ExternalAgent(spec[4:], seed=seed)
    name, opts = parse_spec(spec)
    if name in LEVELS:
        base_name, base_opts = parse_spec(LEVELS[name])
        base_opts.update(opts)
        agent = _OPTION_FACTORIES[base_name](seed, base_opts)
        agent.name = name if not opts else spec
        return agent
    if name in _OPTION_FACTORIES:
        return _OPTION_FACTORIES[name](seed, opts)
    if name in _FACTORIES:
        if opts:
            raise BotSpecError(f"bot {name!r} takes no options (got {spec!r})", "no_options",
                               name=name, spec=spec)
        return _FACTORIES[name](seed)
    known = ", ".join(agent_names())
    raise BotSpecError(f"unknown bot {spec!r} (known: {known}, or cmd:COMMAND)", "unknown_bot",
                       spec=spec, known=known)


# -- option parsing for the built-in bots ------------------------------------------------------
def _take(
    opts: Options, name: str, allowed: dict[str, type], also: tuple[str, ...] = ()
) -> dict[str, float | int]:
    """The numeric options of bot ``name`` (``allowed``: their types), read from ``opts``;
    ``also`` names the bot's other options (read by the caller), for the error's list."""
    out: dict[str, float | int] = {}
    for key, text in opts.items():
        if key not in allowed:
            options = ", ".join(sorted([*allowed, *also]))
            raise BotSpecError(f"bot {name!r} has no option {key!r} (options: {options})",
                               "unknown_option", name=name, option=key, options=options)
        kind = allowed[key]
        try:
            value = kind(text)
            if not math.isfinite(value):  # nan, inf, 1e999: never a usable setting
                raise ValueError(text)
        except ValueError:
            what = "whole number" if kind is int else "finite number"
            raise BotSpecError(f"bot {name!r}: {key}={text!r} is not a {what}",
                               "not_a_number", name=name, option=key, value=text,
                               kind=kind.__name__) from None
        if value < 0:
            raise BotSpecError(f"bot {name!r}: {key} must not be negative", "negative", name=name,
                               option=key)
        out[key] = value
    return out


def _budget(o: dict[str, float | int], name: str) -> Budget | None:
    t = o.pop("time", None)
    it = o.pop("iterations", None)
    if t is None and it is None:
        return None
    if it is not None and it < 1:
        raise BotSpecError(f"bot {name!r}: iterations must be at least 1", "iterations",
                           name=name)
    return Budget(seconds=None if t is None else float(t), iterations=None if it is None else int(it))


def _greedy(seed: int | None, opts: Options) -> Agent:
    from .greedy import GreedyAgent

    o = _take(opts, "greedy", {"eps": float, "specials": int})
    eps = float(o.get("eps", 0.0))
    if eps > 1:
        raise BotSpecError("bot 'greedy': eps must be between 0 and 1", "fraction",
                           name="greedy", option="eps")
    if o.get("specials", 1) not in (0, 1):
        raise BotSpecError("bot 'greedy': specials must be 0 or 1", "switch", name="greedy",
                           option="specials")
    return GreedyAgent(seed, eps=eps, specials=bool(o.get("specials", 1)))


def _flatmc(seed: int | None, opts: Options) -> Agent:
    from .flatmc import FlatMCAgent

    o = _take(opts, "flatmc", {"time": float, "iterations": int, "c": float, "splits": int})
    b = _budget(o, "flatmc")
    if o.get("splits", 1) not in (0, 1):
        raise BotSpecError("bot 'flatmc': splits must be 0 or 1", "switch", name="flatmc",
                           option="splits")
    return FlatMCAgent(seed, b, c=float(o.get("c", 8.0)), splits=int(o.get("splits", 1)))


def _mcts(seed: int | None, opts: Options) -> Agent:
    from .mcts import MCTSAgent

    o = _take(
        opts,
        "mcts",
        {"time": float, "iterations": int, "c": float, "eps": float, "temperature": float,
         "rounds": int, "scale": float, "specials": int},
    )
    b = _budget(o, "mcts")
    if o.get("temperature", 1.0) == 0 or o.get("scale", 1.0) == 0:
        raise BotSpecError("bot 'mcts': temperature and scale must be positive", "positive",
                           name="mcts")
    if o.get("specials", 1) not in (0, 1):
        raise BotSpecError("bot 'mcts': specials must be 0 or 1", "switch", name="mcts",
                           option="specials")
    return MCTSAgent(seed, b, **{k: v for k, v in o.items()})  # type: ignore[arg-type]


def _fastmcts(seed: int | None, opts: Options) -> Agent:
    from .fastmcts import EVALUATIONS, PRIORS, FastMCTSAgent

    opts = dict(opts)
    evaluation = opts.pop("eval", "hand")
    weights = opts.pop("weights", None)
    prior = opts.pop("prior", "hand")
    prior_weights = opts.pop("priorweights", None)
    if evaluation not in EVALUATIONS:
        choices = ", ".join(EVALUATIONS)
        raise BotSpecError(f"bot 'fastmcts': eval={evaluation!r} is not one of {choices}",
                           "choice", name="fastmcts", option="eval", value=evaluation,
                           choices=choices)
    if prior not in PRIORS:
        choices = ", ".join(PRIORS)
        raise BotSpecError(f"bot 'fastmcts': prior={prior!r} is not one of {choices}", "choice",
                           name="fastmcts", option="prior", value=prior, choices=choices)
    if evaluation == "mid" and weights is None:  # (no network of every position is shipped)
        raise BotSpecError("bot 'fastmcts': eval=mid needs weights=PATH", "needs",
                           name="fastmcts", option="eval=mid", needs="weights=PATH")
    for key, given, need, met in (("weights", weights, "eval=net", evaluation != "hand"),
                                  ("priorweights", prior_weights, "prior=net", prior == "net")):
        if given is not None and not met:
            raise BotSpecError(f"bot 'fastmcts': {key} need {need}", "needs", name="fastmcts",
                               option=key, needs=need)
    o = _take(
        opts,
        "fastmcts",
        {"time": float, "iterations": int, "c": float, "eps": float, "temperature": float,
         "rounds": int, "scale": float, "manage": int, "margin": float, "chance": int,
         "shared": int, "widen": float},
        also=("eval", "prior", "priorweights", "weights"),
    )
    from .fastmcts import MAX_CHANCE, MAX_WIDEN

    if not 0 <= o.get("chance", 0) <= MAX_CHANCE:
        raise BotSpecError(f"bot 'fastmcts': chance must be between 0 and {MAX_CHANCE}", "range",
                           name="fastmcts", option="chance", low=0, high=MAX_CHANCE)
    if not 0 <= o.get("widen", 0.0) <= MAX_WIDEN:
        raise BotSpecError(f"bot 'fastmcts': widen must be between 0 and {MAX_WIDEN:g}", "between",
                           name="fastmcts", option="widen", low=0, high=f"{MAX_WIDEN:g}")
    b = _budget(o, "fastmcts")
    if o.get("temperature", 1.0) == 0 or o.get("scale", 1.0) == 0:
        raise BotSpecError("bot 'fastmcts': temperature and scale must be positive", "positive",
                           name="fastmcts")
    if o.get("manage", 1) not in (0, 1):
        raise BotSpecError("bot 'fastmcts': manage must be 0 or 1", "switch", name="fastmcts",
                           option="manage")
    if o.get("shared", 0) not in (0, 1):
        raise BotSpecError("bot 'fastmcts': shared must be 0 or 1", "switch", name="fastmcts",
                           option="shared")
    manage = bool(o.pop("manage", 1))
    shared = bool(o.pop("shared", 0))
    return FastMCTSAgent(seed, b, manage=manage, shared=shared, evaluation=evaluation,
                         weights=weights, prior=prior, prior_weights=prior_weights,
                         **{k: v for k, v in o.items()})  # type: ignore[arg-type]


register_with_options("greedy", _greedy)
register_with_options("flatmc", _flatmc)
register_with_options("mcts", _mcts)
register_with_options("fastmcts", _fastmcts)


#: Bots frozen as they were, every option and the weights pinned, so that later changes to a
#: level leave them alone: the fixed yardsticks of the strength tables (docs/bots.md). Not
#: levels for people (the lobby does not offer them); options may be added as to a level.
FROZEN: dict[str, str] = {
    "expert-2026-12": "fastmcts:time=1.8,rounds=1,eval=net,weights=2026-12,chance=8,c=2.0,"
                      "eps=0.15,temperature=1.5,scale=10,manage=1,margin=0,prior=hand,shared=0,"
                      "widen=0",
}


def _frozen(name: str) -> Callable[[int | None, Options], Agent]:
    def make(seed: int | None, opts: Options) -> Agent:
        base_name, base_opts = parse_spec(FROZEN[name])
        agent = _OPTION_FACTORIES[base_name](seed, {**base_opts, **opts})
        agent.name = name if not opts else f"{name}:{','.join(f'{k}={v}' for k, v in opts.items())}"
        return agent

    return make


for _name in FROZEN:
    register_with_options(_name, _frozen(_name))
