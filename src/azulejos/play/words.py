"""Sentences about a game, in the chosen language and theme (shared by every front end).

The message design (issue #13): a sentence never splices a bare noun of the table. Every part
that names a thing of the table is a whole message of its theme (``Theme.phrases`` in
:mod:`azulejos.render.themes`: "from factory {number}", "{n} blue tiles", "to the floor line"),
so a language that inflects nouns writes each part in the case and number its sentence needs;
the shared sentences only join such parts ("{name} takes {what} {source} {destination}").
Every count goes through ``ngettext``; numbers that carry a sign or a decimal go through
:func:`azulejos.i18n.format_number` (typographic minus, decimal comma). Subjects are player
names and verbs stay in the present tense, so no sentence needs the player's gender.

Every string is a literal inside a ``_()`` / ``ngettext()`` / ``N_()`` call so that it can be
extracted (never inside an f-string).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from azulejos.core import CENTRE, FLOOR, Bonus, Discarded, Fill, Move, Penalised, Placed
from azulejos.core.events import TilingEvent
from azulejos.core.specials import Special
from azulejos.i18n import N_, format_number, translation
from azulejos.play.seats import Seat
from azulejos.render.themes import Theme, get_theme

from .preview import Preview
from .results import Result
from .sentences import SENTENCES

if TYPE_CHECKING:
    from azulejos.agents.hint import Reason


class Words:
    """The catalogue of one language plus the words and phrases of one theme."""

    def __init__(self, lang: str | None = "en", theme: Theme | str = "classic", *,
                 theme_letters: bool = True) -> None:
        self.lang = lang or "en"
        self.tr = translation(lang)
        self.theme = get_theme(theme) if isinstance(theme, str) else theme
        #: Show moves with the theme's symbols (the terminal table draws them); the plain mode
        #: keeps the notation's B Y R K W, which is also what it reads.
        self.theme_letters = theme_letters

    def notation(self, move: Move) -> str:
        """A move as the player sees it, with the theme's letters (the notation's B Y R K W in
        every theme since issue 31: ``1Y3`` for caramel too)."""
        text = move.text()
        if not (self.theme_letters and move.is_draft):
            return text
        return text[0] + self.theme.symbols[move.colour] + text[2:]

    def gettext(self, message: str) -> str:
        return self.tr.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.tr.ngettext(singular, plural, n)

    def sentence(self, key: str, n: int | None = None) -> str:
        """A shared template of :data:`~azulejos.play.sentences.SENTENCES` (the browser fills the
        same one), translated, not yet formatted; ``n`` picks the plural form."""
        t = SENTENCES[key]
        if isinstance(t, tuple):
            return self.tr.ngettext(t[0], t[1], 1 if n is None else n)
        return self.tr.gettext(t)

    def number(self, value: float, *, decimals: int = 0, sign: bool = False) -> str:
        """A number as this language writes it (−1,5 in uk/ru/fr; +2 with ``sign``)."""
        return format_number(value, self.lang, decimals=decimals, sign=sign)

    def part(self, key: str) -> str:
        """A table part's name as a label or heading (nominative): ``factory``, ``centre`` …

        Never splice it into a sentence: use :meth:`phrase` (a whole message per theme)."""
        return self.tr.gettext(self.theme.word(key))

    def phrase(self, key: str, n: int | None = None) -> str:
        """A theme phrase (see ``Theme.phrases``), not yet formatted; ``n`` picks the plural form."""
        ph = self.theme.phrase(key)
        if isinstance(ph, tuple):
            return self.tr.ngettext(ph[0], ph[1], 1 if n is None else n)
        return self.tr.gettext(ph)

    def tile(self, colour: int) -> str:
        """A colour's name as a label (nominative), e.g. in a legend."""
        return self.tr.gettext(self.theme.tile_names[colour])

    def symbol(self, colour: int) -> str:
        return self.theme.symbols[colour]

    def tiles(self, colour: int, n: int | None = None) -> str:
        """``3 blue tiles`` (object of a verb); ``all the blue tiles`` when ``n`` is unknown."""
        if not n:
            return self.phrase(f"all.{colour}")
        return self.phrase(f"count.{colour}", n).format(n=n)

    def one_tile(self, colour: int) -> str:
        """``a blue tile`` (object of a verb)."""
        return self.phrase(f"one.{colour}")

    def source(self, source: int) -> str:
        """``from factory 2`` / ``from the centre``."""
        if source == CENTRE:
            return self.phrase("from centre")
        return self.phrase("from factory").format(number=source + 1)

    def destination(self, destination: int) -> str:
        """``to pattern line 3`` / ``to the floor line``."""
        if destination == FLOOR:
            return self.phrase("to floor")
        return self.phrase("to line").format(number=destination + 1)

    def points(self, n: int) -> str:
        """``1 point`` / ``5 points`` (a count phrase, nominative)."""
        return self.sentence("count.points", n).format(n=n)

    def signed_points(self, n: int) -> str:
        """``+1 point`` / ``−3 points``."""
        return self.sentence("count.points", abs(n)).format(n=self.number(n, sign=True))

    def names(self, seats: Sequence[Seat]) -> list[str]:
        return [seat_display_name(self, s, i) for i, s in enumerate(seats)]


