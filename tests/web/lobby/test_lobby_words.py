"""The page says every refusal of the lobby, quick-match and rematch routes in its language
(issue 29; "Languages are product"): each error code has its words in the four languages, and
the open-games limit has the language's plural forms."""

from __future__ import annotations

from typing import Any

from azulejos.i18n import LANGUAGES
from azulejos.web.lobby.openapi import ERROR_CODES


def test_every_lobby_error_has_words_in_every_language(browser: Any) -> None:
    english = browser.get("/api/messages/en").json()
    for lang in LANGUAGES:
        words = browser.get(f"/api/messages/{lang}").json()
        for code in (*ERROR_CODES, "signed_out", "no_offer", "not_over"):
            assert f"error.{code}" in words, (lang, code)
            if lang != "en":
                assert words[f"error.{code}"] != english[f"error.{code}"], (lang, code)
        for key in ("error.too_many_open", "find.free"):
            forms = words[key]
            assert isinstance(forms, list) and len(forms) == (3 if lang in ("uk", "ru") else 2)
