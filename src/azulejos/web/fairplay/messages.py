"""The browser client's words for fair play: reporting and muting in the chat, fair-play
waits, provisional ratings and the operator's moderation page (joined into
:func:`..messages.ui_messages`; the same rules: literal ``_()`` / ``ngettext()`` calls, named
placeholders, plural messages as the list of the language's forms)."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.i18n import translation


def fairplay_messages(lang: str, plural: Callable[[str, str, int], list[str]]
                      ) -> dict[str, str | list[str]]:
    """Every fair-play string of the page, in ``lang``; ``plural(singular, plural, n)`` gives a
    message's plural forms."""
    _: Callable[[str], str] = translation(lang).gettext
    ngettext = plural
    return {
        # the chat: reporting a message, muting a player in every game
        "chat.report": _("Report"),
        "chat.report_title": _("Report this message to the server’s operator"),
        "chat.report_confirm": _("Report this message by {name} to the server’s operator?"),
        "chat.reported": _("The message has been reported to the operator."),
        "chat.report_sign_in": _("Sign in to report a message."),
        "chat.mute_everywhere": _("Mute {name} in every game"),
        "chat.unmute_everywhere": _("Unmute {name} in every game"),
        # fair-play waits and suspensions (refusals of the server)
        "fairplay.wait_minutes": ngettext(
            "You left or ran out of time in rated games: you may play rated games again in "
            "{n} minute.",
            "You left or ran out of time in rated games: you may play rated games again in "
            "{n} minutes.", 2),
        "fairplay.wait_hours": ngettext(
            "You left or ran out of time in rated games: you may play rated games again in "
            "{n} hour.",
            "You left or ran out of time in rated games: you may play rated games again in "
            "{n} hours.", 2),
        "fairplay.suspended_until": _("This account is suspended until {date}."),
        "fairplay.suspended": _("This account is suspended until the server’s operator lifts "
                                "the suspension."),
        "error.name_taken": _("This name is taken by another player. Choose another."),
        "error.not_operator": _("Only the server’s operator may do this."),
        "error.unknown_report": _("There is no such report."),
        "error.not_open": _("This report has already been dealt with."),
        "error.unknown_message": _("There is no such message in this game."),
        "error.already_reported": _("You have already reported this."),
        "error.unknown_account": _("There is no account with this name."),
        "error.already_suspended": _("This account is already suspended."),
        "error.not_suspended": _("This account is not suspended."),
        # provisional ratings
        "profile.provisional": _("provisional"),
        "profile.provisional_note": _("A rating is provisional until 10 rated games against at "
                                      "least 5 different opponents; the leaderboard shows only "
                                      "ratings that are no longer provisional."),
        # reporting a player from their profile page
        "profile.report": _("Report this player"),
        "profile.report_prompt": _("Why do you report {name} to the server’s operator (for "
                                   "example: one person playing two accounts)?"),
        "profile.reported": _("The player has been reported to the operator."),
        # the operator's page, /admin
        "admin.title": _("Moderation"),
        "admin.sign_in": _("Sign in with the operator’s account to moderate."),
        "admin.open_count": ngettext("{n} open report", "{n} open reports", 2),
        "admin.none": _("No reports here."),
        "admin.show": _("Show"),
        "admin.state.open": _("Open reports"),
        "admin.state.dismissed": _("Dismissed"),
        "admin.state.suspended": _("Led to a suspension"),
        "admin.state.all": _("All reports"),
        "admin.kind.message": _("Reported message"),
        "admin.kind.player": _("Reported player"),
        "admin.kind.boosting": _("Suspected boosting, found by the server"),
        "admin.reporter": _("Reported by {name}"),
        "admin.by_server": _("Reported by the server"),
        "admin.reported": _("Player: {name}"),
        "admin.account": _("Account: {name}"),
        "admin.guest": _("a guest, without an account"),
        "admin.game": _("Game {game}"),
        "admin.note": _("Note: {note}"),
        "admin.context": _("The chat around it"),
        "admin.dismiss": _("Dismiss"),
        "admin.dismissed": _("The report has been dismissed."),
        "admin.reason": _("Reason"),
        "admin.hours": _("Hours (leave empty: until lifted)"),
        "admin.suspend": _("Suspend"),
        "admin.suspend_title": _("Suspend an account"),
        "admin.suspend_name": _("User name"),
        "admin.suspended_done": _("{name} is suspended: their sessions have ended and the "
                                  "stand-in bot plays their running games."),
        "admin.lift": _("Lift the suspension"),
        "admin.lifted": _("{name} may play again."),
        "admin.suspensions": _("Suspended accounts"),
        "admin.no_suspensions": _("No account is suspended."),
        "admin.until": _("until {date}"),
        "admin.until_lifted": _("until lifted"),
        "admin.is_suspended": _("suspended"),
    }
