"""The Master Chocolatier special factory displays (R40-R47), on hand-built positions, and
property tests over thousands of random games with the module on."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from azulejos.core import IllegalFillError, IllegalMoveError, InvalidMoveError, Ruleset, State
from azulejos.core import specials as SP
from azulejos.core.events import Fill
from azulejos.core.moves import MOVES, NUM_ALL_ACTIONS, SPLIT_BASE, move_of_action, parse_move
from azulejos.notation import from_position, parse_record, record_of, replay, to_position
from azulejos.notation.record import dumps

from .helpers import board, position

B, Y, R, K, W = range(5)
#: every wall row full but its last column: 4 tiles of each colour per player
NEARLY_FULL = "BYRK-.WBYR-.KWBY-.RKWB-.YRKW-"


def sf(players: int = 2, variant: str = "coloured") -> Ruleset:
    return Ruleset(players, variant, special_factories=True)


def held(st: State) -> tuple[int | None, int | None]:
    return st.sf5_holder, st.sf5_tile


# -- R40: which displays are special -------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R40_R47e_n_different_specials_on_n_displays_each_round(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(200):
        st = State.new(sf(players))
        st.deal(random.Random(seed))
        shown = st.specials
        assert len(shown) == players and len(set(shown.values())) == players
        assert all(0 <= f < 2 * players + 1 for f in shown)
        assert len(st.factories) == 2 * players + 1  # R40: the display count is unchanged
        seen.update(shown.values())
    assert set(seen) == set(SP.NAMES[1:])  # all 9 specials get drawn


def test_R40_displays_form_a_circle() -> None:
    st = State.new(sf(3))
    assert st.neighbours(0) == (6, 1)  # display 1's left neighbour is display 2n+1
    assert st.neighbours(6) == (5, 0)


def test_R40_specials_are_redrawn_every_round() -> None:
    rng = random.Random(3)
    st = State.new(sf(2))
    rounds = []
    while not st.is_over and len(rounds) < 4:
        if st.is_chance:
            st.deal(rng)
            rounds.append(dict(st.specials))
        else:
            st.push(rng.choice(st.legal_actions()))
    assert len(rounds) == 4 and len({tuple(sorted(r.items())) for r in rounds}) > 1


def test_R40_a_base_game_fill_may_not_name_specials() -> None:
    st = State.new(2)
    plain = [[B] * 4, [Y] * 4, [R] * 4, [K] * 4, [W] * 4]
    with pytest.raises(IllegalFillError) as e:
        st.apply_fill(Fill(tuple(map(tuple, plain)), ((0, SP.SF3), (1, SP.SF4))))
    assert e.value.rule == "R40"


# -- R41: every display filled, then the after-fill effects ---------------------------------------
def fill2(specials: tuple[tuple[int, int], ...], extra: tuple[int, ...] = ()) -> Fill:
    facs = ((B, B, Y, R), (K, K, W, W), (B, Y, R, K), (W, W, W, B), (R, R, Y, Y))
    return Fill(facs, specials, extra)


def test_R41_SF1_takes_one_more_tile_from_the_bag() -> None:
    st = State.new(sf(2))
    st.apply_fill(fill2(((1, SP.SF1), (3, SP.SF3)), (K,)))
    assert st.factories[1] == [0, 0, 0, 3, 2]
    assert sum(st.bag) == 100 - 21
    st.check_invariants()


def test_R41_SF2_pulls_its_colour_from_both_neighbours() -> None:
    st = State.new(sf(2))
    st.apply_fill(fill2(((0, SP.SF3), (1, SP.SF2 + B))))  # neighbours: displays 1 and 3
    assert st.factories[1] == [2, 0, 0, 2, 2]  # KKWW + one B from each neighbour
    assert st.factories[0] == [1, 1, 1, 0, 0]
    assert st.factories[2] == [0, 1, 1, 1, 0]
    st2 = State.new(sf(2))
    st2.apply_fill(fill2(((1, SP.SF2 + R), (3, SP.SF4))))
    assert st2.factories[0] == [2, 1, 0, 0, 0] and st2.factories[2] == [1, 1, 0, 1, 0]
    assert st2.factories[1] == [0, 0, 2, 2, 2]


def fill_phase_4p() -> State:
    """4 players, every wall row nearly full: only 20 tiles in the bag, none in the lid."""
    return position(
        4, phase="f", round=2, boards=[board(wall=NEARLY_FULL)] * 4, factories=["-"] * 9,
        specials="sf-/-",
    )


def test_R41_SF2_next_to_an_empty_neighbour_takes_from_the_other_only() -> None:
    st = fill_phase_4p()
    assert st.bag == [4] * 5 and st.lid == [0] * 5
    facs = ((B, B, B, B), (Y, Y, Y, Y), (R, R, R, R), (K, K, K, K), (W, W, W, W), (), (), (), ())
    # SF2W at display 6: display 5 (WWWW) gives a W, display 7 is empty.
    st.apply_fill(Fill(facs, ((0, SP.SF3), (5, SP.SF2 + W), (6, SP.SF4), (7, SP.SF5))))
    assert st.factories[5] == [0, 0, 0, 0, 1]
    assert st.factories[4] == [0, 0, 0, 0, 3]
    assert st.factories[6] == [0] * 5
    st.check_invariants()


def test_R47b_SF1_with_an_empty_bag_and_lid_gets_nothing() -> None:
    st = fill_phase_4p()
    facs = ((B, B, B, B), (Y, Y, Y, Y), (R, R, R, R), (K, K, K, K), (W, W, W, W), (), (), (), ())
    specials = ((0, SP.SF3), (2, SP.SF1), (6, SP.SF4), (7, SP.SF5))
    with pytest.raises(IllegalFillError) as e:
        st.check_fill(Fill(facs, specials, (B,)))
    assert e.value.rule == "R47b"
    st.apply_fill(Fill(facs, specials))
    assert st.factories[2] == [0, 0, 4, 0, 0] and st.tile_total() == [20] * 5


def test_R47b_SF1_draws_from_the_lid_when_the_plain_fill_emptied_the_bag() -> None:
    wall0 = "-YRK-" + NEARLY_FULL[5:]  # one B is in the lid instead
    st = position(
        3, phase="f", round=2, factories=["-"] * 7, lid="1.0.0.0.0", specials="sf-/-",
        boards=[
            board(lines="-.K.-.-.-", wall=wall0),
            board(lines="-.K.RR.YYY.BBBB", wall=NEARLY_FULL),
            board(lines="-.-.-.-.B", wall=NEARLY_FULL),
        ],
    )
    assert st.bag == [3, 5, 6, 6, 8]  # 28 tiles: exactly the 7 plain displays
    facs = ((B, B, B, Y), (Y,) * 4, (R,) * 4, (R, R, K, K), (K,) * 4, (W,) * 4, (W,) * 4)
    specials = ((0, SP.SF3), (4, SP.SF1), (6, SP.SF4))
    for bad in ((), (W,)):
        with pytest.raises(IllegalFillError) as e:
            st.check_fill(Fill(facs, specials, bad))
        assert e.value.rule == "R47b"
    st.apply_fill(Fill(facs, specials, (B,)))
    assert st.factories[4] == [1, 0, 0, 4, 0] and st.lid == [0] * 5 and st.bag == [0] * 5
    st.check_invariants()


def test_R47b_the_extra_tile_must_be_in_the_bag() -> None:
    st = State.new(sf(2))
    s = st.layout()
    st.check_fill(fill2(((1, SP.SF1), (3, SP.SF3)), (B,)))
    with pytest.raises(IllegalFillError) as e:
        st.check_fill(fill2(((1, SP.SF1), (3, SP.SF3)), ()))
    assert e.value.rule == "R47b" and st.layout() == s
    with pytest.raises(IllegalFillError) as e:
        st.check_fill(fill2(((1, SP.SF4), (3, SP.SF3)), (B,)))
    assert e.value.rule == "R41"


def test_R47c_an_SF2_takes_back_the_tile_SF1_drew() -> None:
    st = State.new(sf(2))
    # SF1 at display 2 (KKWW) draws an R; SF2R at display 3 then takes it back (and one R
    # from display 4).
    st.apply_fill(fill2(((1, SP.SF1), (2, SP.SF2 + R)), (R,)))
    assert st.factories[1] == [0, 0, 0, 2, 2]
    assert st.factories[2] == [1, 1, 2, 1, 0]  # display 4 (WWWB) has no R to give
    counts = fill2(()).counts()
    gains, losses = SP.after_fill(counts, ((1, SP.SF1), (2, SP.SF2 + R)), (R,))
    assert gains[1][R] == 1 and losses[1][R] == 1 and gains[2][R] == 1


def test_R47c_an_SF2_before_SF1_in_display_order_cannot_take_its_tile() -> None:
    counts = fill2(()).counts()
    gains, losses = SP.after_fill(counts, ((1, SP.SF2 + K), (2, SP.SF1)), (K,))
    assert counts[2][K] == 1 and losses[2][K] == 1 and gains[2][K] == 1


# -- R42: SF3 keeps its rest ---------------------------------------------------------------------
def draft_position(specials: str, **kw: object) -> State:
    facs = kw.pop("factories", ["BBYR", "KKWW", "BYRK", "WWWB", "RRYY"])
    return position(2, factories=facs, specials=specials, **kw)  # type: ignore[arg-type]


def test_R42_the_rest_stays_on_SF3_and_can_be_drafted_later() -> None:
    st = draft_position("sf2=SF3,4=SF4/-")
    st.push("2K1")
    assert st.factories[1] == [0, 0, 0, 0, 2] and st.centre == [0] * 5
    st.push("2W2")
    assert st.factories[1] == [0] * 5 and st.centre == [0] * 5
    assert st.player(1).lines[1].count == 2


# -- R43: SF4 sends its rest to its neighbours -----------------------------------------------------
def test_R43_SF4_sends_each_colour_left_or_right() -> None:
    st = draft_position("sf2=SF3,3=SF4/-")
    st.push("3B1/<>>")  # BYRK: Y left (display 2), R and K right (display 4)
    assert st.factories[1] == [0, 1, 0, 2, 2]
    assert st.factories[3] == [1, 0, 1, 1, 3]
    assert st.factories[2] == [0] * 5 and st.centre == [0] * 5
    st.check_invariants()


def test_R43_an_empty_neighbour_may_receive() -> None:
    st = draft_position("sf2=SF3,3=SF4/-", factories=["BBYR", "-", "BYRK", "WWWB", "RRYY"])
    st.push("3Y1/<<<")
    assert st.factories[1] == [1, 0, 1, 1, 0]


def test_R43_SF4_next_to_a_taken_SF5_skips_it() -> None:
    st = draft_position(
        "sf3=SF5,4=SF4/3.1.-", factories=["BBYR", "KKWW", "-", "WWWB", "RRYY"], turn=0
    )
    assert st.neighbours(3) == (1, 4)
    st.push("4W1/<")
    assert st.factories[1] == [1, 0, 0, 2, 2] and st.factories[2] == [0] * 5


def test_R43_a_draft_that_leaves_tiles_on_SF4_needs_the_suffix() -> None:
    st = draft_position("sf2=SF3,4=SF4/-")
    before = st.layout()
    for text, words in [
        ("4W1", "add /"),
        ("4W1/<>", "but 2 direction(s)"),
        ("1B1/<", "not SF4"),
        ("CB1/<", "is not a move"),
    ]:
        with pytest.raises((IllegalMoveError, InvalidMoveError)) as e:
            st.push(text)
        assert words in str(e.value) and st.layout() == before
        if isinstance(e.value, IllegalMoveError):
            assert e.value.rule == "R43"


def test_R43_a_draft_that_empties_SF4_has_no_suffix() -> None:
    st = draft_position("sf2=SF3,4=SF4/-", factories=["BBYR", "KKWW", "BYRK", "WWWW", "RRYY"])
    with pytest.raises(IllegalMoveError) as e:
        st.push("4W1/<")
    assert e.value.rule == "R43"
    st.push("4W1")
    assert st.factories[3] == [0] * 5


def test_R43_a_suffix_in_the_base_game_is_refused() -> None:
    st = position(2, factories=["BBYR", "KKWW", "BYRK", "WWWB", "RRYY"])
    with pytest.raises(IllegalMoveError) as e:
        st.push("4W1/<")
    assert e.value.rule == "R43"


def test_R47d_every_split_is_legal() -> None:
    st = draft_position("sf2=SF3,3=SF4/-")  # SF4 holds BYRK: 3 colours stay after any draft
    from_sf4 = [MOVES[a] for a in st.legal_actions() if MOVES[a].source == 2]
    assert all(m.split for m in from_sf4)
    per_draft = Counter(m.plain for m in from_sf4)
    assert set(per_draft.values()) == {8}  # 2^3 splits of each legal draft
    assert st.legal_actions() == sorted(st.legal_actions())


def test_R47d_split_ids_round_trip_and_keep_the_base_ids() -> None:
    assert parse_move("3B2").id == 61 and parse_move("CRF").id == 287
    assert parse_move("2@4").id == 300 + 5 + 3
    assert parse_move("1B1/<").id == SPLIT_BASE
    for a in range(SPLIT_BASE, NUM_ALL_ACTIONS, 7):
        m = move_of_action(a)
        assert parse_move(m.text()) is m and parse_move(m.text().lower()) is m
        assert m.split and m.plain.id < 270
    for bad in ("CB1/<", "4B1/", "4B1/<<<<<", "4B1/x", "1@1/<"):
        with pytest.raises(InvalidMoveError):
            parse_move(bad)


# -- R44: SF5 held beside the floor ---------------------------------------------------------------
def test_R44_SF5_leaves_the_circle_and_catches_the_first_falling_tile() -> None:
    st = draft_position("sf2=SF3,4=SF5/-")
    st.push("4W1")  # WWW: one on line 1, the next onto SF5 (no penalty), the last to the floor
    assert held(st) == (0, W)
    assert st.centre == [1, 0, 0, 0, 0]
    assert st.player(0).floor == (W,)
    assert st.tile_total() == [20] * 5
    st.push("1BF")  # player 2 holds no SF5
    assert held(st) == (0, W) and st.player(1).floor == (B, B)


def test_R44_the_SF5_tile_goes_to_the_lid_without_penalty() -> None:
    st = draft_position(
        "sf2=SF3,4=SF5/-", factories=["-", "-", "-", "WWWW", "-"], centre="B"
    )
    st.push("4WF")  # SF5 takes one W, three to the floor
    assert held(st) == (0, W) and len(st.player(0).floor) == 3
    st.push("CB1")
    assert st.is_chance
    assert st.scores == [0, 0]  # player 1: -4 clamped; player 2: 1 point - 1 for the marker
    assert st.lid[W] == 4 and st.sf5_tile is None
    st.check_invariants()


def test_R47a_SF5_catches_a_tile_even_on_a_full_floor() -> None:
    st = draft_position("sf2=SF3,4=SF5/-", boards=[board(floor="BBYYRRK"), board()])
    st.push("4W1")
    assert held(st) == (0, W) and len(st.player(0).floor) == 7
    assert st.lid[W] == 1  # the third W: past the full floor, to the lid (R14)


def test_R47a_SF5_takes_one_tile_only_and_never_the_marker() -> None:
    st = draft_position("sf2=SF3,4=SF5/-", centre="-")
    st.push("4WF")
    assert held(st) == (0, W) and st.player(0).floor == (W, W)
    st.push("1B1")
    st.push("CBF")  # the marker to the floor, not onto SF5
    assert st.player(0).floor == (W, W, 5, B)


def test_R47a_grey_R31_tile_onto_SF5_costs_nothing() -> None:
    wall = "-----.BK-RW.-Y---.--Y--.---Y-"
    st = position(
        2, "g", factories=["-", "-", "-", "-", "BR"],
        boards=[board(lines="-.YY.-.-.-", wall=wall, score=10), board()],
        specials="sf2=SF3,5=SF5/-",
    )
    assert st.free_columns(0, 1) == []
    st.push("5BF")  # player 1 holds SF5 (empty): this B onto SF5, R to the centre
    assert held(st) == (0, B)
    st2 = position(
        2, "g", factories=["R", "-", "-", "-", "-"],
        boards=[board(lines="-.YY.-.-.-", wall=wall, score=10), board()],
        specials="sf2=SF3,5=SF5/5.0.-",
    )
    st2.push("1R3")  # ends the round; the discarded YY (R31): one Y onto SF5, one to the floor
    assert st2.is_chance
    assert st2.scores[0] == 10 - 1  # the Y on the floor costs 1, the one on SF5 nothing
    assert st2.lid[Y] == 2 and st2.sf5_tile is None
    st2.check_invariants()


# -- R45: the round ends when every display and the centre are empty ------------------------------
def test_R45_the_round_ends_only_when_SF3_is_empty_too() -> None:
    st = draft_position("sf1=SF3,4=SF4/-", factories=["BBYR", "-", "-", "-", "-"])
    st.push("1B1")
    assert st.phase == "draft" and st.factories[0] == [0, 1, 1, 0, 0]
    st.push("1Y1")
    st.push("1R2")
    assert st.is_chance and st.specials == {} and st.sf5_holder is None
    st.deal(random.Random(0))
    assert st.sf5_holder is None and len(st.specials) == 2


# -- position string (R40, R44) -------------------------------------------------------------------
def test_R40_R44_position_string_round_trips_specials_and_the_held_SF5() -> None:
    st = draft_position("sf2=SF3,4=SF5/-")
    st.push("4W1")
    text = to_position(st)
    assert text.startswith("2c+sf ") and " sf2=SF3,4=SF5/4.0.W " in text
    assert from_position(text) == st
    for bad in ("sf2=SF3,2=SF5/-", "sf2=SF9,4=SF5/-", "sf2=SF3,4=SF5/3.0.W", "sf2=SF3/-"):
        with pytest.raises(ValueError):
            from_position(text.replace("sf2=SF3,4=SF5/4.0.W", bad))


# -- properties: thousands of random games with the module on -------------------------------------
def test_R40_R47_invariants_after_every_move_in_random_games() -> None:
    """1,200 complete games (2-4 players, both walls): tiles conserved (I1-I4) after every
    event, legal lists sorted and distinct, pop restores exactly, text <-> id round trips."""
    splits = 0
    for i in range(1200):
        players = 2 + i % 3
        rng = random.Random(i)
        st = State.new(sf(players, "grey" if i % 2 else "coloured"), start_player=i % players)
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
            else:
                acts = st.legal_actions()
                assert acts and acts == sorted(set(acts))
                a = acts[rng.randrange(len(acts))]
                m = move_of_action(a)
                assert parse_move(m.text()) is m
                splits += bool(m.split)
                if i % 10 == 0:
                    before = st.layout()
                    st.push(a)
                    assert st.pop() is m and st.layout() == before
                st.push(a)
            st.check_invariants()
            assert st.tile_total() == [20] * 5
            if i % 25 == 0:
                assert from_position(to_position(st)) == st
        assert min(st.scores) >= 0 and st.winners()
        if i % 20 == 0:  # game <-> record <-> replay (R46)
            again = replay(parse_record(dumps(record_of(st))))
            assert again == st and again.winners() == st.winners()
    assert splits > 1000


def test_R40_R47_reference_playout_matches_push() -> None:
    from azulejos.core.playout import random_playout

    for i in range(60):
        st = State.new(sf(2 + i % 3, "grey" if i % 2 else "coloured"))
        trace: list[int | Fill] = []
        random_playout(st, random.Random(i), trace=trace)
        again = State.new(st.ruleset)
        for ev in trace:
            if isinstance(ev, Fill):
                again.apply_fill(ev)
            else:
                again.push(ev)
        assert again == st and st.is_over


def test_R42_R44_preview_says_what_a_draft_does_with_the_module() -> None:
    from azulejos.core.preview import previews

    rng = random.Random(9)
    checked = 0
    for players in (2, 3, 4):
        st = State.new(sf(players))
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
                continue
            if st.phase == "draft":
                seat = st.current_player
                for m, pv in previews(st):
                    t = st.copy(history=False)
                    floor = len(t.player(seat).floor)
                    centre = sum(t.centre)
                    t.push(m)
                    if t.phase != "draft":
                        continue  # the round ended: the floor is already scored
                    took_marker = 1 if pv.marker and floor < 7 else 0
                    assert len(t.player(seat).floor) - floor - took_marker == pv.to_floor, m
                    assert (t.sf5_tile is not None and st.sf5_tile is None) == bool(pv.to_sf5), m
                    if not m.is_centre:
                        assert sum(t.centre) - centre == pv.to_centre, m
                    checked += 1
            st.push(rng.choice(st.legal_actions()))
    assert checked > 1000


def test_R43_choices_offer_each_destination_once_then_the_splits() -> None:
    from azulejos.core.choices import destinations, splits

    st = draft_position("sf2=SF3,3=SF4/-")  # SF4 (display 3) holds BYRK
    assert destinations(st, 2, B) == [0, 1, 2, 3, 4, 5]
    options = splits(st, 2, B, 0)
    assert len(options) == 8 and {m.directions for m in options} == {
        (a, b, c) for a in (False, True) for b in (False, True) for c in (False, True)
    }
    assert splits(st, 0, B, 0) == []


def test_R43_split_builds_the_suffixed_move() -> None:
    from azulejos.core.moves import split

    assert split(parse_move("4W2"), "<") is parse_move("4W2/<")
    assert split(parse_move("1B1"), "><>").directions == (True, False, True)
    for base, dirs in [("CB1", "<"), ("1B1", ""), ("1B1", "<<<<<"), ("1@1", "<"), ("1B1", "x")]:
        with pytest.raises(InvalidMoveError):
            split(parse_move(base), dirs)