# -- names ---------------------------------------------------------------------------------------
BOT_NAMES = {
    "easy": N_("Easy bot"),
    "medium": N_("Medium bot"),
    "hard": N_("Hard bot"),
    "expert": N_("Expert bot"),
    "random": N_("Random bot"),
}
_DEFAULT_PLAYER = re.compile(r"Player (\d{1,2})")
_NUMBERED_BOT = re.compile(r"(\w+ bot) (\d)")


def bot_name(w: Words, level: str) -> str:
    """The default name of a bot of ``level`` ("Easy bot", "Легкий бот")."""
    return w.gettext(BOT_NAMES[level]) if level in BOT_NAMES else level


def seat_display_name(w: Words, seat: Seat, index: int) -> str:
    """Default names are stored in English (records stay language-neutral) and shown in the
    reader's language; a name a person typed is shown as typed."""
    name = seat.name
    if seat.bot in BOT_NAMES and name.lower() == f"{seat.bot} bot":
        return bot_name(w, seat.bot)
    numbered = _NUMBERED_BOT.fullmatch(name)  # a second bot of a level (seats.number_bots)
    if seat.bot in BOT_NAMES and numbered and numbered.group(1).lower() == f"{seat.bot} bot":
        return f"{bot_name(w, seat.bot)} {numbered.group(2)}"
    m = _DEFAULT_PLAYER.fullmatch(name)
    if m and seat.bot is None:
        return w.gettext("Player {n}").format(n=int(m.group(1)))
    return name


LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"), "expert": N_("expert"),
               "random": N_("random moves")}  # the random bot: not the seed's "random"


def level_name(w: Words, level: str) -> str:
    """A bot level in the chosen language."""
    return w.gettext(LEVEL_WORDS.get(level, level))


# -- moves -----------------------------------------------------------------------------------------
def move_sentence(w: Words, name: str, move: Move, pv: Preview | None = None) -> str:
    """``Ana takes 3 blue tiles from factory 2 to pattern line 4`` (with the overflow if known)."""
    _ = w.gettext
    if not move.is_draft:
        if pv is not None:
            return _("{name} chooses column {column} for line {row} ({points})").format(
                name=name, row=move.line + 1, column=move.column + 1,
                points=w.signed_points(pv.points))
        return w.sentence("log.place").format(name=name, row=move.line + 1, column=move.column + 1)
    count = pv.taken if pv is not None else 0
    parts = {"name": name, "what": w.tiles(move.colour, count), "source": w.source(move.source),
             "destination": w.destination(move.destination)}
    if count:
        # TRANSLATORS: {what} is "3 blue tiles" (object), {source} "from factory 2" or "from the
        # centre", {destination} "to pattern line 4" or "to the floor line": whole phrases. The
        # form agrees with the number of tiles taken ("… et les place" in French).
        text = w.tr.npgettext("move", "{name} takes {what} {source} {destination}",
                              "{name} takes {what} {source} {destination}", count).format(**parts)
    else:
        text = w.sentence("log.take").format(**parts)
    if pv is not None:
        extra = ", ".join(p for p in (special_effect(w, pv), consequence(w, pv)) if p)
        if extra:
            text += " — " + extra
    return text


