"""Move sentences agree with the number of tiles taken (issue 31): every count goes through
ngettext, in each language's plural forms (fr: 1 | 2+; uk/ru: 1, 21 | 2–4 | 5–20), and French
says "place … sur la ligne de motif" ("prend … et les place" for several tiles) where it used to
calque "takes … to". Drafting moves: R4–R8 (source, colour, destination)."""

from __future__ import annotations

import pytest

from azulejos.core import CENTRE, FLOOR, draft
from azulejos.play import Preview
from azulejos.play.words import Words, move_sentence

COUNTS = (1, 2, 5, 21)


def sentence(lang: str, n: int, destination: int = 3, theme: str = "classic") -> str:
    mv = draft(1, 0, destination)  # blue from factory 2 (R4)
    return move_sentence(Words(lang, theme), "Ana", mv, Preview(mv, 0, taken=n, to_line=n))


EXPECTED = {
    "fr": {
        1: "Ana place 1 tuile bleue de la fabrique 2 sur la ligne de motif 4",
        2: "Ana prend 2 tuiles bleues de la fabrique 2 et les place sur la ligne de motif 4",
        5: "Ana prend 5 tuiles bleues de la fabrique 2 et les place sur la ligne de motif 4",
        21: "Ana prend 21 tuiles bleues de la fabrique 2 et les place sur la ligne de motif 4",
    },
    "uk": {
        1: "Ana бере 1 синю плитку з вітрини 2 і кладе на лінію візерунка 4",
        2: "Ana бере 2 сині плитки з вітрини 2 і кладе на лінію візерунка 4",
        5: "Ana бере 5 синіх плиток з вітрини 2 і кладе на лінію візерунка 4",
        21: "Ana бере 21 синю плитку з вітрини 2 і кладе на лінію візерунка 4",
    },
    "ru": {
        1: "Ana берёт 1 синюю плитку со склада 2 и кладёт на линию узора 4",
        2: "Ana берёт 2 синие плитки со склада 2 и кладёт на линию узора 4",
        5: "Ana берёт 5 синих плиток со склада 2 и кладёт на линию узора 4",
        21: "Ana берёт 21 синюю плитку со склада 2 и кладёт на линию узора 4",
    },
    "en": {
        1: "Ana takes 1 blue tile from factory 2 to pattern line 4",
        2: "Ana takes 2 blue tiles from factory 2 to pattern line 4",
        5: "Ana takes 5 blue tiles from factory 2 to pattern line 4",
        21: "Ana takes 21 blue tiles from factory 2 to pattern line 4",
    },
}


@pytest.mark.parametrize("lang", sorted(EXPECTED))
@pytest.mark.parametrize("n", COUNTS)
def test_the_move_sentence_agrees_with_the_count(lang: str, n: int) -> None:
    assert sentence(lang, n) == EXPECTED[lang][n]


def test_french_floor_and_chocolatier_say_where_the_tiles_are_put() -> None:
    """The floor line (R7) and the chocolatier theme's trays: "sur le plancher", "dans la
    barquette", never the calque "vers"."""
    assert sentence("fr", 1, FLOOR) == "Ana place 1 tuile bleue de la fabrique 2 sur le plancher"
    assert sentence("fr", 3, FLOOR) == (
        "Ana prend 3 tuiles bleues de la fabrique 2 et les place sur le plancher")
    assert sentence("fr", 1, 0, "chocolatier") == (
        "Ana place 1 praliné à la myrtille de la vitrine 2 dans la barquette 1")
    assert sentence("fr", 2, FLOOR, "chocolatier") == (
        "Ana prend 2 pralinés à la myrtille de la vitrine 2 et les place dans le bac à chutes")
    centre = draft(CENTRE, 2, 0)
    w = Words("fr")
    assert move_sentence(w, "Ana", centre, Preview(centre, 0, taken=1, to_line=1)) == (
        "Ana place 1 tuile rouge du centre de la table sur la ligne de motif 1")
    for theme in ("classic", "chocolatier"):
        for n in COUNTS:
            for dest in (0, FLOOR):
                assert " vers " not in sentence("fr", n, dest, theme)


@pytest.mark.parametrize("lang", ["fr", "uk", "ru"])
@pytest.mark.parametrize("theme", ["classic", "chocolatier"])
def test_an_unknown_count_reads_number_free(lang: str, theme: str) -> None:
    """A move told without its count (a resumed game's log) says "all the … tiles" with the
    sentence that fits any number (the web's log line uses the same one)."""
    text = move_sentence(Words(lang, theme), "Ana", draft(CENTRE, 2, 0))
    assert {"fr": "toutes les", "uk": "всі", "ru": "все"}[lang] in text
    assert "{" not in text and " et les place " not in text
