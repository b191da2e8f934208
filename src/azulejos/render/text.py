"""A position as text for a terminal: letters always, ANSI colour optionally."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence

from azulejos.core.colours import FLOOR_PENALTIES, LETTERS, wall_colour
from azulejos.core.rules import Phase, Variant
from azulejos.core.state import State
from azulejos.i18n import MINUS, N_

_ENGLISH = gettext.NullTranslations()

_ANSI = ("\x1b[97;44m", "\x1b[30;103m", "\x1b[97;41m", "\x1b[97;40m", "\x1b[30;106m")
_FAINT = ("\x1b[34m", "\x1b[33m", "\x1b[31m", "\x1b[90m", "\x1b[36m")
_RESET = "\x1b[0m"


def _tile(k: int, colour: bool) -> str:
    return f"{_ANSI[k]}{LETTERS[k]}{_RESET}" if colour else LETTERS[k]


def _tiles(counts: Sequence[int], colour: bool) -> str:
    out = [_tile(k, colour) for k in range(5) for _ in range(counts[k])]
    return " ".join(out) if out else "-"


#: The labels of the text board in each theme's words (a theme's key; whole labels, so that a
#: translation can inflect them).
LABELS: dict[str, dict[str, str]] = {
    "classic": {
        "coloured": N_("coloured wall"),
        "grey": N_("grey wall"),
        "choose column": N_("{name} chooses the wall column for pattern line {line}"),
        "about to fill": N_("factories about to be filled"),
        "bag and lid": N_("Tiles in the bag: {bag}, in the lid: {lid}"),
        "factories": N_("Factories"),
        "centre": N_("Centre"),
        "has marker": N_("has the first-player marker"),
        "floor": N_("floor"),
    },
    "chocolatier": {
        "coloured": N_("patterned boxes"),
        "grey": N_("plain boxes"),
        "choose column": N_("{name} chooses the box column for tray {line}"),
        "about to fill": N_("showcases about to be filled"),
        "bag and lid": N_("Candies in the sack: {bag}, in the tin: {lid}"),
        "factories": N_("Showcases"),
        "centre": N_("Counter"),
        "has marker": N_("has the head chocolatier's spoon"),
        "floor": N_("spill tray"),
    },
}


def render_state(
    state: State,
    names: Sequence[str] | None = None,
    colour: bool = False,
    tr: gettext.NullTranslations | None = None,
    theme: str = "classic",
) -> str:
    """The whole table as text: factories, centre, boards, bag/lid, turn and round.

    With the special factory displays (R40-R47) a special display's name follows its tiles
    (``4:[B K K W]SF4``) and a held SF5 follows its owner's floor line (``SF5:[K]``).

    Filled wall spaces show capital letters; on the coloured wall an empty space shows the
    small letter of the colour that belongs there, on the grey wall a dot. ``M`` is the
    first-player marker. ``tr`` translates the labels (``azulejos.i18n.translation(lang)``);
    ``theme`` picks their words (:data:`LABELS`: showcases and candies in the chocolatier theme).
    """
    _ = (tr or _ENGLISH).gettext
    label_of = LABELS.get(theme, LABELS["classic"])
    n = state.players
    names = list(names) if names else [
        _("Player {number}").format(number=p + 1) for p in range(n)
    ]
    lines: list[str] = []
    phase = state.phase
    wall = _(label_of["coloured" if state.variant is Variant.COLOURED else "grey"])
    if phase is Phase.DRAFT:
        what = _("{name} to move").format(name=names[state.current_player])
    elif phase is Phase.PLACE:
        what = _(label_of["choose column"]).format(
            name=names[state.current_player], line=(state.pending_line or 0) + 1
        )
    elif phase is Phase.FILL:
        what = _(label_of["about to fill"])
    else:
        what = _("game over")
    # the parts apart by middle dots, as on the full-screen game's status line: a label each,
    # which no language has to join into one sentence (issue 31)
    lines.append(" · ".join((_("Round {number}").format(number=state.round), wall, what)))
    lines.append(_(label_of["bag and lid"]).format(bag=sum(state.bag), lid=sum(state.lid)))
    specials = state.specials  # R40: a special display's name follows its tiles
    facs = "  ".join(
        f"{i + 1}:[{_tiles(f, colour)}]" + specials.get(i, "") for i, f in enumerate(state.factories)
    )
    label = _(label_of["factories"])
    lines.append(f"{label}  {facs}")
    centre = _tiles(state.centre, colour)
    marker = "M " if state.marker_in_centre else ""
    label = _(label_of["centre"])
    lines.append(f"{label}  {marker}{centre if centre != '-' or not marker else ''}".rstrip())
    for p in range(n):
        lines.append("")
        lines.extend(_board(state, p, names[p], colour, _, label_of))
    if state.is_over:
        lines.append("")
        w = state.winners()
        if len(w) == 1:
            lines.append(_("Winner: {name}").format(name=names[w[0]]))
        else:
            lines.append(_("Shared victory: {names}").format(names=", ".join(names[p] for p in w)))
    return "\n".join(lines)


def _board(state: State, p: int, name: str, colour: bool, _: Callable[[str], str],
           label_of: dict[str, str]) -> list[str]:
    v = state.player(p)
    to_move = state.to_move == p
    tag = "  <- " + _("to move") if to_move else ""
    marker = "  (" + _(label_of["has marker"]) + ")" if v.has_marker else ""
    out = [_("{name}: score {score}").format(name=name, score=v.score) + marker + tag]
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
    pens = " ".join(f"{MINUS}{x}" for x in FLOOR_PENALTIES)
    penalty = f"{MINUS}{v.floor_penalty}" if v.floor_penalty else "0"
    held = ""
    if state.sf5_holder == p:  # R44: the held SF5 beside the floor line, with its tile
        k5 = state.sf5_tile
        held = "  SF5:[" + (_tile(k5, colour) if k5 is not None else "_") + "]"
    out.append(
        "  " + _(label_of["floor"]) + f" {' '.join(slots)}   ({pens})  "
        + _("penalty {points}").format(points=penalty) + held
    )
    return out
