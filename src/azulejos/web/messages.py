"""The browser client's words, translated on the server and sent to the page as JSON.

Every string is a literal ``_()`` / ``ngettext()`` call so that the message extractor finds
it. Placeholders in braces (``{name}``) are filled in by the page. The page never shows text of
its own. A message with plural forms is sent as the list of this language's forms (see
:data:`PLURAL_SAMPLES`; the page picks one with the same rule as the catalogue's
``Plural-Forms``). Sentence parts that name things of the table come from the theme's phrases
(``theme_json(lang)[i]["phrases"]``), never from spliced nouns.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from azulejos.i18n import DECIMAL_COMMA, LANGUAGE_NAMES, LANGUAGES, translation
from azulejos.play.sentences import SENTENCES
from azulejos.render.reasons import CHOCOLATIER_REASONS, REASONS, reason_text
from azulejos.render.themes import THEMES

from .accounts.messages import account_messages
from .chat_messages import chat_messages
from .fairplay.messages import fairplay_messages
from .ladder.messages import ladder_messages
from .lobby.messages import lobby_messages
from .profile_messages import profile_messages
from .tournaments.messages import tournament_messages
from .vacation_messages import vacation_messages

#: One number per plural form of each language, in the order of its catalogue's forms.
PLURAL_SAMPLES: dict[str, tuple[int, ...]] = {"en": (1, 2), "fr": (1, 2), "uk": (1, 2, 5), "ru": (1, 2, 5)}


def plural_forms(lang: str, singular: str, plural: str) -> list[str]:
    """Every plural form of a message in ``lang`` (the page chooses one by its count)."""
    tr = translation(lang)
    return [tr.ngettext(singular, plural, n) for n in PLURAL_SAMPLES.get(lang, (1, 2))]


def shared_sentences(lang: str) -> dict[str, str | list[str]]:
    """The sentences the page and the Python renderer share (:mod:`azulejos.play.sentences`),
    in ``lang``: one msgid each, so that the page says a move, a tiling step or a leave in the
    very words of the terminal and the replays."""
    tr = translation(lang)
    return {k: plural_forms(lang, *v) if isinstance(v, tuple) else tr.gettext(v)
            for k, v in SENTENCES.items()}


def ui_messages(lang: str) -> dict[str, str | list[str]]:
    """Every string of the page, in ``lang`` (English where a translation is missing); plural
    messages as the list of the language's forms."""
    tr = translation(lang)
    _: Callable[[str], str] = tr.gettext

    def ngettext(singular: str, plural: str, n: int) -> list[str]:
        del n  # the page picks the form
        return plural_forms(lang, singular, plural)

    return {
        # page frame
        "app.title": _("azulejos"),
        "app.tagline": _("Draft tiles, build your wall, play with friends or bots."),
        "nav.lobby": _("Lobby"),
        "nav.rules": _("Rules"),
        "nav.language": _("Language"),
        "nav.theme": _("Theme"),
        "nav.patterns": _("Colour-blind patterns"),
        "nav.replay": _("Open a record"),
        # lobby
        "lobby.new": _("New game"),
        "lobby.players": _("Players"),
        "lobby.wall": _("Wall side"),
        "lobby.wall.coloured": _("Coloured wall"),
        "lobby.wall.grey": _("Grey wall (choose the columns)"),
        "lobby.seat": _("Seat {n}"),
        "lobby.name": _("Name"),
        "lobby.kind.person": _("Person"),
        "lobby.hotseat": _("Everyone plays on this device (hot-seat)"),
        "lobby.start_player": _("First player"),
        "lobby.create": _("Create game"),
        "lobby.created": _("Game created"),
        "lobby.invite": _("Send each player their own link. The first person to open a link takes that seat; "
                          "the link then opens nothing for anyone else."),
        "lobby.invite_hotseat": _("Everyone plays on this device. Share the spectators' link with anyone who wants to watch."),
        "lobby.stand_in": _("If a player leaves, their seat is played by"),
        "lobby.link.seat": _("Link for {name}"),
        "lobby.link.spectator": _("Link for spectators"),
        "lobby.link.hotseat": _("Link for this device (all seats)"),
        "lobby.copy": _("Copy"),
        "lobby.copied": _("Copied"),
        "lobby.open": _("Open"),
        "lobby.play_here": _("Play seat {n} here"),
        "lobby.my_games": _("My games"),
        "lobby.no_games": _("No games yet. Create one, or open an invitation link."),
        "lobby.remove": _("Remove from list"),
        "lobby.state.your_turn": _("Your turn"),
        "lobby.state.waiting": _("Waiting for {name}"),
        "lobby.state.over": _("Finished"),
        # a game nobody had moved in for too long (docs/api.md, "Expiry")
        "lobby.state.expired": _("Expired: nobody had moved for too long"),
        "lobby.state.spectating": _("Watching"),
        "lobby.state.left": _("You left"),
        "lobby.state.timed_out": _("Your time ran out"),
        # a game created on this device whose creator has not taken a seat (only watches)
        "lobby.state.host_waiting": _("You created this game: not every invitation has been opened yet"),
        "lobby.state.host": _("You created this game and are watching it"),
        "lobby.round": _("Round {n}"),
        "lobby.bot_note": _("Bots play on the server; you can watch them think."),
        # Master Chocolatier special factories (R40-R47). A key ending in ".chocolatier" is the
        # same message in the chocolatier theme's words (the page picks it in that theme).
        "lobby.special_factories": _("Master Chocolatier special factories"),
        "lobby.special_factories.chocolatier": _("Master Chocolatier special showcases"),
        "lobby.special_factories_note": _("Each round, as many factories as there are players become "
                                          "special ones, each with its own effect."),
        "lobby.special_factories_note.chocolatier": _("Each round, as many showcases as there are "
                                                      "players become special ones, each with its own "
                                                      "effect."),
        "sf.legend": _("Special factories"),
        "sf.legend.chocolatier": _("Special showcases"),
        "sf.SF1": _("SF1: after the fill it gets one more tile from the bag."),
        "sf.SF1.chocolatier": _("SF1: after the fill it gets one more candy from the sack."),
        "sf.SF2": _("SF2: after the fill it takes one tile of its own colour from each neighbour."),
        "sf.SF2.chocolatier": _("SF2: after the fill it takes one candy of its own kind from each neighbour."),
        "sf.SF3": _("SF3: the tiles you do not take stay on it."),
        "sf.SF3.chocolatier": _("SF3: the candies you do not take stay in it."),
        "sf.SF4": _("SF4: you send each colour you do not take to its left or right neighbour."),
        "sf.SF4.chocolatier": _("SF4: you send each kind of candy you do not take to the "
                                "showcase on its left or on its right."),
        "sf.SF5": _("SF5: whoever takes from it keeps it beside their floor line for the round; "
                    "the next tile that would fall to their floor lands on it, without penalty."),
        "sf.SF5.chocolatier": _("SF5: whoever takes from it keeps it beside their spill tray for the "
                                "round; the next candy that would fall to their spill tray lands on "
                                "it, without penalty."),
        # TRANSLATORS: {name} is the player who holds SF5 this round.
        "sf.held_by": _("SF5 is with {name}"),
        "sf4.title": _("SF4: choose where each colour you leave goes"),
        "sf4.title.chocolatier": _("SF4: choose where each kind of candy you leave goes"),
        # TRANSLATORS: a button: send this colour to the left neighbour, factory {number}.
        "sf4.left": _("← to factory {number}"),
        "sf4.left.chocolatier": _("← to showcase {number}"),
        # TRANSLATORS: a button: send this colour to the right neighbour, factory {number}.
        "sf4.right": _("to factory {number} →"),
        "sf4.right.chocolatier": _("to showcase {number} →"),
        "sf4.pick": _("Choose left or right for each colour."),
        "sf4.pick.chocolatier": _("Choose left or right for each kind of candy."),
        # game table
        "game.round": _("Round {n}"),
        "game.to_move": _("{name} to move"),
        "game.your_move": _("Your move, {name}"),
        "game.choose_column": _("{name}: choose the wall column for pattern line {line}"),
        "game.your_column": _("Choose the wall column for pattern line {line}"),
        # the accessible name of a free space the grey wall's line may go to (R30)
        "game.column_target": _("Wall row {row}, column {column}"),
        "game.over": _("Game over"),
        "game.factory": _("Factory {n}"),
        "game.centre": _("Centre"),
        "game.marker": _("First-player marker"),
        "game.floor": _("Floor"),
        "game.score": _("Score"),
        "game.bag": _("Bag"),
        "game.lid": _("Lid"),
        "game.you": _("you"),
        "game.bot": _("bot"),
        "game.offline": _("offline"),
        # a seat whose invitation nobody has opened yet
        "game.invited": _("invited"),
        "game.online": _("online"),
        "game.spectating": _("You are watching this game."),
        "game.pick_tiles": _("Pick a colour in a factory or in the centre."),
        "game.pick_tiles.chocolatier": _("Pick a kind of candy in a showcase or on the counter."),
        "game.pick_line": _("Now pick a pattern line or the floor."),
        "game.pick_line.chocolatier": _("Now pick a tray or the spill tray."),
        "game.pick_column": _("Pick a free space in the highlighted row of your wall."),
        "game.pick_column.chocolatier": _("Pick a free space in the highlighted row of your box."),
        "game.confirm": _("Confirm"),
        "game.cancel": _("Cancel"),
        "game.waiting": _("Waiting for {name}…"),
        "game.connecting": _("Connecting…"),
        "game.reconnecting": _("Connection lost, reconnecting…"),
        "game.connected": _("Connected"),
        "game.pass_device": _("Pass the device to {name}"),
        "game.pass_ready": _("I am {name}, show my board"),
        "game.invite": _("Invite"),
        "game.download": _("Download the game record"),
        "game.replay": _("Replay the moves"),
        # replay and review (replay.js)
        "replay.title": _("Replay"),
        "replay.back": _("Back to the game"),
        "replay.loading": _("Loading the replay…"),
        "replay.open_title": _("Open a game record"),
        "replay.open_text": _("Choose an azulejos game record (a JSON file downloaded from a game, or written by "
                              "the terminal game) or drop it here, then step through it move by move."),
        "replay.choose": _("Choose a file"),
        # TRANSLATORS: {n} is a number of kilobytes.
        "replay.too_large": ngettext("This file is too large for a game record (at most {n} kB).",
                                     "This file is too large for a game record (at most {n} kB).", 2),
        "replay.first": _("First"),
        "replay.prev": _("Previous"),
        "replay.next": _("Next"),
        "replay.last": _("Last"),
        # TRANSLATORS: {i} is the move shown, {n} the number of moves (0 is the start).
        "replay.position": _("Move {i} of {n}"),
        "replay.moves": _("Moves"),
        "replay.up_to_now": _("This game is still being played: each new move appears here as soon as it is played."),
        "replay.review": _("Engine review"),
        "replay.review_game": _("Review this game with the engine"),
        "replay.reviewing": _("The engine is reviewing the game…"),
        "replay.download_reviewed": _("Download the reviewed record"),
        "replay.no_review": _("This record has no engine review. Download it and run "
                              "\"azulejos review FILE\" to add one, then open the reviewed file here."),
        # TRANSLATORS: {name} is a player's name.
        "replay.mistakes": _("Biggest mistakes of {name}"),
        # TRANSLATORS: {move} and {best} are moves in notation (e.g. "3B2"); {lost} is the
        # points lost, a negative decimal number such as "−2.5".
        "replay.mistake": _("Round {round}, move {number}: {move} instead of {best} ({lost})"),
        # TRANSLATORS: {best} is the engine's preferred move in words, e.g. "Ann takes 2 red
        # tiles from the centre to pattern line 3".
        "replay.best_said": _("The engine's choice: {best}"),
        # TRANSLATORS: {move} and {best} are moves in words (whole sentences such as "Ann takes
        # 2 red tiles from the centre to pattern line 3"); {lost} is "−2.5".
        "replay.mistake_said": _("Round {round}, move {number}: {move}. The engine's choice: "
                                 "{best} ({lost})."),
        "replay.no_mistakes": ngettext("No move lost {points} point or more.",
                                       "No move lost {points} points or more.", 2),
        "game.log": _("Game log"),
        # TRANSLATORS: a label and its value, e.g. "Bag: 40" or "Factory 2: 3 × Blue" (French
        # typography: a no-break space before the colon).
        "label.value": _("{label}: {value}"),
        "game.rename": _("Your name"),
        "game.leave": _("Leave the game"),
        "game.leave_title": _("Leave this game?"),
        # TRANSLATORS: {bot} is a bot's name such as "Medium bot".
        "game.leave_text": _("{bot} will play your seat until the end, so that the others can finish. "
                             "You cannot take the seat back."),
        "game.leave_confirm": _("Leave the game"),
        "game.leave_cancel": _("Stay"),
        # TRANSLATORS: {bot} is a bot's name such as "Medium bot".
        "game.you_left": _("You left this game. {bot} plays your seat."),
        # TRANSLATORS: a short tag on the board of a player who left; {bot} is "Medium bot".
        "game.left_tag": _("left · {bot}"),
        "game.invite_taken": _("seat taken"),
        "game.invite_new": _("New link"),
        "game.invite_renewed": _("New link for {name}: the old one no longer works."),
        # invitation links
        "join.claiming": _("Taking your seat…"),
        "join.claimed_title": _("This seat is already taken"),
        "join.claimed": _("Someone has already opened this invitation and taken the seat. If that was you, "
                          "open the game from “My games” on the device you used. Otherwise ask the "
                          "person who created the game for a new link."),
        "join.invalid_title": _("This invitation does not work"),
        "join.failed_title": _("Could not take the seat"),
        "game.save": _("Save"),
        # numbers with nouns ({n} is filled in with its sign where it has one)
        "count.penalty": ngettext("penalty {n} point", "penalty {n} points", 2),
        # default names (records keep them in English; the page shows them in its language)
        "name.player": _("Player {n}"),
        "name.bot.easy": _("Easy bot"),
        "name.bot.medium": _("Medium bot"),
        "name.bot.hard": _("Hard bot"),
        "name.bot.expert": _("Expert bot"),
        "name.bot.random": _("Random bot"),
        # move preview; {what}, {source}, {destination} are theme phrases
        # TRANSLATORS: {what} is "3 blue tiles" (object), {source} "from factory 2".
        "preview.take": _("Take {what} {source}"),
        # TRANSLATORS: {destination} is "to pattern line 4".
        "preview.to_line": ngettext("{n} fits {destination}", "{n} fit {destination}", 2),
        "preview.completes": _("completes the line: {points} at the end of the round"),
        "preview.completes_grey": _("completes the line: you choose its column at the end of the round"),
        "preview.column": _("Column {column} for line {line}: {points}"),
        "preview.sf3_stays": ngettext("the other {n} stays on this factory (SF3)",
                                      "the other {n} stay on this factory (SF3)", 2),
        "preview.sf3_stays.chocolatier": ngettext("the other {n} stays in this showcase (SF3)",
                                                  "the other {n} stay in this showcase (SF3)", 2),
        # TRANSLATORS: {what} is a theme phrase such as "2 red tiles" (as the object of "Take").
        "preview.sf4_left": _("send {what} left, to factory {number}"),
        "preview.sf4_left.chocolatier": _("send {what} left, to showcase {number}"),
        "preview.sf4_right": _("send {what} right, to factory {number}"),
        "preview.sf4_right.chocolatier": _("send {what} right, to showcase {number}"),
        "preview.sf5_take": _("you take SF5 and keep it beside your floor line"),
        "preview.sf5_take.chocolatier": _("you take SF5 and keep it beside your spill tray"),
        "preview.sf5_catch": _("one tile lands on SF5, without penalty"),
        "preview.sf5_catch.chocolatier": _("one candy lands on SF5, without penalty"),
        # log
        # the game log's sentences: the Python renderer's own templates (play/sentences.py)
        **shared_sentences(lang),
        # end summary
        "end.title": _("Final scores"),
        "end.player": _("Player"),
        "end.before": _("Before bonuses"),
        "end.rows": _("Rows (+2)"),
        "end.columns": _("Columns (+7)"),
        "end.colours": _("Colours (+10)"),
        "end.total": _("Total"),
        "end.ended_row": _("The game ended because a row of a wall was completed."),
        "end.ended_stuck": _("The game ended because no wall row could be completed any more."),
        "end.ended_empty": _("The game ended because no tiles were left to deal."),
        # R35: every open wall row needs a colour whose tiles can no longer reach a wall
        "end.ended_blocked": _("The game ended because no tile could reach a wall any more."),
        "end.close": _("Close"),
        # TRANSLATORS: {bot} is a bot's name such as "Medium bot".
        "end.left": _("{name} left the game in round {round}; {bot} finished it for them."),
        "end.timeout": _("{name} ran out of time in round {round}; {bot} finished the game for them."),
        "end.bot_finished": _("finished by a bot"),
        # the headline when the winner's seat was played to the end by the stand-in bot
        # TRANSLATORS: {bot} is a bot's name such as "Medium bot"; {name} the player who left.
        "end.winner_left": _("{bot} wins for {name}, who left in round {round}"),
        "end.winner_timeout": _("{bot} wins for {name}, whose time ran out in round {round}"),
        "end.show": _("Show the final scores"),
        "end.replay": _("Replay and review the game"),
        # rules page
        "rules.title": _("How to play"),
        "rules.setup": _("Setting up"),
        "rules.recap": _("The rules in short"),
        "rules.teach": _("Explaining the game to friends"),
        "rules.faq": _("Questions"),
        "rules.variant": _("The grey wall"),
        "rules.specials": _("Special displays"),
        "rules.missing": _("The rules guide is not installed with this server."),
        # errors (by the code the server sends)
        "error.stale": _("The game moved on before your move arrived. Look again and retry."),
        "error.not_your_turn": _("It is not your turn."),
        "error.spectator": _("Spectators cannot move."),
        # an illegal move: the reason of its rule ("reason.R13", below), else the rule's id
        "error.illegal": _("That move is not allowed: {reason} ({rule})."),
        "error.illegal_rule": _("That move is not allowed here ({rule})."),
        "error.bad_move": _("That is not a move."),
        "error.game_over": _("The game is over."),
        "error.bad_token": _("This link is not valid (or the game was deleted)."),
        "error.unknown_game": _("There is no such game."),
        "error.damaged_game": _("This game's record on the server is damaged, so the game "
                                "cannot be opened."),
        "error.too_large": _("The message was too large."),
        "error.malformed": _("The server did not understand the request."),
        "error.network": _("Cannot reach the server."),
        "error.claimed": _("This seat has already been taken by someone else."),
        "error.bad_invite": _("This invitation is no longer valid: ask the person who created the game for a new link."),
        "error.not_host": _("Only the person who created the game can do that."),
        "error.not_your_seat": _("That is not your seat."),
        "error.already_left": _("You have already left this game."),
        # a move (sent late, or from another tab) by a player who has left the game
        "error.you_left": _("You have left this game, so you can no longer move in it."),
        "error.rate_limited": ngettext("Too many requests. Try again in {n} second.",
                                       "Too many requests. Try again in {n} seconds.", 2),
        "error.too_many_bot_games": _("Too many games of bots only are being played right now. Try again later."),
        "error.not_over": _("The game is not over yet: it can be reviewed once it has ended."),
        # a new game with a bot level the server does not have: {levels} lists the ones it has
        "error.unknown_level": _("There is no bot level \"{level}\". Choose one of these: {levels}."),
        # {message}: the error's "detail", already in the page's language (render/record_errors.py)
        "error.bad_record": _("This file is not a game record that can be replayed. {message}"),
        "error.generic": _("Something went wrong: {message}"),
        # clocks, turn-based games, your-turn notices (web/clocks.py)
        "lobby.clock": _("Clock"),
        "lobby.clock.none": _("No clock"),
        "lobby.clock.per_move": _("Time per move"),
        "lobby.clock.per_game": _("Time per player for the whole game"),
        "lobby.clock.move_days": ngettext("{n} day per move", "{n} days per move", 2),
        "lobby.clock.move_hours": ngettext("{n} hour per move", "{n} hours per move", 2),
        "lobby.clock.move_minutes": ngettext("{n} minute per move", "{n} minutes per move", 2),
        "lobby.clock.game_minutes": ngettext("{n} minute per player", "{n} minutes per player", 2),
        "lobby.clock.day_bank": ngettext("One day per move, plus a time bank of {n} day",
                                         "One day per move, plus a time bank of {n} days", 2),
        "lobby.clock.game_increment": ngettext(
            "Ten minutes per player, plus {n} second after each move",
            "Ten minutes per player, plus {n} seconds after each move", 2),
        "lobby.clock_note": _("A game with a long clock can last days: come back to it from \"My games\". "
                              "A player whose time runs out is replaced by the bot chosen above."),
        "clock.days_left": ngettext("{n} day left", "{n} days left", 2),
        "clock.hours_left": ngettext("{n} hour left", "{n} hours left", 2),
        "clock.minutes_left": ngettext("{n} minute left", "{n} minutes left", 2),
        "clock.seat": _("Time left for {name}: {time}"),
        "clock.waiting": _("The clock starts once every player has joined."),
        "clock.out": _("Out of time"),
        # TRANSLATORS: after a player's name on their clock: "Olena · 5 minutes left".
        "clock.chip": _("· {time}"),
        # TRANSLATORS: a clock with a time bank: "Olena · 0:42 (time bank: 2 days)".
        "clock.chip_bank": _("· {time} (time bank: {bank})"),
        "clock.seat_bank": _("Time left for {name}: {time}; left in the time bank: {bank}"),
        "clock.bank_days": ngettext("{n} day", "{n} days", 2),
        # {date}: the day the game expired, written by the browser in the page's language
        "game.expired": _("This game expired on {date}: nobody had moved in it for too long. "
                          "It can no longer be played."),
        "error.expired": _("This game has expired: nobody had moved in it for too long."),
        # wait or bot (docs/api.md, "Wait or bot"): a turn ran out in a game of people
        "overdue.ask": _("{name} has run out of time. Wait for them, or let the bot play "
                         "their seat?"),
        "overdue.waiting": _("{name} has run out of time: you are waiting for them. You can "
                             "still let the bot play their seat."),
        "overdue.others": _("{name} has run out of time: the other players decide whether to "
                            "wait for them."),
        "overdue.you": _("Your time has run out, but you can still play: the other players "
                         "decide whether to wait for you."),
        "overdue.wait": _("Wait"),
        "overdue.bot": _("Let the bot play"),
        # TRANSLATORS: {time} is a countdown such as "4:59" or "2 days left".
        "overdue.until": _("If nobody chooses, the bot takes over: {time}."),
        "title.your_turn": _("● Your turn — azulejos"),
        "notify.ask": _("Tell me when it is my turn"),
        "notify.title": _("Your turn"),
        "notify.body": _("It is your turn to play in azulejos."),
        "error.out_of_time": _("Your time for this move has run out: a bot now plays your seat."),
        "error.not_a_player": _("Only another player of this game can choose to wait or to let "
                                "the bot play."),
        "error.overdue_player": _("Your time has run out, but you may still play: the other "
                                  "players decide whether to wait for you."),
        "error.no_offer": _("Nobody is out of time any more: the player has moved, or the bot "
                            "already plays their seat."),
        # player profiles and the leaderboard
        **profile_messages(lang, ngettext),
        **chat_messages(lang, ngettext),
        **lobby_messages(lang, ngettext),
        **account_messages(lang, ngettext), **vacation_messages(lang, ngettext),
        **fairplay_messages(lang, ngettext),  # (its error.name_taken covers profiles too)
        **tournament_messages(lang, ngettext),
        **ladder_messages(lang, ngettext),
        # why a move is refused, by rule id (render/reasons.py; marked there)
        **{f"reason.{rule}": reason for rule in REASONS
           if (reason := reason_text(_, rule)) is not None},
        **{f"reason.{rule}.chocolatier": reason for rule in CHOCOLATIER_REASONS
           if (reason := reason_text(_, rule, "chocolatier")) is not None},
    }


