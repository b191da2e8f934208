"""The browser client's words for tournaments (joined into :func:`..messages.ui_messages`; the
same rules: literal ``_()`` / ``ngettext()`` calls, named placeholders, plural messages as the
list of the language's forms)."""

from __future__ import annotations

from collections.abc import Callable

from azulejos.i18n import translation


def tournament_messages(lang: str, plural: Callable[[str, str, int], list[str]]
                        ) -> dict[str, str | list[str]]:
    """Every tournament string of the page, in ``lang``."""
    _: Callable[[str], str] = translation(lang).gettext
    ngettext = plural
    return {
        "nav.tournaments": _("Tournaments"),
        # the list of tournaments
        "tournament.list_title": _("Tournaments"),
        "tournament.group.open": _("Open for players"),
        "tournament.group.running": _("Being played"),
        "tournament.group.finished": _("Over"),
        "tournament.none": _("None for now."),
        "tournament.entrants": ngettext("{n} player", "{n} players", 2),
        "tournament.round_of": _("Round {round} of {rounds}"),
        "tournament.starts": _("Starts on {time}"),
        "tournament.starts_manual": _("Starts when its creator starts it"),
        # the form that creates one
        "tournament.create_title": _("Create a tournament"),
        "tournament.sign_in": _("Sign in to create a tournament or to take part in one."),
        "tournament.name": _("Name of the tournament"),
        "tournament.format": _("Format"),
        "tournament.format.swiss": _("Swiss"),
        "tournament.format.round_robin": _("Round-robin"),
        "tournament.format_note": _("Swiss: players with the same points meet, never the same "
                                    "opponent twice where it can be avoided. Round-robin: "
                                    "everyone meets everyone once."),
        "tournament.rounds": _("Rounds"),
        "tournament.players": _("Players at a table"),
        "tournament.tables_note": _("With three or four players a game, the players sit at "
                                    "tables of that many (of one fewer where they do not "
                                    "divide evenly), meet the same opponents again only where "
                                    "it cannot be avoided, and take the first seat in turn. "
                                    "Round-robin: two players a game only."),
        "tournament.clock.server": _("The server's usual clock"),
        "tournament.start_at": _("Start time (leave empty to start it yourself)"),
        "tournament.bots": _("Bots may take part"),
        "tournament.create": _("Create"),
        "tournament.created": _("The tournament has been created. Join it to play."),
        # the page of one tournament
        "tournament.title": _("Tournament {name}"),
        "tournament.status.open": _("Open: players may join until it starts."),
        "tournament.status.running": _("Round {round} of {rounds} is being played."),
        "tournament.status.finished": _("The tournament is over."),
        "tournament.players_a_game": ngettext("{n} player a game", "{n} players a game", 2),
        "tournament.rated_note": _("Games between accounts are rated; games with a bot are not."),
        "tournament.join": _("Join"),
        "tournament.leave": _("Leave"),
        "tournament.start": _("Start now"),
        "tournament.add_bot": _("Add a bot"),
        "tournament.bot_level": _("Bot level"),
        "tournament.players_title": _("Players"),
        "tournament.you": _("(you)"),
        "tournament.standings": _("Standings"),
        "tournament.col.place": _("Place"),
        "tournament.col.player": _("Player"),
        "tournament.col.points": _("Points"),
        # TRANSLATORS: Buchholz: the tie-break, the sum of the opponents' points
        "tournament.col.buchholz": _("Buchholz"),
        "tournament.col.score": _("Total score"),
        "tournament.col.games": _("Games"),
        "tournament.tiebreak_note": _("A win is 1 point, a draw ½, a bye 1. Ties are broken by "
                                      "Buchholz (the opponents' points added up), then by the "
                                      "total score of the games."),
        "tournament.tiebreak_note_tables": ngettext(
            "At a table, first place gets {n} point and last place 0, the places between "
            "evenly spaced; shared places share their points; a bye counts as a first place. "
            "Ties are broken by Buchholz (for each game, the points of the table's other "
            "players averaged, added up), then by the total score of the games.",
            "At a table, first place gets {n} points and last place 0, the places between "
            "evenly spaced; shared places share their points; a bye counts as a first place. "
            "Ties are broken by Buchholz (for each game, the points of the table's other "
            "players averaged, added up), then by the total score of the games.", 3),
        "tournament.board": _("Table {board}"),
        "tournament.bye": _("{name} has a bye"),
        "tournament.vs": _("{first} against {second}"),
        "tournament.result": _("{first} – {second}"),
        # one player of a finished table of 3 or 4, best place first
        "tournament.table_line": _("{name}: place {place}, points {points}, score {score}"),
        # (a game that expired: no places)
        "tournament.table_line_expired": _("{name}: points {points}, score {score}"),
        "tournament.state.playing": _("being played"),
        "tournament.state.waiting": _("the game is being made"),
        "tournament.state.over": _("the game is over"),
        "tournament.open_game": _("Play"),
        # refusals
        "error.unknown_tournament": _("There is no such tournament."),
        "error.not_open": _("This tournament has already started."),
        "error.already_joined": _("You are already in this tournament."),
        "error.not_joined": _("You are not in this tournament."),
        "error.not_creator": _("Only the creator of the tournament can do this."),
        "error.too_few_players": ngettext(
            "This tournament needs at least {n} player to start.",
            "This tournament needs at least {n} players to start.", 2),
        "error.no_bots": _("Bots may not take part in this tournament."),
        "error.full": ngettext("This tournament already has its {n} player.",
                               "This tournament already has its {n} players.", 2),
        "error.no_tournaments": _("This server keeps no tournaments."),
    }
