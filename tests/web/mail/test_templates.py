"""The mails' words (issue 28, item 3): every template in every language, numbers with their
plural forms, names joined as each language does, nothing left unfilled, the HTML escaped."""

from __future__ import annotations

from typing import Any

import pytest

from azulejos.i18n import LANGUAGES
from azulejos.web.mail.templates import NOTIFICATIONS, TEMPLATES, render

PARAMS: dict[str, dict[str, Any]] = {
    "your_turn": {"name": "Ana", "opponents": ["Olena", "Pierre"], "link": "https://a.test/play/g",
                  "unsubscribe": "https://a.test/mail/unsubscribe?t=k.s&lang=en"},
    "game_over": {"name": "Ana", "opponents": ["Olena"], "link": "https://a.test/replay/g",
                  "outcome": "lost", "score": 21, "winners": ["Olena"], "winner_score": 62,
                  "unsubscribe": "https://a.test/mail/unsubscribe?t=k.s&lang=en"},
    "digest": {"name": "Ana", "games": [{"opponents": ["Olena"], "link": "https://a.test/play/g1"},
                                        {"opponents": ["Pierre"], "link": "https://a.test/play/g2"}],
               "unsubscribe": "https://a.test/mail/unsubscribe?t=k.s&lang=en"},
    "verify_email": {"name": "Ana", "link": "https://a.test/account/verify?t=x"},
    "reset_password": {"name": "Ana", "link": "https://a.test/account/reset?t=y"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_renders_in_every_language(template: str, lang: str) -> None:
    mail = render(template, lang, PARAMS[template])
    text = mail.text
    assert "{" not in text and "}" not in text and "{" not in mail.subject
    assert "Ana" in text
    assert str(PARAMS[template].get("link", "https://a.test/play/g1")) in text
    assert ("unsubscribe?t=" in text) is (template in NOTIFICATIONS)
    if lang != "en":  # written in the language, not left in English
        assert mail.subject != render(template, "en", PARAMS[template]).subject


@pytest.mark.parametrize(("lang", "score", "words"), [
    ("en", 1, "You scored 1 point."), ("en", 21, "You scored 21 points."),
    ("uk", 1, "Ви набрали 1 очко."), ("uk", 22, "Ви набрали 22 очки."),
    ("uk", 25, "Ви набрали 25 очок."), ("uk", 21, "Ви набрали 21 очко."),
    ("ru", 3, "Вы набрали 3 очка."), ("ru", 11, "Вы набрали 11 очков."),
    ("fr", 0, "Vous avez marqué 0 point."), ("fr", 2, "Vous avez marqué 2 points."),
])
def test_points_take_their_plural_forms(lang: str, score: int, words: str) -> None:
    assert words in render("game_over", lang, {**PARAMS["game_over"], "score": score}).text


@pytest.mark.parametrize(("outcome", "en"), [("won", "You won with 21 points."),
                                            ("shared", "You shared the victory with 21 points."),
                                            ("lost", "Olena won with 62 points.")])
def test_game_over_says_who_won(outcome: str, en: str) -> None:
    assert en in render("game_over", "en", {**PARAMS["game_over"], "outcome": outcome}).text


@pytest.mark.parametrize(("lang", "joined"), [("en", "Olena, Pierre and Dmitri"),
                                             ("uk", "Olena, Pierre і Dmitri"),
                                             ("ru", "Olena, Pierre и Dmitri"),
                                             ("fr", "Olena, Pierre et Dmitri")])
def test_opponents_are_joined_as_the_language_does(lang: str, joined: str) -> None:
    params = {**PARAMS["your_turn"], "opponents": ["Olena", "Pierre", "Dmitri"]}
    assert joined in render("your_turn", lang, params).subject


def test_html_escapes_names_and_links_and_headers_get_one_line() -> None:
    params = {**PARAMS["your_turn"], "opponents": ["<script>x</script>", "Bob\r\nBcc: e@vil"],
              "link": 'https://a.test/play/g"><b>'}
    mail = render("your_turn", "en", params)
    assert "<script>" not in mail.html and "&lt;script&gt;" in mail.html
    assert '"><b>' not in mail.html and "&quot;&gt;&lt;b&gt;" in mail.html
    assert "\n" not in mail.subject and "\r" not in mail.subject


def test_an_unknown_template_is_refused() -> None:
    with pytest.raises(KeyError, match="no mail template 'spam'"):
        render("spam", "en", {})
