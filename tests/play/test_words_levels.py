"""Bot levels by name in the player's language (play/words.py): the random bot is not the
new-game screen's "random" seed (uk "випадково" read "bot: at random")."""

from __future__ import annotations

import pytest

from azulejos.play.words import Words, level_name


@pytest.mark.parametrize(("lang", "random", "hard"), [
    ("en", "random moves", "hard"),
    ("uk", "випадкові ходи", "складний"),
    ("ru", "случайные ходы", "сложный"),
    ("fr", "coups au hasard", "difficile"),
])
def test_every_level_has_its_own_word(lang: str, random: str, hard: str) -> None:
    w = Words(lang)
    assert level_name(w, "random") == random
    assert level_name(w, "hard") == hard
    assert level_name(w, "random") != w.gettext("random")  # the seed's placeholder
