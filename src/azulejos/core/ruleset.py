"""Which game is played: the one description every layer takes its choices from.

A :class:`Ruleset` names the player count (R8), the wall side (R8, R30) and the optional rules
modules that are switched on. It is frozen, validated on construction (a bad value raises
:class:`RulesetError` naming the field) and serialises to the keys of a game record
(``docs/notation.md``), so ``State.new``, records, position strings, command-line options, the web
lobby, the RL environments and the bots all read the same object.

The optional modules are listed once, in :data:`MODULES`: a new module is one entry there (with
a ``bool`` field of the same name on :class:`Ruleset`) plus its rules in the core and the
accelerated path, and its presentation. The theme (classic or chocolatier) is presentation,
not rules, and is not part of a ruleset.

>>> r = Ruleset(players=3, variant="grey")
>>> r.factories, r.grey, r.modules
(7, True, ())
>>> r.to_json()
{'players': 3, 'variant': 'grey'}
>>> Ruleset.from_json({"players": 3, "variant": "grey", "names": ["ignored"]}) == r
True
>>> Ruleset(players=5)
Traceback (most recent call last):
...
azulejos.core.errors.RulesetError: players: 2, 3 or 4 players play (R8), not 5
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Final

from .errors import RulesetError
from .ints import integer
from .rules import MAX_PLAYERS, MIN_PLAYERS, Variant


@dataclass(frozen=True, slots=True)
class ModuleInfo:
    """An optional rules module: ``name`` is both the :class:`Ruleset` field and the key of a
    game record; ``flag`` the command-line option that turns it on; ``rules`` the rule ids it
    adds; ``available`` whether this engine implements it yet."""

    name: str
    flag: str
    rules: str
    summary: str
    available: bool


#: Every optional rules module, in the order front ends list them.
MODULES: Final[tuple[ModuleInfo, ...]] = (
    ModuleInfo(
        name="special_factories",
        flag="--special-factories",
        rules="R40-R47",
        summary="Master Chocolatier special factory displays",
        available=True,
    ),
)

_MODULE_BY_NAME: Final = {m.name: m for m in MODULES}
#: Rulesets are frozen: the (players, variant) pairs seen are built and checked once.
_OF_CACHE: dict[tuple[object, object], Ruleset] = {}


@dataclass(frozen=True, slots=True, init=False)
class Ruleset:
    """The rules of one game: players (R8), wall side (R8, R30) and optional modules."""

    players: int
    variant: Variant
    special_factories: bool

    def __init__(
        self,
        players: int = 2,
        variant: Variant | str = Variant.COLOURED,
        special_factories: bool = False,
    ) -> None:
        count = integer(players)  # an int, or NumPy's
        if count is None or not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise RulesetError("players", f"2, 3 or 4 players play (R8), not {players!r}")
        players = count
        try:
            side = Variant.parse(variant)
        except ValueError:
            raise RulesetError(
                "variant", f"the wall side is 'coloured' or 'grey', not {variant!r}"
            ) from None
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "variant", side)
        object.__setattr__(self, "special_factories", special_factories)
        for info in MODULES:
            on = getattr(self, info.name)
            if type(on) is not bool:
                raise RulesetError(info.name, f"must be true or false, not {on!r}")
            if on and not info.available:
                raise RulesetError(
                    info.name,
                    f"the {info.summary} ({info.rules}) are not available in this version",
                )

    # -- derived facts ----------------------------------------------------------------------
    @property
    def grey(self) -> bool:
        """True on the grey wall, where players choose columns (R30-R34)."""
        return self.variant is Variant.GREY

    @property
    def factories(self) -> int:
        """Number of factory displays: 2n+1 (R2)."""
        return 2 * self.players + 1

    @property
    def modules(self) -> tuple[str, ...]:
        """Names of the optional modules switched on."""
        return tuple(m.name for m in MODULES if getattr(self, m.name))

    def text(self) -> str:
        """A short English label, e.g. ``"3 players, grey wall"`` (logs and ``--help``)."""
        mods = "".join(f", {_MODULE_BY_NAME[m].summary}" for m in self.modules)
        return f"{self.players} players, {self.variant.value} wall{mods}"

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with ``changes`` applied (validated)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        unknown = set(changes) - set(data)
        if unknown:
            name = sorted(unknown)[0]
            raise RulesetError(name, "is not a ruleset field")
        data.update(changes)
        return Ruleset(**data)

    # -- records ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The record keys (``docs/notation.md``): ``players``, ``variant`` and each module that is
        on (a module that is off is left out, as the base game's records have it)."""
        out: dict[str, Any] = {"players": self.players, "variant": self.variant.value}
        for name in self.modules:
            out[name] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ruleset:
        """The ruleset of a record's keys; unknown keys are ignored (``docs/notation.md``)."""
        if not isinstance(data, Mapping):
            raise RulesetError("ruleset", "must be a JSON object")
        if "players" not in data:
            raise RulesetError("players", "is missing")
        variant = data.get("variant", Variant.COLOURED.value)
        if not isinstance(variant, (str, Variant)):
            raise RulesetError("variant", f"the wall side is 'coloured' or 'grey', not {variant!r}")
        mods = {m.name: data.get(m.name, False) for m in MODULES}
        return cls(data["players"], variant, **mods)

    @classmethod
    def of(cls, players: int | Ruleset, variant: Variant | str | None = None) -> Ruleset:
        """A ruleset from either a ruleset or the older (players, variant) pair."""
        if isinstance(players, Ruleset):
            if variant is not None and Variant.parse(variant) is not players.variant:
                raise RulesetError("variant", "given twice, with different values")
            return players
        key = (players, Variant.COLOURED if variant is None else variant)
        if type(players) is not int or type(key[1]) not in (str, Variant):
            return cls(*key)  # validated (and refused) by the constructor
        r = _OF_CACHE.get(key)
        if r is None:
            r = cls(*key)
            if len(_OF_CACHE) < 64:
                _OF_CACHE[key] = r
        return r


def resolve(
    ruleset: object = None, players: int | None = None, variant: Variant | str | None = None
) -> Ruleset:
    """The ruleset of an API that takes either ``ruleset=`` or ``players=``/``variant=``
    (defaults: 2 players, coloured wall). Both given must agree (:class:`RulesetError`)."""
    if ruleset is None:
        return Ruleset.of(2 if players is None else players, variant)
    if not isinstance(ruleset, Ruleset):
        raise RulesetError("ruleset", f"must be a Ruleset, not {ruleset!r}")
    if players is not None and players != ruleset.players:
        raise RulesetError("players", "given twice, with different values")
    if variant is not None and Variant.parse(variant) is not ruleset.variant:
        raise RulesetError("variant", "given twice, with different values")
    return ruleset


def module(name: str) -> ModuleInfo:
    """The module called ``name`` (``KeyError`` if there is none)."""
    return _MODULE_BY_NAME[name]


__all__ = ["MODULES", "ModuleInfo", "Ruleset", "RulesetError", "module", "resolve"]
