"""Why a move is refused, in the words of the theme being played (issue 31): the chocolatier
theme's reasons name showcases, the counter, trays and the box, never the classic factory,
tiles or wall (rules R2, R11, R13, R15, R30, R33, R43)."""

from __future__ import annotations

import io

import pytest

from azulejos.cli.plain import PlainGame
from azulejos.i18n import translation
from azulejos.play import Match, parse_seat
from azulejos.play.words import Words
from azulejos.render.reasons import CHOCOLATIER_REASONS, REASONS, reason_text
from azulejos.web.messages import ui_messages

#: The classic theme's words that a chocolatier reason must not use.
CLASSIC = {
    "en": ("factory", "tile", "wall", "pattern line", "colour"),
    "uk": ("плитк", "стін", "візерунк", "колір", "кольор"),
    "ru": ("плитк", "склад", "стен", "узор", "цвет"),
    "fr": ("fabrique", "tuile", "mur", "ligne de motif", "couleur"),
}


def test_every_reason_has_its_chocolatier_words() -> None:
    assert set(CHOCOLATIER_REASONS) == set(REASONS)


@pytest.mark.parametrize("lang", sorted(CLASSIC))
@pytest.mark.parametrize("rule", sorted(REASONS))
def test_a_chocolatier_reason_uses_no_classic_word(lang: str, rule: str) -> None:
    _ = translation(lang).gettext
    classic, candy = reason_text(_, rule), reason_text(_, rule, "chocolatier")
    assert classic and candy
    if lang == "en" or rule != "R2":  # uk's classic factory is a "вітрина" already
        assert classic != candy
    assert not [w for w in CLASSIC[lang] if w in candy.lower()], candy
    assert reason_text(_, rule, "classic") == classic


def test_the_plain_mode_refuses_in_the_themes_words() -> None:
    match = Match.new([parse_seat("Ana", 0), parse_seat("Bea", 1)], "coloured", 5)
    out = io.StringIO()
    game = PlainGame(match, Words("fr", "chocolatier"), io.StringIO(""), out, echo=True)
    legal = {m.text() for m in match.state.legal_moves()}
    illegal = next(t for t in (f"{s}{c}1" for s in "12345" for c in "BYRKW") if t not in legal)
    game.command(illegal)  # a showcase without that candy (R11)
    _ = translation("fr").gettext
    assert reason_text(_, "R11", "chocolatier") in out.getvalue()
    assert "fabrique" not in out.getvalue() and "tuile" not in out.getvalue()


@pytest.mark.parametrize("lang", ["uk", "ru", "fr"])
def test_the_web_page_gets_both_sets_of_reasons(lang: str) -> None:
    words = ui_messages(lang)
    _ = translation(lang).gettext
    for rule in REASONS:
        assert words[f"reason.{rule}"] == reason_text(_, rule)
        assert words[f"reason.{rule}.chocolatier"] == reason_text(_, rule, "chocolatier")


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "fr"])
def test_the_web_hints_have_chocolatier_words(lang: str) -> None:
    """The action bar's hints ("Pick a colour in a factory…") have a chocolatier variant,
    which the page's ``tt`` picks in that theme."""
    words = ui_messages(lang)
    for key in ("game.pick_tiles", "game.pick_line", "game.pick_column"):
        candy = str(words[f"{key}.chocolatier"]).lower()
        assert candy != str(words[key]).lower()
        assert not [w for w in CLASSIC[lang] if w in candy], candy
