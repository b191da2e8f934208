"""Why a bot spec or a seat was refused, in the user's language: the ``code`` and ``params`` of
:class:`~azulejos.agents.registry.BotSpecError`, :class:`~azulejos.play.seats.SeatSpecError`
and :class:`~azulejos.fast.weights.WeightsFileError` (a ``weights=`` or ``priorweights=`` file
of ``fastmcts``) said in whole sentences (their English messages stay for library users)."""

from __future__ import annotations

import errno
import gettext

from azulejos.agents.registry import BotSpecError
from azulejos.fast.weights import WeightsFileError
from azulejos.play.seats import SeatSpecError

_NO_FILE = (errno.ENOENT, errno.ENOTDIR)
_NO_PERMISSION = (errno.EACCES, errno.EPERM)


def bot_error_text(tr: gettext.NullTranslations, error: BotSpecError) -> str:
    """One line saying what is wrong with a bot spec, translated by ``tr``."""
    _ = tr.gettext
    p = error.params
    code = error.code
    if code == "option_syntax":
        return _("{spec}: write the option {option} as key=value").format(**p)
    if code == "option_twice":
        return _("{spec}: the option {option} is given twice").format(**p)
    if code == "seed":
        return _("the seed of a bot must be a whole number, not {seed}").format(**p)
    if code == "no_command":
        return _("cmd: needs a command after it, such as cmd:python my_bot.py").format(**p)
    if code == "command_syntax":
        return _("{spec}: the command has an unclosed quote or ends with a backslash").format(**p)
    if code == "unknown_bot":
        return _("unknown bot {spec} (known: {known}, or cmd:COMMAND)").format(**p)
    if code == "no_options":
        return _("the bot {name} takes no options ({spec})").format(**p)
    if code == "unknown_option":
        return _("the bot {name} has no option {option} (its options: {options})").format(**p)
    if code == "not_a_number":
        if p.get("kind") == "int":
            return _("{name}: {option}={value} must be a whole number").format(**p)
        return _("{name}: {option}={value} must be a finite number").format(**p)
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
    if code == "range":
        return _("{name}: {option} must be a whole number from {low} to {high}").format(**p)
    if code == "between":
        return _("{name}: {option} must be a number from {low} to {high}").format(**p)
    return _("a bot is named by a word such as greedy or mcts:time=0.5")


def seat_error_text(tr: gettext.NullTranslations, error: SeatSpecError) -> str:
    """One line saying what is wrong with a seat of ``--seats``, translated by ``tr``."""
    _ = tr.gettext
    if error.code == "long_name":
        return _("the name {name}… is longer than 24 characters").format(**error.params)
    if error.code == "near_level":
        return _("unknown bot level {level}: did you mean {near}? (levels: {levels}; write "
                 "name:{level} for a person of that name)").format(**error.params)
    return _("unknown bot level {level} (one of {levels})").format(**error.params)


def spec_error_text(tr: gettext.NullTranslations, error: BotSpecError | WeightsFileError) -> str:
    """One line saying why a bot could not be made from its spec, translated by ``tr``."""
    if isinstance(error, WeightsFileError):
        return weights_error_text(tr, error)
    return bot_error_text(tr, error)


def weights_error_text(tr: gettext.NullTranslations, error: WeightsFileError) -> str:
    """One sentence saying what is wrong with a value network's or a move prior's weights file
    (``fastmcts:weights=...``, ``priorweights=...``), translated by ``tr``."""
    _ = tr.gettext
    p = error.params
    path = str(p.get("path", ""))
    net = error.kind == "net"
    code = error.code
    if code == "unreadable":
        number = p.get("errno", 0)
        if number in _NO_FILE:
            text = (_("The value network weights file {path} does not exist.") if net else
                    _("The move prior weights file {path} does not exist."))
        elif number in _NO_PERMISSION:
            text = (_("No permission to read the value network weights file {path}.") if net else
                    _("No permission to read the move prior weights file {path}."))
        elif number == errno.EISDIR:
            text = (_("{path} is a folder, not a value network weights file.") if net else
                    _("{path} is a folder, not a move prior weights file."))
        else:
            text = (
                # TRANSLATORS: {reason} is the operating system's own explanation, in English.
                _("The value network weights file {path} cannot be read ({reason}).") if net
                # TRANSLATORS: {reason} is the operating system's own explanation, in English.
                else _("The move prior weights file {path} cannot be read ({reason}).")
            )
        return text.format(path=path, reason=p.get("reason", ""))
    if code == "not_weights":
        text = (_("{path} is not a value network weights file (an .npz file written by "
                  "azulejos train).") if net else
                _("{path} is not a move prior weights file (an .npz file written by azulejos "
                  "train --prior)."))
    elif code == "wrong_kind":
        text = (_("{path} holds the weights of a move prior, not of a value network (a move "
                  "prior is given with priorweights=).") if net else
                _("{path} holds the weights of a value network, not of a move prior (a value "
                  "network is given with weights=)."))
    elif code == "wrong_shape":
        count = int(p.get("count", 0))
        if net:
            text = tr.ngettext("{path} is not a value network for this version of azulejos: it "
                               "must take {count} input.",
                               "{path} is not a value network for this version of azulejos: it "
                               "must take {count} inputs.", count)
        else:
            text = tr.ngettext("{path} is not a move prior for this version of azulejos: it must "
                               "have {count} weight.",
                               "{path} is not a move prior for this version of azulejos: it must "
                               "have {count} weights.", count)
        return text.format(path=path, count=count)
    elif code == "header_mismatch":
        text = _("{path} is damaged: the number of its value network weights does not match the "
                 "layer sizes it gives.")
    elif code == "not_finite":
        text = (_("{path} cannot be used: some of its value network weights are not finite "
                  "numbers.") if net else
                _("{path} cannot be used: some of its move prior weights are not finite "
                  "numbers."))
    else:
        text = _("{path} cannot be used as a weights file.")
    return text.format(path=path)
