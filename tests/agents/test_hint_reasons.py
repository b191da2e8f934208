"""Hints say why, in facts the engine computes (agents.reasons) and in words (play.words)."""

from __future__ import annotations

import pytest

from azulejos.agents import Reason, reasons
from azulejos.core import CENTRE, FLOOR, State, draft, parse_move
from azulejos.notation import from_position
from azulejos.play import bots
from azulejos.play.words import Words, why_sentence


def dealt() -> State:
    st = State.new(2)
    # factories: BBBY, YYRR, KKKK, WWWB, RRRY
    st.apply_fill([(0, 0, 0, 1), (1, 1, 2, 2), (3, 3, 3, 3), (4, 4, 4, 0), (2, 2, 2, 1)])
    return st


def test_R17_R18_R19_completing_a_line_scores_and_the_overflow_costs() -> None:
    # four black tiles onto pattern line 1: it completes (1 point on the empty wall), three
    # tiles fall to the floor: 1 + 1 + 2 = 4 points of penalty
    assert reasons(dealt(), draft(2, 3, 0)) == (
        Reason("completes", line=1, points=1), Reason("penalty", points=4, tiles=3))


def test_R13_advancing_a_line_says_what_is_still_missing() -> None:
    assert reasons(dealt(), draft(0, 0, 4)) == (Reason("advances", line=5, tiles=2),)


def test_R13_R19_the_only_line_that_takes_every_tile_avoids_a_penalty() -> None:
    st = dealt()
    st.push(draft(0, 0, 4))  # seat 0: three blue tiles on line 5
    st.push(draft(1, 1, 1))  # seat 1
    # four black tiles: line 4 takes them all; line 3 would spill 1 (-1), line 5 holds blue
    assert reasons(st, draft(2, 3, 3)) == (
        Reason("completes", line=4, points=1), Reason("avoids", points=1))
    assert why_sentence(Words("en"), reasons(st, draft(2, 3, 3))) == (
        "Why: completes pattern line 4: +1 point on the wall; avoids −1 point on the floor line.")


def test_R12_R20_taking_the_marker_starts_the_next_round_and_costs_a_floor_space() -> None:
    st = dealt()
    st.push(draft(0, 0, 4))
    st.push(draft(1, 1, 1))
    r = reasons(st, draft(CENTRE, 1, 0))  # the yellow tile left in the centre, first from there
    assert r == (Reason("completes", line=1, points=1), Reason("marker"), Reason("penalty", points=1))
    text = why_sentence(Words("en"), r)
    assert "first-player marker" in text and "costs −1 point" in text


def test_R19_a_floor_move_names_the_tiles_and_the_penalty() -> None:
    assert reasons(dealt(), draft(2, 3, FLOOR)) == (Reason("penalty", points=6, tiles=4),)


def test_R30_R18_grey_wall_reasons_use_the_best_column_then_the_column_choice() -> None:
    st = State.new(2, "grey")
    st.apply_fill([(0, 0, 0, 1), (1, 1, 2, 2), (3, 3, 3, 3), (4, 4, 4, 0), (2, 2, 2, 1)])
    r = reasons(st, draft(0, 0, 2))
    assert r == (Reason("completes", line=3, points=1, grey=True),)
    assert "up to +1 point" in why_sentence(Words("en"), r)


@pytest.mark.parametrize(("lang", "expected"), [
    ("uk", "Чому: завершує лінію візерунка 1: +1 очко на стіні; 3 плитки падають на лінію "
           "підлоги: −4 очки."),
    ("ru", "Почему: завершает линию узора 1: +1 очко на стене; 3 плитки падают на линию пола: "
           "−4 очка."),
    ("fr", "Pourquoi : complète la ligne de motif 1 : +1 point sur le mur ; 3 tuiles tombent "
           "sur le plancher : −4 points."),
])
def test_R18_R19_reasons_in_every_language(lang: str, expected: str) -> None:
    assert why_sentence(Words(lang), reasons(dealt(), draft(2, 3, 0))) == expected


def test_chocolatier_theme_says_it_in_its_own_words() -> None:
    text = why_sentence(Words("en", "chocolatier"), reasons(dealt(), draft(2, 3, 0)))
    assert text == ("Why: completes tray 1: +1 point in the box; 3 candies fall to the spill "
                    "tray: −4 points.")


def test_the_hint_of_a_match_carries_its_reasons() -> None:
    st = dealt()
    h = bots.hint(st, 0.1)
    assert h.reasons == reasons(st, h.move)
    assert why_sentence(Words("en"), h.reasons).startswith("Why: ")


# -- the special factory displays (R40-R47) -------------------------------------------------------
#: Round 2, seat 0 to move. SF4 is display 3 (B B B Y) between display 2 (K Y Y Y) and the
#: empty display 4; seat 1 needs one Y on line 2, where it scores 5.
SPLIT_POSITION = (
    "2c+sf 2 d0 0c RRWW,KYYY,BBBY,-,- RW 16.15.16.18.16 0.0.0.0.0 x0.0.0.0 sf3=SF4,5=SF3/- "
    "-.-.-.-.-/-----.-----.-----.-----.-----/-/0 -.Y.-.-.-/-----.WB-RK.-----.-----.-----/-/10"
)
#: Round 2, seat 0 to move, empty boards; display 1 is the untaken SF5 with four B.
SF5_POSITION = (
    "2c+sf 2 d0 0c BBBB,BBBB,-,RRYY,- KW 12.18.18.19.19 0.0.0.0.0 x0.0.0.0 sf1=SF5,3=SF3/- "
    "-.-.-.-.-/-----.-----.-----.-----.-----/-/0 -.-.-.-.-/-----.-----.-----.-----.-----/-/0"
)


def test_R44_taking_sf5_says_that_the_first_falling_tile_is_free() -> None:
    st = from_position(SF5_POSITION)
    assert reasons(st, parse_move("1B4")) == (Reason("completes", line=4, points=1), Reason("sf5"))
    r = reasons(st, parse_move("1B1"))
    # 3 of the 4 B fall: the first lands on SF5, the other two cost 1 + 1 (R5, R44)
    assert r == (Reason("completes", line=1, points=1), Reason("sf5", tiles=1),
                 Reason("penalty", points=2, tiles=2))
    assert "takes SF5: a falling tile lands on it" in why_sentence(Words("en"), r)
    assert "une tuile qui tombe" in why_sentence(Words("fr"), r)


def test_R44_a_held_sf5_catching_a_tile_is_a_reason() -> None:
    st = from_position(SF5_POSITION)
    st.push("1B4")
    st.push("4R2")
    r = reasons(st, parse_move("2B1"))
    assert Reason("sf5 held", tiles=1) in r and Reason("penalty", points=2, tiles=2) in r
    assert "your SF5 catches a falling tile" in why_sentence(Words("en"), r)
    assert "your SF5 catches a falling candy" in why_sentence(Words("en", "chocolatier"), r)


def test_R43_an_sf4_split_says_what_it_leaves_to_the_next_player() -> None:
    """Y to the left neighbour: seat 1's best take there is the K beside its R (2 points);
    the other way its lone Y would complete line 2 for 5 (R18)."""
    st = from_position(SPLIT_POSITION)
    r = reasons(st, parse_move("3B3/<"))
    assert Reason("split", points=2, worse=5) in r
    assert reasons(st, parse_move("3B3/>"))[-1] == Reason("split", points=5, worse=5)
    text = why_sentence(Words("en"), r)
    assert "at most 2 points from the factories beside it; the other way, up to 5 points" in text
    assert "5 очок" in why_sentence(Words("uk"), r)
