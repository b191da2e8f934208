"""``azulejos --help``, every subcommand's help and the parse errors speak the user's language:
``--lang`` on the line, else ``AZULEJOS_LANG``, else the locale, else English (docs/cli.md)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import polib  # type: ignore[import-untyped]
import pytest

from azulejos.commands import COMMANDS, build_parser, main
from azulejos.commands._common import MODULE_SUMMARIES
from azulejos.commands._text import argparse_words, use_language
from azulejos.core.ruleset import MODULES
from azulejos.i18n import LANG_ENV, language_from_argv
from azulejos.i18n.catalog import po_path

TRANSLATED = ("uk", "ru", "fr")
HEADINGS = {"uk": "параметри", "ru": "параметры", "fr": "options"}
LOCALE_VARS = (LANG_ENV, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)
    yield
    use_language("en")


def parsers(lang: str) -> dict[str, argparse.ArgumentParser]:
    """The top-level parser and every subcommand's, built in ``lang``."""
    use_language(lang)
    with argparse_words():
        top = build_parser()
    out = {"azulejos": top}
    for action in top._actions:  # noqa: SLF001 (argparse keeps its actions there; read only)
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            out.update(action.choices)
    return out


def helps(parser: argparse.ArgumentParser) -> list[tuple[str, str]]:
    """(option, help) of every option and positional that has a help text."""
    return [
        ("/".join(a.option_strings) or a.dest, a.help)
        for a in parser._actions  # noqa: SLF001
        if a.help and a.help != argparse.SUPPRESS
    ]


