"""The catalogues translate the game's words with the terms of docs/glossary.md (issue 31)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("uk", "ru", "fr")


def glossary() -> list[dict[str, str]]:
    rows = []
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[4].startswith("`"):
            rows.append({"uk": cells[1], "ru": cells[2], "fr": cells[3],
                         "msgid": cells[4].strip("`")})
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogue_uses_the_glossary_terms(lang: str) -> None:
    po = polib.pofile(str(ROOT / "src" / "azulejos" / "i18n" / "locale" / lang / "LC_MESSAGES"
                          / "azulejos.po"))
    entries = {e.msgid: e.msgstr for e in po if not e.obsolete and not e.msgctxt}
    rows = glossary()
    assert len(rows) >= 10
    for row in rows:
        term = re.sub(r"\s*\(.*\)", "", row[lang])  # "centre (de la table)": the short form
        assert row["msgid"] in entries, row["msgid"]
        assert term.lower() in entries[row["msgid"]].lower(), (row, entries[row["msgid"]])
