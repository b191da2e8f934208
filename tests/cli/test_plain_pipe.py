"""The plain line mode driven through a pipe, as a screen reader or a script would."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from azulejos.cli.plain import command_words
from azulejos.core import FLOOR, Move
from azulejos.notation import load_record, replay
from azulejos.play import Match, parse_seat
from azulejos.play.words import Words


def pick(moves: list[Move]) -> Move:
    lines = [m for m in moves if not m.is_draft or m.destination != FLOOR]
    return (lines or moves)[len(lines or moves) // 2]


def script_for(seats: str, seed: int, variant: str = "coloured") -> tuple[list[str], Match]:
    """The person's moves of a whole game, found by playing the same match in-process."""
    m = Match.new([parse_seat(s, i) for i, s in enumerate(seats.split(","))], variant, seed)
    typed = []
    while not m.is_over:
        if m.is_bot_turn:
            _v, mv = m.choose_bot_move()
            m.play(mv)
        else:
            mv = pick(m.state.legal_moves())
            typed.append(mv.text().lower())  # notation is case-insensitive
            m.play(mv)
    return typed, m


def run_plain(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "azulejos", "play", "--plain", *args],
        input=stdin, capture_output=True, text=True, timeout=120,
    )


def test_a_whole_hot_seat_game_through_a_pipe() -> None:
    typed, m = script_for("Ana,Bea", 4)
    proc = run_plain(["--seats", "Ana,Bea", "--seed", "4"], "\n".join(typed) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Game over. Final scores:" in out
    winner = m.names[m.state.winners()[0]]
    assert winner in out.splitlines()[-1]
    assert "Wall-tiling, round 1:" in out
    assert "Traceback" not in out + proc.stderr


def test_a_whole_game_against_a_bot_through_a_pipe_and_save(tmp_path: Path) -> None:
    typed, m = script_for("Ana,easy", 9)
    half = len(typed) // 2
    path = tmp_path / "half.json"
    proc = run_plain(["--seats", "Ana,easy", "--seed", "9"],
                     "\n".join(typed[:half] + [f"save {path}", "quit"]) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert "Easy bot takes" in proc.stdout  # the bot's moves are told in words
    record = load_record(path)
    assert replay(record).phase in ("draft", "place")
    # resume the saved game and finish it
    proc2 = run_plain(["--resume", str(path)], "\n".join(typed[half:]) + "\n")
    assert proc2.returncode == 0, proc2.stderr
    assert "Game over. Final scores:" in proc2.stdout


def test_bad_and_illegal_input_is_explained_and_changes_nothing() -> None:
    m = Match.new([parse_seat("Ana", 0), parse_seat("Bea", 1)], seed=2)
    illegal = next(
        f"{s}{c}1" for s in "12345" for c in "BYRKW"
        if not m.state.is_legal(__import__("azulejos.core", fromlist=["parse_move"]).parse_move(f"{s}{c}1"))
    )
    proc = run_plain(["--seats", "Ana,Bea", "--seed", "2"], f"hello\n{illegal}\nlog\nundo\n")
    assert proc.returncode == 1  # the input ended before the game did
    out = proc.stdout
    assert "'hello' is not a move" in out
    # R11: the reason in words as well as the rule id
    assert f"{illegal} is not allowed now: that factory or the centre has no tile of this colour " \
        "(R11)" in out
    assert "Nothing to undo" in out
    assert "Traceback" not in out + proc.stderr


@pytest.mark.parametrize(("lang", "reason"), [
    ("en", "that folder does not exist; give a file in an existing folder"),
    ("uk", "такої теки немає; вкажіть файл у наявній теці"),
    ("ru", "такой папки нет; укажите файл в существующей папке"),
    ("fr", "ce dossier n’existe pas ; indiquez un fichier dans un dossier existant")])
def test_a_failed_save_says_why_in_the_language(lang: str, reason: str, tmp_path: Path) -> None:
    """The system's English "No such file or directory" is not shown in uk/ru/fr; the game goes
    on and a save to a good path still works."""
    bad = tmp_path / "missing" / "g.json"
    good = tmp_path / "g.json"
    proc = run_plain(["--seats", "Ana,Bea", "--seed", "2", "--lang", lang],
                     f"save {bad}\nsave {good}\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert f"{bad}" in proc.stdout and reason + "." in proc.stdout
    assert "No such file" not in proc.stdout
    assert load_record(good).players == 2 and not bad.exists()


def test_help_and_rules_name_the_specials_section_R40() -> None:
    proc = run_plain(["--seats", "Ana,Bea", "--seed", "2"], "help\nrules specials\nrules zzz\nquit\n")
    out = proc.stdout
    assert "rules [setup|recap|teach|faq|variant|chocolatier|specials]" in out
    assert "# Special factory displays" in out
    assert "No rules section 'zzz'. The sections: setup, recap, teach, faq, variant, " \
        "chocolatier, specials." in out


def test_bad_options_give_a_clear_error() -> None:
    proc = run_plain(["--seats", "Ana"], "")
    assert proc.returncode == 2 and "2, 3 or 4" in proc.stderr
    proc = run_plain(["--resume", "/no/such/file.json"], "")
    assert proc.returncode == 1 and "There is no such file." in proc.stderr


ENGLISH = re.compile(r"\b(takes|from|factory|floor|tiles?|Round|Player|Medium|Easy|wins|pattern|"
                     r"marker|bonuses|Moves|Welcome|Hint|Letters|showcase|candy|counter)\b")
ALLOWED_LATIN = {"azulejos", "help", "moves", "board", "log", "undo", "hint", "save", "rules",
                 "setup", "recap", "teach", "faq", "variant", "chocolatier", "specials", "quit", "Ana"}


@pytest.mark.parametrize("lang", ["uk", "ru", "fr"])
@pytest.mark.parametrize("theme", ["classic", "chocolatier"])
def test_a_game_against_a_bot_shows_no_english(lang: str, theme: str, tmp_path: Path) -> None:
    """Issue #13: a plain-mode game against a bot in each language shows no English word; the
    record keeps the language and theme, and --resume reopens the game in them."""
    typed, _m = script_for("Ana,easy", 9)
    path = tmp_path / "g.json"
    script = typed[:4] + ["log", "hint", "help", "board", "xx"] + typed[4:9] + [f"save {path}", "quit"]
    proc = run_plain(["--seats", "Ana,easy", "--seed", "9", "--lang", lang, "--theme", theme],
                     "\n".join(script) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.replace(str(path), "").replace("azulejos play --resume", "")
    if lang == "fr":
        assert not ENGLISH.findall(out), sorted(set(ENGLISH.findall(out)))
    else:
        latin = {w for w in re.findall(r"\b[A-Za-z]{3,}\b", out) if w not in ALLOWED_LATIN}
        latin -= {w for w in latin if re.fullmatch(r"[BYRKWCFM]+", w, re.IGNORECASE)}
        assert not latin, sorted(latin)
    record = json.loads(path.read_text())
    assert (record["lang"], record["theme"]) == (lang, theme)
    proc2 = run_plain(["--resume", str(path)], "board\nquit\n")
    assert proc2.returncode == 0, proc2.stderr
    first = proc2.stdout.splitlines()[0]
    w = Words(lang, theme)
    assert first == w.gettext("azulejos – plain mode.") + " " + \
        w.phrase("plain intro").format(help=command_words(w)["help"])


# -- Master Chocolatier special factory displays (R40-R47) ----------------------------------
def test_R40_R47_a_whole_special_factories_game_through_a_pipe() -> None:
    """Every SF4 split is typed: every other one with its sides (``4W3/<>``), the others as the
    plain move, the sides then answered colour by colour (R43)."""
    from azulejos.core import Ruleset

    seats = [parse_seat("Ana", 0), parse_seat("easy", 1)]
    m = Match.new(seats, Ruleset(2, special_factories=True), 11)
    typed: list[str] = []
    asked = 0
    while not m.is_over:
        if m.is_bot_turn:
            _v, mv = m.choose_bot_move()
            m.play(mv)
            continue
        moves = m.state.legal_moves()
        splits = [x for x in moves if x.split]
        mv = splits[len(splits) // 2] if splits else pick(moves)
        if mv.split and asked % 2 == 0:
            typed.append(mv.plain.text())
            typed += ["<" if not right else ">" for right in mv.directions]
            asked += 1
        else:
            asked += bool(mv.split)
            typed.append(mv.text())
        m.play(mv)
    assert asked >= 2, "the game had too few SF4 drafts to test both ways"
    proc = run_plain(["--seats", "Ana,easy", "--seed", "11", "--special-factories"],
                     "\n".join(typed) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Traceback" not in out + proc.stderr
    assert "Game over. Final scores:" in out
    assert "Special factories: " in out  # each round says which displays are special (R40)
    assert re.search(r"Where do(es)? .* go\? < factory \d or > factory \d", out)  # R43
    assert out.count("Special factories: ") == len(m.moves_by_round())
    final = [ln for ln in out.splitlines() if ln.startswith("  Ana: ")][-1]
    assert final.endswith(f"= {m.state.scores[0]}")  # the same game as in-process


def test_R43_an_SF4_draft_without_an_answer_is_cancelled_and_changes_nothing() -> None:
    from azulejos.core import Ruleset
    from azulejos.core.choices import sf4_rest

    m = Match.new([parse_seat("Ana", 0), parse_seat("Bea", 1)], Ruleset(2, special_factories=True), 4)
    st = m.state
    mv = next(x for x in st.legal_moves() if x.split)
    assert sf4_rest(st, mv.source, mv.colour)
    proc = run_plain(["--seats", "Ana,Bea", "--seed", "4", "--special-factories"],
                     f"{mv.plain.text()}\nsideways\n\n{mv.text()}\nlog\nquit\n")
    out = proc.stdout
    assert proc.returncode == 0 and "Traceback" not in out + proc.stderr
    assert "Type < for the left neighbour or > for the right one; 'cancel' or an empty line " \
        "cancels the move." in out
    assert "Move cancelled." in out
    cancelled, _sep, rest = out.partition("Move cancelled.")
    assert "Ana takes" not in cancelled  # nothing was played
    assert f"[{mv.text()}]" in rest and "goes to factory" in rest  # typed with its sides


@pytest.mark.parametrize(("lang", "theme"), [("uk", "classic"), ("ru", "chocolatier"),
                                             ("fr", "classic"), ("fr", "chocolatier")])
def test_R40_R47_a_special_factories_game_shows_no_english(lang: str, theme: str) -> None:
    """The specials' legend, the fill in words, the SF4 question and the previews of the
    effects are translated (issue #12 item 4)."""
    from azulejos.core import Ruleset

    m = Match.new([parse_seat("Ana", 0), parse_seat("easy", 1)],
                  Ruleset(2, special_factories=True), 11)
    typed: list[str] = []
    while not m.is_over:
        if m.is_bot_turn:
            _v, mv = m.choose_bot_move()
        else:
            moves = m.state.legal_moves()
            splits = [x for x in moves if x.split]
            mv = splits[0] if splits else pick(moves)
            typed.append(mv.plain.text())
            typed += ["<" if not right else ">" for right in mv.directions]
        m.play(mv)
    proc = run_plain(["--seats", "Ana,easy", "--seed", "11", "--special-factories", "--lang", lang,
                      "--theme", theme], "\n".join(typed) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    w = Words(lang, theme)
    assert w.phrase("sf4 ask", 1).split("{")[0] in out  # the SF4 question was asked (R43)
    if lang == "fr":
        assert not ENGLISH.findall(out), sorted(set(ENGLISH.findall(out)))
    else:
        latin = {x for x in re.findall(r"\b[A-Za-z]{3,}\b", out) if x not in ALLOWED_LATIN}
        latin -= {x for x in latin if re.fullmatch(r"[BYRKWCFM]+", x, re.IGNORECASE)}
        assert not latin, sorted(latin)


def test_two_bots_of_one_level_play_under_distinct_names() -> None:
    """`--seats Ana,easy,easy` used to be refused ("two seats have the same name") although a
    bot's name cannot be chosen; the second bot is now "Easy bot 2", in every language."""
    proc = run_plain(["--seats", "Ana,easy,easy", "--seed", "2", "--lang", "uk"], "board\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "Легкий бот: 0 очок" in proc.stdout and "Легкий бот 2: 0 очок" in proc.stdout
    proc = run_plain(["--seats", "Ana,Ana"], "")
    assert proc.returncode == 2 and "two seats have the same name" in proc.stderr


@pytest.mark.parametrize(("lang", "script", "said"), [
    ("uk", "підказка\nскасувати\nвийти\n", ["Підказка:", "Нічого скасовувати", "До зустрічі!"]),
    ("ru", "подсказка\nвыйти\n", ["Подсказка:", "До встречи!"]),
    ("fr", "conseil\nquitter\n", ["Conseil :", "Au revoir."]),
])
def test_commands_are_understood_in_the_players_language(lang: str, script: str,
                                                         said: list[str]) -> None:
    """The tutorial understood "підказка"; the plain mode only "hint": now both do."""
    proc = run_plain(["--seats", "Ana,Bea", "--seed", "1", "--lang", lang], script)
    assert proc.returncode == 0, proc.stderr
    for text in said:
        assert text in proc.stdout, text
    assert "не хід" not in proc.stdout and "не ход" not in proc.stdout
    assert "n'est pas un coup" not in proc.stdout and "n’est pas un coup" not in proc.stdout


def test_input_that_ends_early_keeps_the_game_in_the_save_file(tmp_path: Path) -> None:
    typed, _m = script_for("Ana,easy", 9)
    path = tmp_path / "kept.json"
    proc = subprocess.run(
        [sys.executable, "-m", "azulejos", "play", "--plain", "--seats", "Ana,easy", "--seed", "9",
         "--save", str(path)],
        input="\n".join(typed[:3]) + "\n", capture_output=True, text=True, timeout=120,
        cwd=tmp_path)
    assert proc.returncode == 1
    assert "Input ended before the game did; saving it." in proc.stdout
    assert f"Saved to {path}" in proc.stdout
    assert len([p for p in load_record(path).rounds[0].moves]) >= 3
    # without --save nothing is written behind the player's back, and they are told so
    other = tmp_path / "other"
    other.mkdir()
    proc = subprocess.run(
        [sys.executable, "-m", "azulejos", "play", "--plain", "--seats", "Ana,easy", "--seed", "9"],
        input="\n".join(typed[:3]) + "\n", capture_output=True, text=True, timeout=120, cwd=other)
    assert proc.returncode == 1
    assert "the game was not saved (start with --save FILE" in proc.stdout
    assert list(other.iterdir()) == []


def test_quit_at_a_terminal_asks_once_before_losing_moves(tmp_path: Path) -> None:
    import io

    from azulejos.cli import PlainGame

    def game(script: str) -> tuple[int, str]:
        out = io.StringIO()
        m = Match.new([parse_seat("Ana", 0), parse_seat("Bea", 1)], "coloured", 1)
        first = m.state.legal_moves()[0].text()
        g = PlainGame(m, Words("en"), io.StringIO(script.format(move=first)), out,
                      save_to=tmp_path / "g.json", echo=False)  # echo off: a person typing
        return g.run(), out.getvalue()

    status, said = game("{move}\nquit\nquit\n")
    assert status == 0
    assert "moves that are not saved" in said and said.rstrip().endswith(
        "Bye. The last moves were not saved.")
    status, said = game("{move}\nsave\nquit\n")
    assert status == 0 and "not saved" not in said and said.rstrip().endswith("Bye.")
    status, said = game("quit\n")  # nothing played: nothing to lose
    assert status == 0 and "not saved" not in said


class _Typist:
    """stdin whose lines take ``pause`` seconds of a simulated time source each to type."""

    def __init__(self, lines: list[str], now: list[float], pause: float) -> None:
        self.lines, self.now, self.pause = list(lines), now, pause

    def readline(self) -> str:
        self.now[0] += self.pause
        return self.lines.pop(0) + "\n" if self.lines else ""

    def isatty(self) -> bool:
        return False


def test_plain_mode_clock_hands_a_slow_player_to_a_bot() -> None:
    import io

    from azulejos.cli import PlainGame
    from azulejos.play import ClockSpec, Seat

    now = [100.0]
    m = Match.new([Seat("Ana"), Seat("Bo")], seed=8, clock=ClockSpec("move", 20),
                  now=lambda: now[0])
    first = m.state.legal_moves()[0].text()
    out = io.StringIO()
    game = PlainGame(m, Words("en", "classic", theme_letters=False),
                     _Typist([first, "quit", "quit"], now, 25.0), out, echo=True)  # type: ignore[arg-type]
    game.run()
    text = out.getvalue()
    assert "[0:20 left] Ana> " in text
    # the web log's sentence (play/sentences.py "log.timeout"), the same on every screen
    assert "Ana ran out of time; Medium bot plays for them." in text
    assert m.seats[0].is_bot and m.session.left[0].reason == "timeout"
    assert m.log[0].seat == 0  # the bot moved for her; her late line was not played
