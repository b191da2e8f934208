"""A refused record said in the reader's language (render/record_errors.py): a whole sentence
for every code in en/uk/ru/fr, no English word left in uk/ru/fr, the plural form of every
number, and the rule's reason for an illegal move."""

from __future__ import annotations

import re

import pytest

from azulejos.core.errors import RECORD_ERROR_CODES, InvalidRecordError
from azulejos.i18n import translation
from azulejos.notation import parse_record, replay
from azulejos.render.record_errors import record_error_text

from ..notation.bad_records import Bad, bad_records, golden_bad

CASES = bad_records() + golden_bad()
#: Latin words a translated sentence may hold: the record's keys and values, JSON, notation.
ALLOWED = {
    "format", "players", "variant", "start_player", "rounds", "factories", "moves", "scores",
    "specials", "after_fill", "final_scores", "winners", "special_factories", "JSON",
    "azulejos", "record", "coloured", "grey", "true", "false",
}
SAMPLE: dict[str, str | int] = {
    "path": "game.json", "errno": 2, "line": 3, "found": "7", "key": "scores", "round": 2,
    "expected": "numbers", "count": 5, "last": 1, "letter": "Q", "factories": "BBBBB",
    "display": 3, "move_number": 4, "move": "1B2", "rounds": 3,
}


def refusal(body: bytes) -> InvalidRecordError:
    with pytest.raises(InvalidRecordError) as e:
        replay(parse_record(body))
    return e.value


#: English words that a French sentence would not hold.
ENGLISH = {
    "the", "is", "not", "must", "be", "of", "and", "but", "round", "move", "has", "are", "give",
    "gives", "rules", "tile", "tiles", "missing", "display", "this", "that", "yet", "after",
    "before", "with", "from", "none", "no", "entry", "whole", "numbers", "list", "strings",
    "should", "there", "ended", "ends", "recorded", "records", "file", "cannot", "read", "seats",
}


def english_left(text: str, error: InvalidRecordError, lang: str = "uk") -> set[str]:
    """The English words of a translated sentence (the parameters' values aside)."""
    for value in sorted(map(str, error.params.values()), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(value)}(?!\w)", " ", text)
    words = set(re.findall(r"[^\W\d_]\w+", text))
    if lang == "fr":
        return {w for w in words if w.lower() in ENGLISH}
    return {w for w in words if re.fullmatch(r"[A-Za-z]\w*", w) and w not in ALLOWED
            and not re.fullmatch(r"SF\d\w*|R\d+\w?", w)}


@pytest.mark.parametrize("bad", CASES, ids=lambda b: b.id)
def test_every_refused_record_reads_in_each_language(bad: Bad) -> None:
    e = refusal(bad.body)
    english = record_error_text(translation("en"), e)
    assert english and "{" not in english and "\n" not in english
    assert english != record_error_text(translation("en"), InvalidRecordError("x"))
    for lang in ("uk", "ru", "fr"):
        text = record_error_text(translation(lang), e)
        assert text != english and "{" not in text
        assert not english_left(text, e, lang), (lang, text)
        if e.rule and e.rule.startswith("R"):
            assert f"{e.rule}" in text  # the rule is named, as in English


def test_the_check_for_english_words_finds_them() -> None:
    e = InvalidRecordError("x", code="scores_missing", round=2)
    assert english_left("Раунд 2: scores are missing", e) == {"are", "missing"}
    assert english_left("Manche 2 : the scores manquent", e, "fr") == {"the"}


@pytest.mark.parametrize("code", sorted(RECORD_ERROR_CODES))
def test_every_code_has_its_own_sentence(code: str) -> None:
    params = {k: SAMPLE[k] for k in RECORD_ERROR_CODES[code] if k not in ("round", "move_number", "move")}
    located = {k: SAMPLE[k] for k in ("round", "move_number", "move") if k in RECORD_ERROR_CODES[code]}
    e = InvalidRecordError("x", code=code, **located, **params)  # type: ignore[arg-type]
    fallback = record_error_text(translation("uk"), InvalidRecordError("x"))
    text = record_error_text(translation("uk"), e)
    assert (text == fallback) == (code == "invalid")
    assert re.search("[а-яіїєґ]", text) and "{" not in text


@pytest.mark.parametrize(("lang", "count", "words"), [
    ("uk", 1, "1 вітрина"), ("uk", 3, "3 вітрини"), ("uk", 5, "5 вітрин"),
    ("ru", 1, "1 склад,"), ("ru", 3, "3 склада"), ("ru", 5, "5 складов"),
    ("fr", 1, "1 fabrique,"), ("fr", 5, "5 fabriques"), ("en", 1, "1 factory,"),
])
def test_R2_the_factory_count_takes_the_plural_form(lang: str, count: int, words: str) -> None:
    e = InvalidRecordError("x", code="factory_count", round=1, rule="R2", count=count, found=4)
    assert words in record_error_text(translation(lang), e)


def test_R23_rounds_take_the_plural_form() -> None:
    def said(lang: str, n: int) -> str:
        e = InvalidRecordError("x", code="not_ended", rule="R23", rounds=n)
        return record_error_text(translation(lang), e)
    assert "після 1 раунду" in said("uk", 1) and "після 3 раундів" in said("uk", 3)
    assert "после 1 раунда" in said("ru", 1) and "после 5 раундов" in said("ru", 5)
    assert "après 1 manche " in said("fr", 1) and "après 2 manches" in said("fr", 2)


def test_R13_an_illegal_move_is_explained_by_its_rule() -> None:
    e = InvalidRecordError("x", code="illegal_move", round=1, move_number=3, move="1B2",
                           rule="R13")
    assert record_error_text(translation("uk"), e) == (
        "Раунд 1, хід 3: 1B2 заборонено: на цій лінії візерунка інший колір, або вона вже "
        "заповнена (R13).")
    unknown = InvalidRecordError("x", code="illegal_move", round=1, move_number=3, move="1B2",
                                 rule="R99")
    assert record_error_text(translation("ru"), unknown) == (
        "Раунд 1, ход 3: 1B2 нарушает правило R99.")
