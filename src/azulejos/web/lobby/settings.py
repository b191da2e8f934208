"""The settings of a public game (lobby, quick match, rematch): which game, its clock, rated or
not; checked as ``POST /api/games`` checks them, and the one key two quick-match requests must
share to be paired."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from azulejos.core.ruleset import MODULES

from ..protocol import CreateRequest, GameError, only_fields, parse_create
from ..service import bot_levels

#: The fields of a public game's settings.
FIELDS = ("players", "variant", "clock", "rated", *(m.name for m in MODULES))


@dataclass(frozen=True, slots=True)
class GameSettings:
    """What a public game is: players, wall side, the rules modules on, the clock (its text,
    ``move:1d``; None: the server's default) and whether it is rated."""

    players: int
    variant: str
    modules: tuple[str, ...]
    clock: str | None
    rated: bool

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "variant": self.variant,
                **{m.name: m.name in self.modules for m in MODULES},
                "clock": self.clock, "rated": self.rated}

    @property
    def key(self) -> str:
        """Two quick-match requests are paired only when their keys are equal."""
        return "|".join((str(self.players), self.variant, ",".join(self.modules),
                         self.clock or "-", "rated" if self.rated else "unrated"))

    def request(self, start_player: int = 0) -> CreateRequest:
        """The game's creation request: every seat a person's, no hot-seat."""
        body: dict[str, Any] = {"players": self.players, "variant": self.variant,
                                "start_player": start_player,
                                **{m: True for m in self.modules}}
        if self.clock is not None:
            body["clock"] = self.clock
        return parse_create(body, bot_levels())  # the stand-in: the server's default


def parse_settings(data: Any, *, extra: tuple[str, ...] = ()) -> GameSettings:
    """A public game's settings from a request body (``players`` 2-4, ``variant``, the rules
    modules' fields such as ``special_factories``, ``clock`` as ``POST /api/games`` takes it,
    ``rated``, default true); ``malformed`` (400) otherwise. ``extra``: other fields the
    caller reads itself."""
    if not isinstance(data, dict):
        raise GameError("malformed", "send the game's settings as a JSON object", 400)
    only_fields(data, (*FIELDS, *extra))
    rated = data.get("rated", True)
    if not isinstance(rated, bool):
        raise GameError("malformed", "'rated' must be true or false", 400)
    body = {k: data[k] for k in FIELDS if k in data and k != "rated"}
    req = parse_create(body, bot_levels())  # players, variant, modules and clock, checked once
    clock = None if req.clock is None else req.clock.text()
    return GameSettings(req.players, req.variant, req.ruleset.modules, clock, rated)


def settings_of(data: dict[str, Any]) -> GameSettings:
    """Settings stored as :meth:`GameSettings.to_json` wrote them."""
    return parse_settings(data)


def invitation_rated(rated: Any) -> bool:
    """The ``rated`` field of ``POST /api/games`` (issue 29: rated games only from the lobby
    or quick match): absent or false, the game is not rated; true is refused with
    ``rated_needs_lobby`` (400), before anything is made."""
    if rated is None or rated is False:
        return False
    if rated is True:
        raise GameError("rated_needs_lobby", "a game made by invitation is never rated: open "
                        "it in the lobby (POST /api/lobby) or ask for a quick match "
                        "(POST /api/quick-match) to play a rated game", 400)
    raise GameError("malformed", "'rated' must be true or false", 400)
