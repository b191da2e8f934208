"""The message design of issue #13: every marked literal extracted, no spliced theme nouns, plural
forms for counts, themes' own phrases, default names and numbers in the reader's language."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import polib
import pytest

import azulejos
from azulejos.core import CENTRE, FLOOR, LETTERS, Bonus, Discarded, Penalised, Placed, draft, place
from azulejos.i18n import LANGUAGES, format_number, translation
from azulejos.i18n.catalog import check, extract_template, source_literals
from azulejos.play import Preview, Result, Seat, Standing
from azulejos.play.words import (
    GameLog,
    Words,
    move_sentence,
    result_sentence,
    tiling_sentence,
)
from azulejos.render.themes import THEMES

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
#: Placeholder names that would carry a bare noun of the table into a sentence.
THEME_NOUNS = {"tile", "tiles", "factory", "factories", "centre", "wall", "floor", "bag", "lid",
               "marker", "counter", "box", "tray", "spoon", "tin", "sack", "showcase"}


@pytest.fixture(scope="module")
def template() -> polib.POFile:
    return extract_template()


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_marked_literal_is_extracted(template: polib.POFile) -> None:
    """Read from the syntax tree, so a ``_()`` inside an f-string is seen too."""
    want = {(e.msgid, e.msgid_plural or "", e.msgctxt or None) for e in template}
    found = source_literals()
    assert len(found) > 300
    missing = [f"{rel}:{line} {key[0]!r}" for rel, line, key in found if key not in want]
    assert not missing, missing


def test_a_call_inside_an_f_string_is_reported(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "m.py").write_text('x = f"[b]{_(\'Hidden words\')}[/]"\ny = _("Seen words")\n')
    got = {key[0] for _rel, _line, key in source_literals(pkg)}
    assert got == {"Hidden words", "Seen words"}
    pot = extract_template(pkg)
    assert "Seen words" in {e.msgid for e in pot}


def test_catalogues_are_complete() -> None:
    assert [str(p) for p in check()] == []


def test_no_message_splices_a_bare_theme_noun() -> None:
    """A theme's label words (``Words.part``, ``Theme.word``) never fill a placeholder of a
    sentence: sentences take whole phrases of their theme (``Words.phrase``)."""
    src = Path(azulejos.__file__).parent
    bad = []
    for path in src.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "format"):
                continue
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                for sub in ast.walk(arg):
                    if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute)
                            and sub.func.attr in ("part", "word")):
                        bad.append(f"{path.relative_to(src)}:{node.lineno}")
    assert not bad, bad


def test_sentences_have_no_noun_placeholders_of_the_table(template: polib.POFile) -> None:
    """The play sentences name no thing of the table through a placeholder (the guide's
    ``{tiles}``/``{wall}`` are numbers, its ``{tile}`` a whole phrase such as "blue tile")."""
    bad = [e.msgid for e in template
           if any(o.startswith(("azulejos/play/", "azulejos/cli/", "azulejos/tui/", "azulejos/web/"))
                  for o, _ in e.occurrences)
           and (fields(e.msgid) | fields(e.msgid_plural or "")) & (THEME_NOUNS - {"tile"})]
    assert not bad, bad


@pytest.mark.parametrize("theme", list(THEMES))
def test_each_theme_has_every_phrase_with_its_own_msgid(theme: str) -> None:
    keys = {k for t in THEMES.values() for k in t.phrases}
    assert set(THEMES[theme].phrases) == keys
    # the themes do not share a phrase whose English names a thing of the table differently
    other = [t for t in THEMES.values() if t.key != theme][0]
    shared = [k for k in keys if THEMES[theme].phrases[k] == other.phrases[k]]
    assert not shared, shared


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("theme", list(THEMES))
def test_phrases_are_translated(lang: str, theme: str) -> None:
    en, w = Words("en", theme), Words(lang, theme)
    for key in THEMES[theme].phrases:
        for n in (1, 2, 5):
            assert w.phrase(key, n) != en.phrase(key, n) or key.startswith("count.1"), (key, n)


UK_TILES = {1: "1 синю плитку", 2: "2 сині плитки", 5: "5 синіх плиток", 21: "21 синю плитку",
            22: "22 сині плитки", 11: "11 синіх плиток"}
RU_TILES = {1: "1 синюю плитку", 3: "3 синие плитки", 5: "5 синих плиток", 21: "21 синюю плитку",
            12: "12 синих плиток", 104: "104 синие плитки"}


def test_counts_take_the_right_plural_form() -> None:
    uk, ru = Words("uk"), Words("ru")
    for n, text in UK_TILES.items():
        assert uk.tiles(0, n) == text
    for n, text in RU_TILES.items():
        assert ru.tiles(0, n) == text
    assert [uk.points(n) for n in (1, 2, 5)] == ["1 очко", "2 очки", "5 очок"]
    assert [ru.points(n) for n in (1, 3, 11)] == ["1 очко", "3 очка", "11 очков"]
    assert [Words("fr").points(n) for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]


def sample_preview(n: int = 3) -> Preview:
    return Preview(draft(1, 0, 3), 0, taken=n, to_line=n - 1, to_floor=1, penalty=1)


def test_move_sentences_read_as_written() -> None:
    pv = sample_preview()
    assert move_sentence(Words("en"), "Ana", pv.move, pv) == (
        "Ana takes 3 blue tiles from factory 2 to pattern line 4 — 1 tile falls to the floor line, "
        "penalty −1 point")
    assert move_sentence(Words("uk"), "Оля", pv.move, pv) == (
        "Оля бере 3 сині плитки з вітрини 2 і кладе на лінію візерунка 4 — 1 плитка падає на лінію "
        "підлоги, штраф −1 очко")
    assert move_sentence(Words("ru"), "Оля", pv.move, pv).startswith(
        "Оля берёт 3 синие плитки со склада 2 и кладёт на линию узора 4")
    choc = move_sentence(Words("ru", "chocolatier"), "Оля", draft(CENTRE, 1, FLOOR),
                         Preview(draft(CENTRE, 1, FLOOR), 1, taken=2, to_floor=2, penalty=2))
    assert choc.startswith("Оля берёт 2 карамельки из центра стола и кладёт на линию пола")
    fr = move_sentence(Words("fr"), "Ana", pv.move, pv)
    assert fr.startswith("Ana prend 3 tuiles bleues de la fabrique 2 et les place sur la ligne de motif 4")
    assert move_sentence(Words("uk"), "Оля", place(1, 3)) == "Оля обирає стовпець 4 для лінії 2"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("theme", list(THEMES))
def test_sentences_fill_every_placeholder(lang: str, theme: str) -> None:
    w = Words(lang, theme)
    names = ["Ana", "Bea"]
    texts = [
        move_sentence(w, "Ana", sample_preview().move, sample_preview()),
        move_sentence(w, "Ana", draft(CENTRE, 4, FLOOR)),
        tiling_sentence(w, names, Placed(0, 1, 2, 3, 2, 1, 3)),
        tiling_sentence(w, names, Placed(1, 0, 0, 0, 1, 1, 1)),
        tiling_sentence(w, names, Discarded(0, 2, 1, 3)),
        tiling_sentence(w, names, Penalised(1, 3, 4, 7)),
        tiling_sentence(w, names, Penalised(1, 0, 0, 7)),
        tiling_sentence(w, names, Bonus(0, 2, 1, 0)),
        w.phrase("welcome"), w.phrase("counts").format(bag=12, lid=3),
    ]
    for text in texts:
        assert "{" not in text and "}" not in text, text
    if lang != "en":
        english = [move_sentence(Words("en", theme), "Ana", sample_preview().move, sample_preview())]
        assert texts[0] not in english


def test_result_sentences_use_plural_forms() -> None:
    st = (Standing(0, 50, Bonus(0, 2, 0, 0), 54, 2), Standing(1, 54, Bonus(1, 0, 0, 0), 54, 0))
    uk = result_sentence(Words("uk"), ["Оля", "Бо"], Result(st, (1,), (1,), "points"))
    assert uk == "Бо перемагає, набравши 54 очки."
    ru = result_sentence(Words("ru"), ["Оля", "Бо"], Result(st, (0,), (0, 1), "rows"))
    assert "54 очка" in ru and "(2 заполненных ряда)" in ru


def test_default_names_are_shown_in_the_readers_language() -> None:
    seats = [Seat("Player 1"), Seat("Easy bot", "easy"), Seat("hard bot", "hard"), Seat("Ana", "expert")]
    assert Words("uk").names(seats) == ["Гравець 1", "Легкий бот", "Складний бот", "Ana"]
    assert Words("ru").names(seats)[:2] == ["Игрок 1", "Лёгкий бот"]
    assert Words("fr").names(seats)[:2] == ["Joueur 1", "Bot facile"]
    assert Words("en").names(seats)[:3] == ["Player 1", "Easy bot", "Hard bot"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bot_level_has_a_translated_default_name(lang: str) -> None:
    """A seat of each level, named by default as the web server stores it ("random bot",
    "medium bot 2"), is shown by its name in the reader's language, never as stored."""
    from azulejos.agents.registry import LEVELS
    from azulejos.play.words import BOT_NAMES

    w = Words(lang)
    for level in (*LEVELS, "random"):
        assert level in BOT_NAMES
        shown = w.names([Seat(f"{level} bot", level), Seat(f"{level} bot 2", level)])
        assert shown == [w.gettext(BOT_NAMES[level]), w.gettext(BOT_NAMES[level]) + " 2"]
        if lang != "en":
            assert shown[0] != BOT_NAMES[level] and f"{level} bot" not in shown[0]
    assert Words("fr").names([Seat("random bot", "random")]) == ["Bot aléatoire"]


