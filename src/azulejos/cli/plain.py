"""The plain line mode (``azulejos play --plain``): moves in notation in, text out.

Made for screen readers, pipes and very small terminals: no colours, no cursor movement,
one prompt per line. Reads moves like ``3B2`` or ``CRF`` (docs/notation.md) and a few commands.
With the special factory displays (R40-R47) it says what each round's specials are and did,
and reads SF4 drafts either with their sides (``4W3/<>``) or asks, colour by colour, ``<`` (left
neighbour) or ``>`` (right neighbour) when the move is typed without them (R43).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from azulejos.core import LETTERS, Fill, IllegalMoveError, InvalidMoveError, Move, Phase
from azulejos.core.choices import sf4_rest, sf4_sides
from azulejos.core.moves import split
from azulejos.guide import get_section
from azulejos.play import Match, Step, hint, preview, result
from azulejos.play.warmup import EngineWarmup
from azulejos.play.words import (
    GameLog,
    Words,
    bonus_items,
    bot_name,
    fill_sentences,
    leave_sentence,
    move_sentence,
    result_sentence,
    tiling_sentence,
    why_sentence,
)
from azulejos.render.failures import failure_text
from azulejos.render.oserror import os_error_text
from azulejos.render.reasons import reason_text

from .board import board_text

#: Commands whose key-bar word (the TUI's) is also understood, besides the command words of
#: :func:`command_words`.
_LOCAL_COMMANDS = ("hint", "undo", "save", "rules", "quit")


def command_words(w: Words) -> dict[str, str]:
    """Each plain-mode command's word in the player's language ("ходи", "coups"); the English
    word in English. The help and the refusals show these words; the English ones are
    understood as well, in every language."""
    tr = w.tr
    # TRANSLATORS: the plain mode's command words: one lower-case word each, typed by the
    # player (the English word is always understood as well).
    return {
        "help": tr.pgettext("plain command", "help"),
        "board": tr.pgettext("plain command", "board"),
        "moves": tr.pgettext("plain command", "moves"),
        "log": tr.pgettext("plain command", "log"),
        "undo": tr.pgettext("plain command", "undo"),
        "hint": tr.pgettext("plain command", "hint"),
        "save": tr.pgettext("plain command", "save"),
        "rules": tr.pgettext("plain command", "rules"),
        "quit": tr.pgettext("plain command", "quit"),
    }

def section_words(w: Words) -> dict[str, str]:
    """Each rules-guide section's word for the plain mode's rules command in the player's
    language ("підготовка", "résumé"), by the section's English name (which is understood as
    well, in every language)."""
    tr = w.tr
    # TRANSLATORS: the plain mode's names of the rules sections, typed after the rules command
    # ("rules faq"): one lower-case word each (the English word is always understood as well).
    return {
        "setup": tr.pgettext("rules section", "setup"),
        "recap": tr.pgettext("rules section", "recap"),
        "teach": tr.pgettext("rules section", "teach"),
        "faq": tr.pgettext("rules section", "faq"),
        "variant": tr.pgettext("rules section", "variant"),
        "chocolatier": tr.pgettext("rules section", "chocolatier"),
        "specials": tr.pgettext("rules section", "specials"),
    }


def section_of(w: Words, word: str) -> str:
    """The section that ``word`` names (its local or English word, any case); ``word`` itself
    when it names none."""
    key = word.lower()
    for section, local in section_words(w).items():
        if key in (section, local.lower()):
            return section
    return word


#: A rules-guide section's text: ``guide(section, lang)``; None when there is no guide.
GuideText = Callable[[str, str], str]


class PlainGame:
    """One game driven line by line. ``run()`` returns the exit status."""

    def __init__(
        self,
        match: Match,
        words: Words,
        stdin: TextIO,
        stdout: TextIO,
        *,
        save_to: Path | None = None,
        echo: bool = False,
        guide: GuideText | None = get_section,
        prepare_engine: Callable[[], object] | None = None,
    ) -> None:
        self.m = match
        #: the search kernels, loaded in the background (None: on first use; play/warmup.py):
        #: meanwhile hints and kernel bots use the pure-Python twin of their search
        self.engine = EngineWarmup(prepare_engine)
        self.twin_said = False
        self.guide = guide
        self.w = words
        self.inp = stdin
        self.out = stdout
        self.save_to = save_to or Path("azulejos-game.json")
        self.autosave = save_to is not None  # --save FILE: kept there when input ends
        self.saved = list(match.log)  # the moves when last saved (or resumed)
        self.quit_asked = False
        self.echo = echo  # repeat input lines (useful when stdin is not a terminal)
        self.log = GameLog(words)
        self.words = command_words(words)  # the commands' words in the player's language

    @property
    def names(self) -> list[str]:
        """The players' names as shown (default names in the chosen language)."""
        return self.w.names(self.m.seats)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self) -> int:
        _ = self.w.gettext
        self.say(_("azulejos – plain mode.") + " "
                 + self.w.phrase("plain intro").format(help=self.words["help"]))
        legend = ", ".join(
            _("{letter} {name}").format(letter=LETTERS[k], name=self.w.tile(k)) for k in range(5))
        self.say(self.w.phrase("plain legend").format(legend=legend))
        for p, seat in enumerate(self.m.seats):
            if seat.is_bot and self.m.bot(p).stand_in:
                self.say(_("Note: the bot level '{level}' is not available; a random bot plays for "
                           "{name}.").format(level=bot_name(self.w, seat.bot or ""), name=self.names[p]))
        self.engine.start(self.m.seats)
        self.m.session.use_twin = self.engine.loading
        self.say_fill()
        self.say(board_text(self.w, self.m.state, self.names))
        while not self.m.is_over:
            if self.m.is_bot_turn:
                self.bot_turn()
                continue
            line = self.ask()
            if line is None:
                self.input_ended()
                return 1
            if self.timed_out():
                continue
            if not self.command(line):
                return 0
        self.finish()
        return 0

    def ask(self) -> str | None:
        _ = self.w.gettext
        st = self.m.state
        name = self.names[st.current_player]
        if st.phase is Phase.PLACE:
            prompt = _("{name}, column for line {line}> ").format(
                name=name, line=(st.pending_line or 0) + 1
            )
        else:
            prompt = _("{name}> ").format(name=name)
        left = self.m.host.remaining(st.current_player)
        if left is not None:  # play --clock: the time left, before the prompt
            whole = max(0, int(left))
            prompt = _("[{time} left] {prompt}").format(
                time=f"{whole // 60}:{whole % 60:02d}", prompt=prompt)
        self.out.write(prompt)
        self.out.flush()
        raw = self.inp.readline()
        if not raw:
            self.out.write("\n")
            return None
        if self.echo:
            self.out.write(raw if raw.endswith("\n") else raw + "\n")
        return raw.strip()

    def timed_out(self) -> bool:
        """The line came after the person's time ran out (play --clock): the host hands the
        seat to a bot, and the line is not played. True if so."""
        left = self.m.time_out()
        if left is None:
            return False
        self.say(leave_sentence(self.w, self.names[left.seat], left.reason, left.bot))
        return True

    def bot_turn(self) -> None:
        st = self.m.state
        seat = st.current_player
        # the host asks the bot (its failure policy included) and plays the answer
        version, move = self.m.host.choose_bot_move()
        pv = preview(st, move)
        index = len(self.m.log)
        step = self.m.host.play_bot_move(version, move)
        if step is not None:
            self.say(self.log.note(index, self.names[seat], move, pv))
            self.after(step)

    def after(self, step: Step) -> None:
        _ = self.w.gettext
        if step.tiling is not None:
            self.say("")
            self.say(self.w.phrase("tiling").format(round=step.tiling.round))
            for ev in step.tiling.events:
                self.say("  " + tiling_sentence(self.w, self.names, ev))
            if not self.m.is_over:
                self.say("")
                self.say_fill()
                self.say(board_text(self.w, self.m.state, self.names))
        elif not self.m.is_bot_turn and not self.m.is_over:
            self.say(board_text(self.w, self.m.state, self.names))

    def fills(self) -> list[Fill]:
        return [e for e in self.m.state.history if isinstance(e, Fill)]

    def say_fill(self) -> None:
        """The special displays of the round just filled and what they drew or pulled (R41)."""
        fills = self.fills()
        if fills:
            for text in fill_sentences(self.w, fills[-1]):
                self.say(text)

    def command(self, line: str) -> bool:
        """Handle one input line; False to stop."""
        _ = self.w.gettext
        word, _sep, arg = line.partition(" ")
        key = word.lower()
        if not key:
            return True
        key = self.aliases().get(key, key)
        if key in ("help", "?"):
            self.say(_("Commands: a move (3B2, CRF, 2@4 on the grey wall) | {moves} | {board} | "
                       "{log} | {undo} | {hint} | {save} [FILE] | "
                       "{rules} [{sections}] | {quit}")
                     .format(**self.words, sections="|".join(section_words(self.w).values())))
            english = [c for c, local in self.words.items() if local != c]
            if english:
                self.say(_("The English words work too: {words}.").format(words=", ".join(english)))
            if self.m.state.ruleset.special_factories:
                self.say(self.w.phrase("plain sf4 help"))
        elif key == "board":
            self.say(board_text(self.w, self.m.state, self.names))
        elif key == "moves":
            self.say(" ".join(m.text() for m in self.m.state.legal_moves()))
        elif key == "log":
            index = 0
            fills = self.fills()
            for rnd, plays in self.m.moves_by_round():
                self.say(_("Round {round}:").format(round=rnd))
                if 0 < rnd <= len(fills):
                    for text in fill_sentences(self.w, fills[rnd - 1]):
                        self.say("  " + text)
                for p in plays:
                    self.say("  " + self.log.line(index, self.names[p.seat], p.move))
                    index += 1
        elif key == "undo":
            undone = self.m.undo()
            if undone:
                self.say(_("Taken back: {moves}").format(
                    moves=" ".join(p.move.text() for p in undone)))
                self.say(board_text(self.w, self.m.state, self.names))
            else:
                self.say(_("Nothing to undo: only your own moves of this round can be taken "
                           "back, before the wall-tiling."))
        elif key == "hint":
            loading = self.engine.loading()
            if loading and not self.twin_said:  # said once: the first hints are a little weaker
                self.twin_said = True
                self.say(_("The engine is still being prepared, so this hint comes from a "
                           "slower search; later hints use the full engine."))
            try:
                h = hint(self.m.state, 1.0, kernels=not loading)
            except Exception as e:  # said by its kind, never in the error's English
                self.say(_("No hint: {reason}").format(reason=failure_text(self.w.tr, e, self.w.theme.key)))
            else:
                st = self.m.state
                sentence = move_sentence(self.w, self.names[st.current_player], h.move,
                                         preview(st, h.move))
                self.say(_("Hint: {move} [{notation}]").format(move=sentence, notation=h.move.text()))
                why = why_sentence(self.w, h.reasons)
                if why:
                    self.say(why)
        elif key == "save":
            self.save(Path(arg.strip()) if arg.strip() else self.save_to)
        elif key == "rules":
            self.say(rules_text(self.w, arg.strip() or "recap", self.guide))
        elif key in ("quit", "exit"):
            if self.unsaved and not self.echo and not self.quit_asked:
                # a person at a terminal: one more word before the moves are lost (a script,
                # whose lines are echoed, quits at once)
                self.quit_asked = True
                self.say(_("This game has moves that are not saved. Type '{save}' to keep them, "
                           "or '{quit}' again to leave without saving.").format(
                               save=self.words["save"], quit=self.words["quit"]))
                return True
            self.say(_("Bye.") if not self.unsaved else
                     _("Bye. The last moves were not saved."))
            return False
        else:
            self.try_move(line)
        return True

    def aliases(self) -> dict[str, str]:
        """The commands' words in the player's language ("ходи", "coups") and the TUI's key-bar
        words ("підказка", "quitter"), each to its English command (which is understood as it
        is); a move is never one of them."""
        out: dict[str, str] = {}
        for command in _LOCAL_COMMANDS:
            local = self.w.gettext(command).lower()
            if local != command and " " not in local:
                out[local] = command
        for command, local in self.words.items():
            word = local.lower()
            if word != command and " " not in word:
                out[word] = command
        return out

    def try_move(self, text: str) -> None:
        _ = self.w.gettext
        st = self.m.state
        try:
            from azulejos.notation import parse_move

            move = parse_move(text)
            if move.is_draft and not st.is_legal(move) and sf4_rest(st, move.source, move.colour) and not move.split:
                sides = self.ask_sides(move)  # R43: where each colour left on SF4 goes
                if sides is None:
                    return
                move = split(move, sides)
            pv = preview(st, move) if st.is_legal(move) else None
            seat = st.current_player
            index = len(self.m.log)
            step = self.m.play(move)
        except InvalidMoveError:
            self.say(self.w.phrase("plain bad move").format(text=text, moves=self.words["moves"]))
            return
        except IllegalMoveError as e:
            reason = reason_text(_, e.rule, self.w.theme.key)
            if reason:
                self.say(_("{move} is not allowed now: {reason} ({rule}). '{moves}' lists the "
                           "legal ones.").format(move=text.upper(), reason=reason, rule=e.rule,
                                                 moves=self.words["moves"]))
            else:
                self.say(_("{move} is not allowed now ({rule}). '{moves}' lists the legal ones.")
                         .format(move=text.upper(), rule=e.rule or "?", moves=self.words["moves"]))
            return
        self.say(self.log.note(index, self.names[seat], move, pv))
        self.after(step)

    def ask_sides(self, move: Move) -> str | None:
        """Ask ``<`` or ``>`` for each colour an SF4 draft leaves (R43); None if not answered."""
        _ = self.w.gettext
        st = self.m.state
        left, right = sf4_sides(st, move.source)
        # TRANSLATORS: typed at the plain mode's SF4 question to give the move up (one word).
        cancel = self.w.tr.pgettext("plain command", "cancel")
        sides = ""
        for k, n in sf4_rest(st, move.source, move.colour):
            while True:
                self.out.write(self.w.phrase("sf4 ask", n).format(
                    what=self.w.tiles(k, n), left=left + 1, right=right + 1) + " ")
                self.out.flush()
                raw = self.inp.readline()
                if self.echo and raw:
                    self.out.write(raw if raw.endswith("\n") else raw + "\n")
                answer = raw.strip()
                if answer in ("<", ">"):
                    sides += answer
                    break
                if not raw or answer.lower() in ("", "back", "cancel", cancel.lower()):
                    self.say(_("Move cancelled."))
                    return None
                self.say(_("Type < for the left neighbour or > for the right one; '{cancel}' or "
                           "an empty line cancels the move.").format(cancel=cancel))
        return sides

    @property
    def unsaved(self) -> bool:
        """Whether moves were played since the game was last saved (or resumed)."""
        return self.m.log != self.saved

    def input_ended(self) -> None:
        """The input ended before the game did: keep the game in the --save file if one was
        given, else say that it was not kept and how to keep one next time."""
        _ = self.w.gettext
        if self.autosave and self.unsaved:
            self.say(_("Input ended before the game did; saving it."))
            self.save(self.save_to)
        elif self.unsaved:
            self.say(_("Input ended before the game did; the game was not saved (start with "
                       "--save FILE to keep it when input ends)."))
        else:
            self.say(_("Input ended before the game did."))

    def save(self, path: Path) -> None:
        _ = self.w.gettext
        try:
            where = self.m.save(path)
        except OSError as e:
            self.say(_("Could not save to {path}: {error}.").format(
                path=path, error=os_error_text(_, e)))
            return
        self.saved = list(self.m.log)
        self.quit_asked = False
        self.say(_("Saved to {path}. Resume with: azulejos play --resume {path}").format(path=where))

    def finish(self) -> None:
        _ = self.w.gettext
        self.say("")
        self.say(board_text(self.w, self.m.state, self.names))
        self.say("")
        self.say(_("Game over. Final scores:"))
        res = result(self.m.state)
        for s in res.standings:
            self.say(_("  {name}: {before} + bonuses ({items}) {bonus} = {total}").format(
                name=self.names[s.seat], before=s.before_bonus, items=bonus_items(self.w, s.bonus),
                bonus=s.bonus.points, total=s.total))
        self.say(result_sentence(self.w, self.names, res))


def rules_text(w: Words, section: str, guide: GuideText | None = get_section) -> str:
    """A section of the rules guide, or a clear note when there is no guide."""
    _ = w.gettext
    if guide is None:
        return _("The rules guide is not available in this installation.")
    try:
        return str(guide(section_of(w, section), w.lang))
    except (KeyError, ValueError):
        return _("No rules section '{name}'. The sections: {sections}.").format(
            name=section, sections=", ".join(section_words(w).values()))
