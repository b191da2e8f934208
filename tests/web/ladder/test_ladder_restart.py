"""The ladders start with the server process, not at their first request (web/parts.py;
docs/api.md, "Ladder"): a challenge game that ended while no process settled it (the process
that saw the end died first) is settled by the next process to start, with no ladder request."""

from __future__ import annotations

from typing import Any

from ..accounts.conftest import Clock
from ..lobby.helpers import ok, play_out
from .test_ladder_api import POOL, ladder_of, profile


def test_a_restarted_process_settles_an_ended_challenge_unasked(make_client: Any,
                                                                clock: Clock) -> None:
    top, low = ladder_of(2, make_client)
    made = ok(low.post(f"{POOL}/challenge", json={"profile": profile(top)}), 201)
    took = ok(top.post(f"{POOL}/challenges/{made['id']}/accept", json={}))
    mine = ok(low.get(f"{POOL}/challenges/{made['id']}"))
    state: Any = top.app.state  # type: ignore[attr-defined]
    # this process dies, as far as the ladder goes, once the game's end is written
    state.service.commit_hooks.remove(state.ladder.game_changed)
    play_out(top, took["game"], {0: mine["you"]["token"], 1: took["you"]["token"]}, seed=4)
    store = state.ladder.store
    assert store.get(made["id"]).status == "playing"
    fresh = make_client(now=clock)  # a process (re)started on the database
    assert store.get(made["id"]).status == "settled"
    assert fresh.app.state.parts.ladder is fresh.app.state.ladder  # type: ignore[attr-defined]
