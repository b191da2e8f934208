"""The rules screen's text comes from the guide the app is given (commands/play.py)."""

from __future__ import annotations

from azulejos.tui.dialogs import guide_text


def test_guide_text_uses_the_injected_guide() -> None:
    def ident(text: str) -> str:
        return text

    assert guide_text("faq", "fr", ident, lambda s, lang: f"{s}/{lang}") == "faq/fr"
    assert "not available" in guide_text("faq", "fr", ident, None)
    assert "floor" in guide_text("recap", "en", ident)  # the package's own guide by default
