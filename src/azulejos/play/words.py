"""Sentences about a game, in the chosen language and theme (shared by every front end).

Every string is a literal inside a ``_()`` / ``ngettext()`` call so that it can be extracted.
"""

from __future__ import annotations

from collections.abc import Sequence

from azulejos.core import CENTRE, FLOOR, Bonus, Discarded, Move, Penalised, Placed
from azulejos.core.events import TilingEvent
from azulejos.i18n import N_, translation
from azulejos.render.themes import Theme, get_theme

from .preview import Preview
from .results import Result


class Words:
    """The catalogue of one language plus the words of one theme."""

    def __init__(self, lang: str | None = "en", theme: Theme | str = "classic") -> None:
        self.lang = lang or "en"
        self.tr = translation(lang)
        self.theme = get_theme(theme) if isinstance(theme, str) else theme

    def gettext(self, message: str) -> str:
        return self.tr.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.tr.ngettext(singular, plural, n)

    def part(self, key: str) -> str:
        """A table part in the theme's words: ``factory``, ``centre``, ``wall``, ``floor`` …"""
        return self.tr.gettext(self.theme.word(key))

    def tile(self, colour: int) -> str:
        return self.tr.gettext(self.theme.tile_names[colour])

    def symbol(self, colour: int) -> str:
        return self.theme.symbols[colour]

    def source(self, source: int) -> str:
        _ = self.gettext
        if source == CENTRE:
            return _("the {centre}").format(centre=self.part("centre"))
        return _("{factory} {number}").format(factory=self.part("factory"), number=source + 1)

    def destination(self, destination: int) -> str:
        _ = self.gettext
        if destination == FLOOR:
            return _("the {floor}").format(floor=self.part("floor"))
        return _("{line} {number}").format(line=self.part("pattern line"), number=destination + 1)


def move_sentence(w: Words, name: str, move: Move, pv: Preview | None = None) -> str:
    """``Ana takes 3 blue from factory 2 to pattern line 4`` (with the overflow if known)."""
    _, ngettext = w.gettext, w.ngettext
    if not move.is_draft:
        text = _("{name} puts the tile of line {line} in column {column}").format(
            name=name, line=move.line + 1, column=move.column + 1
        )
        if pv is not None:
            text += " " + ngettext("(+{n} point)", "(+{n} points)", pv.points).format(n=pv.points)
        return text
    count = pv.taken if pv is not None else 0
    what = (
        ngettext("{n} {tile}", "{n} {tile}", count).format(n=count, tile=w.tile(move.colour))
        if count
        else w.tile(move.colour)
    )
    text = _("{name} takes {what} from {source} to {destination}").format(
        name=name, what=what, source=w.source(move.source), destination=w.destination(move.destination)
    )
    if pv is not None:
        extra = consequence(w, pv)
        if extra:
            text += " — " + extra
    return text


def consequence(w: Words, pv: Preview) -> str:
    """The floor part of a preview: ``2 to the floor, −3`` (empty if nothing falls)."""
    _, ngettext = w.gettext, w.ngettext
    parts = []
    if pv.marker:
        parts.append(_("takes the {marker}").format(marker=w.part("marker")))
    if pv.move.is_draft and pv.move.destination != FLOOR and pv.to_floor + pv.to_lid:
        parts.append(
            ngettext("{n} falls to the {floor}", "{n} fall to the {floor}", pv.to_floor + pv.to_lid)
            .format(n=pv.to_floor + pv.to_lid, floor=w.part("floor"))
        )
    if pv.to_lid:
        parts.append(
            ngettext("{n} goes to the {lid}", "{n} go to the {lid}", pv.to_lid)
            .format(n=pv.to_lid, lid=w.part("lid"))
        )
    if pv.penalty:
        parts.append(
            ngettext("penalty −{n} point", "penalty −{n} points", pv.penalty).format(n=pv.penalty)
        )
    return ", ".join(parts)


def tiling_sentence(w: Words, names: Sequence[str], ev: TilingEvent) -> str:
    """One step of the wall-tiling, with its points (R17-R19, R24, R31)."""
    _, ngettext = w.gettext, w.ngettext
    name = names[ev.seat]
    if isinstance(ev, Placed):
        if ev.horizontal == 1 and ev.vertical == 1:
            why = _("alone")
        else:
            runs = []
            if ev.horizontal > 1:
                runs.append(_("row run {n}").format(n=ev.horizontal))
            if ev.vertical > 1:
                runs.append(_("column run {n}").format(n=ev.vertical))
            why = " + ".join(runs)
        return _("{name}: {tile} to row {row}, column {column} ({why}) {points}").format(
            name=name, tile=w.tile(ev.colour), row=ev.row + 1, column=ev.column + 1, why=why,
            points=ngettext("+{n} point", "+{n} points", ev.points).format(n=ev.points),
        )
    if isinstance(ev, Discarded):
        return _("{name}: no free column for line {line}; its tiles fall to the {floor}").format(
            name=name, line=ev.row + 1, floor=w.part("floor")
        )
    if isinstance(ev, Penalised):
        if not ev.slots:
            return _("{name}: nothing on the {floor}; score {score}").format(
                name=name, floor=w.part("floor"), score=ev.score
            )
        return ngettext(
            "{name}: {n} place taken on the {floor}, −{penalty}; score {score}",
            "{name}: {n} places taken on the {floor}, −{penalty}; score {score}",
            ev.slots,
        ).format(name=name, n=ev.slots, floor=w.part("floor"), penalty=ev.penalty, score=ev.score)
    return _("{name}: end bonuses {items} = +{points}").format(
        name=name, items=bonus_items(w, ev), points=ev.points
    )


def bonus_items(w: Words, b: Bonus) -> str:
    _, ngettext = w.gettext, w.ngettext
    return ", ".join(
        [
            ngettext("{n} row ×2", "{n} rows ×2", b.rows).format(n=b.rows),
            ngettext("{n} column ×7", "{n} columns ×7", b.columns).format(n=b.columns),
            ngettext("{n} colour ×10", "{n} colours ×10", b.colours).format(n=b.colours),
        ]
    )


def result_sentence(w: Words, names: Sequence[str], res: Result) -> str:
    """Who won, and how a tie was broken (R25)."""
    _, ngettext = w.gettext, w.ngettext
    best = res.standings[res.tied[0]].total
    if res.decided_by == "points":
        p = res.winners[0]
        return _("{name} wins with {points} points.").format(name=names[p], points=best)
    tied = ", ".join(names[p] for p in res.tied)
    if res.decided_by == "rows":
        p = res.winners[0]
        rows = res.standings[p].rows
        return ngettext(
            "{tied} tie on {points} points; {name} wins the tie-break with {n} complete row.",
            "{tied} tie on {points} points; {name} wins the tie-break with {n} complete rows.",
            rows,
        ).format(tied=tied, points=best, name=names[p], n=rows)
    winners = ", ".join(names[p] for p in res.winners)
    rows = res.standings[res.winners[0]].rows
    return ngettext(
        "Shared victory: {winners} have {points} points and {n} complete row each.",
        "Shared victory: {winners} have {points} points and {n} complete rows each.",
        rows,
    ).format(winners=winners, points=best, n=rows)


LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"), "expert": N_("expert")}


def level_name(w: Words, level: str) -> str:
    """A bot level in the chosen language."""
    return w.gettext(LEVEL_WORDS.get(level, level))
