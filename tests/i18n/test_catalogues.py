"""The gettext catalogues: complete, consistent with the source, compiled, plural forms right."""

from __future__ import annotations

import gettext

import polib
import pytest

from azulejos.i18n import LANGUAGES, LOCALE_DIR, resolve_language, translation
from azulejos.i18n.catalog import (
    PLURAL_FORMS,
    check,
    check_entry,
    extract_template,
    mo_is_current,
    nplurals,
    placeholders,
    po_path,
)

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture(scope="module")
def template() -> polib.POFile:
    return extract_template()


@pytest.fixture(scope="module")
def catalogues() -> dict[str, polib.POFile]:
    return {lang: polib.pofile(str(po_path(lang))) for lang in LANGUAGES}


def test_every_source_message_is_in_every_catalogue(template: polib.POFile,
                                                    catalogues: dict[str, polib.POFile]) -> None:
    want = {(e.msgid, e.msgid_plural) for e in template}
    assert len(want) > 100  # the product's strings were found at all
    for lang, po in catalogues.items():
        have = {(e.msgid, e.msgid_plural) for e in po if not e.obsolete}
        assert want - have == set(), f"{lang}: run python -m azulejos.i18n.catalog update"
        assert have - want == set(), f"{lang}: stale entries, run update"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_message_left_untranslated_or_in_english(lang: str,
                                                    catalogues: dict[str, polib.POFile]) -> None:
    problems = [str(p) for e in catalogues[lang] if not e.obsolete for p in check_entry(lang, e)]
    assert problems == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match(lang: str, catalogues: dict[str, polib.POFile]) -> None:
    for e in catalogues[lang]:
        if e.msgid_plural:
            for form in e.msgstr_plural.values():
                assert placeholders(form) in (placeholders(e.msgid), placeholders(e.msgid_plural)), e.msgid
        else:
            assert placeholders(e.msgstr) == placeholders(e.msgid), e.msgid


def test_placeholder_parser_sees_mismatches() -> None:
    assert placeholders("{a} and {b}") == ["{a}", "{b}"]
    assert placeholders("{a} и {c}") != placeholders("{a} and {b}")
    assert placeholders("%(n)d tiles") == ["%(n)d"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_header_and_count(lang: str, catalogues: dict[str, polib.POFile]) -> None:
    po = catalogues[lang]
    assert po.metadata["Plural-Forms"] == PLURAL_FORMS[lang]
    for e in po:
        if e.msgid_plural and lang != "en":
            assert len(e.msgstr_plural) == nplurals(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_catalogue_matches_po(lang: str) -> None:
    assert mo_is_current(lang), "run python -m azulejos.i18n.catalog compile"


def test_check_reports_nothing(template: polib.POFile) -> None:
    assert [str(p) for p in check(template=template)] == []


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("uk", {1: "1 очко", 2: "2 очки", 5: "5 очок", 21: "21 очко", 22: "22 очки", 25: "25 очок",
                11: "11 очок", 12: "12 очок", 111: "111 очок"}),
        ("ru", {1: "1 очко", 2: "2 очка", 5: "5 очков", 21: "21 очко", 22: "22 очка", 25: "25 очков",
                11: "11 очков", 14: "14 очков", 104: "104 очка"}),
        ("fr", {0: "0 point", 1: "1 point", 2: "2 points", 21: "21 points"}),
        ("en", {1: "1 point", 2: "2 points", 21: "21 points"}),
    ],
)
def test_ngettext_picks_the_right_form(lang: str, expected: dict[int, str]) -> None:
    tr = translation(lang)
    for n, text in expected.items():
        assert tr.ngettext("{n} point", "{n} points", n).format(n=n) == text


def test_tile_counts_in_slavic_languages() -> None:
    uk = translation("uk")
    got = [uk.ngettext("{n} tile", "{n} tiles", n).format(n=n) for n in (1, 2, 5, 21, 22, 25)]
    assert got == ["1 плитка", "2 плитки", "5 плиток", "21 плитка", "22 плитки", "25 плиток"]


def test_translation_objects_come_from_the_shipped_mo_files() -> None:
    for lang in TRANSLATED:
        tr = translation(lang)
        assert isinstance(tr, gettext.GNUTranslations)
        assert (LOCALE_DIR / lang / "LC_MESSAGES" / "azulejos.mo").exists()
    assert translation("fr").gettext("Players") == "Joueurs"


def test_resolve_language_from_argument_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert resolve_language(None) == "en"
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    assert resolve_language(None) == "uk"
    assert resolve_language("fr") == "fr"
    monkeypatch.setenv("LANGUAGE", "de:ru")
    assert resolve_language(None) == "ru"
