"""The browser client's words for the ladder (joined into :func:`..messages.ui_messages`; the
same rules: literal ``_()`` / ``ngettext()`` calls, named placeholders, plural messages as the
list of the language's forms). The refusals of the ladder's routes, by error code, and the
words a ladder page shows."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.i18n import translation


def ladder_messages(lang: str, plural: Callable[[str, str, int], list[str]]
                    ) -> dict[str, str | list[str]]:
    """Every ladder string of the page, in ``lang``."""
    _: Callable[[str], str] = translation(lang).gettext
    ngettext = plural
    return {
        "nav.ladder": _("Ladder"),
        "ladder.title.2-coloured": _("Ladder: two players, coloured wall"),
        "ladder.title.2-grey": _("Ladder: two players, grey wall"),
        "ladder.note": ngettext("Challenge a player at most {n} rung above you. Win, and you "
                                "take their rung; everyone between moves down one.",
                                "Challenge a player at most {n} rungs above you. Win, and you "
                                "take their rung; everyone between moves down one.", 3),
        "ladder.col.rank": _("Rung"),
        "ladder.col.player": _("Player"),
        "ladder.col.record": _("Won – lost"),
        "ladder.join": _("Join the ladder"),
        "ladder.leave": _("Leave the ladder"),
        "ladder.challenge": _("Challenge"),
        "ladder.accept": _("Accept"),
        "ladder.decline": _("Decline"),
        "ladder.withdraw": _("Withdraw the challenge"),
        "ladder.challenged_you": _("{name} challenges you."),
        "ladder.you_challenged": _("You have challenged {name}."),
        "ladder.playing": _("{first} and {second} are playing their challenge game."),
        "ladder.wins": ngettext("{n} win", "{n} wins", 2),
        "ladder.losses": ngettext("{n} loss", "{n} losses", 2),
        "ladder.empty": _("Nobody is on this ladder yet."),
        "ladder.sign_in": _("Sign in to join the ladder and challenge other players."),
        "ladder.play": _("Play the challenge game"),
        "ladder.expires": _("Open until {date}."),
        "ladder.expired": ngettext("Your challenge to {name} has expired: it was not answered "
                                   "within {n} day.",
                                   "Your challenge to {name} has expired: it was not answered "
                                   "within {n} days.", 3),
        # refusals
        "error.unknown_ladder": _("There is no such ladder."),
        "error.already_on_ladder": _("You are already on this ladder."),
        "error.not_on_ladder": _("You are not on this ladder."),
        "error.challenge_playing": _("Your challenge game is being played: you can leave the "
                                     "ladder once it has ended."),
        "error.self_challenge": _("You cannot challenge yourself."),
        "error.unknown_rung": _("That player is not on this ladder."),
        "error.out_of_reach": ngettext("You can challenge only a player at most {n} rung above "
                                       "you.",
                                       "You can challenge only a player at most {n} rungs "
                                       "above you.", 3),
        "error.unknown_challenge": _("There is no such challenge."),
        "error.not_challenged": _("Only the players of this challenge can do this."),
        "error.challenge_pending": _("You or that player already have a challenge open or "
                                     "being played."),
        "error.challenge_closed": _("This challenge is no longer open."),
        "error.challenge_expired": _("This challenge has expired: it was not answered in "
                                     "time."),
    }
