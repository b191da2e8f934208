"""Localisation (layer L1): gettext catalogues for en, uk, ru, fr.

Front ends call :func:`translation` once for the chosen language and use its ``gettext`` /
``ngettext``. Mark strings for extraction with ``N_`` where they are defined as data.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Sequence
from pathlib import Path

DOMAIN = "azulejos"
#: The environment variable that names the language ahead of the locale variables.
LANG_ENV = "AZULEJOS_LANG"
LANGUAGES = ("en", "uk", "ru", "fr")
#: Each language's name in itself (the menus and notes show these, never translated).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "uk": "Українська", "ru": "Русский", "fr": "Français"}
LOCALE_DIR = Path(__file__).parent / "locale"


def N_(message: str) -> str:
    """Mark a string for translation without translating it now."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for translation (``ngettext`` later) without translating it."""
    return (singular, plural)


#: Languages that write numbers with a decimal comma (and all of ours want the true minus sign).
DECIMAL_COMMA = frozenset({"uk", "ru", "fr"})
MINUS = "\u2212"


def format_number(value: float, lang: str | None = "en", *, decimals: int = 0, sign: bool = False) -> str:
    """``value`` as a reader of ``lang`` writes it: a typographic minus (U+2212), a decimal comma
    in uk/ru/fr, and ``+`` before positive numbers when ``sign`` is set.

    >>> format_number(-1.5, "uk", decimals=1)
    '\u22121,5'
    >>> format_number(2, "en", sign=True)
    '+2'
    """
    text = f"{abs(value):.{decimals}f}"
    if resolve_language(lang) in DECIMAL_COMMA:
        text = text.replace(".", ",")
    rounded_zero = float(f"{abs(value):.{decimals}f}") == 0
    if value < 0 and not rounded_zero:
        return MINUS + text
    if sign and not rounded_zero:
        return "+" + text
    return text


def resolve_language(lang: str | None = None) -> str:
    """The language to use: ``lang`` if given, else ``AZULEJOS_LANG``, else the environment's
    locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. Names that are not
    one of :data:`LANGUAGES` are passed over."""
    candidates = [lang] if lang else []
    for var in (LANG_ENV, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            candidates.extend(value.split(":"))
    for c in candidates:
        code = c.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def language_from_argv(argv: Sequence[str]) -> str:
    """The language a command line asks for, found before it is parsed (so that its help and its
    errors can already be in that language): the last ``--lang L`` or ``--lang=L`` before a bare
    ``--``, else as :func:`resolve_language` chooses.

    >>> language_from_argv(["play", "--lang", "uk", "--help"])
    'uk'
    >>> language_from_argv(["--lang=fr", "rules"])
    'fr'
    """
    found: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        else:
            continue
        if value in LANGUAGES:
            found = value
    return resolve_language(found)


def translation(lang: str | None = None) -> gettext.NullTranslations:
    """The catalogue for ``lang`` (resolved as :func:`resolve_language` does)."""
    code = resolve_language(lang)
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