def theme_json(lang: str) -> list[dict[str, object]]:
    """The themes of :mod:`azulejos.render.themes` with their words in ``lang``."""
    _ = translation(lang).gettext
    return [
        {
            "key": t.key,
            "title": _(t.title),
            "tile_names": [_(n) for n in t.tile_names],
            "symbols": list(t.symbols),
            "fill": list(t.fill),
            "ink": list(t.ink),
            "background": t.background,
            "board": t.board,
            "accent": t.accent,
            "words": {k: _(v) for k, v in t.words.items()},
            "phrases": {
                k: plural_forms(lang, v[0], v[1]) if isinstance(v, tuple) else _(v)
                for k, v in t.phrases.items()
            },
        }
        for t in THEMES.values()
    ]


#: The counts whose plural form :func:`plural_table` lists: every gettext rule of our languages
#: depends on the count below 100 and on ``n % 100`` above (the page reads ``n`` >= 200 as
#: ``100 + n % 100``).
PLURAL_TABLE_SIZE = 200


@cache
def plural_table(lang: str) -> tuple[int, ...]:
    """The plural form (index) of each count 0-199 in ``lang``, from its catalogue's
    ``Plural-Forms`` (the page picks forms with it, so no rule is written twice)."""
    tr = translation(lang)
    rule = getattr(tr, "plural", None)
    if rule is None:  # no catalogue: the English rule of gettext's own default
        return tuple(0 if n == 1 else 1 for n in range(PLURAL_TABLE_SIZE))
    return tuple(int(rule(n)) for n in range(PLURAL_TABLE_SIZE))


def languages() -> list[dict[str, object]]:
    """The languages for ``/api/meta``: each one's code, its name in itself, whether it writes
    a decimal comma, and its plural forms by count (:func:`plural_table`)."""
    return [{"code": c, "name": LANGUAGE_NAMES.get(c, c), "decimal_comma": c in DECIMAL_COMMA,
             "plurals": list(plural_table(c))} for c in LANGUAGES]
