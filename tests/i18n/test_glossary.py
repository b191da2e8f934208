"""The catalogues translate the game's words with the terms of docs/glossary.md (issue 31)."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("uk", "ru", "fr")


def glossary() -> list[dict[str, str]]:
    """The rows of the glossary's tables (both themes): the thing, the three languages' terms,
    the seeds' words and the catalogue entry."""
    rows = []
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[5].startswith("`"):
            rows.append({"thing": cells[0], "uk": cells[1], "ru": cells[2], "fr": cells[3],
                         "seeds": cells[4], "msgid": cells[5].strip("`")})
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogue_uses_the_glossary_terms(lang: str) -> None:
    po = polib.pofile(str(ROOT / "src" / "azulejos" / "i18n" / "locale" / lang / "LC_MESSAGES"
                          / "azulejos.po"))
    entries = {e.msgid: e.msgstr for e in po if not e.obsolete and not e.msgctxt}
    rows = glossary()
    assert len(rows) >= 20  # both themes
    for row in rows:
        term = re.sub(r"\s*\(.*\)", "", row[lang])  # "centre (de la table)": the short form
        assert row["msgid"] in entries, row["msgid"]
        assert term.lower() in entries[row["msgid"]].lower(), (row, entries[row["msgid"]])


#: The stem of each glossary term that every inflected form keeps (вітрина, вітрини, вітрин…),
#: for the English words of the classic theme that name it. A stem must be the start of a word
#: of the term in docs/glossary.md, so the glossary and this check cannot drift apart.
STEMS: dict[str, tuple[str, dict[str, str]]] = {
    "factory": (r"\bfactor(?:y|ies)\b", {"uk": "вітрин", "ru": "склад", "fr": "fabrique"}),
    "pattern line": (r"\bpattern lines?\b", {"uk": "візерунк", "ru": "узор", "fr": "ligne"}),
    "floor": (r"\bfloor\b", {"uk": "підлог", "ru": "пол", "fr": "plancher"}),
    "wall": (r"\bwalls?\b", {"uk": "стін", "ru": "стен", "fr": "mur"}),
    "bag": (r"\bbag\b", {"uk": "мішеч", "ru": "меш", "fr": "sac"}),
    "round": (r"\brounds?\b", {"uk": "раунд", "ru": "раунд", "fr": "manche"}),
    "hint": (r"\bhints?\b", {"uk": "підказ", "ru": "подсказ", "fr": "conseil"}),
    "first-player marker": (r"\bfirst-player marker\b",
                            {"uk": "жетон", "ru": "жетон", "fr": "marqueur"}),
    # -- the Master Chocolatier theme (issue 31: one term per language, from the seeds) --
    "showcase": (r"\bshowcases?\b", {"uk": "вітрин", "ru": "витрин", "fr": "vitrine"}),
    "counter": (r"\bcounter\b", {"uk": "центр", "ru": "центр", "fr": "comptoir"}),
    "candy": (r"\bcand(?:y|ies)\b", {"uk": "цукер", "ru": "конфет", "fr": "bonbon"}),
    "tray": (r"(?<!spill )\btrays?\b", {"uk": "лін", "ru": "лини", "fr": "barquette"}),
    "spill tray": (r"\bspill tray\b", {"uk": "підлог", "ru": "пол", "fr": "chutes"}),
    "box": (r"\bbox(?:es)?\b(?! lid)", {"uk": "короб", "ru": "короб", "fr": "boîte"}),
    "sack": (r"\bsack\b", {"uk": "мішеч", "ru": "мешоч", "fr": "sac"}),
    "tin": (r"\btin\b", {"uk": "скид", "ru": "сброс", "fr": "boîte"}),
    "head chocolatier's spoon": (r"\bspoon\b", {"uk": "жетон", "ru": "жетон", "fr": "cuillère"}),
    # -- words of the interface (issue 31: "тека" vs "папка", "Зала" vs "лобі") --
    "folder for the records": (r"\bfolders?\b", {"uk": "тек", "ru": "папк", "fr": "dossier"}),
    "Lobby": (r"\blobby\b", {"uk": "лобі", "ru": "лобби", "fr": "accueil"}),
}
#: Entries where the English word is not the game's term (an idiom, another sense), or where
#: the translation names it on purpose with the seeds' other words (the synonyms note).
NOT_THE_TERM = (
    "the other way round",  # an idiom
    "rounds of expert iteration",  # training generations, not game rounds
    "Rule books do not all use the same words",  # lists the other rule books' words
    "Cross-entropy of the search's visits",  # "floor" there is a lower bound
    "tray {number} then needs {n} more candy",  # said as the free spaces left on the line
    # a tournament's rounds (тур / тур / ronde: the glossary's "tournament round"), not a game's
    "Round {round} of {rounds}", "Round-robin", "Rounds",
)


def _english(msgid: str) -> str:
    """The msgid's words: without placeholders, options (--round) and quoted command lines."""
    text = re.sub(r"\{[^}]*\}", " ", msgid)
    text = re.sub(r"'[^']*'|\"[^\"]*\"", " ", text)
    return re.sub(r"--[\w-]+", " ", text)


def test_the_stems_are_the_glossary_terms() -> None:
    rows = {row["msgid"]: row for row in glossary()}
    for key, (_pattern, stems) in STEMS.items():
        for lang, stem in stems.items():
            words = re.sub(r"\s*\(.*\)", "", rows[key][lang]).lower().split()
            assert any(w.startswith(stem) for w in words), (key, lang, stem, words)


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_names_the_game_words_with_the_glossary_term(lang: str) -> None:
    """No drift: an entry whose English names a thing of the game (classic theme) translates
    it with the glossary's term in every form ("ce tour-ci" for a round was one such slip)."""
    po = polib.pofile(str(ROOT / "src" / "azulejos" / "i18n" / "locale" / lang / "LC_MESSAGES"
                          / "azulejos.po"))
    bad = []
    for e in po:
        if e.obsolete or any(e.msgid.startswith(x) or x in e.msgid for x in NOT_THE_TERM):
            continue
        english = _english(e.msgid)
        texts = list(e.msgstr_plural.values()) if e.msgid_plural else [e.msgstr]
        for key, (pattern, stems) in STEMS.items():
            if re.search(pattern, english, re.IGNORECASE):
                bad += [f"{key}: {t!r}" for t in texts if stems[lang] not in t.lower()]
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_the_editions_name_keeps_its_hyphen(lang: str) -> None:
    """"Майстер-шоколатьє" and "«Майстра шоколатьє»" were two spellings (issue 31)."""
    po = polib.pofile(str(ROOT / "src" / "azulejos" / "i18n" / "locale" / lang / "LC_MESSAGES"
                          / "azulejos.po"))
    texts = [t for e in po if not e.obsolete
             for t in (e.msgstr_plural.values() if e.msgid_plural else [e.msgstr])]
    assert not [t for t in texts if re.search(r"(?:Майст|Маст)\w* шокол", t)]
    assert any(re.search(r"(?:Майст|Маст)\w*-шокол", t) for t in texts)
