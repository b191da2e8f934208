"""The browser client's words for player profiles and the leaderboard (joined into
:func:`.messages.ui_messages`; the same rules: literal ``_()`` / ``ngettext()`` calls, named
placeholders, plural messages as the list of the language's forms)."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.i18n import translation


def profile_messages(lang: str, plural: Callable[[str, str, int], list[str]]
                     ) -> dict[str, str | list[str]]:
    """Every profile and leaderboard string of the page, in ``lang``; ``plural(singular,
    plural, n)`` gives a message's plural forms."""
    _: Callable[[str], str] = translation(lang).gettext
    ngettext = plural
    return {
        "nav.leaderboard": _("Leaderboard"),
        # the profile card in the lobby
        "profile.title": _("Your profile"),
        "profile.none": _("A profile keeps your results and, in rated games between people, your "
                          "rating. It needs no password: a secret key stays in this browser."),
        "profile.name": _("Your name"),
        "profile.create": _("Create a profile"),
        "profile.created": _("Profile created. Export its key to keep it safe or to use it on "
                             "another device: whoever has the key can play as you."),
        "profile.as": _("You play as {name}"),
        "profile.open": _("Statistics and rating"),
        "profile.rename": _("Rename"),
        "profile.renamed": _("Your name has been changed."),
        "profile.export": _("Export key"),
        "profile.copy_key": _("Copy key"),
        "profile.key_copied": _("The key has been copied."),
        "profile.import": _("Import a profile"),
        "profile.import_hint": _("Paste a profile key, or open a key file exported from another "
                                 "browser."),
        "profile.import_key": _("Profile key"),
        "profile.import_file": _("Key file"),
        "profile.import_button": _("Use this key"),
        "profile.imported": _("This browser now plays as {name}."),
        "profile.bad_file": _("This file does not hold a profile key."),
        "profile.forget": _("Forget on this device"),
        "profile.forget_confirm": _("Forget this profile on this device? Without its key it "
                                    "cannot be recovered."),
        # the lobby's new game form
        "profile.rated": _("Rated game (counts only if every player has a profile)"),
        "profile.rated_note": _("Rated games are for people only, each on their own device."),
        # the game page: a rated game's mark, and a player's name opening their profile
        "profile.rated_badge": _("Rated game"),
        "profile.rated_badge_note": _("The result changes the players' ratings."),
        # the profile page
        "profile.page_title": _("Profile of {name}"),
        "profile.rating": _("Rating"),
        "profile.no_rating": _("No rated games yet."),
        # TRANSLATORS: {ordinal} is the displayed rating; mu and sigma are its mean and
        # uncertainty.
        "profile.rating_line": _("{ordinal} (μ {mu}, σ {sigma})"),
        "profile.rated_games": ngettext("{n} rated game", "{n} rated games", 2),
        "profile.games": ngettext("{n} game played", "{n} games played", 2),
        "profile.wins": ngettext("{n} win", "{n} wins", 2),
        "profile.no_games": _("No finished games yet."),
        "profile.by_players": _("By number of players"),
        "profile.by_variant": _("By wall side"),
        "profile.by_module": _("By rules module"),
        "profile.col.games": _("Games"),
        "profile.col.wins": _("Wins"),
        "profile.col.mean": _("Mean score"),
        # TRANSLATORS: {n} is a number, the player's mean final score.
        "profile.mean_line": _("Mean score: {n}"),
        "profile.players": ngettext("{n} player", "{n} players", 2),
        "profile.variant.coloured": _("Coloured wall"),
        "profile.variant.grey": _("Grey wall"),
        "profile.module.base": _("Base game"),
        "profile.module.special_factories": _("Master Chocolatier special factories"),
        "profile.counts_note": _("Games on one device (hot-seat) count neither here nor in the "
                                 "rating. Shared victories count as wins."),
        # the leaderboard page
        "leaderboard.title": _("Leaderboard"),
        "leaderboard.players": _("Players"),
        "leaderboard.any_players": _("Any number"),
        "leaderboard.variant": _("Wall side"),
        "leaderboard.any_variant": _("Both"),
        "leaderboard.col.place": _("Place"),
        "leaderboard.col.name": _("Player"),
        "leaderboard.col.rating": _("Rating"),
        "leaderboard.col.games": _("Rated games"),
        "leaderboard.empty": _("No rated games here yet."),
        "leaderboard.prev": _("Previous page"),
        "leaderboard.next": _("Next page"),
        "leaderboard.page": _("Page {n}"),
        "leaderboard.note": _("The rating shown is μ − 3σ: it rises as you win, and as the "
                              "server becomes surer of your level."),
        "leaderboard.you": _("(you)"),
        # errors of the profile routes
        "error.bad_profile_key": _("This profile key is not valid."),
        "error.unknown_profile": _("There is no such profile."),
        "error.not_your_profile": _("This profile is not yours."),
        "error.no_profiles": _("This server keeps no player profiles."),
    }
