"""Why a bot spec or a seat was refused, in the user's language: the ``code`` and ``params`` of
:class:`~azulejos.agents.registry.BotSpecError` and :class:`~azulejos.play.seats.SeatSpecError`
said in whole sentences (their English messages stay for library users)."""

from __future__ import annotations

import gettext

from azulejos.agents.registry import BotSpecError
from azulejos.play.seats import SeatSpecError


def bot_error_text(tr: gettext.NullTranslations, error: BotSpecError) -> str:
    """One line saying what is wrong with a bot spec, translated by ``tr``."""
    _ = tr.gettext
    p = error.params
    code = error.code
    if code == "option_syntax":
        return _("{spec}: write the option {option} as key=value").format(**p)
    if code == "unknown_bot":
        return _("unknown bot {spec} (known: {known}, or cmd:COMMAND)").format(**p)
    if code == "no_options":
        return _("the bot {name} takes no options ({spec})").format(**p)
    if code == "unknown_option":
        return _("the bot {name} has no option {option} (its options: {options})").format(**p)
    if code == "not_a_number":
        if p.get("kind") == "int":
            return _("{name}: {option}={value} must be a whole number").format(**p)
        return _("{name}: {option}={value} must be a number").format(**p)
    if code == "negative":
        return _("{name}: {option} must not be negative").format(**p)
    if code == "iterations":
        return _("{name}: iterations must be at least 1").format(**p)
    if code == "fraction":
        return _("{name}: {option} must be between 0 and 1").format(**p)
    if code == "switch":
        return _("{name}: {option} must be 0 or 1").format(**p)
    if code == "positive":
        return _("{name}: temperature and scale must be above 0").format(**p)
    if code == "choice":
        return _("{name}: {option}={value} is not one of {choices}").format(**p)
    if code == "needs":
        return _("{name}: the option {option} needs {needs}").format(**p)
    return _("a bot is named by a word such as greedy or mcts:time=0.5")


def seat_error_text(tr: gettext.NullTranslations, error: SeatSpecError) -> str:
    """One line saying what is wrong with a seat of ``--seats``, translated by ``tr``."""
    _ = tr.gettext
    if error.code == "long_name":
        return _("the name {name}… is longer than 24 characters").format(**error.params)
    return _("unknown bot level {level} (one of {levels})").format(**error.params)