def consequence(w: Words, pv: Preview) -> str:
    """The floor part of a preview: ``2 tiles fall to the floor line, penalty −3 points``."""
    parts = []
    if pv.marker:
        parts.append(w.phrase("takes marker"))
    falling = pv.to_floor + pv.to_lid
    if pv.move.is_draft and pv.move.destination != FLOOR and falling:
        parts.append(w.phrase("falls", falling).format(n=falling))
    if pv.to_lid:
        parts.append(w.phrase("to lid", pv.to_lid).format(n=pv.to_lid))
    if pv.penalty:
        parts.append(
            w.ngettext("penalty {n} point", "penalty {n} points", pv.penalty)
            .format(n=w.number(-pv.penalty))
        )
    return ", ".join(parts)


# -- the special factory displays (R40-R47) ------------------------------------------------------
def special_badge(kind: str, w: Words) -> str:
    """A special display's short name on the table: ``SF1``, ``SF2`` plus the theme's symbol of
    its colour (``SF2R``, raspberry in the chocolatier theme too; the notation's
    letter where moves are typed), ``SF3``…"""
    colour = Special(kind).colour
    if colour is not None and w.theme_letters:
        return "SF2" + w.symbol(colour)
    return kind


def special_name(w: Words, kind: str) -> str:
    """A special display's name in words, for sentences: ``SF4``, and SF2 with its colour in the
    theme's words (``SF2 (blue)``, ``SF2 (blueberry praline)``) rather than a theme letter."""
    colour = Special(kind).colour
    if colour is not None:
        return w.sentence("sf.SF2_of").format(display="SF2", colour=w.tile(colour))
    return kind


def special_info(w: Words, kind: str) -> str:
    """What a special display does, one line of the legend (R41-R44)."""
    special = Special(kind)
    if special.colour is not None:
        return w.phrase("sf legend 2").format(tile=w.one_tile(special.colour))
    return w.phrase("sf legend " + special.base[2:])


def special_effect(w: Words, pv: Preview) -> str:
    """What drafting from a special display does besides the tiles taken: ``the other 2 tiles
    stay on factory 4`` (SF3, R42), where each colour left on SF4 goes (R43), SF5 held beside
    the floor line and the tile it catches (R44, R47a). Empty for other drafts."""
    parts: list[str] = []
    if pv.stays:
        parts.append(w.phrase("rest stays", pv.stays).format(n=pv.stays, number=pv.move.source + 1))
    for colour, n, display in pv.sent:
        parts.append(w.phrase("rest goes", n).format(what=w.tiles(colour, n), number=display + 1))
    if pv.takes_sf5:
        parts.append(w.phrase("takes sf5").format(number=pv.move.source + 1))
    if pv.to_sf5:
        parts.append(w.phrase("to sf5"))
    return ", ".join(parts)


def fill_sentences(w: Words, fill: Fill) -> list[str]:
    """What a fill with special displays did (R40, R41): which displays are special, SF1's
    extra tile, the tiles each SF2 pulled. Empty for a base-game fill."""
    if not fill.specials:
        return []
    from azulejos.core import specials as SP

    items = ", ".join(w.phrase("special on").format(kind=special_name(w, Special.of(k)), number=f + 1)
                      for f, k in fill.specials)
    out = [w.phrase("specials").format(items=items)]
    gains, _losses = SP.after_fill(fill.counts(), fill.specials, fill.extra)
    for f, k in fill.specials:
        if k == SP.SF1 and fill.extra:
            out.append(w.phrase("sf1 draws").format(number=f + 1, tile=w.one_tile(fill.extra[0])))
        elif SP.SF2 <= k < SP.SF2 + 5 and gains[f][k - SP.SF2]:
            n = gains[f][k - SP.SF2]
            out.append(w.phrase("sf2 pulls").format(number=f + 1, what=w.tiles(k - SP.SF2, n)))
    return out


