"""Hand-built positions for rule tests."""

from __future__ import annotations

import random

from azulejos.core import State
from azulejos.notation import from_position

EMPTY_WALL = "-----.-----.-----.-----.-----"
EMPTY_LINES = "-.-.-.-.-"


def board(lines: str = EMPTY_LINES, wall: str = EMPTY_WALL, floor: str = "-", score: int = 0) -> str:
    return f"{lines}/{wall}/{floor}/{score}"


def position(
    players: int = 2,
    variant: str = "c",
    factories: list[str] | None = None,
    centre: str = "-",
    boards: list[str] | None = None,
    *,
    round: int = 1,
    phase: str = "d",
    turn: int = 0,
    start: int = 0,
    marker: str = "c",
    lid: str = "0.0.0.0.0",
    extra: str = "x0.0.0.0",
    specials: str | None = None,
) -> State:
    """A state from parts; the bag takes every tile not placed elsewhere. ``specials`` (the
    position string's ``sf…`` field, e.g. ``"sf2=SF3,4=SF4/-"``) turns the special factory
    displays on (R40-R47)."""
    nf = 2 * players + 1
    facs = factories if factories is not None else ["-"] * nf
    facs = facs + ["-"] * (nf - len(facs))
    bs = boards if boards is not None else [board()] * players
    sf = "" if specials is None else f" {specials}"
    head = f"{players}{variant}" + ("" if specials is None else "+sf")
    text = (
        f"{head} {round} {phase}{turn} {start}{marker} {','.join(facs)} {centre} ? "
        f"{lid} {extra}{sf} {' '.join(bs)}"
    )
    return from_position(text, fill_bag=True)


def play_random(st: State, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if st.is_over:
            return
        if st.is_chance:
            st.deal(rng)
        else:
            st.push(rng.choice(st.legal_moves()))
