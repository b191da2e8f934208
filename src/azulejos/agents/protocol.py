"""The text lines of the external-bot protocol (``docs/protocol.md``): the game so far as one
``position`` line, both ways."""

from __future__ import annotations

from azulejos.core import LETTERS, State, Variant, factory_count
from azulejos.core.errors import AzulejosError
from azulejos.notation import record_of

PROTOCOL_VERSION = 1


class ProtocolError(ValueError):
    """A protocol line that cannot be understood or does not describe a legal game."""


def position_line(state: State) -> str:
    """``position players N variant V start S fill ... moves ... fill ... moves ...``.

    Built from the state's history: every fill so far (public once drawn) and every move.
    """
    rec = record_of(state)
    parts = [
        "position", "players", str(rec.players), "variant", rec.variant.value,
        "start", str(rec.start_player),
    ]
    for rnd in rec.rounds:
        parts.append("fill")
        parts.extend(f or "-" for f in rnd.factories)
        if rnd.moves:
            parts.append("moves")
            parts.extend(rnd.moves)
    return " ".join(parts)


def _int(tok: str, what: str) -> int:
    try:
        return int(tok)
    except ValueError:
        raise ProtocolError(f"{what} must be a whole number, not {tok!r}") from None


def parse_position(line: str) -> State:
    """The state described by a ``position`` line; :class:`ProtocolError` if it is malformed or
    describes an illegal fill or move."""
    toks = line.split()
    if not toks or toks[0] != "position":
        raise ProtocolError("a position line starts with 'position'")
    if len(toks) < 7 or toks[1] != "players" or toks[3] != "variant" or toks[5] != "start":
        raise ProtocolError("expected 'position players N variant coloured|grey start S ...'")
    players = _int(toks[2], "players")
    try:
        state = State.new(players, Variant.parse(toks[4]), _int(toks[6], "start"))
    except ValueError as e:
        raise ProtocolError(str(e)) from None
    nf = factory_count(players)
    i = 7
    while i < len(toks):
        tok = toks[i]
        if tok == "fill":
            facs = toks[i + 1 : i + 1 + nf]
            if len(facs) != nf:
                raise ProtocolError(f"'fill' needs {nf} factories with {players} players")
            fill: list[tuple[int, ...]] = []
            for f in facs:
                text = "" if f == "-" else f.upper()
                if any(ch not in LETTERS for ch in text):
                    raise ProtocolError(f"factory {f!r}: use the letters B Y R K W, or '-'")
                fill.append(tuple(LETTERS.index(ch) for ch in text))
            try:
                state.apply_fill(fill)
            except AzulejosError as e:
                raise ProtocolError(f"fill {' '.join(facs)}: {e}") from None
            i += 1 + nf
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
