"""Every bot plays whole games with the special factory displays on (R40-R47): SF4 splits
(R43, R47d) included, only legal moves."""

from __future__ import annotations

import random

import pytest

from azulejos.agents.features import move_scores
from azulejos.agents.registry import LEVELS, make_agent
from azulejos.core import Ruleset, State
from azulejos.core.moves import MOVES
from azulejos.notation import from_position

#: each level's bot, with a small search budget so that whole games stay quick
SPECS = {
    "random": "random", "easy": LEVELS["easy"], "medium": LEVELS["medium"],
    "hard": "mcts:iterations=10,time=0.02", "expert": "mcts:iterations=10,time=0.02",
    "flatmc": "flatmc:iterations=30,time=0.05",
}


@pytest.mark.parametrize("level", sorted(SPECS))
def test_R43_R47d_every_bot_level_plays_whole_games_with_the_module(level: str) -> None:
    for players, variant in [(2, "coloured"), (3, "grey")]:
        bots = [make_agent(SPECS[level], seed) for seed in range(players)]
        rng = random.Random(players)
        st = State.new(Ruleset(players, variant, special_factories=True))
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
                continue
            move = bots[st.current_player].choose(st)
            assert move.id in st.legal_actions()
            st.push(move)
        st.check_invariants()


def test_R43_R44_move_scores_list_exactly_the_legal_moves_with_the_module() -> None:
    rng = random.Random(5)
    for players in (2, 3, 4):
        st = State.new(Ruleset(players, special_factories=True))
        while not st.is_over:
            if st.is_chance:
                st.deal(rng)
                continue
            if st.phase == "draft":
                for aware in (True, False):
                    acts, scores = move_scores(st.raw, st.nfactories, st.ruleset.grey,
                                               specials_aware=aware)
                    assert sorted(acts) == st.legal_actions() and len(scores) == len(acts)
            st.push(MOVES[rng.choice(st.legal_actions())])


#: Round 2, seat 0 to move. SF4 is display 3 (B B B Y) between display 2 (Y Y Y K) and the
#: empty display 4. Seat 1 needs one Y on pattern line 2, and that Y scores 5 on its wall.
SPLIT_POSITION = (
    "2c+sf 2 d0 0c RRWW,KYYY,BBBY,-,- RW 16.15.16.18.16 0.0.0.0.0 x0.0.0.0 sf3=SF4,5=SF3/- "
    "-.-.-.-.-/-----.-----.-----.-----.-----/-/0 -.Y.-.-.-/-----.WB-RK.-----.-----.-----/-/10"
)


def _scores(position: str) -> dict[str, float]:
    st = from_position(position)
    acts, sc = move_scores(st.raw, st.nfactories, st.ruleset.grey)
    return {MOVES[a].text(): v for a, v in zip(acts, sc)}


def test_R43_a_split_that_hands_the_next_player_a_clean_take_is_worth_less() -> None:
    """Sending the Y right leaves it alone on display 4: seat 1 completes line 2 for 5 points.
    Sending it left makes 4 Y there, and taking them costs seat 1 three floor tiles (R19), so
    its best take is then the K onto line 1, beside the R of its wall: 2 points (R18)."""
    sc = _scores(SPLIT_POSITION)
    for d in "12345F":
        assert sc[f"3B{d}/<"] - sc[f"3B{d}/>"] == pytest.approx(5.0 - 2.0)
    # taking the Y leaves B B B, which seat 1 values alike on either side
    assert sc["3Y1/<"] == sc["3Y1/>"]
    picks = {make_agent("greedy", seed).choose(from_position(SPLIT_POSITION)).text() for seed in range(8)}
    assert all(not p.startswith("3B") or p.endswith("/<") for p in picks)


#: Round 2, seat 0 to move, empty boards. Display 1 is the untaken SF5, display 2 is plain;
#: both hold four B.
SF5_POSITION = (
    "2c+sf 2 d0 0c BBBB,BBBB,-,RRYY,- KW 12.18.18.19.19 0.0.0.0.0 x0.0.0.0 sf1=SF5,3=SF3/- "
    "-.-.-.-.-/-----.-----.-----.-----.-----/-/0 -.-.-.-.-/-----.-----.-----.-----.-----/-/0"
)


def test_R44_a_draft_from_sf5_drops_one_tile_less_on_the_floor() -> None:
    sc = _scores(SF5_POSITION)
    # line 1 takes 1 B, 3 fall: from SF5 one lands on it, 2 cost 1 + 1 = 2; elsewhere 1 + 1 + 2
    assert sc["2B1"] - sc["1B1"] == pytest.approx(-(4 - 2))
    assert sc["1BF"] > sc["2BF"]
    # nothing falls: holding SF5 still has worth, a free floor space for the round
    assert sc["1B4"] > sc["2B4"]


def test_R44_a_held_empty_sf5_catches_the_first_falling_tile_of_every_draft() -> None:
    st = from_position(SF5_POSITION)
    st.push("1B4")  # seat 0 holds SF5
    st.push("4R2")  # seat 1
    before = {MOVES[a].text(): v for a, v in zip(*move_scores(st.raw, st.nfactories, False))}
    # 4 B onto line 1: 3 fall, the first onto the held SF5 (R44), 2 cost 1 + 1
    assert before["2B1"] == pytest.approx(1.0 - 2)


def test_R43_the_naive_scores_value_every_split_alike_for_comparison() -> None:
    st = from_position(SPLIT_POSITION)
    acts, sc = move_scores(st.raw, st.nfactories, False, specials_aware=False)
    naive = {MOVES[a].text(): v for a, v in zip(acts, sc)}
    assert naive["3B1/<"] == naive["3B1/>"]
    assert make_agent("greedy:specials=0", 1).choose(st).id in st.legal_actions()
    with pytest.raises(ValueError, match="specials must be 0 or 1"):
        make_agent("mcts:specials=2", 1)


def test_R43_flatmc_samples_one_split_per_sf4_draft_by_default() -> None:
    """Each SF4 draft keeps its split that offers the next player least (R43, R47d)."""
    from azulejos.agents.flatmc import _best_splits

    st = from_position(SPLIT_POSITION)
    acts = st.legal_actions()
    kept = _best_splits(st, acts)
    texts = {MOVES[a].text() for a in kept}
    assert "3B1/<" in texts and "3B1/>" not in texts
    plain = {MOVES[a].plain.id for a in acts if MOVES[a].split}
    assert len([a for a in kept if MOVES[a].split]) == len(plain)
    assert {a for a in acts if not MOVES[a].split} <= set(kept)
    for spec in ("flatmc:iterations=20", "flatmc:iterations=20,splits=0"):
        assert make_agent(spec, 1).choose(st).id in acts
