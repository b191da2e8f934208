"""Fair play notes the client a seat is played from on every move posted over HTTP too, not
only where a seat token is handed out, claimed or opened over the websocket (docs/api.md,
"Fair play"): two seats of a rated game whose tokens went to two browsers, then played over
HTTP from one address, make the game unrated and are reported to the operator."""

from __future__ import annotations

import random

from sqlalchemy import select
from starlette.testclient import TestClient

from azulejos.web.account_tables import reports_t

from ..helpers import auth, view
from ..players import rated_game, sign_up_at
from ..test_profiles import profile
from .conftest import settle


def test_two_seats_played_over_http_from_one_address_make_the_game_unrated(
        server: TestClient) -> None:
    ana, bo = sign_up_at(server, "Ana", "10.0.0.1"), sign_up_at(server, "Bo", "10.0.0.2")
    gid, tokens = rated_game(ana, bo)  # each token handed to its own browser
    assert view(server, gid, tokens[0])["rated"] is True
    fp = server.app.state.service.fairplay  # type: ignore[attr-defined]
    assert fp.store.shared_clients(gid) == []  # as far as the hand-outs go: two clients
    one = TestClient(server.app, client=("10.7.7.7", 50000))  # one address plays both seats
    one.portal = server.portal
    rng = random.Random(8)
    for _ in range(2000):
        v = view(one, gid, tokens[0])
        if v["phase"] == "over":
            break
        mine = view(one, gid, tokens[v["current"]])
        r = one.post(f"/api/games/{gid}/moves", headers=auth(tokens[v["current"]]),
                     json={"version": mine["version"], "move": rng.choice(mine["legal"])["move"]})
        assert r.status_code == 200, r.text
    else:
        raise AssertionError("the game did not end")
    assert fp.store.shared_clients(gid) == [(0, 1)]
    settle(server)
    for who in (ana, bo):
        p = profile(server, who.profile)
        assert p["stats"]["games"] == 1 and p["stats"]["rated_games"] == 0
        assert p["rating"] is None
    with fp.store.engine.connect() as conn:
        reported = {r[0] for r in conn.execute(select(reports_t.c.reported).where(
            reports_t.c.kind == "boosting", reports_t.c.game_id == gid)).all()}
    assert reported == {ana.profile, bo.profile}
