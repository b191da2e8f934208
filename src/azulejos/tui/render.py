"""Markup for the parts of the table: factories, centre and player boards.

Pure functions of the state and the current selection, so screens just re-render after every
change. Click actions call ``screen.pick_*`` on the game screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from azulejos.core import CENTRE, FLOOR, Phase, Special, State, Variant, wall_colour
from azulejos.core.colours import FLOOR_PENALTIES
from azulejos.play import Preview
from azulejos.play.words import Words, special_badge, special_info

from .palette import Palette
from .tiles import Ink
from .widgets import escape


@dataclass(frozen=True, slots=True)
class Selection:
    """What the person has chosen so far, and the preview of the destination or column."""

    source: int | None = None
    colour: int | None = None
    preview: Preview | None = None
    column: int | None = None
    dests: frozenset[int] = frozenset()  # legal destinations for the chosen source/colour
    columns: frozenset[int] = frozenset()  # grey wall: legal columns for the pending line
    interactive: bool = False


def factory_markup(ink: Ink, state: State, f: int, sel: Selection, size: int = 3) -> str:
    """A factory's four tiles in two rows; ``size`` 2 is the compact layout's narrow factory."""
    counts = state.factories[f]
    tiles = [k for k in range(5) for _ in range(counts[k])]
    if not tiles:
        return f"[{ink.pal.muted}]\n   ·\n[/]" if size == 3 else f"[{ink.pal.muted}]\n ·[/]"
    if len(tiles) > 4:  # a special display can hold more (R41, R42, R43): colour and count
        groups = []
        for k in range(5):
            if counts[k]:
                chosen = sel.source == f and sel.colour == k
                act = f"screen.pick_tile({f},{k})" if sel.interactive else None
                groups.append(f"{ink.tile(k, 1, act, selected=chosen)}[{ink.pal.text}]{counts[k]}[/]")
        # every colour stays in view: a wide display (7 cells inside) has two rows of two
        # counts, or of three side by side for five colours; a narrow one (4 cells) has two
        # counts a row and grows a third row for five colours (app.tcss)
        per_row = 2 if size == 2 or len(groups) <= 4 else 3
        joiner = " " if size == 3 and per_row == 2 else ""
        return "\n".join(joiner.join(groups[i:i + per_row])
                         for i in range(0, len(groups), per_row))
    cells = []
    for k in tiles:
        chosen = sel.source == f and sel.colour == k
        act = f"screen.pick_tile({f},{k})" if sel.interactive else None
        cells.append(ink.tile(k, size, act, selected=chosen))
    while len(cells) < 4:
        cells.append(" " * size)
    gap = " " if size == 3 else ""
    return f"{cells[0]}{gap}{cells[1]}\n{cells[2]}{gap}{cells[3]}"


def centre_markup(ink: Ink, w: Words, state: State, sel: Selection, size: int = 3) -> str:
    counts = state.centre
    parts = []
    if state.marker_in_centre:
        parts.append(ink.marker(size, selected=sel.source == CENTRE))
    for k in range(5):
        if counts[k]:
            chosen = sel.source == CENTRE and sel.colour == k
            act = f"screen.pick_tile({CENTRE},{k})" if sel.interactive else None
            parts.append(f"{ink.tile(k, size, act, selected=chosen)}[{ink.pal.text}]×{counts[k]}[/]")
    if not parts:
        empty = w.gettext("(empty)")
        return f"[{ink.pal.muted}]{escape(empty)}[/]"
    return ("  " if size == 3 else " ").join(parts)


def board_markup(
    ink: Ink,
    w: Words,
    state: State,
    seat: int,
    name: str,
    sel: Selection,
    *,
    size: int = 3,
    to_move: bool = False,
) -> str:
    """One player's board: pattern lines, wall, floor with penalties, score.

    ``size`` is the width of a tile: 3 (large), 2 (small), 1 (the compact layout's tiny board,
    where the floor line ends with its current penalty instead of a row of penalties).
    """
    _ = w.gettext
    p = ink.pal
    v = state.player(seat)
    grey = state.variant is Variant.GREY
    active = to_move and sel.interactive
    pv = sel.preview if active else None
    pending = state.pending_line if (to_move and state.phase is Phase.PLACE) else None
    out = []
    for r in range(5):
        pl = v.lines[r]
        cells = []
        empty_n = r + 1 - pl.count
        ghosts = 0
        if pv is not None and pv.move.is_draft and pv.move.destination == r:
            ghosts = pv.to_line
        for j in range(r + 1):
            pos_from_right = r - j  # lines fill right to left (R13)
            if pos_from_right < pl.count:
                cells.append(ink.tile(pl.colour or 0, size))
            elif pos_from_right < pl.count + ghosts:
                cells.append(ink.ghost(pv.colour if pv else 0, size))
            else:
                cells.append(ink.empty(size))
        del empty_n
        pad = " " * (size * (4 - r))
        if active and state.phase is Phase.DRAFT and sel.colour is not None:
            if r in sel.dests:
                chosen = pv is not None and pv.move.destination == r
                label = f"[bold reverse {p.accent} @click=screen.pick_dest({r})]▸{r + 1}[/]" if chosen \
                    else f"[bold {p.accent} @click=screen.pick_dest({r})]▸{r + 1}[/]"
                line_txt = "".join(cells)
                line_txt = f"[@click=screen.pick_dest({r})]{line_txt}[/]"
            else:
                label = f"[{p.muted}] {r + 1}[/]"
                line_txt = "".join(cells)
        else:
            mark = "▸" if pending == r else " "
            label = f"[{p.accent if pending == r else p.muted}]{mark}{r + 1}[/]"
            line_txt = "".join(cells)
        wall = []
        for c in range(5):
            k = v.wall[r][c]
            if k is not None:
                wall.append(ink.tile(k, size))
            elif pending == r and c in sel.columns and active:
                chosen = sel.column == c
                k2 = pl.colour or 0
                act = f"screen.pick_column({c})"
                wall.append(ink.tile(k2, size, act, selected=True) if chosen
                            else f"[bold {p.accent} on {p.panel} @click={act}]" + (f"[{c + 1}]" if size == 3 else f"{c + 1} " if size == 2 else f"{c + 1}") + "[/]")
            elif grey:
                wall.append(ink.empty(size))
            else:
                wall.append(ink.faint(wall_colour(r, c), size))
        out.append(f"{label} {pad}{line_txt} [{p.muted}]│[/]{''.join(wall)}")
    # floor (R5, R14)
    slots = []
    floor = list(v.floor)
    ghost_floor: list[int | None] = []
    if pv is not None and pv.move.is_draft:
        if pv.marker and len(floor) < 7:
            ghost_floor.append(None)
        ghost_floor += [pv.colour] * pv.to_floor
    for j in range(7):
        if j < len(floor):
            k = floor[j]
            slots.append(ink.marker(size) if k == 5 else ink.tile(k, size))
        elif j - len(floor) < len(ghost_floor):
            g = ghost_floor[j - len(floor)]
            slots.append(ink.marker(size, selected=True) if g is None else ink.ghost(g, size))
        else:
            slots.append(ink.empty(size))
    floor_label = "F"
    floor_txt = "".join(slots)
    if active and state.phase is Phase.DRAFT and sel.colour is not None and FLOOR in sel.dests:
        chosen = pv is not None and pv.move.destination == FLOOR
        style = f"bold reverse {p.accent}" if chosen else f"bold {p.accent}"
        floor_label = f"[{style} @click=screen.pick_dest({FLOOR})]▸F[/]"
        floor_txt = f"[@click=screen.pick_dest({FLOOR})]{floor_txt}[/]"
    else:
        floor_label = f"[{p.muted}] F[/]"
    pen_now = v.floor_penalty
    now = f" [bold {p.text}]{w.number(-pen_now)}[/]" if pen_now else ""
    floor_txt += sf5_markup(ink, state, seat, pv, size)
    if size == 1:
        out.append(f"{floor_label} {floor_txt}{now}")
    else:
        pens = "".join(f"{w.number(-x):^{size}}" for x in FLOOR_PENALTIES)
        out.append(f"{floor_label} {floor_txt}")
        out.append(f"[{p.muted}]   {pens}[/]" + now)
    head = f"[bold {p.accent}]{v.score}[/] [{p.muted}]" + escape(
        w.ngettext("point", "points", v.score)) + "[/]"
    if v.has_marker and not state.is_over:
        head += f"  {ink.marker(2)}" + ("" if size == 1 else f"[{p.muted}] " + escape(_("starts next round")) + "[/]")
    del _, name
    return head + "\n" + "\n".join(out)


#: The special displays' colour in the chocolatier theme: gold.
GOLD = "#e8c35a"


def sf5_markup(ink: Ink, state: State, seat: int, pv: Preview | None, size: int) -> str:
    """The held SF5 beside its owner's floor line, with the tile on it (R44, R47a); while a
    draft from SF5 is previewed, its place with the tile it would catch. Empty otherwise."""
    taking = pv is not None and pv.move.is_draft and pv.takes_sf5
    if state.sf5_holder != seat and not taking:
        return ""
    gold = GOLD if ink.theme.key == "chocolatier" else ink.pal.accent
    k = state.sf5_tile
    if k is not None:
        tile = ink.tile(k, size)
    elif pv is not None and pv.to_sf5:
        tile = ink.ghost(pv.colour, size)
    else:
        tile = ink.empty(size)
    return f" [bold {gold}]SF5[/]{tile}"


def legend_markup(w: Words, pal: Palette, specials: dict[int, Special]) -> str:
    """What each special display of the round does (R41-R44), one line each: the game's and
    the replay's legend."""
    gold = GOLD if w.theme.key == "chocolatier" else pal.accent
    return "\n".join(
        f"[bold {gold}]{f + 1} {escape(special_badge(k, w))}[/] "
        f"[{pal.text}]{escape(special_info(w, k).partition(': ')[2] or special_info(w, k))}[/]"
        for f, k in sorted(specials.items()))
