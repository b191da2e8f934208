"""Requests and errors shared by the HTTP and websocket APIs: limits, validation, error codes.

Every problem with what a client sent becomes a :class:`GameError` with a stable ``code``, a
readable ``message`` and an HTTP status; nothing about the game changes when one is raised.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from azulejos.core.errors import RulesetError
from azulejos.core.rules import MAX_PLAYERS, MIN_PLAYERS, VARIANTS
from azulejos.core.ruleset import MODULES, Ruleset
from azulejos.play.seats import NAME_LIMIT

from .clocks import ClockSpec, parse_clock

#: Largest websocket message or HTTP request body the server reads (bytes).
MAX_MESSAGE = 4096
#: Longest player name (characters): the one limit a name read back from a record is cut at too
#: (``play.seats.NAME_LIMIT``, used by ``record_seats``).
MAX_NAME = NAME_LIMIT
#: Longest token accepted for a lookup (ours are 24 characters).
MAX_TOKEN = 100


@dataclass
class GameError(Exception):
    """A request that cannot be carried out; the game is unchanged."""

    code: str
    message: str
    status: int = 400
    extra: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.extra}


def malformed(message: str) -> GameError:
    return GameError("malformed", message, 400)


def only_fields(data: Mapping[str, Any], allowed: Iterable[str] = ()) -> None:
    """``malformed`` (400) naming every field of ``data`` that is not ``allowed`` (a request
    body's keys, checked before anything is done)."""
    unknown = set(data) - set(allowed)
    if unknown:
        raise malformed(f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")


def unknown_level(level: str, bot_levels: list[str], where: str, **extra: Any) -> GameError:
    """``unknown_level``: a bot level the server does not have. ``level`` and the known
    ``levels`` go with it, so that the page can say it in its language (docs/api.md)."""
    return GameError("unknown_level",
                     f"{where}: unknown bot level {level!r} (known: {', '.join(bot_levels)})", 400,
                     {"level": level, "levels": list(bot_levels), **extra})


def parse_json_object(raw: bytes | str) -> dict[str, Any]:
    """A JSON object from a request body or message; :class:`GameError` if it is not one."""
    if len(raw) > MAX_MESSAGE:
        raise GameError("too_large", f"the message is longer than {MAX_MESSAGE} bytes", 413)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise malformed("the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise malformed("the message must be a JSON object")
    return data


def get_int(data: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = data.get(key, default)
    if type(v) is not int or not lo <= v <= hi:
        raise malformed(f"{key!r} must be a whole number from {lo} to {hi}")
    return v


def clean_name(name: str) -> str:
    """A player name with control characters removed and spaces collapsed."""
    text = "".join(ch for ch in name if ch.isprintable())
    return " ".join(text.split())[:MAX_NAME]


@dataclass(frozen=True, slots=True)
class SeatRequest:
    kind: str  # "person" | "bot"
    name: str
    level: str | None


@dataclass(frozen=True, slots=True)
class CreateRequest:
    ruleset: Ruleset
    seats: tuple[SeatRequest, ...]
    hotseat: bool
    start_player: int
    stand_in: str = "medium"  # the bot level that takes over a seat whose player leaves
    clock: ClockSpec | None = None  # the game's clock (None: the server's default)

    @property
    def all_bots(self) -> bool:
        return not any(s.kind == "person" for s in self.seats)

    @property
    def players(self) -> int:
        return self.ruleset.players

    @property
    def variant(self) -> str:
        return self.ruleset.variant.value


def parse_create(data: dict[str, Any], bot_levels: list[str]) -> CreateRequest:
    """Validate the body of ``POST /api/games`` (R8: 2-4 players, one wall side)."""
    allowed = {"players", "variant", "seats", "hotseat", "start_player", "stand_in", "clock",
               *(m.name for m in MODULES)}
    only_fields(data, allowed)
    players = get_int(data, "players", MIN_PLAYERS, MAX_PLAYERS, 2)
    variant = data.get("variant", "coloured")
    if variant not in VARIANTS:
        raise malformed("'variant' must be \"coloured\" or \"grey\" (R8, R30)")
    try:
        ruleset = Ruleset(players, variant, **{m.name: data.get(m.name, False) for m in MODULES})
    except RulesetError as e:
        raise malformed(f"'{e.field}': {str(e).split(': ', 1)[1]}") from None
    hotseat = data.get("hotseat", False)
    if not isinstance(hotseat, bool):
        raise malformed("'hotseat' must be true or false")
    start = get_int(data, "start_player", 0, players - 1, 0)
    raw = data.get("seats")
    if raw is None:
        raw = [{"kind": "person"} for _ in range(players)]
    if not isinstance(raw, list) or len(raw) != players:
        raise malformed(f"'seats' must be a list of {players} seats")
    seats = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict) or set(s) - {"kind", "name", "level"}:
            raise malformed(f"seat {i + 1} must be an object with kind, name and level")
        kind = s.get("kind", "person")
        if kind not in ("person", "bot"):
            raise malformed(f"seat {i + 1}: kind must be \"person\" or \"bot\"")
        level = None
        if kind == "bot":
            level = s.get("level", bot_levels[0] if bot_levels else None)
            if not isinstance(level, str):
                raise malformed(f"seat {i + 1}: level must be text")
            if level not in bot_levels:
                raise unknown_level(level, bot_levels, f"seat {i + 1}", seat=i)
        name = s.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > 200):
            raise malformed(f"seat {i + 1}: name must be text")
        name = clean_name(name or "")
        seats.append(SeatRequest(kind, name, level))
    if not any(s.kind == "person" for s in seats) and hotseat:
        raise malformed("a hot-seat game needs at least one person seat")
    default = "medium" if "medium" in bot_levels else (bot_levels[0] if bot_levels else "random")
    stand_in = data.get("stand_in", default)
    if not isinstance(stand_in, str):
        raise malformed("'stand_in' must be text")
    if stand_in not in bot_levels and stand_in != default:
        raise unknown_level(stand_in, bot_levels, "'stand_in'")
    clock = None
    if data.get("clock") is not None:
        try:
            clock = parse_clock(data["clock"])
        except ValueError as e:
            raise malformed(str(e)) from None
    return CreateRequest(ruleset, tuple(seats), hotseat, start, stand_in, clock)
