"""The compiled tree search (``fastmcts``, :mod:`azulejos.fast.search`): its move scoring and
evaluation equal the reference features value for value, it plays only legal moves over whole
games (2-4 players, both walls; R11, R13, R15, R30, R33), it is deterministic under a seed and
an iteration cap, and its pure-Python fallback is the ``mcts`` search with the same API.
Correctness only: speed is measured in benchmarks/ (docs/performance.md), never here."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from azulejos import fast
from azulejos.agents import Budget, make_agent
from azulejos.agents import fastmcts as fastmcts_module
from azulejos.agents.fastmcts import FastMCTSAgent, Tree
from azulejos.agents.features import evaluate, margins, move_scores, place_scores
from azulejos.agents.mcts import MCTSAgent
from azulejos.core import Ruleset, State
from azulejos.core import layout as L

from ..games import play_out, random_game

needs_numba = pytest.mark.skipif(not fast.available(), reason="the numba kernels are not available")


def _random_game_positions(
    players: int, variant: str, seed: int, special_factories: bool = False
) -> list[State]:
    """The moves due of a random game, and its end (where the evaluation is exact)."""
    rules = Ruleset(players, variant, special_factories=special_factories)
    return [st for st in random_game(rules, seed) if not st.is_chance]


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R5_R13_R18_R24_R30_kernel_scores_and_evaluation_equal_the_reference(
    players: int, variant: str
) -> None:
    import numpy as np

    from azulejos.fast import search as K

    grey = variant == "grey"
    checked = 0
    for seed in range(3):
        for st in _random_game_positions(players, variant, seed):
            raw = st.raw
            arr = np.array(raw, dtype=np.int64)
            out = np.empty(players, dtype=np.float64)
            K.evaluate_margins(arr, players, grey, out)
            assert out.tolist() == pytest.approx(margins(evaluate(raw, players, grey)))
            if raw[L.PHASE] in (L.DRAFT, L.PLACE):
                acts = np.empty(K.MAX_EDGES, dtype=np.int64)
                sc = np.empty(K.MAX_EDGES, dtype=np.float64)
                n = K.scores_of(arr, players, grey, acts, sc)
                if raw[L.PHASE] == L.DRAFT:
                    ref_a, ref_s = move_scores(raw, st.nfactories, grey)
                else:
                    ref_a, ref_s = place_scores(raw)
                assert acts[:n].tolist() == ref_a == st.legal_actions()
                assert sc[:n].tolist() == pytest.approx(ref_s)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R11_R13_R15_R30_R33_whole_games_with_only_legal_moves(players: int, variant: str) -> None:
    bots = [FastMCTSAgent(seed, Budget(iterations=25)) for seed in range(players)]
    moves = play_out(State.new(players, variant), bots, players * 7 + len(variant),
                     Budget(seconds=5.0))
    assert moves > 20
    if fast.available():
        assert {b.last_path for b in bots} == {"numba"}


def test_deterministic_under_a_seed_and_an_iteration_cap(
    game_positions: Callable[..., list[State]],
) -> None:
    pos = game_positions(3, "grey", seed=5, every=5)[:10]
    for spec in ("fastmcts:iterations=300", "fastmcts:iterations=200,rounds=1",
                 "fastmcts:iterations=300,rounds=1,chance=3",
                 "fastmcts:iterations=300,rounds=1,chance=3,shared=1"):
        a = make_agent(spec, seed=42)
        b = make_agent(spec, seed=42)
        for p in pos:
            ma, va = a.search(p.copy())  # type: ignore[attr-defined]
            mb, vb = b.search(p.copy())  # type: ignore[attr-defined]
            assert (ma, va) == (mb, vb)


@needs_numba
def test_the_iteration_cap_is_exact_and_growing_the_tree_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    st = State.new(2)
    st.deal(random.Random(11))
    first = FastMCTSAgent(3, Budget(iterations=3000)).analyse(st.copy())
    small = Tree.__init__.__defaults__
    assert small is not None
    monkeypatch.setattr(Tree.__init__, "__defaults__", (8, 400))  # forces many doublings
    agent = FastMCTSAgent(3, Budget(iterations=3000))
    second = agent.analyse(st.copy())
    assert agent.last_iterations == 3000
    assert sum(n for _, n, _ in second) == 3000
    assert first == second


@needs_numba
def test_a_tree_at_its_size_limit_keeps_searching(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the size limit the tree stops growing; the iterations go on from its frontier."""
    monkeypatch.setattr(fastmcts_module, "MAX_TREE_NODES", 64)
    monkeypatch.setattr(fastmcts_module, "MAX_TREE_EDGES", 2048)
    monkeypatch.setattr(Tree.__init__, "__defaults__", (8, 400))
    st = State.new(3, "grey")
    st.deal(random.Random(4))
    agent = FastMCTSAgent(2, Budget(iterations=2000), rounds=1)
    out = agent.analyse(st.copy())
    assert agent.last_iterations == 2000
    assert 32 < agent.last_nodes <= 64  # it grew to the limit, then stopped growing
    assert sum(n for _, n, _ in out) == 2000
    assert sorted(a for a, _, _ in out) == st.legal_actions()
    a = FastMCTSAgent(5, Budget(iterations=1500)).search(st.copy())
    b = FastMCTSAgent(5, Budget(iterations=1500)).search(st.copy())
    assert a == b and a[0].id in st.legal_actions()


