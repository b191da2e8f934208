"""The ladder (issue 29, item 4; docs/api.md, "Ladder"): accounts join at the bottom of a
pool's ladder and leave it; a challenge reaches at most 3 rungs up, one open challenge a
player; the challenged account accepts (a rated public game both play through the API) or
declines; the winner, if lower, takes the loser's rung and the rungs between move down one.
Bad requests are refused and change nothing."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from ..helpers import view
from ..lobby.helpers import ok, play_out, refused, signed_up

POOL = "/api/ladder/2-coloured"


def profile(c: TestClient) -> str:
    pid: str = ok(c.get("/api/account"))["profile"]["id"]
    return pid


def names(c: TestClient, pool: str = POOL) -> list[str]:
    return [r["name"] for r in ok(c.get(pool))["rungs"]]


def ladder_of(n: int, make_client: Any) -> list[TestClient]:
    out = []
    for k in range(n):
        c = signed_up(make_client, f"P{k + 1}")
        ok(c.post(f"{POOL}/join", json={}))
        out.append(c)
    return out


def settle(c: TestClient) -> None:
    """Wait for the ladder's settling and the ratings (on the server's own loop)."""
    portal: Any = c.portal
    state: Any = c.app.state  # type: ignore[attr-defined]
    portal.call(state.ladder.wait)
    portal.call(state.service.profiles.settle)


def test_join_leave_and_list(make_client: Any) -> None:
    anon = make_client()
    refused(anon.post(f"{POOL}/join", json={}), 401, "signed_out")
    a, b, c = ladder_of(3, make_client)
    got = ok(anon.get(POOL))
    assert got["pool"] == "2-coloured" and got["you"] is None and got["challenges"] == []
    assert [(r["rank"], r["name"], r["profile"], r["wins"], r["losses"]) for r in got["rungs"]] \
        == [(1, "P1", profile(a), 0, 0), (2, "P2", profile(b), 0, 0), (3, "P3", profile(c), 0, 0)]
    assert ok(c.get(POOL))["you"] == {"rank": 3, "challenge": None, "expired": None}
    refused(b.post(f"{POOL}/join", json={}), 409, "already_on_ladder")
    assert names(anon) == ["P1", "P2", "P3"]
    left = ok(b.post(f"{POOL}/leave", json={}))
    assert [(r["rank"], r["name"]) for r in left["rungs"]] == [(1, "P1"), (2, "P3")]
    assert left["you"] == {"rank": None, "challenge": None, "expired": None}
    refused(b.post(f"{POOL}/leave", json={}), 409, "not_on_ladder")
    ok(b.post(f"{POOL}/join", json={}))
    assert names(anon) == ["P1", "P3", "P2"]  # back at the bottom
    # one ladder per pool: the grey wall's is another list
    assert ok(anon.get("/api/ladder/2-grey"))["rungs"] == []
    refused(anon.get("/api/ladder/3-coloured"), 404, "unknown_ladder")
    refused(a.post("/api/ladder/nope/join", json={}), 404, "unknown_ladder")
    refused(a.post(f"{POOL}/leave", json={"x": 1}), 400, "malformed")
    assert names(anon) == ["P1", "P3", "P2"]


def test_challenges_reach_three_rungs_up_and_bad_requests(make_client: Any) -> None:
    p = ladder_of(6, make_client)  # P1 … P6, P1 on top
    outsider = signed_up(make_client, "Out")
    bottom = p[5]
    refused(bottom.post(f"{POOL}/challenge", json={"profile": profile(p[1])}), 409,
            "out_of_reach")  # rank 6 to rank 2: 4 rungs up
    refused(p[1].post(f"{POOL}/challenge", json={"profile": profile(p[5])}), 409,
            "out_of_reach")  # a challenge goes up, never down
    refused(bottom.post(f"{POOL}/challenge", json={"profile": profile(bottom)}), 400,
            "self_challenge")
    refused(bottom.post(f"{POOL}/challenge", json={"profile": profile(outsider)}), 404,
            "unknown_rung")
    refused(outsider.post(f"{POOL}/challenge", json={"profile": profile(p[0])}), 409,
            "not_on_ladder")
    refused(bottom.post(f"{POOL}/challenge", json={}), 400, "malformed")
    refused(bottom.post(f"{POOL}/challenge", json={"profile": 5}), 400, "malformed")
    refused(bottom.post(f"{POOL}/challenge", json={"profile": profile(p[2]), "x": 1}), 400,
            "malformed")
    refused(make_client().post(f"{POOL}/challenge", json={"profile": profile(p[2])}), 401,
            "signed_out")
    made = ok(bottom.post(f"{POOL}/challenge", json={"profile": profile(p[2])}), 201)
    assert made["status"] == "open" and made["game"] is None and made["outcome"] is None
    assert made["challenger"] == {"profile": profile(bottom), "name": "P6", "rank": 6}
    assert made["challenged"] == {"profile": profile(p[2]), "name": "P3", "rank": 3}
    assert made["you"] == {"seat": 0, "token": None}
    cid = made["id"]
    # one open challenge a player, either side
    refused(bottom.post(f"{POOL}/challenge", json={"profile": profile(p[3])}), 409, "challenge_pending")
    refused(p[3].post(f"{POOL}/challenge", json={"profile": profile(p[2])}), 409, "challenge_pending")
    assert ok(p[2].get(POOL))["you"] == {"rank": 3, "challenge": cid, "expired": None}
    # only the one challenged accepts; only its players decline
    refused(p[4].post(f"{POOL}/challenges/{cid}/accept", json={}), 403, "not_challenged")
    refused(bottom.post(f"{POOL}/challenges/{cid}/accept", json={}), 403, "not_challenged")
    refused(p[4].post(f"{POOL}/challenges/{cid}/decline", json={}), 403, "not_challenged")
    refused(p[2].post(f"{POOL}/challenges/nope/accept", json={}), 404, "unknown_challenge")
    refused(p[2].post(f"/api/ladder/2-grey/challenges/{cid}/accept", json={}), 404,
            "unknown_challenge")
    declined = ok(p[2].post(f"{POOL}/challenges/{cid}/decline", json={}))
    assert declined["status"] == "declined"
    refused(p[2].post(f"{POOL}/challenges/{cid}/accept", json={}), 409, "challenge_closed")
    refused(bottom.post(f"{POOL}/challenges/{cid}/decline", json={}), 409, "challenge_closed")
    assert ok(bottom.get(POOL))["challenges"] == []
    assert names(bottom) == ["P1", "P2", "P3", "P4", "P5", "P6"]
    # a new one after the decline; leaving the ladder withdraws it
    again = ok(bottom.post(f"{POOL}/challenge", json={"profile": profile(p[4])}), 201)
    ok(bottom.post(f"{POOL}/leave", json={}))
    assert ok(p[4].get(f"{POOL}/challenges/{again['id']}"))["status"] == "declined"


def play_challenge(challenger: TestClient, challenged: TestClient, seed: int
                   ) -> tuple[str, dict[str, Any]]:
    """Challenge, accept, play the game out through the API; the game's id and its end."""
    made = ok(challenger.post(f"{POOL}/challenge", json={"profile": profile(challenged)}),
              201)
    took = ok(challenged.post(f"{POOL}/challenges/{made['id']}/accept", json={}))
    assert took["status"] == "playing" and took["game"] and took["you"]["seat"] == 1
    mine = ok(challenger.get(f"{POOL}/challenges/{made['id']}"))
    assert mine["game"] == took["game"] and mine["you"]["seat"] == 0 and mine["you"]["token"]
    gid = took["game"]
    tokens = {0: mine["you"]["token"], 1: took["you"]["token"]}
    v = view(challenger, gid, tokens[0])
    assert v["rated"] is True and [s["name"] for s in v["seats"]] == \
        [mine["challenger"]["name"], mine["challenged"]["name"]]
    # a player may not leave the ladder while its challenge game is played
    refused(challenger.post(f"{POOL}/leave", json={}), 409, "challenge_playing")
    end = play_out(challenger, gid, tokens, seed=seed)
    settle(challenger)
    after = ok(challenger.get(f"{POOL}/challenges/{made['id']}"))
    assert after["status"] == "settled" and after["you"]["token"] is None
    return after["outcome"], end


