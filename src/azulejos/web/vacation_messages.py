"""The browser client's words for vacation days (joined into :func:`.messages.ui_messages`; the
same rules: literal ``_()`` / ``ngettext()`` calls, named placeholders, plural messages as the
list of the language's forms)."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.i18n import translation


def vacation_messages(lang: str, plural: Callable[[str, str, int], list[str]]
                      ) -> dict[str, str | list[str]]:
    """Every vacation string of the page, in ``lang``; ``plural(singular, plural, n)`` gives a
    message's plural forms."""
    _: Callable[[str], str] = translation(lang).gettext
    ngettext = plural
    return {
        "vacation.title": _("Vacation"),
        "vacation.intro": ngettext(
            "You have {n} vacation day left this year. While you are away, your turns in games "
            "with a clock of a day or more wait for you.",
            "You have {n} vacation days left this year. While you are away, your turns in "
            "games with a clock of a day or more wait for you.", 2),
        "vacation.days": _("Days away"),
        "vacation.start": _("Start the vacation"),
        "vacation.on": _("You are on vacation until {date}: your turn-based games wait for "
                         "you."),
        "vacation.end": _("End the vacation now"),
        "vacation.started": _("Enjoy your vacation: your turn-based games wait until {date}."),
        "vacation.ended": _("Welcome back! The whole days you did not use are yours again."),
        "game.vacation_tag": _("on vacation until {date}"),
        "lobby.state.vacation": _("{name} is on vacation until {date}"),
        "clock.paused": _("{name} is on vacation until {date}: their clock is stopped."),
        "error.bad_days": ngettext(
            "You have {n} vacation day left this year: choose fewer days.",
            "You have {n} vacation days left this year: choose fewer days.", 2),
        "error.on_vacation": _("You are on vacation already: end it first."),
        "error.not_on_vacation": _("You are not on vacation."),
    }