def test_analyse_restricted_to_given_moves(game_positions: Callable[..., list[State]]) -> None:
    st = game_positions(2, "coloured", seed=2)[0]
    acts = st.legal_actions()
    only = (acts[0], acts[-1])
    out = FastMCTSAgent(1, Budget(iterations=200)).analyse(st.copy(), only=only)
    assert sorted(a for a, _, _ in out) == sorted(only)
    assert sum(n for _, n, _ in out) == 200
    with pytest.raises(ValueError):
        FastMCTSAgent(1, Budget(iterations=10)).analyse(st.copy(), only=(9999,))


def test_fallback_is_the_python_mcts_with_the_same_api(
    monkeypatch: pytest.MonkeyPatch, game_positions: Callable[..., list[State]]
) -> None:
    monkeypatch.setattr(fastmcts_module.fast, "available", lambda: False)
    for st in game_positions(2, "grey", seed=4, every=6)[:6]:
        agent = FastMCTSAgent(9, Budget(iterations=60), c=1.5, eps=0.1)
        ref = MCTSAgent(9, Budget(iterations=60), c=1.5, eps=0.1)
        assert agent.search(st.copy()) == ref.search(st.copy())
        assert agent.last_path == "reference"
        assert agent.last_iterations == ref.last_iterations
        assert agent.analyse(st.copy()) == ref.analyse(st.copy())


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R41_R47_kernel_scores_with_the_special_displays_equal_the_reference(
    players: int, variant: str
) -> None:
    """With the special displays the kernels' move scores are those of the reference
    ``features.move_scores`` (SF5 held or taken along, R44, R47a; every SF4 split valued by
    what it leaves the next player, R43, R47d), listing exactly the legal moves."""
    import numpy as np

    from azulejos.fast import search as K
    from azulejos.fast.tables import SPLIT_BASE

    grey = variant == "grey"
    drafts = splits = sf5 = 0
    for seed in range(3):
        for st in _random_game_positions(players, variant, seed, special_factories=True):
            raw = st.raw
            arr = np.array(raw, dtype=np.int64)
            out = np.empty(players, dtype=np.float64)
            K.evaluate_margins(arr, players, grey, out)
            assert out.tolist() == pytest.approx(margins(evaluate(raw, players, grey)))
            if raw[L.PHASE] != L.DRAFT:
                continue
            acts = np.empty(K.MAX_EDGES, dtype=np.int64)
            sc = np.empty(K.MAX_EDGES, dtype=np.float64)
            n = K.scores_of(arr, players, grey, acts, sc)
            ref_a, ref_s = move_scores(raw, st.nfactories, grey)
            assert acts[:n].tolist() == ref_a
            assert sorted(ref_a) == sorted(st.legal_actions())
            assert sc[:n].tolist() == pytest.approx(ref_s, abs=1e-9)
            drafts += 1
            splits += any(a >= SPLIT_BASE for a in ref_a)
            sf5 += "SF5" in st.specials.values()
    assert drafts > 100 and splits > 0 and sf5 > 0, (drafts, splits, sf5)


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["coloured", "grey"])
def test_R40_R47_special_display_games_run_on_the_kernels_with_only_legal_moves(
    players: int, variant: str
) -> None:
    """Whole games with the special displays on, searched by the compiled search (one more
    round with sampled fills and specials in the play-outs: ``rounds=1``, R40, R41)."""
    st = State.new(Ruleset(players, variant, special_factories=True))
    bots = [FastMCTSAgent(seed, Budget(iterations=25), rounds=1) for seed in range(players)]
    assert play_out(st, bots, players * 11 + len(variant)) > 20
    assert {b.last_path for b in bots} == {"numba"}


