"""The interactive tutorial behind ``azulejos learn``: puzzles answered in move notation.

It reads one answer per line and writes plain text, so it works at a terminal and through a
pipe alike. Answers are judged by trying every legal move on a copy of the position
(:mod:`azulejos.guide.puzzles`). With ``puzzles=SPECIAL_PUZZLES`` it asks the puzzles of the
Master Chocolatier special factory displays, and explains each answer's floor line, held SF5
and first-player marker (R14, R44, R47a).
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from typing import TextIO

from azulejos.core import specials
from azulejos.core.errors import IllegalMoveError, InvalidMoveError
from azulejos.core.moves import parse_move
from azulejos.core.state import State
from azulejos.i18n import N_, translation
from azulejos.render.reasons import reason_text
from azulejos.render.text import render_state

from . import words
from .markup import wrap
from .puzzles import HINTS, PUZZLES, QUESTIONS, Puzzle, best_line, explain, values
from .teach import STEPS

TITLE = N_("Learn azulejos")
INTRO = N_("Puzzles from the walk-through: {count}. Answer with a move such as {example}. "
           "Type \"{hint}\" for a clue, \"{skip}\" to see the answer, \"{quit}\" to stop.")
_HINT = ("hint", "?", N_("hint"))
_SKIP = ("skip", N_("skip"))
_QUIT = ("quit", "q", "exit", N_("quit"))


def _words(tr: gettext.NullTranslations, options: tuple[str, ...]) -> set[str]:
    return {o.lower() for o in options} | {tr.gettext(o).lower() for o in options}


#: The introduction and a puzzle's heading on the special displays, by theme (whole sentences).
SPECIAL_INTRO = {
    "classic": N_("Puzzles on the special factory displays: {count}. Answer with a move such as "
                  "{example}. Type \"{hint}\" for a clue, \"{skip}\" to see the answer, "
                  "\"{quit}\" to stop."),
    "chocolatier": N_("Puzzles on the special showcases: {count}. Answer with a move such as "
                      "{example}. Type \"{hint}\" for a clue, \"{skip}\" to see the answer, "
                      "\"{quit}\" to stop."),
}
SPECIAL_TITLE = {
    "classic": N_("Puzzle {number} of {count} (special displays)"),
    "chocolatier": N_("Puzzle {number} of {count} (special showcases)"),
}
#: The walk-through's step titles in the chocolatier theme, for the puzzles' headings (the
#: walk-through itself, ``azulejos rules walkthrough``, speaks of tiles).
CHOCOLATIER_STEPS = (
    N_("The table and the goal"),
    N_("Taking from a showcase"),
    N_("Trays"),
    N_("The counter and the head chocolatier's spoon"),
    N_("Filling the box"),
    N_("One kind of candy per box row"),
    N_("Scoring with neighbouring candies"),
    N_("The next round, and the end"),
)


def _special_fields(state: State, pz: Puzzle, names: list[str]) -> dict[str, object]:
    """The display a special puzzle is about (SF5 or SF4), its neighbours (R40, R43) and the
    other player, for its question and hint."""
    kind = specials.SF4 if pz.kind == "sf4" else specials.SF5
    kinds = specials.kinds(state.layout(), state.players)
    display = kinds.index(kind) if kind in kinds else 0
    left, right = state.neighbours(display)
    return {"display": display + 1, "kind": specials.name(kind), "left": left + 1,
            "right": right + 1, "other": names[(state.current_player + 1) % state.players]}


def _explain(tr: gettext.NullTranslations, state: State, move: str, theme: str = "classic") -> str:
    """One sentence on what ``move`` drops on the mover's floor line (R14, R44, R47a), in the
    words of ``theme``."""
    out = explain(state, move)
    if theme == "chocolatier":
        fell = tr.ngettext("{move}: {n} candy into the spill tray",
                           "{move}: {n} candies into the spill tray", out.fell)
        marker = tr.gettext("the head chocolatier's spoon comes too")
    else:
        fell = tr.ngettext("{move}: {n} tile onto the floor line",
                           "{move}: {n} tiles onto the floor line", out.fell)
        marker = tr.gettext("the first-player marker comes too")
    parts = [fell.format(move=move, n=out.fell)]
    if out.caught:
        parts.append(tr.gettext("one more lies on {kind} for free").format(
            kind=specials.name(specials.SF5)))
    if out.marker:
        parts.append(marker)
    return "; ".join(parts) + "."


def _line(tr: gettext.NullTranslations, state: State, move: str) -> str:
    """The best play after ``move`` to the end of the round (the SF4 puzzle's lead)."""
    return tr.gettext("After {move}, best play goes on: {moves}.").format(
        move=move, moves=", ".join(best_line(state, move)))


def run_tutorial(
    stdin: TextIO,
    stdout: TextIO,
    lang: str = "en",
    colour: bool = False,
    puzzles: Sequence[Puzzle] = PUZZLES,
    width: int | None = None,
    theme: str = "classic",
) -> int:
    """Play the tutorial; returns the number of puzzles solved. ``width``: fold the prose at
    that many columns (a terminal), boards excepted; ``theme``: the theme (its key) whose words
    the questions, hints and refusals use (showcases and candies in the chocolatier theme)."""
    from . import check_language

    words_of = "chocolatier" if theme == "chocolatier" else "classic"

    tr = translation(check_language(lang))
    names = words.names(tr)
    hint_w, skip_w, quit_w = _words(tr, _HINT), _words(tr, _SKIP), _words(tr, _QUIT)
    example = puzzles[0].state().legal_moves()[0].text()

    def say(text: str = "", board: bool = False) -> None:
        if width is not None and not board:
            text = wrap(text, width)
        stdout.write(text + "\n")
        stdout.flush()

    say(f"# {tr.gettext(TITLE)}")
    intro = SPECIAL_INTRO[words_of] if any(pz.special for pz in puzzles) else INTRO
    # the commands in the reader's language (the English ones are understood as well)
    say(tr.gettext(intro).format(count=len(puzzles), example=example, hint=tr.gettext(_HINT[-1]),
                                 skip=tr.gettext(_SKIP[-1]), quit=tr.gettext(_QUIT[-1])))
    solved = 0
    asked = 0
    for i, pz in enumerate(puzzles, start=1):
        state = pz.state()
        vals = values(state, pz.kind)
        top = max(vals.values())
        best = sorted(m for m, v in vals.items() if v == top)
        player = names[state.current_player]
        fields = {"player": player, **(_special_fields(state, pz, names) if pz.special else {})}
        say()
        if pz.special:
            say("## " + tr.gettext(SPECIAL_TITLE[words_of]).format(number=i, count=len(puzzles)))
        else:
            title = (CHOCOLATIER_STEPS[pz.step - 1] if words_of == "chocolatier"
                     else STEPS[pz.step - 1].title)
            say("## " + tr.gettext("Puzzle {number} of {count} (step {step}: {title})").format(
                number=i, count=len(puzzles), step=pz.step, title=tr.gettext(title)))
        say(render_state(state, names, colour=colour, tr=tr, theme=words_of), board=True)
        say()
        say(tr.gettext(QUESTIONS[words_of][pz.kind]).format(**fields))
        asked += 1
        while True:
            stdout.write(tr.gettext("Your move: "))
            stdout.flush()
            line = stdin.readline()
            if not line:
                say()
                return _finish(tr, say, solved, asked - 1)
            text = line.strip()
            if not stdin.isatty():
                stdout.write(text + "\n")  # echo piped answers so the transcript reads well
            if not text:
                continue
            low = text.lower()
            if low in quit_w:
                return _finish(tr, say, solved, asked - 1)
            if low in hint_w:
                say(tr.gettext(HINTS[words_of][pz.kind]).format(**fields))
                continue
            if low in skip_w:
                say(tr.gettext("The best: {moves} ({points}).").format(
                    moves=", ".join(best), points=words.points(tr, top, signed=True)))
                break
            try:
                move = parse_move(text).text()
            except InvalidMoveError:
                say(tr.gettext("\"{text}\" is not a move. Write where from, the colour and where "
                               "to, like {example}.").format(text=text, example=example))
                continue
            if move not in vals:
                say(tr.gettext("{move} is not allowed here: {reason}.").format(
                    move=move, reason=_reason(tr, state, move, theme)))
                continue
            got = vals[move]
            if got == top:
                solved += 1
                say(tr.gettext("Right! {move} brings {points}.").format(
                    move=move, points=words.points(tr, got, signed=True)))
                others = [m for m in best if m != move]
                if others:
                    say(tr.gettext("Just as good: {moves}.").format(moves=", ".join(others)))
            else:
                say(tr.gettext("{move} brings {points}, but {best} brings {top}.").format(
                    move=move, points=words.points(tr, got, signed=True), best=", ".join(best),
                    top=words.points(tr, top, signed=True)))
                if pz.kind == "sf4":
                    say(_line(tr, state, move))
                    say(_line(tr, state, best[0]))
                elif pz.special:
                    say(_explain(tr, state, move, words_of))
                    say(_explain(tr, state, best[0], words_of))
            break
    return _finish(tr, say, solved, asked)


def _reason(tr: gettext.NullTranslations, state: object, move: str, theme: str = "classic") -> str:
    from azulejos.core.state import State

    assert isinstance(state, State)
    try:
        state.copy(history=False).push(move)
    except IllegalMoveError as e:
        return reason_text(tr.gettext, e.rule, theme) or e.rule
    return ""


def _finish(tr: gettext.NullTranslations, say: object, solved: int, asked: int) -> int:
    assert callable(say)
    if asked == 0:  # stopped at the first puzzle: no "0 puzzles out of 0"
        return solved
    say(tr.ngettext("You solved {solved} puzzle out of {asked}.",
                    "You solved {solved} puzzles out of {asked}.", solved).format(
        solved=solved, asked=asked))
    return solved
