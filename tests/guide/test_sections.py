"""The rules helper's text sections: every language, every number from the engine."""

from __future__ import annotations

import re

import polib
import pytest

from azulejos.core.colours import FLOOR_PENALTIES, TILES_PER_COLOUR
from azulejos.core.events import Bonus
from azulejos.core.rules import factory_count
from azulejos.guide import SECTION_TITLES, SECTIONS, check_language, get_all, get_section
from azulejos.guide.facts import facts
from azulejos.guide.faq import QUESTIONS
from azulejos.i18n import LANGUAGES
from azulejos.i18n.catalog import literal_text, po_path


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", [s for s in SECTIONS if s != "teach"])
def test_section_renders_fully(name: str, lang: str) -> None:
    text = get_section(name, lang)
    assert text.startswith("# ")
    assert "{" not in text and "}" not in text  # every placeholder filled


@pytest.mark.parametrize("name", [s for s in SECTIONS if s != "teach"])
def test_sections_are_translated(name: str) -> None:
    texts = {lang: get_section(name, lang) for lang in LANGUAGES}
    assert len(set(texts.values())) == len(LANGUAGES)
    assert re.search("[а-яіїєґ]", texts["uk"], re.I) and re.search("[іїєґ]", texts["uk"], re.I)
    assert re.search("[ыэъё]", texts["ru"], re.I)


def test_unknown_section_or_language_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown section"):
        get_section("cheats", "en")
    with pytest.raises(ValueError, match="unknown language"):
        get_section("setup", "de")
    assert check_language("uk_UA.UTF-8") == "uk"


def test_sections_and_titles_match() -> None:
    assert set(SECTIONS) == set(SECTION_TITLES)
    assert SECTIONS == ("setup", "recap", "teach", "faq", "variant", "chocolatier", "specials")


def test_at_least_twelve_questions_in_every_language() -> None:
    assert len(QUESTIONS) >= 12
    for lang in LANGUAGES:
        assert get_section("faq", lang).count("**") // 2 == len(QUESTIONS)