def _late_in_a_round(seed: int) -> State:
    """A 2-player position with a move due and at most four tiles left on the table."""
    rng = random.Random(seed)
    st = State.new(2)
    while True:
        if st.is_chance:
            st.deal(rng)
            continue
        if sum(map(sum, st.factories)) + sum(st.centre) <= 4 and len(st.legal_actions()) > 1:
            return st
        acts = st.legal_actions()
        st.push(acts[rng.randrange(len(acts))])


@needs_numba
def test_R21_R22_chance_nodes_carry_the_tree_past_the_end_of_the_round() -> None:
    """Without ``chance`` the tree of a round's last moves stops growing at the fill: it has
    only the few lines left. With ``chance=4`` the fill is a chance node of four sampled
    fills and the next round is searched below each, so the tree keeps growing."""
    for seed in (1, 2, 3):
        st = _late_in_a_round(seed)
        sizes = {}
        for chance in (0, 4):
            bot = FastMCTSAgent(7, Budget(iterations=4000), rounds=1, chance=chance)
            move, _ = bot.search(st.copy())
            assert st.is_legal(move)
            sizes[chance] = bot.last_nodes
        assert sizes[0] < 400 < 3000 < sizes[4], sizes


def _chance_nodes(monkeypatch: pytest.MonkeyPatch, bot: FastMCTSAgent,
                  st: State) -> list[tuple[int, list[int], list[int]]]:
    """Every chance node of ``bot``'s tree after one search of ``st``: (its visits, its edges'
    seeds, their visits). A move's edge holds an action id, a chance node's a 62-bit seed."""
    trees: list[Tree] = []

    class Kept(Tree):
        def __init__(self, *a: int) -> None:
            super().__init__(*a)
            trees.append(self)

    monkeypatch.setattr(fastmcts_module, "Tree", Kept)
    move, _ = bot.search(st.copy())
    assert st.is_legal(move)
    tree = trees[-1]
    nodes = []
    for node in range(int(tree.meta[0])):
        first, cnt = int(tree.nd_first[node]), int(tree.nd_cnt[node])
        seeds = [int(x) for x in tree.e_act[first:first + cnt]] if cnt > 0 else []
        if seeds and min(seeds) >= 1 << 32:
            visits = [int(x) for x in tree.e_n[first:first + cnt]]
            nodes.append((int(tree.nd_visits[node]), seeds, visits))
    return nodes


def _chance_seed_lists(monkeypatch: pytest.MonkeyPatch, bot: FastMCTSAgent,
                       st: State) -> list[list[int]]:
    return [seeds for _, seeds, _ in _chance_nodes(monkeypatch, bot, st)]


