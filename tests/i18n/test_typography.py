"""Typography of the catalogues (issue 31), checked on every msgstr: French puts a no-break
space (U+00A0) before ":" and inside « », a narrow no-break space (U+202F) before ; ? !, and
en dashes for dashes and ranges; Ukrainian and Russian quote with « » and write the apostrophe
as ’ (U+2019), never as a typewriter ' between letters, and dash with —."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

LOCALE = Path(__file__).resolve().parents[2] / "src" / "azulejos" / "i18n" / "locale"
CYRILLIC = "А-Яа-яЁёІіЇїЄєҐґ"


def texts(lang: str) -> list[tuple[str, str]]:
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "azulejos.po"))
    out = []
    for e in po:
        if e.obsolete:
            continue
        for s in (e.msgstr_plural.values() if e.msgid_plural else [e.msgstr]):
            out.append((e.msgid, s))
    return out


FRENCH = [
    (r" [:;?!]", "a plain space before high punctuation (U+00A0 before :, U+202F before ; ? !)"),
    (r"« | »", "a plain space inside « » (U+00A0)"),
    (r"(?<!«)\s-\s(?!»)", "a hyphen as a dash (an en dash – between spaces; « - » is the sign)"),
    (r"(?<![\w-])\d+-(?:\d+|\{\w+\})(?![\w-])", "a hyphen in a range (1–5)"),
    (r'"\{\w+\}"', "straight quotes around a word (« … »)"),
]

CYRILLIC_RULES = [
    (rf"[{CYRILLIC}]'[{CYRILLIC}]", "a typewriter apostrophe (’)"),
    (r'"\{\w+\}"|"[^"]*[' + CYRILLIC + r'][^"]*"', "straight quotes (« »)"),
    (r"\s-\s", "a hyphen as a dash (—)"),
]


@pytest.mark.parametrize(("lang", "rules"), [("fr", FRENCH), ("uk", CYRILLIC_RULES),
                                             ("ru", CYRILLIC_RULES)])
def test_catalogue_typography(lang: str, rules: list[tuple[str, str]]) -> None:
    bad = [f"{why}: {msgstr!r}" for msgid, msgstr in texts(lang) for pattern, why in rules
           if re.search(pattern, msgstr)]
    assert not bad, "\n".join(bad[:20])


def test_french_high_punctuation_has_its_space() -> None:
    """Every ; ? ! that ends a French clause has U+202F before it (a : after a word, U+00A0),
    except where the sign is part of a command or notation (cmd:COMMAND, key=value)."""
    bad = [s for _, s in texts("fr") for m in re.finditer(r"[\w»)](?P<p>[;?!])(?=\s|$)", s)]
    assert not bad, "\n".join(map(repr, bad[:20]))


#: A hyphen where English writes a dash (between spaces) or a range (1-5, R40-R47).
ENGLISH = [
    (r"\s-\s", "a hyphen as a dash (an en dash – between spaces)"),
    (r"(?<![\w-])R?\d+-(?:R?\d+|\{\w+\})(?![\w-])", "a hyphen in a range (1–5, R40–R47)"),
]


def test_english_source_texts_have_no_hyphen_for_a_dash() -> None:
    """The English originals (msgids) write en dashes too (issue 31): the English screens show
    them as they are, and a translator copies what the original does."""
    po = polib.pofile(str(LOCALE / "azulejos.pot"))
    bad = [f"{why}: {text!r}" for e in po
           for text in ([e.msgid, e.msgid_plural] if e.msgid_plural else [e.msgid])
           for pattern, why in ENGLISH if re.search(pattern, text)]
    assert not bad, "\n".join(bad[:20])
