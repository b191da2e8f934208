"""Why a game record was refused, in the reader's language, for every front end.

:class:`~azulejos.core.errors.InvalidRecordError` keeps its English message for library users;
its ``code`` and ``params`` (listed in :data:`~azulejos.core.errors.RECORD_ERROR_CODES`) are
said here in whole sentences, with the plural form of every number, for the commands (replay,
show, review, play) and the web server's replays alike. A move the rules refuse is explained by
its rule, with the sentences of :mod:`azulejos.render.reasons`.
"""

from __future__ import annotations

import errno
import gettext

from azulejos.core.errors import InvalidRecordError

from .reasons import reason_text

_NO_FILE = (errno.ENOENT, errno.ENOTDIR)
_NO_PERMISSION = (errno.EACCES, errno.EPERM)


def record_error_text(tr: gettext.NullTranslations, error: InvalidRecordError) -> str:
    """One line saying what is wrong with a record, translated by ``tr``."""
    _ = tr.gettext
    p = error.params
    code = error.code
    rnd = int(p.get("round", 0))
    key = str(p.get("key", ""))
    if code == "unreadable":  # the commands name the file before the sentence
        number = p.get("errno", 0)
        if number in _NO_FILE:
            return _("There is no such file.")
        if number in _NO_PERMISSION:
            return _("No permission to read this file.")
        if number == errno.EISDIR:
            return _("This is a folder, not a file.")
        return _("The file cannot be read.")
    if code == "not_json":
        line = int(p.get("line", 0))
        if line:
            return _("The file is not valid JSON (the error is on line {line}).").format(line=line)
        return _("The file is not valid JSON text.")
    if code == "not_object":
        return _("The file holds JSON, but not the JSON object a game record is.")
    if code == "bad_format":
        return _("This is not an azulejos-record/1 game record: its \"format\" is {found}.").format(
            found=p.get("found", ""))
    if code == "missing_key":
        if error.rule == "R46":
            return _("Round {round} does not say which displays are special (\"specials\"): a "
                     "game with the special factory displays names them every round (R46)."
                     ).format(round=rnd)
        if rnd:
            return _("Round {round} of the record has no \"{key}\" entry.").format(round=rnd, key=key)
        return _("The record has no \"{key}\" entry.").format(key=key)
    if code == "wrong_type":
        return _wrong_type(tr, rnd, key, str(p.get("expected", "")))
    if code == "wrong_length":
        count, found = int(p.get("count", 0)), p.get("found", 0)
        if rnd:
            return tr.ngettext("Round {round}: \"{key}\" must have {count} entry, not {found}.",
                               "Round {round}: \"{key}\" must have {count} entries, not {found}.",
                               count).format(round=rnd, key=key, count=count, found=found)
        return tr.ngettext("\"{key}\" must have {count} entry, not {found}.",
                           "\"{key}\" must have {count} entries, not {found}.",
                           count).format(key=key, count=count, found=found)
    if code == "bad_players":
        return _("A game has 2, 3 or 4 players, not {found} (R8).").format(found=p.get("found", ""))
    if code == "bad_variant":
        return _("The wall side (\"variant\") must be \"coloured\" or \"grey\", not {found}."
                 ).format(found=p.get("found", ""))
    if code == "bad_ruleset":
        if p.get("found") == "true":
            return _("This version cannot play the rules that \"{key}\" asks for.").format(key=key)
        return _("\"{key}\" must be true or false, not {found}.").format(key=key,
                                                                          found=p.get("found", ""))
    if code == "duplicate_key":
        if rnd:
            return _("Round {round} of the record gives the key \"{key}\" twice.").format(
                round=rnd, key=key)
        return _("The record gives the key \"{key}\" twice.").format(key=key)
    if code == "bad_start_player":
        return _("The first player (\"start_player\") must be a seat from 0 to {last}, not "
                 "{found}.").format(last=p.get("last", 0), found=p.get("found", ""))
    return _play_error(tr, error, rnd)


