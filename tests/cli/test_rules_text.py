"""The plain mode's rules command: the guide is injected (commands/play.py hands it over)."""

from __future__ import annotations

import io

from azulejos.cli import PlainGame, rules_text
from azulejos.play import Match, Seat
from azulejos.play.words import Words


def test_rules_text_reads_the_injected_guide() -> None:
    w = Words("en")
    seen: list[tuple[str, str]] = []

    def guide(section: str, lang: str) -> str:
        seen.append((section, lang))
        return "floor and wall"

    assert rules_text(w, "recap", guide) == "floor and wall" and seen == [("recap", "en")]
    assert "not available" in rules_text(w, "recap", None)
    assert "floor" in rules_text(w, "recap")  # the package's own guide by default


def test_plain_game_uses_its_guide() -> None:
    out = io.StringIO()
    game = PlainGame(Match.new([Seat("Ana"), Seat("Bea")], seed=1), Words("en"),
                     io.StringIO("rules faq\nquit\n"), out, guide=lambda s, lang: f"<{s}:{lang}>")
    game.run()
    assert "<faq:en>" in out.getvalue()