def test_the_winner_moves_up_as_the_rule_says(make_client: Any) -> None:
    p = ladder_of(5, make_client)  # P1 … P5
    seen: set[str] = set()
    for seed in range(1, 9):
        before = names(p[0])
        bottom = next(c for c in p if ok(c.get(POOL))["you"]["rank"] == 5)
        target = next(c for c in p if ok(c.get(POOL))["you"]["rank"] == 2)
        rungs = {r["name"]: r for r in ok(p[0].get(POOL))["rungs"]}
        outcome, end = play_challenge(bottom, target, seed)
        after = names(p[0])
        won = end["result"]["winners"]
        expected = {"challenger": before[:1] + before[4:5] + before[1:4],
                    "challenged": before, "none": before}
        assert outcome == ("none" if len(won) != 1 else
                           "challenger" if won == [0] else "challenged")
        assert after == expected[outcome], (outcome, before, after)
        now = {r["name"]: r for r in ok(p[0].get(POOL))["rungs"]}
        if outcome != "none":
            winner, loser = ((before[4], before[1]) if outcome == "challenger"
                             else (before[1], before[4]))
            assert now[winner]["wins"] == rungs[winner]["wins"] + 1
            assert now[loser]["losses"] == rungs[loser]["losses"] + 1
        seen.add(outcome)
        if {"challenger", "challenged"} <= seen:
            break
    assert {"challenger", "challenged"} <= seen, seen


