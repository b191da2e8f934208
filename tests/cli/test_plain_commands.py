"""The plain mode's command words in the player's language (issue 31): each command has a word
in uk/ru/fr ("ходи", "coups"), the help and the refusals show that word in the language's
quotes, and the English word is understood as well, in every language."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from azulejos.cli.plain import PlainGame, command_words, section_words
from azulejos.guide import SECTIONS
from azulejos.play import Match, parse_seat
from azulejos.play.words import Words

#: What a French, Ukrainian or Russian player types for each command (the catalogues' words).
LOCAL = {
    "fr": {"help": "aide", "board": "plateau", "moves": "coups", "log": "historique",
           "undo": "annuler", "hint": "conseil", "save": "enregistrer", "rules": "règles",
           "quit": "quitter"},
    "uk": {"help": "допомога", "board": "стіл", "moves": "ходи", "log": "журнал",
           "undo": "скасувати", "hint": "підказка", "save": "зберегти", "rules": "правила",
           "quit": "вийти"},
    "ru": {"help": "помощь", "board": "стол", "moves": "ходы", "log": "журнал",
           "undo": "отменить", "hint": "подсказка", "save": "сохранить", "rules": "правила",
           "quit": "выйти"},
}
QUOTE = {"fr": ("«\u00a0", "\u00a0»"), "uk": ("«", "»"), "ru": ("«", "»")}


def game(lang: str) -> tuple[PlainGame, io.StringIO]:
    match = Match.new([parse_seat("Ana", 0), parse_seat("Bea", 1)], "coloured", 5)
    out = io.StringIO()
    return PlainGame(match, Words(lang), io.StringIO(""), out, echo=True), out


def said(lang: str, line: str) -> tuple[bool, str]:
    """What the game says to one line typed at the start of a fresh game (and whether it goes on)."""
    g, out = game(lang)
    go_on = g.command(line)
    return go_on, out.getvalue()


@pytest.mark.parametrize("lang", sorted(LOCAL))
def test_the_catalogue_gives_each_command_its_word(lang: str) -> None:
    assert command_words(Words(lang)) == LOCAL[lang]
    assert command_words(Words("en")) == {c: c for c in LOCAL[lang]}


@pytest.mark.parametrize("lang", sorted(LOCAL))
@pytest.mark.parametrize("command", ["help", "board", "moves", "log", "undo", "rules", "save"])
def test_the_local_word_and_the_english_word_do_the_same(lang: str, command: str,
                                                         tmp_path: Path) -> None:
    local = LOCAL[lang][command]
    if command == "save":  # not into the working directory
        local, english = f"{local} {tmp_path}/a.json", f"{command} {tmp_path}/a.json"
    else:
        english = command
    go_local, text_local = said(lang, local)
    go_english, text_english = said(lang, english)
    assert go_local and go_english
    assert text_local == text_english, (text_local, text_english)
    bad_move = Words(lang).phrase("plain bad move").format(text=local, moves=LOCAL[lang]["moves"])
    assert bad_move not in text_local  # read as the command, not as a move


@pytest.mark.parametrize("lang", sorted(LOCAL))
def test_quit_in_the_players_language_ends_the_game(lang: str) -> None:
    for word in (LOCAL[lang]["quit"], LOCAL[lang]["quit"].upper(), "quit", "exit"):
        go_on, text = said(lang, word)
        assert not go_on, word
        assert text.strip() == Words(lang).gettext("Bye."), (word, text)


@pytest.mark.parametrize("lang", sorted(LOCAL))
def test_the_help_lists_the_local_words_and_says_the_english_ones_work(lang: str) -> None:
    _go, text = said(lang, LOCAL[lang]["help"])
    first, second = text.splitlines()[:2]
    for command, word in LOCAL[lang].items():
        if command != "help":  # the intro names the help's word; the help lists the others
            assert f"| {word}" in first, (word, first)
        assert command in second, (command, second)
    assert not re.search(r"\b(moves|board|log|quit)\b", first), first


@pytest.mark.parametrize("lang", sorted(LOCAL))
def test_refusals_name_the_local_word_in_the_languages_quotes(lang: str) -> None:
    g, out = game(lang)
    legal = {m.text() for m in g.m.state.legal_moves()}
    illegal = next(t for t in (f"{s}{c}{d}" for s in "123456789C" for c in "BYRKW"
                               for d in "12345F") if t not in legal)
    g.command(illegal)  # R-rules refusal: a source without that colour
    g.command("zz")  # not a move at all
    opening, closing = QUOTE[lang]
    quoted = f"{opening}{LOCAL[lang]['moves']}{closing}"
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and all(quoted in line for line in lines), lines
    assert "'moves'" not in out.getvalue() and "'{moves}'" not in out.getvalue()


def test_english_refusals_keep_the_english_word() -> None:
    g, out = game("en")
    g.command("zz")
    assert "'moves' lists the legal ones." in out.getvalue()


@pytest.mark.parametrize("lang", sorted(LOCAL))
def test_every_local_word_reads_as_its_command(lang: str) -> None:
    """"hint" too (its answer needs a search, so it is checked here, not by typing it)."""
    g, _out = game(lang)
    aliases = g.aliases()
    for command, word in LOCAL[lang].items():
        assert aliases[word] == command, word
        assert command not in aliases  # the English word stays itself


#: What a player types after the rules command for each section of the guide (issue 31).
SECTION_WORDS = {
    "fr": {"setup": "préparation", "recap": "résumé", "teach": "explication", "faq": "questions",
           "variant": "variante", "chocolatier": "chocolatier", "specials": "spéciales"},
    "uk": {"setup": "підготовка", "recap": "коротко", "teach": "пояснення", "faq": "запитання",
           "variant": "варіант", "chocolatier": "шоколатьє", "specials": "особливі"},
    "ru": {"setup": "подготовка", "recap": "кратко", "teach": "объяснение", "faq": "вопросы",
           "variant": "вариант", "chocolatier": "шоколатье", "specials": "особые"},
}


@pytest.mark.parametrize("lang", sorted(SECTION_WORDS))
def test_each_rules_section_has_a_word_in_the_players_language(lang: str) -> None:
    assert section_words(Words(lang)) == SECTION_WORDS[lang]
    assert tuple(section_words(Words("en"))) == SECTIONS  # one word for every section
    assert section_words(Words("en")) == {s: s for s in SECTIONS}


@pytest.mark.parametrize("lang", sorted(SECTION_WORDS))
def test_the_rules_command_reads_the_local_and_the_english_section_words(lang: str) -> None:
    rules = LOCAL[lang]["rules"]
    for section, word in SECTION_WORDS[lang].items():
        seen: list[str] = []
        g, _out = game(lang)

        def guide(s: str, _lang: str, seen: list[str] = seen) -> str:
            seen.append(s)
            return s

        g.guide = guide
        g.command(f"{rules} {word.upper()}")
        g.command(f"rules {section}")
        assert seen == [section, section], (word, seen)


@pytest.mark.parametrize("lang", sorted(SECTION_WORDS))
def test_the_help_and_the_unknown_section_list_the_local_section_words(lang: str) -> None:
    _go, help_text = said(lang, "help")
    _go, unknown = said(lang, "rules xyz")
    for word in SECTION_WORDS[lang].values():
        assert word in help_text.splitlines()[0] and word in unknown, word
    english_only = [s for s, w in SECTION_WORDS[lang].items() if s != w]
    assert not any(re.search(rf"\b{s}\b", help_text.splitlines()[0] + unknown)
                   for s in english_only), (help_text, unknown)


@pytest.mark.parametrize("lang", sorted(LOCAL))
def test_R43_the_sf4_question_is_cancelled_by_the_local_word_it_names(lang: str) -> None:
    from azulejos.core import Ruleset
    from azulejos.core.choices import sf4_rest

    m = Match.new([parse_seat("Ana", 0), parse_seat("Bea", 1)], Ruleset(2, special_factories=True), 4)
    mv = next(x for x in m.state.legal_moves() if x.split)
    assert sf4_rest(m.state, mv.source, mv.colour)
    cancel = Words(lang).tr.pgettext("plain command", "cancel")
    out = io.StringIO()
    g = PlainGame(m, Words(lang), io.StringIO(f"sideways\n{cancel}\n"), out, echo=True)
    g.try_move(mv.plain.text())
    text = out.getvalue()
    assert cancel != "cancel" and f"{QUOTE[lang][0]}{cancel}{QUOTE[lang][1]}" in text
    assert Words(lang).gettext("Move cancelled.") in text
    assert len(m.log) == 0  # nothing was played


@pytest.mark.parametrize("lang", sorted(LOCAL))
def test_R43_the_helps_sf4_line_uses_the_themes_words(lang: str) -> None:
    """Issue 31: in the chocolatier theme the help's line on SF4 names showcases and candies,
    never the classic theme's factories and colours."""
    from azulejos.core import Ruleset

    for theme, other in (("chocolatier", "classic"), ("classic", "chocolatier")):
        m = Match.new([parse_seat("Ana", 0), parse_seat("Bea", 1)], Ruleset(2, special_factories=True), 4)
        out = io.StringIO()
        g = PlainGame(m, Words(lang, theme), io.StringIO(""), out, echo=True)
        g.command("help")
        text = out.getvalue()
        assert Words(lang, theme).phrase("plain sf4 help") in text
        assert Words(lang, other).phrase("plain sf4 help") not in text