def test_language_is_chosen_from_the_line_then_AZULEJOS_LANG_then_the_locale(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert language_from_argv(["play", "--help"]) == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert language_from_argv(["play", "--help"]) == "ru"
    monkeypatch.setenv(LANG_ENV, "fr")
    assert language_from_argv(["play", "--help"]) == "fr"
    assert language_from_argv(["play", "--lang", "uk", "--help"]) == "uk"
    assert language_from_argv(["--lang=uk", "rules"]) == "uk"
    # a name we do not have, or a --lang after "--", is passed over
    assert language_from_argv(["play", "--lang", "de"]) == "fr"
    assert language_from_argv(["replay", "--", "--lang", "uk"]) == "fr"
    monkeypatch.setenv(LANG_ENV, "xx")
    assert language_from_argv([]) == "ru"


def test_every_command_is_covered_by_the_parsers_walk() -> None:
    names = set(parsers("en")) - {"azulejos"}
    assert names == {m.__name__.rsplit(".", 1)[1] for m in COMMANDS}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_option_help_and_description_is_translated(lang: str) -> None:
    english = parsers("en")
    local = parsers(lang)
    for name, p_en in english.items():
        p = local[name]
        assert p.description and p.description != p_en.description, (lang, name)
        assert (p.epilog is None) == (p_en.epilog is None)
        if p_en.epilog:
            assert p.epilog != p_en.epilog, (lang, name)
        en_helps, loc_helps = helps(p_en), helps(p)
        assert [o for o, _ in en_helps] == [o for o, _ in loc_helps]
        assert len(en_helps) >= 2, name  # at least -h and one more option
        for (opt, h_en), (_, h) in zip(en_helps, loc_helps, strict=True):
            assert h != h_en, (lang, name, opt, h)
        text = p.format_help()
        for opt, h_en in en_helps:
            assert h_en not in text, (lang, name, opt)
        assert "usage:" not in text and "show this help" not in text
        assert f"\n{HEADINGS[lang]}:\n" in text  # French says "options" too


def test_every_option_has_a_help_text() -> None:
    """``--help`` explains every option and positional of every command."""
    for name, p in parsers("en").items():
        for a in p._actions:  # noqa: SLF001
            if not isinstance(a, argparse._SubParsersAction):  # noqa: SLF001
                assert a.help, (name, a.dest)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogue_has_no_empty_entry_for_the_command_line(lang: str) -> None:
    po = polib.pofile(str(po_path(lang)))
    ours = [e for e in po if not e.obsolete
            and any(f.startswith("azulejos/commands/") for f, _ in e.occurrences)]
    assert len(ours) > 100
    for e in ours:
        forms = list(e.msgstr_plural.values()) if e.msgid_plural else [e.msgstr]
        assert all(f.strip() for f in forms), e.msgid
        assert "fuzzy" not in e.flags, e.msgid


def test_every_rules_module_summary_is_marked_for_translation() -> None:
    assert {m.summary for m in MODULES} <= set(MODULE_SUMMARIES)


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    out, err = capsys.readouterr()
    code = exit_info.value.code
    assert isinstance(code, int)
    return code, out, err


def test_lang_on_the_line_beats_AZULEJOS_LANG(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, ru, _ = run_main(capsys, "--lang", "ru", "play", "--help")
    assert code == 0
    assert ru.startswith("использование: azulejos play")
    assert "показать эту справку и выйти" in ru and "параметры:" in ru
    monkeypatch.setenv(LANG_ENV, "fr")
    code, fr, _ = run_main(capsys, "play", "--help")
    assert code == 0
    assert fr.startswith("utilisation : azulejos play")
    assert "afficher cette aide et quitter" in fr
    code, again, _ = run_main(capsys, "play", "--lang", "ru", "--help")
    assert code == 0 and again == ru


@pytest.mark.parametrize(("lang", "words"), [
    ("uk", "azulejos: помилка: невідомі аргументи: --players 9"),
    ("ru", "azulejos: ошибка: неизвестные аргументы: --players 9"),
    ("fr", "azulejos : erreur : arguments inconnus : --players 9"),
])
def test_a_bad_option_is_one_line_in_the_chosen_language(
        lang: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "--lang", lang, "play", "--players", "9")
    assert code == 2 and out == ""
    assert err.splitlines() == [words]


BAD_LINES = (
    ("selfplay", "--players", "9", "--out", "x"),
    ("selfplay", "--variant", "pink", "--out", "x"),
    ("selfplay",),
    ("serve", "--port", "70000"),
    ("engine", "--seed", "x"),
    ("play", "--bot-delay", "x"),
    ("rules", "--players", "5"),
)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("args", BAD_LINES)
def test_type_and_choice_errors_are_translated(
        lang: str, args: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err_en = run_main(capsys, *args)
    code, out, err = run_main(capsys, *args, "--lang", lang)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 == len(err_en.splitlines())
    assert err.startswith(f"azulejos {args[0]}") and err != err_en, (lang, args, err)
    assert "error" not in err and "invalid" not in err and "int" not in err.split(":", 2)[-1]


def test_the_subprocess_error_has_status_2_and_no_traceback(tmp_path: Path) -> None:
    import os

    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    env[LANG_ENV] = "fr"
    r = subprocess.run([sys.executable, "-m", "azulejos", "play", "--players", "9"],
                       capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == ["azulejos : erreur : arguments inconnus : --players 9"]


def test_english_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "--help")
    assert code == 0 and out.startswith("usage: azulejos")
    assert "show this help message and exit" in out and "COMMAND" in out


def test_the_top_level_lang_reaches_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    """``azulejos --lang uk rules`` is ``azulejos rules --lang uk``."""
    assert main(["--lang", "uk", "rules", "--section", "setup"]) == 0
    top, _ = capsys.readouterr()
    assert main(["rules", "--section", "setup", "--lang", "uk"]) == 0
    sub, _ = capsys.readouterr()
    assert main(["rules", "--section", "setup"]) == 0
    english, _ = capsys.readouterr()
    assert top == sub != english


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_value_names_are_translated_too(lang: str) -> None:
    """FILE, SEED, DIR ... (one-letter names such as N and S stay, the help texts use them)."""
    same_in_french = {"BOTS", "PORT"}
    english, local = parsers("en"), parsers(lang)
    checked = 0
    for name, p_en in english.items():
        for a_en, a in zip(p_en._actions, local[name]._actions, strict=True):  # noqa: SLF001
            word = a_en.metavar
            if isinstance(word, str) and len(word) > 1 and not (lang == "fr" and word in same_in_french):
                assert a.metavar != word, (lang, name, word)
                checked += 1
    assert checked > 30


def test_lang_en_on_the_line_beats_a_russian_locale(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    code, ru, _ = run_main(capsys, "review", "--help")
    assert code == 0 and ru.startswith("использование: azulejos review")
    code, en, _ = run_main(capsys, "review", "--help", "--lang", "en")
    assert code == 0 and en.startswith("usage: azulejos review") and "FILE" in en


@pytest.mark.parametrize("mod", COMMANDS, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_every_command_takes_lang_anywhere_on_the_line(mod: object) -> None:
    """README: ``--lang L`` anywhere on the line, so after the command too, for every one."""
    name = mod.__name__.rsplit(".", 1)[1]  # type: ignore[attr-defined]
    sub = parsers("en")[name]
    option = next(a for a in sub._actions if "--lang" in a.option_strings)  # noqa: SLF001
    assert set(option.choices or ()) >= {"en", "uk", "ru", "fr"}


def test_lang_before_the_command_is_not_undone_by_the_command() -> None:
    top = parsers("en")["azulejos"]
    assert top.parse_args(["--lang", "fr", "bench"]).top_lang == "fr"
    assert top.parse_args(["bench", "--lang", "uk"]).top_lang == "uk"
    assert top.parse_args(["bench"]).top_lang is None


def test_lang_after_a_command_without_its_own_option_speaks_that_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "/nonexistent/record.json", "--lang", "fr"]) != 0
    err = capsys.readouterr().err
    assert "arguments inconnus" not in err and "unrecognized" not in err
    assert "n'existe pas" in err or "n’existe pas" in err
