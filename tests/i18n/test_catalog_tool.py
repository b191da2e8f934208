"""The catalogue tool's checks catch what they claim to catch."""

from __future__ import annotations

import polib

from azulejos.i18n.catalog import check_entry, main, may_equal_source


def entry(msgid: str, msgstr: str = "", plural: str = "", forms: dict[int, str] | None = None,
          tcomment: str = "") -> polib.POEntry:
    e = polib.POEntry(msgid=msgid, msgstr=msgstr, msgid_plural=plural, tcomment=tcomment)
    if forms is not None:
        e.msgstr_plural = forms
    return e


def whats(lang: str, e: polib.POEntry) -> list[str]:
    return [p.what for p in check_entry(lang, e)]


def test_untranslated_and_english_leftovers_are_reported() -> None:
    assert whats("uk", entry("Players")) == ["untranslated"]
    assert any("left in English" in w for w in whats("fr", entry("Players", "Players")))


def test_identical_allowed_when_marked_or_without_words() -> None:
    assert whats("fr", entry("Total", "Total", tcomment="identical")) == []
    assert may_equal_source(entry("{a}: {b}", "{a}: {b}"))
    assert whats("ru", entry("{bag} {b}", "{bag} {b}")) == []


def test_placeholder_mismatch_is_reported() -> None:
    w = whats("ru", entry("Seat {n}", "Место {m}"))
    assert len(w) == 1 and "placeholders differ" in w[0]


def test_missing_plural_form_is_reported() -> None:
    e = entry("{n} tile", plural="{n} tiles", forms={0: "{n} плитка", 1: "{n} плитки"})
    w = whats("uk", e)
    assert any("needs 3 plural forms" in x for x in w)


def test_fuzzy_is_reported() -> None:
    e = entry("Players", "Joueurs")
    e.flags.append("fuzzy")
    assert whats("fr", e) == ["fuzzy"]


def test_check_command_exits_zero_on_the_shipped_catalogues(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["check"]) == 0
    assert "complete" in capsys.readouterr().out
