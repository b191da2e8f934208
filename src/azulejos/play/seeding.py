"""Where the chance comes from: one seeding scheme for every front end (R9, R21, R22).

A game has one integer seed. The fill of round ``r`` is drawn with
``random.Random(f"azulejos-play:{seed}:{r}")`` from the bag counts at that moment, so a game
resumed from its events (or after an undo) deals exactly what it would have dealt. A bot's
seed is derived from the game seed, its seat and the number of moves played, so its answer
depends only on the game so far.

The terminal writes the seed into its records (the game is the player's own). The web server
draws a 128-bit secret seed, keeps it server-side and never sends it: the fills are seeded
with the whole seed through SHA-512 (how :class:`random.Random` seeds from text), so nothing a
player sees tells the next fill.

Games stored by servers written before this scheme carry a running generator's state instead;
:class:`GeneratorFills` (web layer) keeps dealing those from where they stopped.
"""

from __future__ import annotations

import json
import random
from typing import Protocol

from azulejos.core import Fill, State


class FillSource(Protocol):
    """What deals the next round's fill. ``fork`` gives an independent copy to try a move on;
    ``secret`` is what a server stores to go on after a restart (never sent to a client)."""

    def fill(self, state: State) -> Fill: ...

    def fork(self) -> FillSource: ...

    def bot_seed(self, seat: int, moves: int) -> int: ...

    def secret(self) -> str: ...


class Seeding:
    """The seeding scheme (see the module text).

    >>> a, b = Seeding(7), Seeding(7)
    >>> s = State.new(2)
    >>> a.fill(s) == b.fill(s) and a.bot_seed(1, 4) == b.bot_seed(1, 4)
    True
    """

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        if type(seed) is not int or seed < 0:
            raise ValueError(f"a seed is a whole number >= 0, not {seed!r}")
        self.seed = seed

    def __repr__(self) -> str:
        return f"Seeding({self.seed})"

    def fill_rng(self, round: int) -> random.Random:
        return random.Random(f"azulejos-play:{self.seed}:{round}")

    def fill(self, state: State) -> Fill:
        return state.sample_fill(self.fill_rng(state.round))

    def fork(self) -> Seeding:
        return self  # nothing changes as fills are drawn

    def bot_seed(self, seat: int, moves: int) -> int:
        return (self.seed * 1_000_003 + seat * 10_007 + moves) % 2**63

    def secret(self) -> str:
        return json.dumps({"seed": str(self.seed)})

    @classmethod
    def from_secret(cls, text: str) -> Seeding | None:
        """The seeding stored by :meth:`secret`; None if ``text`` is something else."""
        try:
            data = json.loads(text)
        except ValueError:
            return None
        if isinstance(data, dict) and isinstance(data.get("seed"), str) and data["seed"].isdigit():
            return cls(int(data["seed"]))
        return None
