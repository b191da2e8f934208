"""The catalogue tool: extract, update, compile and check the gettext catalogues.

Run it from a checkout (it reads the package's own source)::

    python -m azulejos.i18n.catalog update    # extract every marked string, merge into the .po files
    python -m azulejos.i18n.catalog compile   # write the .mo files next to the .po files
    python -m azulejos.i18n.catalog check     # report missing/untranslated/stale entries (exit 1)

Strings are found by babel's extractors in every module of ``azulejos`` (``_``, ``gettext``,
``ngettext``, ``pgettext``, ``N_`` ...). A translation may equal its English original only when
the original has no letters outside its placeholders, or when the entry carries the translator
comment ``identical`` (a name such as "azulejos", a word French shares with English).
"""

from __future__ import annotations

import argparse
import ast
import gettext
import re
import string
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import polib  # type: ignore[import-untyped]
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

from . import DOMAIN, LANGUAGES, LOCALE_DIR

PACKAGE_DIR = Path(__file__).resolve().parent.parent
POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCE_LANGUAGE = "en"

#: The usual gettext Plural-Forms headers (GNU gettext manual, "Plural forms").
PLURAL_FORMS: dict[str, str] = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "uk": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    "ru": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
}
LANGUAGE_TEAMS: dict[str, str] = {
    "en": "English", "uk": "Ukrainian", "ru": "Russian", "fr": "French",
}
#: Translator comment that allows a translation identical to the English original.
IDENTICAL_MARK = "identical"

#: The extraction keywords: babel's defaults plus ``Nn_`` (a singular/plural pair marked as data).
KEYWORDS: dict[str, object] = {**DEFAULT_KEYWORDS, "Nn_": (1, 2)}
#: Function names whose literal arguments must be in the template (checked on the source's AST,
#: which also sees calls inside f-strings, where a tokenising extractor may miss them).
_CALLS: dict[str, tuple[int | None, int, int | None]] = {  # name: (context, msgid, plural) indices
    "_": (None, 0, None), "gettext": (None, 0, None), "N_": (None, 0, None),
    "ngettext": (None, 0, 1), "Nn_": (None, 0, 1),
    "pgettext": (0, 1, None), "npgettext": (0, 1, 2),
}

_METHOD_MAP = [
    ("i18n/locale/**", "ignore"),
    ("**/node_modules/**", "ignore"),
    ("**.py", "python"),
]
_PERCENT = re.compile(r"%(?:\([A-Za-z_][A-Za-z0-9_]*\))?[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")
_LETTER = re.compile(r"[^\W\d_]")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


# -- extraction ---------------------------------------------------------------------------------
def extract_template(source: Path = PACKAGE_DIR) -> polib.POFile:
    """Every marked string of the package, as a template (order: file, then line)."""
    found: dict[tuple[str, str | None, str | None], polib.POEntry] = {}
    first: dict[tuple[str, str | None, str | None], tuple[str, int]] = {}
    for filename, lineno, message, comments, context in extract_from_dir(
        str(source), method_map=_METHOD_MAP, keywords=KEYWORDS,  # type: ignore[arg-type]
        comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
    ):
        if isinstance(message, tuple):
            if len(message) < 2 or not isinstance(message[0], str) or not isinstance(message[1], str):
                continue
            msgid, plural = message[0], message[1]
        else:
            if not isinstance(message, str):
                continue
            msgid, plural = message, None
        if not msgid:
            continue
        path = f"azulejos/{filename}".replace("\\", "/")
        key = (msgid, plural, context)
        entry = found.get(key)
        if entry is None:
            entry = polib.POEntry(msgid=msgid, msgid_plural=plural or "", msgctxt=context)
            if plural:
                entry.msgstr_plural = {0: "", 1: ""}
            if "{" in msgid:
                entry.flags.append("python-brace-format")
            elif _PERCENT.search(msgid):
                entry.flags.append("python-format")
            found[key] = entry
            first[key] = (path, lineno)
        if (path, "") not in entry.occurrences:
            entry.occurrences.append((path, ""))
        for c in comments:
            if c not in entry.comment.split("\n"):
                entry.comment = f"{entry.comment}\n{c}" if entry.comment else c
    pot = polib.POFile(wrapwidth=100)
    pot.metadata = _metadata(None)
    for key in sorted(found, key=lambda k: first[k]):
        pot.append(found[key])
    return pot


def _literal(call: ast.Call, i: int | None) -> str | None:
    if i is None or i >= len(call.args):
        return None
    a = call.args[i]
    return a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None


