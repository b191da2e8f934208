"""The fill as single chance events (core.chance.FillDraw, the OpenSpiel adapter's chance
nodes) against the core's own fill (``sample_fill``): every sampled fill is a path of the
events, and the events' probabilities are the sampled fill's distribution (R21, R22, R40,
R41, R47b, R47e)."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations

import pytest

from azulejos.core import Fill, Ruleset, State
from azulejos.core import layout as L
from azulejos.core.chance import FillDraw, sample_fill


def _path(fill: Fill, nfactories: int) -> list[int]:
    """The chance outcomes that draw ``fill``: the kinds (with the module), tiles, SF1's."""
    kinds = dict(fill.specials)
    out = [kinds.get(f, 0) for f in range(nfactories)] if fill.specials else []
    out += [k for f in fill.factories for k in f]
    return out + list(fill.extra)


def _fills_of_games(special: bool, games: int, seed: int) -> list[tuple[list[int], Fill]]:
    """Fill-phase layouts of random games with the fill the core sampled there."""
    rng = random.Random(seed)
    out: list[tuple[list[int], Fill]] = []
    for _ in range(games):
        st = State.new(Ruleset(rng.choice((2, 3, 4)), special_factories=special))
        while not st.is_over:
            if st.is_chance:
                raw = st.layout()
                fill = sample_fill(raw, st.nfactories, rng)
                out.append((raw, fill))
                st.apply_fill(fill)
            else:
                st.push(rng.choice(st.legal_moves()))
    return out


@pytest.mark.parametrize("special", [False, True])
def test_R21_R22_every_sampled_fill_is_a_path_of_the_draws(special: bool) -> None:
    for raw, fill in _fills_of_games(special, 6, 11):
        players = (len(fill.factories) - 1) // 2
        draw = FillDraw(raw, players)
        for outcome in _path(fill, len(fill.factories)):
            probs = dict(draw.outcomes())
            assert math.isclose(sum(probs.values()), 1.0)
            assert probs.get(outcome, 0.0) > 0.0, (draw.stage, outcome, probs)
            draw.draw(outcome)
        assert draw.done and draw.fill() == fill


def _distribution(draw: FillDraw) -> dict[Fill, float]:
    """Every complete fill reachable from ``draw`` with its probability (exact enumeration)."""
    if draw.done:
        return {draw.fill(): 1.0}
    out: dict[Fill, float] = {}
    for outcome, p in draw.outcomes():
        child = FillDraw.__new__(FillDraw)
        for slot in FillDraw.__slots__:
            v = getattr(draw, slot)
            setattr(child, slot, [list(x) for x in v] if slot == "draws" else
                    list(v) if isinstance(v, list) else v)
        child.draw(outcome)
        for fill, q in _distribution(child).items():
            out[fill] = out.get(fill, 0.0) + p * q
    return out


def test_R22_the_draws_give_the_sampled_distribution_across_a_lid_refill() -> None:
    # A small bag: factory 1 empties it, the lid goes in, factory 2 gets the rest (R22).
    raw = State.new(2).layout()
    raw[L.BAG : L.BAG + 5] = [2, 1, 0, 0, 0]
    raw[L.LID : L.LID + 5] = [0, 0, 2, 0, 1]
    exact = _distribution(FillDraw(raw, 2))
    assert math.isclose(sum(exact.values()), 1.0)
    rng = random.Random(3)
    n = 6000
    seen = Counter(sample_fill(raw, 5, rng) for _ in range(n))
    assert set(seen) <= set(exact)
    for fill, p in exact.items():
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(seen[fill] - n * p) <= 5 * sigma + 1, (fill, seen[fill], n * p)


def test_R40_R47e_the_kinds_are_uniform_like_the_sampled_ones() -> None:
    # sample_fill draws n displays uniformly, then n different kinds uniformly: every
    # (displays, kinds) pair has probability 1 / (C(2n+1, n) * 9!/(9-n)!).
    raw = State.new(Ruleset(2, special_factories=True)).layout()
    probs: dict[tuple[int, ...], float] = {}

    def walk(draw: FillDraw, p: float) -> None:
        if draw.stage != "kinds":
            probs[tuple(draw.kinds)] = probs.get(tuple(draw.kinds), 0.0) + p
            return
        for outcome, q in draw.outcomes():
            child = FillDraw(raw, 2)
            for k in draw.kinds:
                child.draw(k)
            child.draw(outcome)
            walk(child, p * q)

    walk(FillDraw(raw, 2), 1.0)
    total = len(list(combinations(range(5), 2))) * 9 * 8
    assert len(probs) == total
    assert all(math.isclose(p, 1 / total) for p in probs.values())


def test_R47b_SF1_extra_tile_is_a_draw_of_its_own() -> None:
    raw = State.new(Ruleset(2, special_factories=True)).layout()
    draw = FillDraw(raw, 2)
    for kind in (1, 0, 0, 0, 9):  # SF1 on display 1, SF5 on display 5
        draw.draw(kind)
    assert draw.stage == "tiles"
    while draw.stage == "tiles":
        draw.draw(max(draw.outcomes(), key=lambda o: o[1])[0])
    assert draw.stage == "extra"
    draw.draw(draw.outcomes()[0][0])
    fill = draw.fill()
    assert len(fill.extra) == 1 and fill.specials == ((0, 1), (4, 9))
    State.from_layout(Ruleset(2, special_factories=True), raw).apply_fill(fill)  # the core takes it


def test_an_impossible_outcome_is_refused_and_changes_nothing() -> None:
    raw = State.new(2).layout()
    raw[L.BAG : L.BAG + 5] = [0, 4, 0, 0, 0]
    draw = FillDraw(raw, 2)
    with pytest.raises(ValueError, match="not possible"):
        draw.draw(0)
    assert draw.bag == [0, 4, 0, 0, 0] and draw.draws == [[]]
