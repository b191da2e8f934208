"""Localisation (layer L1): gettext catalogues for en, uk, ru, fr.

Front ends call :func:`translation` once for the chosen language and use its ``gettext`` /
``ngettext``. Mark strings for extraction with ``N_`` where they are defined as data.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

DOMAIN = "azulejos"
LANGUAGES = ("en", "uk", "ru", "fr")
LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """Mark a string for translation without translating it now."""
    return message


def resolve_language(lang: str | None = None) -> str:
    """The language to use: ``lang`` if given, else the environment's locale, else English."""
    candidates = [lang] if lang else []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            candidates.extend(value.split(":"))
    for c in candidates:
        code = c.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def translation(lang: str | None = None) -> gettext.NullTranslations:
    """The catalogue for ``lang`` (resolved as :func:`resolve_language` does)."""
    code = resolve_language(lang)
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
