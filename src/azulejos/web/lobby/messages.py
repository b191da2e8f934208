"""The browser client's words for finding a game: the public lobby, quick match, watching and
rematches (joined into :func:`..messages.ui_messages`; the same rules: literal ``_()`` /
``ngettext()`` calls, named placeholders, plural messages as the list of the language's
forms)."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.i18n import translation


def lobby_messages(lang: str, plural: Callable[[str, str, int], list[str]]
                   ) -> dict[str, str | list[str]]:
    """Every string of finding a game, in ``lang``; ``plural(singular, plural, n)`` gives a
    message's plural forms."""
    _: Callable[[str], str] = translation(lang).gettext
    ngettext = plural
    return {
        "find.title": _("Find a game"),
        "find.intro": _("Play people you do not know yet: open a public game for anyone to "
                        "join, or ask for a quick match with a player of your level."),
        "find.sign_in": _("Sign in (in the account card) to play public games."),
        "find.rated": _("Rated game"),
        "find.open": _("Open a public game"),
        "find.quick": _("Quick match"),
        "find.waiting": _("Looking for a player who asked for the same game…"),
        "find.band": _("Ratings within {band} of yours"),
        "find.cancel": _("Cancel"),
        "find.cancelled": _("Quick match cancelled."),
        "find.open_games": _("Open games"),
        "find.no_open": _("No open games. Open one, and others can join it here."),
        "find.join": _("Join"),
        "find.leave": _("Leave"),
        "find.you_wait": _("You are in: the game starts when every seat is taken."),
        "find.free": ngettext("{n} free seat", "{n} free seats", 2),
        "find.players": ngettext("{n} player", "{n} players", 2),
        "find.specials": _("special factories"),
        "find.rated_tag": _("rated"),
        "find.unrated_tag": _("not rated"),
        "find.live": _("Games being played"),
        "find.no_live": _("No public games are being played right now."),
        "find.watch": _("Watch"),
        "find.invitation_unrated": _("A game made by invitation is not rated: rated games are "
                                     "played from the public lobby or a quick match."),
        "rematch.offer": _("Play again"),
        "rematch.accept": _("Accept the rematch"),
        "rematch.decline": _("Decline"),
        "rematch.withdraw": _("Withdraw the offer"),
        "rematch.offered": _("{name} offers a rematch."),
        "rematch.waiting": _("Waiting for the other players to accept the rematch…"),
        "rematch.declined": _("The rematch was declined."),
        "error.rated_needs_lobby": _("A game made by invitation cannot be rated: open it in "
                                     "the public lobby, or ask for a quick match."),
        "error.already_seated": _("You already sit at this game."),
        "error.no_free_seat": _("Every seat of this game is taken."),
        "error.not_open": _("This game is no longer open."),
        "error.too_many_open": ngettext(
            "You can wait in at most {max} open game at once.",
            "You can wait in at most {max} open games at once.", 2),
        "error.already_matched": _("You have been paired already: opening the game."),
        "error.unknown_lobby": _("There is no such public game: it may have been closed."),
        "error.not_seated": _("You do not sit at this game."),
        "error.unknown_ticket": _("This quick match is unknown: ask for a new one."),
        "error.not_waiting": _("This quick match is no longer waiting."),
        "find.expired": _("Your public game has expired: nobody took its free seats in time. "
                          "Open a new one to keep waiting."),
        "error.lobby_expired": _("This public game has expired: nobody took its free seats in "
                                 "time."),
        "error.no_rematch": _("Only games from the lobby or a quick match can be played "
                              "again."),
    }