def source_literals(source: Path = PACKAGE_DIR) -> list[tuple[str, int, tuple[str, str, str | None]]]:
    """Every ``_("...")``-style call with literal arguments in the package's source, read from the
    syntax tree: (file, line, catalogue key). Calls whose arguments are not literals are skipped."""
    out: list[tuple[str, int, tuple[str, str, str | None]]] = []
    for path in sorted(source.rglob("*.py")):
        if "locale" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name not in _CALLS:
                continue
            ctx_i, id_i, pl_i = _CALLS[name]
            msgid, plural, ctx = (_literal(node, i) for i in (id_i, pl_i, ctx_i))
            if not msgid or (pl_i is not None and plural is None) or (ctx_i is not None and ctx is None):
                continue
            rel = path.relative_to(source).as_posix()
            out.append((rel, node.lineno, (msgid, plural or "", ctx)))
    return out


def _metadata(lang: str | None) -> dict[str, str]:
    meta = {
        "Project-Id-Version": "azulejos",
        "Report-Msgid-Bugs-To": "",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    if lang is not None:
        meta["Language"] = lang
        meta["Language-Team"] = LANGUAGE_TEAMS[lang]
        meta["Plural-Forms"] = PLURAL_FORMS[lang]
    return meta


def _key(e: polib.POEntry) -> tuple[str, str, str | None]:
    return (e.msgid, e.msgid_plural or "", e.msgctxt or None)


def nplurals(lang: str) -> int:
    return int(PLURAL_FORMS[lang].split("nplurals=")[1].split(";")[0])


# -- update and compile ------------------------------------------------------------------------
def update(langs: Iterable[str] = LANGUAGES, template: polib.POFile | None = None) -> None:
    """Write the template and rebuild each .po in template order, keeping known translations."""
    pot = template if template is not None else extract_template()
    POT_PATH.parent.mkdir(parents=True, exist_ok=True)
    pot.save(str(POT_PATH))
    for lang in langs:
        path = po_path(lang)
        old: dict[tuple[str, str, str | None], polib.POEntry] = {}
        if path.exists():
            for e in polib.pofile(str(path)):
                if not e.obsolete:
                    old[_key(e)] = e
        po = polib.POFile(wrapwidth=100)
        po.metadata = _metadata(lang)
        n = nplurals(lang)
        for t in pot:
            e = polib.POEntry(
                msgid=t.msgid, msgid_plural=t.msgid_plural, msgctxt=t.msgctxt,
                occurrences=list(t.occurrences),
                comment=t.comment, flags=[f for f in t.flags if f != "fuzzy"],
            )
            prev = old.get(_key(t))
            if t.msgid_plural:
                e.msgstr_plural = {i: "" for i in range(n)}
                if prev is not None:
                    for i in range(n):
                        e.msgstr_plural[i] = prev.msgstr_plural.get(i, "")
            elif prev is not None:
                e.msgstr = prev.msgstr
            if prev is not None:
                e.tcomment = prev.tcomment
                if "fuzzy" in prev.flags:
                    e.flags.append("fuzzy")
            po.append(e)
        path.parent.mkdir(parents=True, exist_ok=True)
        po.save(str(path))


def compile_catalogues(langs: Iterable[str] = LANGUAGES) -> None:
    """Write each language's .mo from its .po (untranslated and fuzzy entries left out)."""
    for lang in langs:
        polib.pofile(str(po_path(lang))).save_as_mofile(str(mo_path(lang)))


# -- checks ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    lang: str
    msgid: str
    what: str

    def __str__(self) -> str:
        short = self.msgid if len(self.msgid) <= 60 else self.msgid[:57] + "..."
        return f"[{self.lang}] {short!r}: {self.what}"


def placeholders(text: str) -> list[str]:
    """The str.format fields and %-placeholders of ``text``, sorted (with repeats)."""
    out: list[str] = []
    try:
        for _, field, spec, conv in string.Formatter().parse(text):
            if field is not None:
                out.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    except ValueError:
        out.append("<unbalanced braces>")
    out.extend(m for m in _PERCENT.findall(text) if m != "%%")
    return sorted(out)


def literal_text(text: str) -> str:
    """``text`` without its placeholders."""
    try:
        return "".join(lit for lit, *_ in string.Formatter().parse(text))
    except ValueError:
        return text


def may_equal_source(entry: polib.POEntry) -> bool:
    if IDENTICAL_MARK in entry.tcomment.split():
        return True
    return not _LETTER.search(literal_text(entry.msgid))


def check_entry(lang: str, e: polib.POEntry) -> list[Problem]:
    """Problems of one translated entry (untranslated, fuzzy, placeholders, plural forms)."""
    probs: list[Problem] = []
    if lang == SOURCE_LANGUAGE:
        return probs
    if "fuzzy" in e.flags:
        probs.append(Problem(lang, e.msgid, "fuzzy"))
    if e.msgid_plural:
        n = nplurals(lang)
        forms = [e.msgstr_plural.get(i, "") for i in range(n)]
        if len(e.msgstr_plural) != n:
            probs.append(Problem(lang, e.msgid, f"needs {n} plural forms, has {len(e.msgstr_plural)}"))
        if not all(f.strip() for f in forms):
            probs.append(Problem(lang, e.msgid, "untranslated plural form"))
            return probs
        want = placeholders(e.msgid_plural)
        for i, f in enumerate(forms):
            if placeholders(f) != want and placeholders(f) != placeholders(e.msgid):
                probs.append(Problem(lang, e.msgid, f"placeholders of form {i} differ: {placeholders(f)} vs {want}"))
        if forms[-1] == e.msgid_plural and not may_equal_source(e):
            probs.append(Problem(lang, e.msgid, "left in English"))
        return probs
    if not e.msgstr.strip():
        probs.append(Problem(lang, e.msgid, "untranslated"))
        return probs
    if placeholders(e.msgstr) != placeholders(e.msgid):
        probs.append(Problem(lang, e.msgid, f"placeholders differ: {placeholders(e.msgstr)} vs {placeholders(e.msgid)}"))
    if e.msgstr == e.msgid and not may_equal_source(e):
        probs.append(Problem(lang, e.msgid, "left in English (mark it 'identical' if meant)"))
    return probs


def expected_catalogue(po: polib.POFile) -> dict[object, str]:
    """What the compiled .mo should hold for ``po`` (as ``GNUTranslations._catalog`` keys)."""
    out: dict[object, str] = {}
    for e in po.translated_entries():
        msgid = f"{e.msgctxt}\x04{e.msgid}" if e.msgctxt else e.msgid
        if e.msgid_plural:
            for i, s in e.msgstr_plural.items():
                out[(msgid, int(i))] = s
        else:
            out[msgid] = e.msgstr
    return out


def mo_is_current(lang: str) -> bool:
    path = mo_path(lang)
    if not path.exists():
        return False
    with path.open("rb") as fh:
        got = dict(gettext.GNUTranslations(fh)._catalog)  # type: ignore[attr-defined]  # noqa: SLF001 (the stdlib keeps the parsed catalogue there)
    got.pop("", None)
    return got == expected_catalogue(polib.pofile(str(po_path(lang))))


def check(langs: Sequence[str] = LANGUAGES, template: polib.POFile | None = None) -> list[Problem]:
    """Every problem of the catalogues: missing strings, untranslated, placeholders, stale .mo."""
    pot = template if template is not None else extract_template()
    want = {_key(t) for t in pot}
    probs: list[Problem] = []
    if template is None:
        for rel, line, key in source_literals():
            if key not in want:
                probs.append(Problem("src", key[0], f"{rel}:{line} is marked but not in the template "
                                     "(a call inside an f-string? move it out)"))
    for lang in langs:
        path = po_path(lang)
        if not path.exists():
            probs.append(Problem(lang, "", f"no catalogue at {path}"))
            continue
        po = polib.pofile(str(path))
        if po.metadata.get("Plural-Forms") != PLURAL_FORMS[lang]:
            probs.append(Problem(lang, "", "wrong Plural-Forms header"))
        have = {_key(e) for e in po if not e.obsolete}
        for msgid, *_ in sorted(want - have, key=str):
            probs.append(Problem(lang, msgid, "in the source but not in the catalogue (run update)"))
        for msgid, *_ in sorted(have - want, key=str):
            probs.append(Problem(lang, msgid, "in the catalogue but no longer in the source (run update)"))
        for e in po:
            if not e.obsolete:
                probs.extend(check_entry(lang, e))
        if not mo_is_current(lang):
            probs.append(Problem(lang, "", "the .mo file is missing or older than the .po (run compile)"))
    return probs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m azulejos.i18n.catalog", description="Manage azulejos' gettext catalogues."
    )
    parser.add_argument("action", choices=("extract", "update", "compile", "check", "todo"))
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="only this language (repeatable)")
    args = parser.parse_args(argv)
    langs = tuple(args.lang) if args.lang else LANGUAGES
    if args.action == "extract":
        pot = extract_template()
        POT_PATH.parent.mkdir(parents=True, exist_ok=True)
        pot.save(str(POT_PATH))
        print(f"{len(pot)} messages -> {POT_PATH}")
    elif args.action == "update":
        update(langs)
        print(f"updated {', '.join(langs)}")
    elif args.action == "compile":
        compile_catalogues(langs)
        print(f"compiled {', '.join(langs)}")
    else:
        probs = check(langs)
        for p in probs:
            print(p)
        if args.action == "todo":
            return 0
        if probs:
            print(f"{len(probs)} problem(s)", file=sys.stderr)
            return 1
        print("catalogues complete and compiled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