@needs_numba
def test_R21_R22_shared_fills_give_sibling_chance_nodes_the_same_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``shared=1`` every chance node at the same round ahead samples its fills with the
    same seeds (base + fills passed x MAX_CHANCE_EDGES + i), so sibling lines are compared
    over the same factories; without it each chance node draws its own seeds."""
    from azulejos.fast.search import MAX_CHANCE_EDGES

    assert MAX_CHANCE_EDGES == fastmcts_module.MAX_CHANCE
    st = _late_in_a_round(1)
    own = _chance_seed_lists(monkeypatch, FastMCTSAgent(
        7, Budget(iterations=3000), rounds=1, chance=4), st)
    assert len(own) >= 3
    flat = [x for seeds in own for x in seeds]
    assert len(set(flat)) == len(flat)  # every chance node its own draws
    shared = _chance_seed_lists(monkeypatch, FastMCTSAgent(
        7, Budget(iterations=3000), rounds=1, chance=4, shared=True), st)
    assert len(shared) >= 3
    base = min(x for seeds in shared for x in seeds)
    for seeds in shared:
        ahead, i = divmod(seeds[0] - base, MAX_CHANCE_EDGES)
        assert i == 0 and seeds == [base + ahead * MAX_CHANCE_EDGES + k for k in range(4)]
    firsts = [seeds for seeds in shared if seeds[0] == base]
    assert len(firsts) >= 2  # siblings after the next fill share it
    other = _chance_seed_lists(monkeypatch, FastMCTSAgent(
        8, Budget(iterations=3000), rounds=1, chance=4, shared=True), st)
    assert min(x for seeds in other for x in seeds) != base  # a new base per search


@needs_numba
def test_R21_R22_widening_opens_a_chance_nodes_fills_as_its_visits_grow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``widen=W`` a chance node visited n times has used only its first
    1 + floor(W sqrt(n)) fills, each about as often; without it, all K in turn."""
    st = _late_in_a_round(1)
    wide = _chance_nodes(monkeypatch, FastMCTSAgent(
        7, Budget(iterations=6000), rounds=1, chance=16, widen=0.5), st)
    busy = [(n, v) for n, _, v in wide if n >= 100]
    assert busy
    for n, visits in busy:
        opened = min(16, 1 + int(0.5 * math.sqrt(n)))
        assert all(x > 0 for x in visits[:opened - 1]) and not any(visits[opened:]), (n, visits)
    assert any(1 + int(0.5 * math.sqrt(n)) < 16 for n, _ in busy)  # some still closed fills
    flat = _chance_nodes(monkeypatch, FastMCTSAgent(
        7, Budget(iterations=6000), rounds=1, chance=16), st)
    for n, _, visits in flat:
        if n >= 16:
            assert max(visits) - min(visits) <= 1, visits  # the least visited next


@needs_numba
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("special_factories", [False, True])
def test_R21_R41_games_searched_across_the_fills_have_only_legal_moves(
    players: int, special_factories: bool
) -> None:
    """Whole games (grey wall with 3 players) by the search with chance nodes, the special
    displays' fills (R41) included, every other bot with shared fills; the state handed to the
    bot is never changed."""
    variant = "grey" if players == 3 else "coloured"
    st = State.new(Ruleset(players, variant, special_factories=special_factories))
    bots = [FastMCTSAgent(s, Budget(iterations=300), rounds=1, chance=3, shared=s % 2 == 1)
            for s in range(players)]
    assert play_out(st, bots, players) > 20
    assert {b.last_path for b in bots} == {"numba"}


def test_time_management_shares_the_mean_time_and_resets_its_bank_per_game() -> None:
    """More time for a move with many choices, less with few, never past the runner's limit;
    a new game (round 1 after a later round) starts with an empty bank."""
    agent = FastMCTSAgent(1, Budget(seconds=0.02))
    many, _ = agent.allowance(None, 100)
    few, _ = agent.allowance(None, 3)
    assert few is not None and many is not None and few < 0.02 < many <= 3 * 0.02
    capped, _ = agent.allowance(Budget(seconds=0.025), 100)
    assert capped == 0.025  # the runner's time is a hard limit
    assert FastMCTSAgent(1, Budget(seconds=0.02), manage=False).allowance(None, 100) == (0.02, None)
    st = State.new(2)
    st.deal(random.Random(3))
    agent.game_round = 4
    agent.bank = 0.06
    agent.choose(st.copy())
    assert agent.game_round == 1
    assert agent.bank <= 0.02  # reset, then at most this move's unused mean time


@pytest.mark.parametrize(
    "spec", ["fastmcts:manage=2", "fastmcts:temperature=0", "fastmcts:speed=1",
             "fastmcts:iterations=0", "fastmcts:time=-1", "fastmcts:chance=-1",
             "fastmcts:chance=65", "fastmcts:shared=2", "fastmcts:widen=-1",
             "fastmcts:widen=17"],
)
def test_bad_specs_are_clear_errors(spec: str) -> None:
    with pytest.raises(ValueError) as e:
        make_agent(spec, seed=1)
    assert str(e.value)


def test_no_move_when_none_is_due() -> None:
    with pytest.raises(ValueError):
        FastMCTSAgent(1, Budget(iterations=5)).choose(State.new(2))
    with pytest.raises(ValueError):
        FastMCTSAgent(1, Budget(iterations=5)).analyse(State.new(2))