def _wrong_type(tr: gettext.NullTranslations, rnd: int, key: str, expected: str) -> str:
    _ = tr.gettext
    if expected == "object" and not key:
        return _("Round {round} must be a JSON object.").format(round=rnd)
    if expected == "strings":
        return _("Round {round}: \"{key}\" must be a list of strings.").format(round=rnd, key=key)
    if expected == "string_map":
        return _("Round {round}: \"{key}\" must be a JSON object whose values are strings (R46)."
                 ).format(round=rnd, key=key)
    if expected == "numbers":
        if rnd:
            return _("Round {round}: \"{key}\" must be a list of whole numbers.").format(
                round=rnd, key=key)
        return _("\"{key}\" must be a list of whole numbers.").format(key=key)
    return _("\"{key}\" must be a list.").format(key=key)


def _play_error(tr: gettext.NullTranslations, error: InvalidRecordError, rnd: int) -> str:
    """The errors found while the record is replayed under the rules."""
    _ = tr.gettext
    p = error.params
    code = error.code
    if code == "bad_letter":
        if p.get("key") == "factories":
            return _("Round {round}: \"{letter}\" in the factories is not a colour letter "
                     "(B, Y, R, K, W) (R1).").format(round=rnd, letter=p.get("letter", ""))
        return _("Round {round}: \"{letter}\" in \"after_fill\" is not a colour letter "
                 "(B, Y, R, K, W) (R46).").format(round=rnd, letter=p.get("letter", ""))
    if code == "factory_count":
        count = int(p.get("count", 0))
        return tr.ngettext("Round {round}: this game is played with {count} factory, not "
                           "{found} (R2).",
                           "Round {round}: this game is played with {count} factories, not "
                           "{found} (R2).", count).format(round=rnd, count=count,
                                                          found=p.get("found", 0))
    if code == "bad_fill":
        factories = p.get("factories", "")
        if error.rule == "R2":
            return _("Round {round}: a factory gets more than 4 tiles ({factories}) (R2)."
                     ).format(round=rnd, factories=factories)
        if error.rule in ("R41", "R47b"):
            return _("Round {round}: SF1 gets exactly one more tile, from the bag (from the lid "
                     "once the bag is empty), and none when both are empty ({rule})."
                     ).format(round=rnd, rule=error.rule)
        return _("Round {round}: the factories {factories} cannot be filled from the bag and "
                 "the lid ({rule}).").format(round=rnd, factories=factories, rule=error.rule)
    if code == "bad_display":
        count = int(p.get("count", 0))
        return _("Round {round}: in \"{key}\", \"{found}\" is not a display number from 1 to "
                 "{count} (R40).").format(round=rnd, key=p.get("key", ""),
                                          found=p.get("found", ""), count=count)
    if code == "bad_special":
        return _("Round {round}: \"{found}\" is not a special display (SF1, SF2B–SF2W, SF3, SF4, "
                 "SF5) (R40).").format(round=rnd, found=p.get("found", ""))
    if code == "special_twice":
        if p.get("key") == "after_fill":
            return _("Round {round}: display {display} is named twice in \"after_fill\" (R46)."
                     ).format(round=rnd, display=p.get("display", 0))
        return _("Round {round}: display {display} is named twice in \"specials\" (R40)."
                 ).format(round=rnd, display=p.get("display", 0))
    if code == "specials_off":
        return _("Round {round}: \"{key}\" belongs to a game with the special factory displays, "
                 "but the record does not turn them on (\"special_factories\": true) (R46)."
                 ).format(round=rnd, key=p.get("key", ""))
    if code == "bad_change":
        return _("Round {round}: \"after_fill\" gives \"{found}\" for display {display}: write the "
                 "letters it gained, then \"-\" and the letters it lost, and leave out a display "
                 "without a change (R46).").format(round=rnd, display=p.get("display", 0),
                                                   found=p.get("found", ""))
    if code == "specials_count":
        count = int(p.get("count", 0))
        if p.get("found"):
            return tr.ngettext(
                "Round {round}: this game has {count} special display each round, all different, "
                "not {found} (R47e).",
                "Round {round}: this game has {count} special displays each round, all different, "
                "not {found} (R47e).", count).format(round=rnd, count=count, found=p["found"])
        return tr.ngettext(
            "Round {round}: this game has {count} special display each round, but the record "
            "names none (R47e).",
            "Round {round}: this game has {count} special displays each round, but the record "
            "names none (R47e).", count).format(round=rnd, count=count)
    if code == "after_fill":
        none = _("no change")
        return _("Round {round}: \"after_fill\" records {found} for display {display}, but the "
                 "rules give {expected} (R41).").format(
            round=rnd, display=p.get("display", 0), found=p.get("found") or none,
            expected=p.get("expected") or none)
    return _move_error(tr, error, rnd)


