"""Random games for the tests: every position of one game played with uniformly random legal
moves and fills drawn from a seed (R9, R21), so that a property can be checked over positions
of every phase, player count, wall and module."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from azulejos.agents import Agent, Budget
from azulejos.core import Ruleset, State


def random_game(rules: Ruleset, seed: int) -> Iterator[State]:
    """Each position of one random game in order: the fills (``is_chance``), every position
    where a move is due (drafting, or a grey wall column choice) and the final one. Each is a
    copy without history, so a caller may keep or change it."""
    rng = random.Random(seed)
    st = State.new(rules)
    while True:
        yield st.copy(history=False)
        if st.is_over:
            return
        if st.is_chance:
            st.deal(rng)
            continue
        acts = st.legal_actions()
        st.push(acts[rng.randrange(len(acts))])


def moves_due(rules: Ruleset, seed: int) -> list[State]:
    """The positions of :func:`random_game` where someone is to move."""
    return [st for st in random_game(rules, seed) if not st.is_chance and not st.is_over]


def play_out(st: State, bots: Sequence[Agent], seed: int, budget: Budget | None = None) -> int:
    """Play ``st`` to the end with ``bots`` (one per seat) and fills drawn from ``seed``,
    checking every move: legal, and the state the bot was handed left unchanged. Returns
    the number of moves; the tile invariants are checked at the end."""
    rng = random.Random(seed)
    moves = 0
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
            continue
        before = st.copy()
        handed = st.copy()
        move = bots[st.current_player].choose(handed, budget)
        assert handed == before, "the bot changed the state it was handed"
        assert st.is_legal(move), (st, move)
        st.push(move)
        moves += 1
    st.check_invariants()
    return moves