def test_numbers_use_the_minus_sign_and_decimal_comma() -> None:
    assert format_number(-1.5, "uk", decimals=1) == "\u22121,5"
    assert format_number(1.5, "fr", decimals=1, sign=True) == "+1,5"
    assert format_number(-1.5, "en", decimals=1) == "\u22121.5"
    assert format_number(-0.01, "ru", decimals=1) == "0,0"
    assert Words("uk").signed_points(-3) == "\u22123 очки"


def test_the_log_keeps_counts_noted_at_play_time() -> None:
    w = Words("uk")
    log = GameLog(w)
    pv = sample_preview(2)
    log.note(0, "Оля", pv.move, pv)
    assert log.line(0, "Оля", pv.move).startswith("Оля бере 2 сині плитки з вітрини 2")
    assert log.line(0, "Оля", pv.move).endswith("[2B4]")
    other = draft(CENTRE, 2, 0)
    assert log.line(0, "Оля", other) == (
        "Оля бере всі червоні плитки з центру столу і кладе на лінію візерунка 1 [CR1]")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plain_and_terminal_labels_have_no_english_left(lang: str) -> None:
    """The words the table shows (theme labels, bot names) are translated."""
    tr = translation(lang)
    for theme in THEMES.values():
        for key, word in theme.words.items():
            if lang == "fr" and word in ("centre", "caramel"):
                continue
            assert tr.gettext(word) != word, (lang, key)
    assert re.search(r"[^\x00-\x7f]|Bot ", tr.gettext("Easy bot"))


