"""The tournaments start with the server process, not at their first request (web/parts.py;
docs/api.md, "Tournaments"): a round whose last game ended while no process moved the
tournament on (the process that saw the end died before pairing) is paired by the next process
to start, with no tournament request at all."""

from __future__ import annotations

import random
from typing import Any

from starlette.testclient import TestClient

from ..accounts.conftest import AppMaker, Clock, sign_up
from .test_tournaments_api import SWISS, play_my_turns


def _state(c: TestClient) -> Any:
    return c.app.state  # type: ignore[attr-defined]


def test_a_restarted_process_pairs_the_next_round_unasked(make_client: AppMaker,
                                                          clock: Clock) -> None:
    a, b = make_client(), make_client()
    sign_up(a, "Ana")
    sign_up(b, "Bo")
    tid = a.post("/api/tournaments", json={**SWISS, "rounds": 2}).json()["id"]
    for p in (a, b):
        assert p.post(f"/api/tournaments/{tid}/join", json={}).status_code == 200
    assert a.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    first = _state(a)
    # this process dies, as far as the tournament goes, once the game's end is written:
    # its commit hook is gone, and nobody asks about the tournament from here on
    first.service.commit_hooks.remove(first.tournaments.game_changed)
    rng, tokens = random.Random(3), [{}, {}]  # type: ignore[var-annotated]
    for _ in range(2000):
        lines = a.get("/api/account/games").json()["games"]
        if lines and all(line["phase"] == "over" for line in lines):
            break
        for i, p in enumerate((a, b)):
            play_my_turns(p, tokens[i], rng)
    else:
        raise AssertionError("the game did not end")
    store = first.tournaments.store
    assert store.get(tid).round == 1  # nobody paired round 2
    # a process (re)started on the database: its start pairs round 2, unasked
    fresh = make_client(now=clock)
    t = store.get(tid)
    assert t.status == "running" and t.round == 2
    boards = [x for x in store.boards(tid) if x.round == 2]
    assert len(boards) == 1 and boards[0].game_id is not None
    assert _state(fresh).parts.tournaments is _state(fresh).tournaments
    # each account finds its round-2 game in "my games" (no tournament request made)
    assert len(a.get("/api/account/games").json()["games"]) == 2


def test_the_pass_goes_round_every_due_tournament(make_client: AppMaker, clock: Clock) -> None:
    """The pass looks at a bounded number of tournaments at a time, going on where the last one
    stopped: with more due than that, every one is started in turn, none left out."""
    a, b = make_client(), make_client()
    sign_up(a, "Ada")
    sign_up(b, "Ben")
    tids = []
    for i in range(3):
        r = a.post("/api/tournaments", json={**SWISS, "name": f"Cup {i}",
                                             "starts_at": clock.t + 3600})
        assert r.status_code == 201, r.text
        tids.append(r.json()["id"])
        for p in (a, b):
            assert p.post(f"/api/tournaments/{tids[-1]}/join", json={}).status_code == 200
    clock.advance(3601)
    service = _state(a).tournaments
    store = service.store
    first = store.due(clock.t, 2)
    assert first == sorted(tids)[:2] and store.due(clock.t, 2, first[-1]) == sorted(tids)[2:]

    def running() -> int:
        return sum(store.get(t).status == "running" for t in tids)

    a.portal.call(service.tick, 2)  # type: ignore[union-attr]
    assert running() == 2
    a.portal.call(service.tick, 2)  # type: ignore[union-attr]
    assert running() == 3