def log_sentence(w: Words, name: str, move: Move, pv: Preview | None = None) -> str:
    """A line of the game log: the move in words with its notation beside it."""
    return w.sentence("log.move").format(
        sentence=move_sentence(w, name, move, pv), notation=w.notation(move))


class GameLog:
    """The game log in words. Front ends ``note`` each move with its preview as it is played
    (so the log can say how many tiles were taken); a move not noted (a resumed game) is told
    without its count."""

    def __init__(self, w: Words) -> None:
        self.w = w
        self._said: dict[int, tuple[Move, str]] = {}

    def note(self, index: int, name: str, move: Move, pv: Preview | None) -> str:
        """Remember the sentence of the ``index``-th move of the game (0-based)."""
        text = log_sentence(self.w, name, move, pv)
        self._said[index] = (move, text)
        return text

    def line(self, index: int, name: str, move: Move) -> str:
        said = self._said.get(index)
        if said is not None and said[0] == move:
            return said[1]
        return log_sentence(self.w, name, move)


# -- the wall-tiling -------------------------------------------------------------------------------
def tiling_sentence(w: Words, names: Sequence[str], ev: TilingEvent) -> str:
    """One step of the wall-tiling, with its points (R17-R19, R24, R31)."""
    name = names[ev.seat]
    if isinstance(ev, Placed):
        runs = []
        if ev.horizontal > 1:
            runs.append(w.sentence("log.in_row").format(n=ev.horizontal))
        if ev.vertical > 1:
            runs.append(w.sentence("log.in_column").format(n=ev.vertical))
        why = " + ".join(runs) if runs else w.sentence("log.alone")
        return w.sentence("log.placed").format(
            name=name, tile=w.one_tile(ev.colour), row=ev.row + 1, column=ev.column + 1, why=why,
            points=w.signed_points(ev.points),
        )
    if isinstance(ev, Discarded):
        return w.phrase("discarded").format(name=name, number=ev.row + 1)
    if isinstance(ev, Penalised):
        if not ev.slots:
            return w.phrase("floor empty").format(name=name, score=ev.score)
        return w.phrase("floor taken", ev.slots).format(
            name=name, n=ev.slots, penalty=w.number(-ev.penalty), score=ev.score)
    return w.sentence("log.bonus").format(
        name=name, items=bonus_items(w, ev), points=w.signed_points(ev.points)
    )


def bonus_items(w: Words, b: Bonus) -> str:
    """``1 row ×2, 0 columns ×7, 1 colour ×10`` (R24)."""
    return ", ".join([
        w.sentence("log.bonus_rows", b.rows).format(n=b.rows),
        w.sentence("log.bonus_columns", b.columns).format(n=b.columns),
        w.sentence("log.bonus_colours", b.colours).format(n=b.colours),
    ])


def leave_sentence(w: Words, name: str, reason: str, bot: str) -> str:
    """``Ana ran out of time; Medium bot plays for them.`` (``reason``: ``timeout`` or
    ``resigned``, as in a ``leave`` event), in the log of every screen."""
    key = "log.timeout" if reason == "timeout" else "log.left"
    return w.sentence(key).format(name=name, bot=bot_name(w, bot))


def score_line(w: Words, name: str, score: int) -> str:
    """``Ana: 12 points``."""
    return w.gettext("{name}: {points}").format(name=name, points=w.points(score))


# -- the end ---------------------------------------------------------------------------------------
def result_sentence(w: Words, names: Sequence[str], res: Result) -> str:
    """Who won, and how a tie was broken (R25)."""
    best = res.standings[res.tied[0]].total
    points = w.points(best)
    if res.decided_by == "points":
        return w.sentence("end.won").format(name=names[res.winners[0]], points=points)
    n = res.standings[res.winners[0]].rows
    rows = w.sentence("end.complete_rows", n).format(n=n)
    if res.decided_by == "rows":
        tied = ", ".join(names[p] for p in res.tied)
        return w.sentence("end.tie_won").format(tied=tied, points=points,
                                                name=names[res.winners[0]], rows=rows)
    winners = ", ".join(names[p] for p in res.winners)
    return w.sentence("end.shared_victory").format(winners=winners, points=points, rows=rows)