@pytest.mark.parametrize("theme", list(THEMES))
def test_one_set_of_letters_per_theme_and_no_key_means_two_things(theme: str) -> None:
    symbols = [s.lower() for s in THEMES[theme].symbols]
    assert len(set(symbols)) == 5
    assert not set(symbols) & {"c", "f", "m", "u", "i", "s", "q", "x"}  # centre, floor, marker, commands
    w = Words("en", theme)
    move = draft(0, 1, 2)
    assert w.notation(move) == f"1{THEMES[theme].symbols[1]}3"
    assert Words("en", theme, theme_letters=False).notation(move) == "1Y3"
    assert GameLog(w).line(0, "Ana", move).endswith(f"[1{THEMES[theme].symbols[1]}3]")


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_theme_and_language_draws_the_notations_letters(theme: str, lang: str) -> None:
    """Issue 31 item 5, decided in docs/glossary.md ("Letters"): B Y R K W in every theme and
    language, so that a move reads the same on the tiles, in the plain mode, on the web page
    and in a record (caramel is Y, raspberry truffle R: 3R2 everywhere, never 3T2)."""
    assert "".join(THEMES[theme].symbols) == "".join(LETTERS) == "BYRKW"
    move = draft(2, 2, 1)
    assert Words(lang, theme).notation(move) == move.text() == "3R2"
    assert Words(lang, theme, theme_letters=False).notation(move) == "3R2"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_R40_a_fills_special_displays_are_named_in_words_not_theme_letters(lang: str) -> None:
    """The log names each special display with its number and, for SF2, its colour in the
    theme's words ("SF2 (raspberry truffle) in showcase 2"), never a theme letter ("SF2T")."""
    from azulejos.core import Fill
    from azulejos.core import specials as SP
    from azulejos.play.words import fill_sentences

    factories = tuple(tuple("BYRKW".index(c) for c in t)
                      for t in ("BBYK", "BYKW", "RYYK", "BBBB", "WWWW"))
    fill = Fill(factories, ((0, SP.SF1), (1, SP.SF2 + 2), (3, SP.SF4)), (2,))
    for theme in THEMES.values():
        w = Words(lang, theme)
        first = fill_sentences(w, fill)[0]
        red = w.tile(2)
        assert f"SF2 ({red})" in first or f"SF2 ({red[0].upper()}" in first, first
        assert "SF2" + theme.symbols[2] not in first and "SF2R" not in first
        assert "SF1" in first and "SF4" in first and "2" in first and "4" in first
    assert fill_sentences(Words("en", "chocolatier"), fill)[0] == (
        "Special showcases: SF1 in showcase 1, SF2 (raspberry truffle) in showcase 2, "
        "SF4 in showcase 4.")
