"""The table as plain text for the line mode: letters only (notation letters), localised.
A special factory display (R40) carries its name after its tiles (``4:[B K K W]SF4``), the
round's specials are explained under the factories, and a held SF5 is shown after its
owner's floor line (``SF5:[K]``, R44)."""

from __future__ import annotations

from collections.abc import Sequence

from azulejos.core import LETTERS, Phase, Special, State, Variant, wall_colour
from azulejos.core.colours import FLOOR_PENALTIES
from azulejos.play.words import Words, special_badge, special_info


def _tiles(counts: Sequence[int]) -> str:
    return " ".join(LETTERS[k] for k in range(5) for _ in range(counts[k])) or "-"


def _heading(w: Words, key: str) -> str:
    word = w.part(key)
    return word[:1].upper() + word[1:]


def board_text(w: Words, state: State, names: Sequence[str]) -> str:
    """Factories, centre, every board, bag and lid; the player to move marked with ``>``."""
    _ = w.gettext
    out = []
    if state.is_over:
        head = _("Round {round} – game over").format(round=state.round)
    elif state.phase is Phase.PLACE:
        head = _("Round {round} – {name} chooses a wall column for line {line}").format(
            round=state.round, name=names[state.current_player], line=(state.pending_line or 0) + 1
        )
    else:
        head = _("Round {round} – {name} to move").format(
            round=state.round, name=names[state.current_player]
        )
    out.append(head)
    out.append(w.phrase("counts").format(bag=sum(state.bag), lid=sum(state.lid)))
    specials = state.specials
    holder = state.sf5_holder
    facs = "  ".join(
        f"{i + 1}:[{_tiles(f)}]" + (f"{special_badge(specials[i], w)}" if i in specials else "")
        + ("->" + names[holder] if specials.get(i) is Special.SF5 and holder is not None else "")
        for i, f in enumerate(state.factories)
    )
    out.append(_("{label}: {items}").format(label=_heading(w, "factories"), items=facs))
    for i, kind in sorted(specials.items()):  # the legend (R41-R44)
        out.append(f"  {i + 1} {special_info(w, kind)}")
    centre = _tiles(state.centre)
    if state.marker_in_centre:
        centre = "M " + centre if centre != "-" else "M"
    out.append(_("{label}: {items}").format(label=_heading(w, "centre"), items=f"C:[{centre}]"))
    grey = state.variant is Variant.GREY
    for p in range(state.players):
        v = state.player(p)
        mark = ">" if state.to_move == p else " "
        out.append("")
        out.append(
            f"{mark} " + w.gettext("{name}: {points}").format(name=names[p], points=w.points(v.score))
            + ("  [M]" if v.has_marker else "")
        )
        for r in range(5):
            pl = v.lines[r]
            cells = ["."] * (r + 1 - pl.count) + [LETTERS[pl.colour or 0]] * pl.count
            wall = []
            for c in range(5):
                k = v.wall[r][c]
                if k is not None:
                    wall.append(LETTERS[k])
                else:
                    wall.append("." if grey else LETTERS[wall_colour(r, c)].lower())
            out.append(f"   {r + 1} {' ' * (2 * (4 - r))}{' '.join(cells)} | {' '.join(wall)}")
        slots = ["M" if k == 5 else LETTERS[k] for k in v.floor] + ["_"] * (7 - len(v.floor))
        pens = " ".join(w.number(-x) for x in FLOOR_PENALTIES)
        held = ""
        if holder == p:  # R44: the held SF5 beside the floor line, with its tile
            held = "  SF5:[" + (LETTERS[state.sf5_tile] if state.sf5_tile is not None else "_") + "]"
        out.append(f"   F {' '.join(slots)}  ({pens})  {w.number(-v.floor_penalty)}{held}")
    return "\n".join(out)
