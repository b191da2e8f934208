"""The ladder on PostgreSQL, served by two server processes on one database: a challenge made
on one is accepted on the other and played there; its end, looked at by both processes at the
same moment (and by the commit hook of the one that stored it), is written to the ladder once."""

from __future__ import annotations

from typing import Any

import pytest

from ..conftest import PG_URL
from ..lobby.helpers import ok, play_out
from ..lobby.test_lobby_pg import account, apps, at_once  # noqa: F401  (the fixture)
from ..test_notify import pg  # noqa: F401  (the fixture: a fresh schema)

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="AZULEJOS_TEST_PG is not set"),
]

POOL = "/api/ladder/2-grey"


def test_a_challenge_across_two_processes_is_settled_once(apps: list[Any]) -> None:  # noqa: F811
    a, b = apps
    ana, bo, cy = account(a, "Ana"), account(b, "Bo"), account(a, "Cy")
    for c in (ana, bo, cy):
        ok(c.post(f"{POOL}/join", json={}))
    assert [r["name"] for r in ok(bo.get(POOL))["rungs"]] == ["Ana", "Bo", "Cy"]
    ana_pid = ok(ana.get("/api/account"))["profile"]["id"]
    cy_on_b = account(b, "Dee")  # another account, on the other process
    made = ok(cy.post(f"{POOL}/challenge", json={"profile": ana_pid}), 201)
    assert ok(cy_on_b.get(POOL))["challenges"][0]["id"] == made["id"]
    took = ok(ana.post(f"{POOL}/challenges/{made['id']}/accept", json={}))
    mine = ok(cy.get(f"{POOL}/challenges/{made['id']}"))
    tokens = {0: mine["you"]["token"], 1: took["you"]["token"]}
    end = play_out(bo, took["game"], tokens, seed=2)  # the moves reach process b
    got = at_once(lambda: ana.get(POOL), lambda: bo.get(POOL))
    assert all(r.status_code == 200 for r in got), [r.text for r in got]
    done = ok(bo.get(f"{POOL}/challenges/{made['id']}"))
    assert done["status"] == "settled"
    rungs = ok(ana.get(POOL))["rungs"]
    won = end["result"]["winners"]
    if len(won) != 1:
        assert done["outcome"] == "none" and [r["name"] for r in rungs] == ["Ana", "Bo", "Cy"]
    elif won == [0]:  # Cy (seat 0, third) beat Ana (first): 1 Cy, 2 Ana, 3 Bo
        assert done["outcome"] == "challenger"
        assert [r["name"] for r in rungs] == ["Cy", "Ana", "Bo"]
    else:
        assert done["outcome"] == "challenged"
        assert [r["name"] for r in rungs] == ["Ana", "Bo", "Cy"]
    # written once: one win and one loss, or nothing
    assert sum(r["wins"] for r in rungs) == sum(r["losses"] for r in rungs) \
        == (1 if len(won) == 1 else 0)
