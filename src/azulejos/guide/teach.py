"""Section ``teach``: explain the game to friends in eight steps, each on a real position.

Every step's board, move and score are computed by the engine from the scripted game of
:mod:`azulejos.guide.script`; the captions only report what the engine did.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from azulejos.core.errors import IllegalMoveError
from azulejos.core.events import Penalised, Placed
from azulejos.core.moves import parse_move
from azulejos.core.state import State
from azulejos.i18n import N_
from azulejos.render.text import render_state

from . import words
from .facts import facts
from .script import Point, move_at, position

INTRO = N_("About {minutes} minutes, {steps} steps. Leave the grey-wall variant, the end bonuses "
           "and the tie-break for later; the floor penalties come in at the first tiling.")
TITLE = N_("Explain it to friends")
STEP_HEADING = N_("Step {number} of {steps}: {title}")


@dataclass(frozen=True)
class TeachStep:
    """One step of the walk-through.

    ``position`` is the board shown; ``before`` and ``move`` the illustrated move when there is
    one (``legal`` says whether the engine accepts it); ``facts`` the numbers the caption quotes,
    as the engine computed them.
    """

    number: int
    title: str
    text: str
    position: State
    board: str
    caption: str
    move: str | None = None
    before: State | None = None
    legal: bool = True
    facts: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class _Built:
    position: State
    caption: str
    facts: dict[str, object]
    move: str | None = None
    before: State | None = None
    legal: bool = True


@dataclass(frozen=True)
class _Spec:
    title: str
    text: str
    build: Callable[[gettext.NullTranslations], _Built]


def _played(before: State, move: str) -> State:
    after = before.copy()
    after.push(move)
    return after


def _tiling_lines(tr: gettext.NullTranslations, state: State) -> list[str]:
    """One line per event of the last wall-tiling: tiles placed with points, floor penalties."""
    names = words.names(tr)
    out: list[str] = []
    for ev in state.tiling_log:
        if isinstance(ev, Placed):
            out.append(tr.gettext("{player}, row {row}: {tile}, {points}").format(
                player=names[ev.seat], row=ev.row + 1, tile=words.tile(tr, ev.colour),
                points=words.points(tr, ev.points)))
        elif isinstance(ev, Penalised):
            out.append(tr.gettext("{player}: floor {penalty}, score now {score}").format(
                player=names[ev.seat], penalty=words.points(tr, -ev.penalty, signed=True),
                score=ev.score))
    return out


def _step1(tr: gettext.NullTranslations) -> _Built:
    st = position(Point(1, 0))
    f: dict[str, object] = {"factories": len(st.factories), "tiles": sum(map(sum, st.factories))}
    cap = tr.gettext("Factory displays: {factories}. Tiles on them: {tiles}.").format(**f)
    return _Built(st, cap, f)


def _take(tr: gettext.NullTranslations, at: Point, since: Point | None = None) -> _Built:
    """A drafting move and what it did: tiles taken, pushed to the centre, fitted, fallen.

    ``since`` is the point the previous step showed: the moves played in between are told
    first, so that the caption accounts for everything that changed on the board."""
    before = position(at)
    move = move_at(at)
    after = _played(before, move)
    seat = before.current_player
    m = parse_move(move)
    source = before.centre if m.is_centre else before.factories[m.source]
    fit = sum(a.count for a in after.player(seat).lines) - sum(
        b.count for b in before.player(seat).lines)
    marker = after.marker_holder == seat and before.marker_holder is None
    fell = len(after.player(seat).floor) - len(before.player(seat).floor) - int(marker)
    f: dict[str, object] = {
        "player": seat,
        "taken": source[m.colour],
        "moved": 0 if m.is_centre else sum(source) - source[m.colour],
        "fit": fit,
        "fell": fell,
        "marker": marker,
    }
    name = words.names(tr)[seat]
    parts = []
    if since is not None and since.round == at.round:
        for k in range(since.moves + 1, at.moves):
            between = Point(at.round, k)
            parts.append(tr.gettext("First, {player} plays {move}.").format(
                player=words.names(tr)[position(between).current_player], move=move_at(between)))
    parts.append(tr.gettext("{player} plays {move}.").format(player=name, move=move))
    parts.append(tr.gettext("Taken: {tiles}.").format(tiles=words.tiles(tr, source[m.colour])))
    if not m.is_centre:
        parts.append(tr.gettext("Pushed to the centre: {tiles}.").format(
            tiles=words.tiles(tr, sum(source) - source[m.colour])))
    if marker:
        parts.append(tr.gettext("The first-player marker goes onto the floor line first."))
    if fell:
        parts.append(tr.gettext("Onto the pattern line: {fit}; onto the floor: {fell}.").format(
            fit=words.tiles(tr, fit), fell=words.tiles(tr, fell)))
    return _Built(after, " ".join(parts), f, move, before)


def _step2(tr: gettext.NullTranslations) -> _Built:
    return _take(tr, Point(1, 0))


def _step3(tr: gettext.NullTranslations) -> _Built:
    return _take(tr, Point(1, 2), since=Point(1, 0))


def _step4(tr: gettext.NullTranslations) -> _Built:
    return _take(tr, Point(1, 3), since=Point(1, 2))


def _tiling(tr: gettext.NullTranslations, at: Point) -> _Built:
    before = position(at)
    move = move_at(at)
    after = _played(before, move)
    placed = [ev for ev in after.tiling_log if isinstance(ev, Placed)]
    f: dict[str, object] = {
        "placed": [(ev.seat, ev.row, ev.column, ev.colour, ev.points) for ev in placed],
        "scores": list(after.scores),
    }
    both = [ev for ev in placed if ev.horizontal > 1 and ev.vertical > 1]
    lines = [tr.gettext("{player} plays {move}; the round is over.").format(
        player=words.names(tr)[before.current_player], move=move)]
    if both:
        ev = both[0]
        f["highlight"] = (ev.seat, ev.row, ev.column, ev.horizontal, ev.vertical, ev.points)
        lines.append(tr.gettext(
            "The {tile} in row {row} joins a row of {h} and a column of {v}: {points}.").format(
            tile=words.tile(tr, ev.colour), row=ev.row + 1, h=ev.horizontal, v=ev.vertical,
            points=words.points(tr, ev.points)))
    lines.extend(_tiling_lines(tr, after))
    return _Built(after, "\n".join(lines), f, move, before)


def _step5(tr: gettext.NullTranslations) -> _Built:
    return _tiling(tr, Point(1, 9))


def _step6(tr: gettext.NullTranslations) -> _Built:
    at = Point(2, 1)
    st = position(at)
    bad = "1B1"
    rule = ""
    try:
        st.copy().push(bad)
    except IllegalMoveError as e:
        rule = e.rule
    alt = move_at(at)
    f: dict[str, object] = {"player": st.current_player, "rule": rule, "alternative": alt}
    cap = tr.gettext("{player} may not play {move} (rule {rule}): the wall row of that line "
                     "already holds this colour. {player} plays {alternative} instead.").format(
        player=words.names(tr)[st.current_player], move=bad, rule=rule, alternative=alt)
    return _Built(st, cap, f, bad, st, legal=not rule)


def _step7(tr: gettext.NullTranslations) -> _Built:
    return _tiling(tr, Point(2, 9))


def _step8(tr: gettext.NullTranslations) -> _Built:
    st = position(Point(3, 0))
    f: dict[str, object] = {"round": st.round, "starter": st.current_player,
                            "marker_taken_by": position(Point(2, 9)).marker_holder}
    cap = tr.gettext("Round {round}: {player} took the marker last round, so {player} starts "
                     "and has filled the factories.").format(
        round=st.round, player=words.names(tr)[st.current_player])
    return _Built(st, cap, f)


STEPS: tuple[_Spec, ...] = (
    _Spec(N_("The table and the goal"),
          N_("Each board has pattern lines on the left, the wall on the right and the floor line "
             "underneath. Tiles gathered on the pattern lines move to the wall at the end of the "
             "round, and the wall is where points are made. Here is a two-player table as the "
             "first round begins."), _step1),
    _Spec(N_("Taking from a factory"),
          N_("On your turn pick one factory and one colour and take every tile of that colour "
             "there. Whatever else was on that factory slides into the centre."), _step2),
    _Spec(N_("Pattern lines"),
          N_("All the tiles you take go onto one pattern line, filling it from the right. A line "
             "holds a single colour. Tiles that do not fit fall to the floor line."), _step3),
    _Spec(N_("The centre and the first-player marker"),
          N_("Instead of a factory you may take one colour from the centre. The first to do so "
             "in a round also takes the first-player marker: it lands on their floor, and they "
             "will start the next round."), _step4),
    _Spec(N_("Tiling the wall"),
          N_("Once the factories and the centre are empty, every complete pattern line sends its "
             "rightmost tile to the space of that colour in the same wall row, and the rest of "
             "the line is discarded. Incomplete lines wait. A tile with no neighbour scores "
             "{single}. Lines are tiled from the top, so a tile can already touch one placed a "
             "moment before. Then every tile on the floor costs the points printed above its "
             "space."), _step5),
    _Spec(N_("One colour per wall row"),
          N_("Each colour appears only once in a wall row. As soon as a colour sits in a row of "
             "your wall, the pattern line beside that row no longer accepts it."), _step6),
    _Spec(N_("Scoring with neighbours"),
          N_("A tile that touches others scores the lines of tiles it joins. If it has a "
             "neighbour to the left or right, count the unbroken horizontal line through it, "
             "itself included. If it has a neighbour above or below, count the vertical line the "
             "same way. Its points are the sum of what you counted, so a tile that joins a row "
             "and a column counts itself twice."), _step7),
    _Spec(N_("The next round, and the end"),
          N_("Whoever took the first-player marker starts the next round and refills the "
             "factories. Rounds go on until somebody completes a horizontal row: that round is "
             "played out and the game is over. Bonuses and the tie-break can wait for your "
             "second game."), _step8),
)


def teach_steps(lang: str | None = None) -> list[TeachStep]:
    """The eight steps in ``lang``, with their positions computed by the engine."""
    from azulejos.i18n import translation

    from . import check_language

    tr = translation(check_language(lang))
    values = facts()
    names = words.names(tr)
    out: list[TeachStep] = []
    for i, spec in enumerate(STEPS, start=1):
        b = spec.build(tr)
        out.append(TeachStep(
            number=i, title=tr.gettext(spec.title),
            text=tr.gettext(spec.text).format_map(values), position=b.position,
            board=render_state(b.position, names, tr=tr), caption=b.caption, move=b.move,
            before=b.before, legal=b.legal, facts=b.facts,
        ))
    return out


def render_teach(lang: str | None = None) -> str:
    from azulejos.i18n import translation

    from . import check_language

    tr = translation(check_language(lang))
    values = facts()
    parts = [f"# {tr.gettext(TITLE)}", tr.gettext(INTRO).format_map(values)]
    for step in teach_steps(lang):
        head = tr.gettext(STEP_HEADING).format(number=step.number, steps=values["steps"],
                                               title=step.title)
        parts.append(f"## {head}\n\n{step.text}\n\n```\n{step.board}\n```\n\n{step.caption}")
    return "\n\n".join(parts) + "\n"
