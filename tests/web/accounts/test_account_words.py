"""The page says every refusal of the account routes in its language (issue 28, item 1;
"Languages are product"): each error code has its words in the four languages, and the
lock-out's wait has plural forms."""

from __future__ import annotations

from starlette.testclient import TestClient

from azulejos.i18n import LANGUAGES
from azulejos.web.accounts.openapi import ERROR_CODES


def test_every_account_error_has_words_in_every_language(browser: TestClient) -> None:
    english = browser.get("/api/messages/en").json()
    for lang in LANGUAGES:
        words = browser.get(f"/api/messages/{lang}").json()
        for code in ERROR_CODES:
            assert f"error.{code}" in words, (lang, code)
            if lang != "en":
                assert words[f"error.{code}"] != english[f"error.{code}"], (lang, code)
        # "{n} seconds": the language's plural forms (uk and ru have three)
        locked = words["error.signin_locked"]
        assert isinstance(locked, list) and len(locked) == (3 if lang in ("uk", "ru") else 2)
        assert all("{n}" in form for form in locked)
