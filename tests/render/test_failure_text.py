"""Why a bot, hint or review failed, said by the error's kind in the reader's language and
never in the exception's own (English) text (render/failures.py)."""

from __future__ import annotations

import errno

import pytest

from azulejos.agents.external import BotFailure
from azulejos.core import IllegalMoveError
from azulejos.i18n import translation
from azulejos.render.failures import failure_text

SECRET = "internal detail 42"
ERRORS: list[BaseException] = [
    BotFailure("timeout", SECRET), BotFailure("crash", SECRET), BotFailure("garbage", SECRET),
    IllegalMoveError(SECRET, "R13"), IllegalMoveError(SECRET), OSError(errno.ENOSPC, SECRET),
    MemoryError(SECRET), TimeoutError(SECRET), RuntimeError(SECRET), KeyError(SECRET),
]


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_no_error_text_inside_the_sentence(lang: str, error: BaseException) -> None:
    text = failure_text(translation(lang), error)
    assert text and SECRET not in text


@pytest.mark.parametrize("lang", ["uk", "ru", "fr"])
def test_every_kind_is_translated(lang: str) -> None:
    en, tr = translation("en"), translation(lang)
    for error in ERRORS:
        assert failure_text(tr, error) != failure_text(en, error), error


def test_R13_an_illegal_move_is_said_by_its_rule() -> None:
    assert "pattern line" in failure_text(translation("en"), IllegalMoveError(SECRET, "R13"))


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
def test_R11_a_refused_move_is_said_in_the_themes_words(lang: str) -> None:
    """The chocolatier theme's refusals name showcases and candies, in a hint's failure too
    (issue 31)."""
    from azulejos.render.reasons import CHOCOLATIER_REASONS, REASONS

    tr = translation(lang)
    error = IllegalMoveError(SECRET, "R11")
    assert failure_text(tr, error, "chocolatier") == tr.gettext(CHOCOLATIER_REASONS["R11"])
    assert failure_text(tr, error) == failure_text(tr, error, "classic") == tr.gettext(REASONS["R11"])
    assert failure_text(tr, error, "chocolatier") != failure_text(tr, error)