def _move_error(tr: gettext.NullTranslations, error: InvalidRecordError, rnd: int) -> str:
    """The errors of a move, of a round's end and of the game's end."""
    _ = tr.gettext
    p = error.params
    code = error.code
    number, move = p.get("move_number", 0), p.get("move", "")
    if code == "not_a_move":
        return _("Round {round}, move {number}: \"{move}\" is not a move in the notation."
                 ).format(round=rnd, number=number, move=move)
    if code == "move_after_round":
        return _("Round {round}, move {number}: {move} comes after the end of the round (R16)."
                 ).format(round=rnd, number=number, move=move)
    if code == "illegal_move":
        rule = error.rule or "?"
        reason = reason_text(_, rule)
        if reason:
            return _("Round {round}, move {number}: {move} is not allowed: {reason} ({rule})."
                     ).format(round=rnd, number=number, move=move, reason=reason, rule=rule)
        return _("Round {round}, move {number}: {move} breaks rule {rule}.").format(
            round=rnd, number=number, move=move, rule=rule)
    if code == "round_after_end":
        return _("Round {round} should not be there: the game ended with the round before it "
                 "(R23).").format(round=rnd)
    if code == "round_cut_short":
        return _("Round {round}: the moves stop before the end of the round, yet another round "
                 "follows (R16).").format(round=rnd)
    if code == "scores_too_early":
        return _("Round {round}: the moves stop before the end of the round, yet scores are "
                 "recorded (R16).").format(round=rnd)
    if code == "result_too_early":
        return _("Round {round}: the moves stop before the end of the round, so the game has not "
                 "ended, yet the record gives final scores or winners (R23).").format(round=rnd)
    if code == "scores_missing":
        return _("Round {round} is complete, but its scores are missing (R19).").format(round=rnd)
    if code == "round_scores":
        return _("Round {round}: the recorded scores are {found}, but the rules give {expected} "
                 "(R18, R19).").format(round=rnd, found=p.get("found", ""),
                                       expected=p.get("expected", ""))
    if code == "final_missing":
        return _("The game ends after round {round} (R23), but the record has no final scores or "
                 "winners (\"final_scores\", \"winners\").").format(round=rnd)
    if code == "final_scores":
        return _("The recorded final scores are {found}, but the rules give {expected} (R24)."
                 ).format(found=p.get("found", ""), expected=p.get("expected", ""))
    if code == "winners":
        return _("The recorded winners are seats {found}, but the rules give seats {expected} "
                 "(counted from 0) (R25).").format(found=p.get("found", ""),
                                                   expected=p.get("expected", ""))
    if code == "not_ended":
        rounds = int(p.get("rounds", 0))
        return tr.ngettext("The record gives final scores or winners, but the game has not ended "
                           "after {rounds} round (R23).",
                           "The record gives final scores or winners, but the game has not ended "
                           "after {rounds} rounds (R23).", rounds).format(rounds=rounds)
    return _("This is not a valid game record.")


__all__ = ["record_error_text"]
