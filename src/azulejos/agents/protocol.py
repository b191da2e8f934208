"""The text lines of the external-bot protocol (``docs/protocol.md``): the game so far as one
``position`` line, both ways."""

from __future__ import annotations

from azulejos.core import LETTERS, Ruleset, State, Variant, factory_count
from azulejos.core.errors import AzulejosError
from azulejos.core.events import Fill
from azulejos.core.ruleset import MODULES
from azulejos.notation import record_of
from azulejos.notation.record import RoundRecord, sf_fill

#: The rules modules a position line can switch on: a bare token after the variant.
_MODULE_NAMES = tuple(m.name for m in MODULES)

PROTOCOL_VERSION = 1


class ProtocolError(ValueError):
    """A protocol line that cannot be understood or does not describe a legal game."""


def _pairs(d: dict[str, str] | None) -> str:
    """``2=SF4,5=SF2R`` of a record's ``specials`` or ``after_fill`` map; ``-`` if empty."""
    return ",".join(f"{k}={v}" for k, v in sorted((d or {}).items(), key=lambda kv: int(kv[0]))) or "-"


def position_line(state: State) -> str:
    """``position players N variant V [special_factories] start S fill ... [specials ...
    after_fill ...] moves ... fill ...``.

    Built from the state's history: every fill so far (public once drawn) and every move. With
    the special factory displays each fill is followed by the round's ``specials`` and the
    ``after_fill`` changes, as the record holds them (R40, R41, R46).
    """
    rec = record_of(state)
    parts = ["position", "players", str(rec.players), "variant", rec.variant.value]
    parts.extend(rec.ruleset.modules)
    parts.extend(["start", str(rec.start_player)])
    sf = rec.ruleset.special_factories
    for rnd in rec.rounds:
        parts.append("fill")
        parts.extend(f or "-" for f in rnd.factories)
        if sf:
            parts.extend(["specials", _pairs(rnd.specials), "after_fill", _pairs(rnd.after_fill)])
        if rnd.moves:
            parts.append("moves")
            parts.extend(rnd.moves)
    return " ".join(parts)


def _int(tok: str, what: str) -> int:
    try:
        return int(tok)
    except ValueError:
        raise ProtocolError(f"{what} must be a whole number, not {tok!r}") from None


def _mapping(tok: str, what: str) -> dict[str, str]:
    """The map of a ``specials`` or ``after_fill`` token: ``2=SF4,5=SF2R`` or ``-``."""
    if tok == "-":
        return {}
    out: dict[str, str] = {}
    for part in tok.split(","):
        key, eq, value = part.partition("=")
        if not eq or not key or not value:
            raise ProtocolError(f"{what}: expected DISPLAY=VALUE pairs joined by commas, or '-', not {tok!r}")
        if key in out:
            raise ProtocolError(f"{what}: display {key} is named twice")
        out[key] = value
    return out


def parse_position(line: str) -> State:
    """The state described by a ``position`` line; :class:`ProtocolError` if it is malformed or
    describes an illegal fill or move."""
    toks = line.split()
    if not toks or toks[0] != "position":
        raise ProtocolError("a position line starts with 'position'")
    if len(toks) < 5 or toks[1] != "players" or toks[3] != "variant":
        raise ProtocolError("expected 'position players N variant coloured|grey start S ...'")
    players = _int(toks[2], "players")
    i = 5
    modules: dict[str, bool] = {}
    while i < len(toks) and toks[i] in _MODULE_NAMES:
        modules[toks[i]] = True
        i += 1
    if len(toks) < i + 2 or toks[i] != "start":
        raise ProtocolError("expected 'position players N variant coloured|grey start S ...'")
    try:
        rules = Ruleset(players, Variant.parse(toks[4]), **modules)
        state = State.new(rules, None, _int(toks[i + 1], "start"))
    except ValueError as e:
        raise ProtocolError(str(e)) from None
    sf = rules.special_factories
    nf = factory_count(players)
    i += 2
    rounds = 0
    while i < len(toks):
        tok = toks[i]
        if tok == "fill":
            rounds += 1
            facs = toks[i + 1 : i + 1 + nf]
            if len(facs) != nf:
                raise ProtocolError(f"'fill' needs {nf} factories with {players} players")
            fill: list[tuple[int, ...]] = []
            for f in facs:
                text = "" if f == "-" else f.upper()
                if any(ch not in LETTERS for ch in text):
                    raise ProtocolError(f"factory {f!r}: use the letters B Y R K W, or '-'")
                fill.append(tuple(LETTERS.index(ch) for ch in text))
            i += 1 + nf
            event: Fill | list[tuple[int, ...]] = fill
            if sf:
                if toks[i : i + 1] != ["specials"] or toks[i + 2 : i + 3] != ["after_fill"] or len(toks) < i + 4:
                    raise ProtocolError(
                        "with special_factories every fill is followed by 'specials D=NAME,... "
                        "after_fill D=CHANGE,...' (R46; '-' for none)"
                    )
                rnd = RoundRecord(
                    ["".join(LETTERS[k] for k in f) for f in fill], [],
                    specials=_mapping(toks[i + 1], "specials"),
                    after_fill=_mapping(toks[i + 3], "after_fill"),
                )
                try:
                    event = sf_fill(Fill(tuple(fill)), rnd, rounds)
                except AzulejosError as e:
                    raise ProtocolError(str(e)) from None
                i += 4
            try:
                state.apply_fill(event)
            except AzulejosError as e:
                raise ProtocolError(f"fill {' '.join(facs)}: {e}") from None
        elif tok == "moves":
            i += 1
            while i < len(toks) and toks[i] != "fill":
                try:
                    state.push(toks[i])
                except AzulejosError as e:
                    raise ProtocolError(f"move {toks[i]!r}: {e}") from None
                i += 1
        else:
            raise ProtocolError(f"unexpected {tok!r}: expected 'fill' or 'moves'")
    return state
