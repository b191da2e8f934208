"""The special factory displays (R40-R47) in the two text boards: the plain mode's
(:mod:`azulejos.cli.board`) and the shared renderer (:mod:`azulejos.render.text`)."""

from __future__ import annotations

from azulejos.cli.board import board_text
from azulejos.core import Ruleset, State, parse_move
from azulejos.core.events import Fill
from azulejos.core.specials import SF2, SF5
from azulejos.play.words import Words, fill_sentences
from azulejos.render.text import render_state

B, Y, R, K, W = range(5)


def sf_state() -> State:
    st = State.new(Ruleset(2, special_factories=True))
    st.apply_fill(Fill(((B, B, R, Y), (Y, Y, R, R), (K, K, K, R), (B, B, R, W), (R, R, R, Y)),
                       ((1, SF2 + R), (2, SF5))))
    return st


def test_R40_R44_board_text_names_the_specials_explains_them_and_shows_the_held_SF5() -> None:
    st = sf_state()
    w = Words("en", "classic", theme_letters=False)
    text = board_text(w, st, ["Ana", "Bea"])
    assert "2:[Y Y R R R R]SF2R" in text  # R41: SF2R pulled a red from each neighbour
    assert "3:[K K K]SF5" in text
    assert "  2 SF2: after the fill it takes a red tile from each neighbour" in text
    assert "SF5:[" not in text
    st.push(parse_move("3K1"))  # Ana takes SF5: one black on line 1, SF5 catches one (R47a)
    text = board_text(w, st, ["Ana", "Bea"])
    assert "3:[-]SF5->Ana" in text
    ana = text.split("Ana: ")[1]
    assert "SF5:[K]" in ana.split("Bea: ")[0]


def test_R40_R44_render_state_names_the_specials_and_the_held_SF5() -> None:
    st = sf_state()
    st.push(parse_move("3K1"))
    text = render_state(st, ["Ana", "Bea"])
    assert "2:[Y Y R R R R]SF2R" in text and "3:[-]SF5" in text
    assert text.count("SF5:[K]") == 1


def test_R41_fill_in_words_names_the_specials_and_SF2s_pull() -> None:
    st = sf_state()
    fill = next(e for e in st.history if isinstance(e, Fill))
    said = fill_sentences(Words("en"), fill)
    assert said == ["Special factories: SF2 (red) on factory 2, SF5 on factory 3.",
                    "Factory 2 pulls 2 red tiles from its neighbours."]
    assert fill_sentences(Words("en"), Fill(fill.factories)) == []


def test_R41_R47c_fill_in_words_tells_SF1s_extra_tile_even_when_an_SF2_takes_it_back() -> None:
    from azulejos.core.specials import SF1

    st = State.new(Ruleset(2, special_factories=True))
    # SF1 on display 1 draws a red; SF2R on display 2 then takes it back (R47c), and one more
    # red from display 3
    st.apply_fill(Fill(((B, B, Y, Y), (K, K, W, W), (R, K, K, K), (B, B, R, W), (R, R, R, Y)),
                       ((0, SF1), (1, SF2 + R)), (R,)))
    fill = st.history[-1]
    assert isinstance(fill, Fill)
    said = fill_sentences(Words("en"), fill)
    assert said == ["Special factories: SF1 on factory 1, SF2 (red) on factory 2.",
                    "Factory 1 draws a red tile from the bag.",
                    "Factory 2 pulls 2 red tiles from its neighbours."]
    assert st.factories[0] == [2, 2, 0, 0, 0] and st.factories[1][R] == 2


def test_R42_R43_effects_in_words_use_plural_forms() -> None:
    from azulejos.core.preview import preview
    from azulejos.core.specials import SF3
    from azulejos.play.words import special_effect

    st = State.new(Ruleset(2, special_factories=True))
    st.apply_fill(Fill(((B, B, Y, Y), (K, K, W, W), (R, K, K, K), (B, B, R, W), (R, R, R, Y)),
                       ((0, SF3), (2, SF5))))
    pv = preview(st, parse_move("1Y2"))
    assert special_effect(Words("en"), pv) == "the other 2 tiles stay on factory 1"
    assert special_effect(Words("uk"), pv) == "ще 2 плитки залишаються на вітрині 1"
    assert special_effect(Words("ru"), pv) == "ещё 2 плитки остаются на складе 1"
    pv5 = preview(st, parse_move("3K1"))
    assert special_effect(Words("fr", "chocolatier"), pv5) == (
        "la vitrine 3 se place à côté du bac à chutes, case sans pénalité, "
        "un bonbon se pose sur SF5 sans pénalité")