# -- the engine review ---------------------------------------------------------------------------
def review_sentence(w: Words, entry: dict[str, object]) -> str:
    """The engine review of one move, from its entry in a record's ``review`` key
    (``docs/notation.md``): what the engine prefers and the points lost."""
    _ = w.gettext
    note = entry.get("note")
    if note == "forced":
        return _("Review: the only legal move.")
    if note == "column":
        return _("Review: a column choice is not reviewed; the draft before it is.")
    best = str(entry.get("best", ""))
    lost = entry.get("lost")
    lost_f = float(lost) if isinstance(lost, (int, float)) else 0.0
    if lost_f < 0.05:
        return _("Review: as good as the engine's choice ({best}).").format(
            best=w.notation(_parse(best)) if best else best)
    # TRANSLATORS: {lost} is a decimal number of points, e.g. "2.5".
    return _("Review: the engine prefers {best}; this move loses {lost} points of the expected "
             "final margin.").format(best=w.notation(_parse(best)),
                                     lost=w.number(lost_f, decimals=1))


def _parse(text: str) -> Move:
    from azulejos.core import parse_move

    return parse_move(text)


# -- why a hint -----------------------------------------------------------------------------------
def why_sentence(w: Words, reasons: Sequence[Reason]) -> str:
    """Why a hinted move is good, from :func:`azulejos.agents.reasons`, in the theme's words:
    ``Why: completes pattern line 2: +4 points on the wall; avoids −3 points on the floor line.``
    Empty when there is nothing to say."""
    _ = w.gettext
    parts: list[str] = []
    for r in reasons:
        if r.kind == "completes":
            key = "why completes grey" if r.grey else "why completes"
            parts.append(w.phrase(key).format(number=r.line, points=w.signed_points(r.points)))
        elif r.kind == "advances":
            parts.append(w.phrase("why advances", r.tiles).format(number=r.line, n=r.tiles))
        elif r.kind == "column":
            parts.append(w.phrase("why column").format(
                column=r.column, number=r.line, points=w.signed_points(r.points)))
        elif r.kind == "marker":
            parts.append(w.phrase("why marker"))
        elif r.kind == "penalty" and r.tiles:
            parts.append(w.phrase("why penalty", r.tiles).format(
                n=r.tiles, points=w.signed_points(-r.points)))
        elif r.kind == "penalty" and r.points:
            parts.append(w.phrase("why marker penalty").format(points=w.signed_points(-r.points)))
        elif r.kind == "avoids":
            parts.append(w.phrase("why avoids").format(points=w.signed_points(-r.points)))
        elif r.kind == "sf5":  # R44, R47a
            parts.append(w.phrase("why sf5 catch" if r.tiles else "why sf5 take"))
        elif r.kind == "sf5 held":
            parts.append(w.phrase("why sf5 held"))
        elif r.kind == "split":  # R43
            parts.append(w.phrase("why split", r.points).format(n=r.points))
            if r.worse > r.points:
                # TRANSLATORS: after "sends the rest of SF4 so that the next player can score at
                # most 2 points from the factories beside it": the other split would offer more.
                parts.append(w.ngettext("the other way, up to {n} point",
                                        "the other way, up to {n} points", r.worse).format(n=r.worse))
    if not parts:
        return ""
    text = parts[0]
    for part in parts[1:]:
        # TRANSLATORS: joins the reasons of a hint: "completes pattern line 2: +4 points" and
        # "avoids −3 points on the floor line" (French typography: " ; ").
        text = _("{reasons}; {reason}").format(reasons=text, reason=part)
    # TRANSLATORS: {reasons} are the reasons of a hint, joined, e.g. "completes pattern line 2:
    # +4 points on the wall; avoids −3 points on the floor line".
    return _("Why: {reasons}.").format(reasons=text)
