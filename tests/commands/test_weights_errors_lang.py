"""A weights file of ``fastmcts`` that cannot be used (``weights=``, ``priorweights=``) is said
in the language of ``--lang`` (commands/_bots.py): a whole sentence for every code of
``WEIGHTS_ERROR_CODES`` and both kinds of weights, with the plural form of its number, and the
commands that build bots from specs (``tournament``, ``engine``) print it, never the English."""

from __future__ import annotations

import errno
import re
import subprocess
import sys
from pathlib import Path

import pytest

from azulejos.commands._bots import spec_error_text, weights_error_text
from azulejos.fast.weights import KINDS, WEIGHTS_ERROR_CODES, WeightsFileError
from azulejos.i18n import translation

LANGS = ("uk", "ru", "fr")
CYRILLIC = re.compile("[а-яіїєґё]")
SAMPLE: dict[str, str | int] = {"path": "/data/mine.npz", "errno": errno.ENOENT,
                                "reason": "Input/output error", "count": 294}
#: Latin words a Ukrainian or Russian sentence may hold: the command, the file type, options.
ALLOWED = {"azulejos", "train", "prior", "npz"}
#: English words that a French sentence would not hold.
ENGLISH = {"the", "is", "not", "of", "file", "weights", "network", "move", "value", "cannot",
           "be", "read", "must", "have", "it", "this", "does", "exist", "folder", "holds", "used"}


def error(code: str, kind: str, **params: str | int) -> WeightsFileError:
    values = {k: params.get(k, SAMPLE[k]) for k in WEIGHTS_ERROR_CODES[code]}
    return WeightsFileError("English", code, kind, **values)


def cases() -> list[WeightsFileError]:
    """One error of every code and kind (a header mismatch is a value network's only), with
    every reason a file may not open for."""
    out = []
    for kind in KINDS:
        for code in WEIGHTS_ERROR_CODES:
            if code == "header_mismatch" and kind == "prior":
                continue
            if code == "unreadable":
                out += [error(code, kind, errno=n)
                        for n in (errno.ENOENT, errno.EACCES, errno.EISDIR, errno.EIO)]
            else:
                out.append(error(code, kind))
    return out


def english_left(text: str, lang: str) -> set[str]:
    text = re.sub(r"\w+=|/data/mine\.npz|Input/output error", " ", text)
    words = set(re.findall(r"[^\W\d_]+", text))
    if lang == "fr":
        return {w for w in words if w.lower() in ENGLISH}
    return {w for w in words if re.fullmatch("[A-Za-z]+", w) and w not in ALLOWED}


def test_every_weights_error_has_a_sentence_in_each_language() -> None:
    errors = cases()
    assert {e.code for e in errors} == set(WEIGHTS_ERROR_CODES)
    english = [weights_error_text(translation("en"), e) for e in errors]
    assert len(set(english)) == len(english)  # every case its own sentence
    assert all("/data/mine.npz" in t and "{" not in t for t in english)
    for lang in LANGS:
        texts = [weights_error_text(translation(lang), e) for e in errors]
        assert len(set(texts)) == len(texts), lang
        for e, text, en in zip(errors, texts, english):
            assert text != en and "/data/mine.npz" in text and "{" not in text, (lang, text)
            assert not english_left(text, lang), (lang, text, english_left(text, lang))
            if lang != "fr":
                assert CYRILLIC.search(text), (lang, text)
            if e.code == "unreadable" and e.params["errno"] == errno.EIO:
                assert "(Input/output error)" in text  # the system's reason, kept as a detail
            assert spec_error_text(translation(lang), e) == text


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_number_of_inputs_or_weights_takes_its_plural_form(kind: str) -> None:
    def said(lang: str, count: int) -> str:
        return weights_error_text(translation(lang), error("wrong_shape", kind, count=count))

    for lang in ("uk", "ru"):
        forms = [said(lang, n) for n in (1, 3, 5)]
        assert len(set(forms)) == 3, forms
        assert said(lang, 21) == forms[0].replace(" 1 ", " 21 ")
        assert said(lang, 294) == forms[1].replace(" 3 ", " 294 ")
        assert said(lang, 11) == forms[2].replace(" 5 ", " 11 ")
    assert said("en", 1) != said("en", 2).replace(" 2 ", " 1 ")
    if kind == "net":
        assert said("fr", 1).endswith("1 entrée.") and said("fr", 2).endswith("2 entrées.")
    uk = {"net": "у мережі має бути 294 входи.", "prior": "у ньому має бути 24 ваги."}[kind]
    assert said("uk", {"net": 294, "prior": 24}[kind]).endswith(uk)


def azulejos(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "azulejos", *args], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_tournament_says_a_missing_weights_file_in_ukrainian(tmp_path: Path) -> None:
    pytest.importorskip("numba")
    missing = tmp_path / "none.npz"
    out = azulejos("--lang", "uk", "tournament", "--bot", f"fastmcts:eval=net,weights={missing}",
                   "--bot", "greedy", "--games", "1")
    assert out.returncode == 2
    assert out.stderr.strip() == (
        f"azulejos tournament: Файлу ваг оцінювальної нейромережі {missing} не існує.")
    junk = tmp_path / "junk.npz"
    junk.write_text("not weights")
    out = azulejos("--lang", "ru", "tournament", "--bot",
                   f"fastmcts:prior=net,priorweights={junk}", "--bot", "greedy", "--games", "1")
    assert out.returncode == 2
    assert out.stderr.strip() == (
        f"azulejos tournament: {junk} не является файлом весов априорных вероятностей ходов "
        "(файлом .npz, который записывает azulejos train --prior).")


def test_engine_says_a_bad_weights_file_to_the_person_in_french(tmp_path: Path) -> None:
    pytest.importorskip("numba")
    missing = tmp_path / "none.npz"
    out = azulejos("--lang", "fr", "engine", "--bot", f"fastmcts:eval=net,weights={missing}")
    assert out.returncode == 2
    # the protocol's line: the person's sentence, in English
    assert out.stdout == f"info error The value network weights file {missing} does not exist.\n"
    assert out.stderr.strip() == (
        f"azulejos engine: Le fichier de poids du réseau d’évaluation {missing} n’existe pas.")