def test_a_shared_victory_moves_nothing_and_a_game_is_settled_once(make_client: Any) -> None:
    p = ladder_of(3, make_client)
    made = ok(p[2].post(f"{POOL}/challenge", json={"profile": profile(p[0])}), 201)
    took = ok(p[0].post(f"{POOL}/challenges/{made['id']}/accept", json={}))
    store = p[0].app.state.ladder.store  # type: ignore[attr-defined]
    # as a process writing a draw or a shared victory (no single winner) would: once only
    assert store.settle(took["game"], None) is True
    assert store.settle(took["game"], None) is False
    assert store.settle(took["game"], store.get(made["id"]).challenger) is False
    after = ok(p[0].get(f"{POOL}/challenges/{made['id']}"))
    assert after["status"] == "settled" and after["outcome"] == "none"
    assert names(p[0]) == ["P1", "P2", "P3"]
    assert all(r["wins"] == r["losses"] == 0 for r in ok(p[0].get(POOL))["rungs"])


def test_fair_play_gate_applies_to_both_players_on_accept(make_client: Any) -> None:
    p = ladder_of(2, make_client)
    made = ok(p[1].post(f"{POOL}/challenge", json={"profile": profile(p[0])}), 201)
    # the challenger is suspended after challenging (Fair play): the accept is refused
    state: Any = p[0].app.state  # type: ignore[attr-defined]
    fp = state.service.fairplay.store
    owner = fp.accounts_of([profile(p[1])])[profile(p[1])][0]
    assert fp.suspend(owner, "boosting", None, None, state.service.now()) is not None
    refused(p[0].post(f"{POOL}/challenges/{made['id']}/accept", json={}), 403, "suspended")
    still = ok(p[0].get(f"{POOL}/challenges/{made['id']}"))
    assert still["status"] == "open" and still["game"] is None
    assert ok(p[0].get("/api/lobby"))["live"] == []  # no game was made
