"""Why a bot, a hint or a review failed, in the reader's language, by the kind of the error.

An exception's own text is English (and often a programmer's), so a screen never shows it
inside a translated sentence: the errors of the engine are said by their rule or code (the
sentences of :mod:`azulejos.render.reasons` and :mod:`azulejos.render.record_errors`), an
operating-system error by its number (:mod:`azulejos.render.oserror`), an external bot's
failure by its ``kind`` (``crash``, ``timeout``, ``garbage``, ``illegal``: see
``docs/protocol.md``), and anything else by one general sentence.
"""

from __future__ import annotations

import gettext

from azulejos.core.errors import IllegalMoveError, InvalidRecordError
from azulejos.i18n import N_

from .oserror import os_error_text
from .reasons import reason_text
from .record_errors import record_error_text

#: An external bot's failure, by its ``kind`` (agents.external.BotFailure).
_BOT_KINDS: dict[str, str] = {
    "crash": N_("the bot's program stopped or could not be started"),
    "timeout": N_("the bot did not answer in time"),
    "garbage": N_("the bot answered something that is not a move"),
    "illegal": N_("the bot chose a move the rules do not allow"),
}


def failure_text(tr: gettext.NullTranslations, error: BaseException, theme: str = "classic") -> str:
    """Why ``error`` happened, in words translated by ``tr`` (never the error's own text); a
    refused move in the words of ``theme`` (a theme's key: showcases and candies in the
    chocolatier theme)."""
    _ = tr.gettext
    kind = getattr(error, "kind", None)
    if isinstance(kind, str) and kind in _BOT_KINDS:
        return _(_BOT_KINDS[kind])
    if isinstance(error, InvalidRecordError):
        return record_error_text(tr, error)
    if isinstance(error, IllegalMoveError):
        why = reason_text(_, error.rule, theme) if error.rule else None
        return why or _("a move the rules do not allow")
    if isinstance(error, TimeoutError):  # an OSError too, without a number
        return _("it took too long")
    if isinstance(error, OSError):
        text = os_error_text(_, error)
        if text != str(error.strerror or error):  # a usual cause, said in words
            return text
        return _("the system refused it (error number {number})").format(number=error.errno or 0)
    if isinstance(error, MemoryError):
        return _("the computer ran out of memory")
    return _("an unexpected error in the program (see the log)")
