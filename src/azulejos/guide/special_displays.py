"""Section ``specials``: the Master Chocolatier special factory displays (R40-R47), with two
positions played on the engine: the after-fill effects in display order (R41, R47c) and a draft
from SF4 with its split (R43, R47d).

Every board is the engine's rendering and every caption reports what the engine did: the
after-fill is told one special display at a time, by applying the engine's own
:func:`azulejos.core.specials.after_fill` to the plain fill in display order.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from azulejos.core import specials
from azulejos.core.colours import LETTERS
from azulejos.core.moves import parse_move
from azulejos.core.state import State
from azulejos.i18n import N_
from azulejos.render.text import render_state

from . import words
from .markup import Block
from .specials_script import (
    DRAFTING_MOVES,
    SF4_MOVE,
    after_fill_fill,
    after_fill_position,
    drafting_position,
)


def _letters(counts: Sequence[int]) -> str:
    return " ".join(LETTERS[k] for k in range(5) for _ in range(counts[k])) or "-"


def _displays(factories: Sequence[Sequence[int]]) -> str:
    return "  ".join(f"{i + 1}:[{_letters(f)}]" for i, f in enumerate(factories))


def _specials_line(tr: gettext.NullTranslations, state: State) -> str:
    parts = [tr.gettext("{kind} on display {number}").format(kind=kind, number=d + 1)
             for d, kind in sorted(state.specials.items())]
    return tr.gettext("Special displays this round: {displays}.").format(
        displays=", ".join(parts))


@dataclass(frozen=True)
class Effect:
    """One after-fill effect as the engine applied it: ``display`` (0-based) of ``kind`` gained
    a tile of ``colour`` from ``source`` (a display index, or None: the bag, R41)."""

    display: int
    kind: str
    colour: int
    source: int | None


def after_fill_effects() -> tuple[list[list[int]], list[Effect], list[list[int]]]:
    """The plain fill, the after-fill effects in display order, and the displays afterwards."""
    fill = after_fill_fill()
    plain = fill.counts()
    counts = [list(c) for c in plain]
    effects: list[Effect] = []
    for display, kind in fill.specials:  # display order (R41, R47c)
        gains, losses = specials.after_fill(counts, [(display, kind)], fill.extra)
        for colour in range(5):
            for _ in range(gains[display][colour]):
                source = next((g for g in range(len(counts)) if losses[g][colour]), None)
                if source is not None:
                    losses[source][colour] -= 1
                effects.append(Effect(display, specials.name(kind), colour, source))
    return plain, effects, counts


def after_fill_example(tr: gettext.NullTranslations, values: Mapping[str, str]) -> str:
    state = after_fill_position()
    plain, effects, _ = after_fill_effects()
    lines = [_specials_line(tr, state),
             tr.gettext("The plain fill: {displays}.").format(displays=_displays(plain))]
    for ev in effects:
        if ev.source is None:
            lines.append(tr.gettext(
                "{kind} on display {number} draws one more tile from the bag: {letter}.").format(
                kind=ev.kind, number=ev.display + 1, letter=LETTERS[ev.colour]))
        else:
            lines.append(tr.gettext(
                "{kind} on display {number} takes {letter} from display {source}.").format(
                kind=ev.kind, number=ev.display + 1, letter=LETTERS[ev.colour],
                source=ev.source + 1))
    board = render_state(state, words.names(tr), tr=tr)
    return f"```\n{board}\n```\n\n" + "\n".join(f"- {line}" for line in lines)


@dataclass(frozen=True)
class Sent:
    """Where a draft from SF4 sent one colour (R43): ``to`` is a display index."""

    colour: int
    count: int
    to: int
    right: bool


def sf4_draft() -> tuple[State, str, State, list[Sent]]:
    """The scripted draft from SF4: the position before, the move, after, and what went where."""
    before = drafting_position(SF4_MOVE)
    move = DRAFTING_MOVES[SF4_MOVE]
    after = drafting_position(SF4_MOVE + 1)
    m = parse_move(move)
    left, right = before.neighbours(m.source)
    rest = [k for k in range(5) if k != m.colour and before.factories[m.source][k]]
    sent = [Sent(k, before.factories[m.source][k], right if r else left, r)
            for k, r in zip(rest, m.directions)]
    return before, move, after, sent


def sf4_example(tr: gettext.NullTranslations, values: Mapping[str, str]) -> str:
    before, move, after, sent = sf4_draft()
    m = parse_move(move)
    name = words.names(tr)[before.current_player]
    lines = [tr.gettext("{player} plays {move}.").format(player=name, move=move),
             tr.gettext("Taken: {tiles}.").format(
                 tiles=words.tiles(tr, before.factories[m.source][m.colour]))]
    for s in sent:
        text = (N_("Sent right, to display {number}: {letters}.") if s.right
                else N_("Sent left, to display {number}: {letters}."))
        lines.append(tr.gettext(text).format(
            number=s.to + 1, letters=_letters([s.count if k == s.colour else 0
                                               for k in range(5)])))
    lines.append(tr.gettext("The displays now: {displays}.").format(
        displays=_displays(after.factories)))
    board = render_state(before, words.names(tr), tr=tr)
    return (f"```\n{board}\n```\n\n- {_specials_line(tr, before)}\n"
            + "\n".join(f"- {line}" for line in lines))


BLOCKS: list[Block] = [
    ("h1", N_("Special factory displays")),
    ("p", N_("The Master Chocolatier box also holds an optional module: {sf_kinds} gold factory "
             "displays, each with an effect of its own. Unlike the theme, it changes how the "
             "game plays, so it stays off unless you ask for it; in azulejos, start the game "
             "with {sf_flag}.")),
    ("p", N_("At the start of every round, before the fill, as many displays as there are "
             "players become special: each becomes a different one of the {sf_kinds} special "
             "displays, drawn at random. "
             "The number of displays does not change, and next round they are plain again "
             "unless the draw picks them once more.")),
    ("h2", N_("What each one does")),
    ("li", N_("{sf1}: after the fill it receives one more tile from the bag.")),
    ("li", N_("{sf2} (there are {sf2_count}, one for each colour): after the fill it pulls one "
              "tile of its own colour from each neighbour that has one.")),
    ("li", N_("{sf3}: when you draft from it, the tiles you leave stay on it instead of going "
              "to the centre. Anyone may take them later in the round.")),
    ("li", N_("{sf4}: when you draft from it, the tiles you leave go to its two neighbours, "
              "not to the centre. You send each colour, all of it together, either to the left "
              "or to the right.")),
    ("li", N_("{sf5}: the rest goes to the centre as usual, but you take the display itself and "
              "keep it beside your floor line until the round ends. The first of your tiles "
              "that would land on the floor line lies on it instead and costs nothing.")),
    ("p", N_("The displays stand in a circle, numbered clockwise, so the left neighbour of the "
             "first display is the last one. A taken {sf5} has left the circle: the displays on "
             "either side of the gap become neighbours.")),
    ("h2", N_("After the fill")),
    ("p", N_("First every display gets its {factory_size} tiles as usual. Then the effects apply "
             "one display at a time, from the first one onwards. So an {sf2} can take back the very "
             "tile that an {sf1} before it has just drawn, as here:")),
    after_fill_example,
    ("h2", N_("Drafting from a special display")),
    ("p", N_("In the notation a draft from {sf4} ends with a slash and one arrow for each colour "
             "left behind, in the order {letters}: < sends that colour to the left neighbour, > "
             "to the right one. Every way of sending them is allowed, all to one side "
             "included.")),
    sf4_example,
    ("li", N_("{sf5} is taken before your tiles are placed, so it already catches a tile of the "
              "very draft that took it. It catches one even when the floor line is full, and "
              "at the end of the round its tile goes into the lid with the floor tiles.")),
    ("li", N_("The first-player marker never goes onto {sf5}.")),
    ("li", N_("The round ends once every display, the special ones included, and the centre are "
              "empty. Tiles still waiting on {sf3} keep the round going.")),
    ("p", N_("To practise, solve the puzzle of {learn_command}.")),
]
