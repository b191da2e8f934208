"""Uniformly random self-play (records for testing and interchange), hosted like any game.

Every game is a play-layer :class:`~azulejos.play.Host` of random bots, dealt by the one
seeding scheme (:mod:`azulejos.play.seeding`): game 0 of a run with ``--seed S`` deals what
``azulejos play --seed S`` and ``azulejos demo --seed S`` deal.
"""

from __future__ import annotations

import hashlib

from azulejos.core import Ruleset, State
from azulejos.play import Host, Seat, Seeding, Session


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a self-play run with ``seed`` (stable across runs):
    ``seed`` itself for the first game."""
    if index == 0:
        return seed
    digest = hashlib.sha256(f"azulejos-selfplay:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def random_host(rules: Ruleset, seed: int) -> Host:
    """A new game of ``rules`` between uniformly random bots, dealt from ``seed``."""
    seats = [Seat(f"Random {p + 1}", "random") for p in range(rules.players)]
    return Host(Session.new(seats, rules, Seeding(seed)))


def random_game(rules: Ruleset, seed: int, index: int = 0) -> State:
    """Play one game of ``rules`` with uniformly random legal moves; the state keeps its
    history."""
    host = random_host(rules, game_seed(seed, index))
    host.run_bots()
    return host.state