def _guide_entries(lang: str) -> list[polib.POEntry]:
    po = polib.pofile(str(po_path(lang)))
    return [e for e in po if any(f.startswith("azulejos/guide/") for f, _ in e.occurrences)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_guide_texts_carry_no_literal_numbers(lang: str) -> None:
    """Every figure comes from a placeholder filled from the engine (facts.py)."""
    for e in _guide_entries(lang):
        for text in (e.msgid, e.msgstr, *e.msgstr_plural.values()):
            assert not re.search(r"\d", literal_text(text)), (lang, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_setup_table_matches_R2(lang: str) -> None:
    rows = [r for r in get_section("setup", lang).splitlines() if r.startswith("| ")]
    cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows]
    assert cells[0][1:] == ["2", "3", "4"]
    assert cells[1][1:] == [str(factory_count(n)) for n in (2, 3, 4)]  # R2
    assert cells[2][1:] == [str(4 * factory_count(n)) for n in (2, 3, 4)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_recap_quotes_R5_penalties_and_R24_bonuses(lang: str) -> None:
    text = get_section("recap", lang)
    assert ", ".join(f"\u2212{p}" for p in FLOOR_PENALTIES) in text  # R5
    assert str(sum(FLOOR_PENALTIES)) in text
    for b in (Bonus(0, 1, 0, 0), Bonus(0, 0, 1, 0), Bonus(0, 0, 0, 1)):  # R24
        assert re.search(rf"(?<!\d){b.points}(?!\d)", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_setup_quotes_R1_tile_counts(lang: str) -> None:
    text = get_section("setup", lang)
    assert str(5 * TILES_PER_COLOUR) in text and str(TILES_PER_COLOUR) in text


def test_facts_come_from_the_engine() -> None:
    f = facts()
    assert (f["f2"], f["f3"], f["f4"]) == tuple(str(factory_count(n)) for n in (2, 3, 4))
    assert f["row_bonus"] == str(Bonus(0, 1, 0, 0).points)
    assert f["column_bonus"] == str(Bonus(0, 0, 1, 0).points)
    assert f["colour_bonus"] == str(Bonus(0, 0, 0, 1).points)
    assert f["tiles"] == str(5 * TILES_PER_COLOUR)


def test_example_moves_in_the_recap_are_what_they_claim() -> None:
    from azulejos.core.moves import parse_move

    f = facts()
    m = parse_move(f["ex_factory"])
    assert (m.source + 1, "BYRKW"[m.colour], m.destination + 1) == (
        int(f["ex_factory_source"]), "B", int(f["ex_factory_line"]))
    c = parse_move(f["ex_centre"])
    assert c.is_centre and c.is_floor and "BYRKW"[c.colour] == "R"
    g = parse_move(f["ex_grey"])
    assert (g.line + 1, g.column + 1) == (int(f["ex_grey_line"]), int(f["ex_grey_column"]))


def test_chocolatier_section_uses_the_theme_words() -> None:
    from azulejos.i18n import translation
    from azulejos.render.themes import CHOCOLATIER

    for lang in LANGUAGES:
        tr = translation(lang)
        text = get_section("chocolatier", lang)
        for name in CHOCOLATIER.tile_names:
            assert tr.gettext(name) in text


def test_get_all_has_every_section() -> None:
    text = get_all("fr")
    assert text.count("\n# ") + 1 == len(SECTIONS)


def _sentence_starts(text: str) -> list[str]:
    """The first word of every line of prose (boards in code blocks and table rows left out)."""
    starts = []
    in_code = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code or line.startswith("|"):
            continue
        prose = re.sub(r"^(#+ |- |\*\*)", "", line).strip()
        if prose:
            starts.append(prose)
    return starts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_starts_with_a_capital(lang: str) -> None:
    """A sentence built around a phrase (such as the walk-through's tile in step 7, R18) must not
    start with that phrase in lower case in any language."""
    low = [s for s in _sentence_starts(get_all(lang)) if s[0].isalpha() and s[0].islower()
           and not s.startswith("azulejos")]
    assert low == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R2_R8_setup_for_one_table_size(lang: str, players: int) -> None:
    """`azulejos rules --players N`: the set-up table has that column only and the part on
    table sizes keeps that size's line (factories 2N+1, R2)."""
    text = get_section("setup", lang, players)
    table = [line for line in text.splitlines() if line.startswith("|")]
    assert table[0].split("|")[2].strip() == str(players) and len(table[0].split("|")) == 4
    assert table[2].split("|")[2].strip() == str(factory_count(players))
    full = get_section("setup", lang)
    others = [n for n in (2, 3, 4) if n != players]
    lines = set(full.splitlines()) - set(text.splitlines())
    assert len([x for x in lines if x.startswith("- ")]) == len(others)
    assert get_section("recap", lang, players) == get_section("recap", lang)


def test_R8_setup_for_a_table_size_that_is_not_played() -> None:
    with pytest.raises(ValueError, match="R8"):
        get_section("setup", "en", 5)


def test_rules_command_players_option() -> None:
    import subprocess
    import sys
    run = [sys.executable, "-m", "azulejos", "rules", "--section", "setup", "--lang", "fr"]
    ok = subprocess.run([*run, "--players", "4"], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "| Joueurs | 4 |" in ok.stdout
    bad = subprocess.run([*run, "--players", "5"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--players" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wrapped_for_a_terminal_keeps_every_word_and_the_boards(lang: str) -> None:
    """`azulejos rules` in an 80-column terminal folds prose between words (the terminal cut
    words at its edge); boards and tables are untouched, no word is lost or split."""
    from azulejos.guide.markup import wrap

    text = get_all(lang)
    folded = wrap(text, 79)
    assert folded.split() == text.split()
    in_code = False
    for line in folded.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        if not in_code and not line.startswith(("|", "```")):
            assert len(line) <= 79 or " " not in line.strip(), line
    boards = [b for b in text.split("```")[1::2]]
    assert boards == folded.split("```")[1::2]
