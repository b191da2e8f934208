"""A position as text for a terminal: letters always, ANSI colour optionally."""

from __future__ import annotations

from collections.abc import Sequence

from azulejos.core.colours import FLOOR_PENALTIES, LETTERS, wall_colour
from azulejos.core.rules import Variant
from azulejos.core.state import State

_ANSI = ("\x1b[97;44m", "\x1b[30;103m", "\x1b[97;41m", "\x1b[97;40m", "\x1b[30;106m")
_FAINT = ("\x1b[34m", "\x1b[33m", "\x1b[31m", "\x1b[90m", "\x1b[36m")
_RESET = "\x1b[0m"


def _tile(k: int, colour: bool) -> str:
    return f"{_ANSI[k]}{LETTERS[k]}{_RESET}" if colour else LETTERS[k]


def _tiles(counts: Sequence[int], colour: bool) -> str:
    out = [_tile(k, colour) for k in range(5) for _ in range(counts[k])]
    return " ".join(out) if out else "-"


def render_state(
    state: State, names: Sequence[str] | None = None, colour: bool = False
) -> str:
    """The whole table as text: factories, centre, boards, bag/lid, turn and round.

    Filled wall spaces show capital letters; on the coloured wall an empty space shows the
    small letter of the colour that belongs there, on the grey wall a dot. ``M`` is the
    first-player marker.
    """
    n = state.players
    names = list(names) if names else [f"Player {p + 1}" for p in range(n)]
    lines: list[str] = []
    phase = state.phase
    head = f"Round {state.round} - {state.variant.value} wall - "
    if phase == "draft":
        head += f"{names[state.current_player]} to move"
    elif phase == "place":
        head += (
            f"{names[state.current_player]} chooses the wall column for pattern line "
            f"{(state.pending_line or 0) + 1}"
        )
    elif phase == "fill":
        head += "factories about to be filled"
    else:
        head += "game over"
    lines.append(head)
    lines.append(f"Bag {sum(state.bag)} tiles, lid {sum(state.lid)} tiles")
    facs = "  ".join(
        f"{i + 1}:[{_tiles(f, colour)}]" for i, f in enumerate(state.factories)
    )
    lines.append(f"Factories  {facs}")
    centre = _tiles(state.centre, colour)
    marker = "M " if state.marker_in_centre else ""
    lines.append(f"Centre     {marker}{centre if centre != '-' or not marker else ''}".rstrip())
    for p in range(n):
        lines.append("")
        lines.extend(_board(state, p, names[p], colour))
    if state.is_over:
        lines.append("")
        w = state.winners()
        if len(w) == 1:
            lines.append(f"Winner: {names[w[0]]}")
        else:
            lines.append("Shared victory: " + ", ".join(names[p] for p in w))
    return "\n".join(lines)


def _board(state: State, p: int, name: str, colour: bool) -> list[str]:
    v = state.player(p)
    to_move = state.current_player == p and state.phase in ("draft", "place")
    tag = "  <- to move" if to_move else ""
    marker = "  (has the first-player marker)" if v.has_marker else ""
    out = [f"{name}: {v.score} points{marker}{tag}"]
    grey = state.variant is Variant.GREY
    for r in range(5):
        pl = v.lines[r]
        cells = ["."] * (r + 1 - pl.count) + (
            [_tile(pl.colour, colour)] * pl.count if pl.colour is not None else []
        )
        pattern = " " * (2 * (4 - r)) + " ".join(cells)
        wall = []
        for c in range(5):
            k = v.wall[r][c]
            if k is not None:
                wall.append(_tile(k, colour))
            elif grey:
                wall.append(".")
            else:
                ek = wall_colour(r, c)
                wall.append(f"{_FAINT[ek]}{LETTERS[ek].lower()}{_RESET}" if colour else LETTERS[ek].lower())
        out.append(f"  {r + 1} {pattern} | {' '.join(wall)}")
    slots = []
    for j in range(7):
        if j < len(v.floor):
            k = v.floor[j]
            slots.append("M" if k == 5 else _tile(k, colour))
        else:
            slots.append("_")
    pens = " ".join(f"-{x}" for x in FLOOR_PENALTIES)
    out.append(f"  floor {' '.join(slots)}   ({pens})  penalty -{v.floor_penalty}")
    return out
