"""Rematch (issue 29, item 1): after a public game ends, a seat offers a rematch; when the other
takes it a new public game with the same settings and players is made, the seats turned by
one so that another player starts; every seat gets its token there. Declining ends the offer.
The finished rated game moved both ratings. Bad requests change nothing."""

from __future__ import annotations

from typing import Any

from ..helpers import auth, create, view
from ..players import hold
from .helpers import ok, play_out, refused, signed_up

SETTINGS: dict[str, Any] = {"players": 2, "variant": "coloured", "rated": True}


def started(make_client: Any) -> tuple[Any, Any, str, dict[int, str]]:
    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    lid = ok(ana.post("/api/lobby", json=SETTINGS), 201)["id"]
    joined = ok(bo.post(f"/api/lobby/{lid}/join", json={}))
    mine = ok(ana.get(f"/api/lobby/{lid}"))["you"]
    return ana, bo, joined["game"], {mine["seat"]: hold(ana, mine["token"]),
                                     joined["you"]["seat"]: hold(bo, joined["you"]["token"])}


def settle(client: Any) -> None:
    svc = client.app.state.service
    client.portal.call(svc.profiles.settle)


def test_rematch_after_a_rated_game(make_client: Any) -> None:
    ana, bo, gid, tokens = started(make_client)
    refused(ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={}), 409,
            "not_over")
    end = play_out(ana, gid, tokens)
    assert end["phase"] == "over"
    settle(ana)
    for c in (ana, bo):
        pid = ok(c.get("/api/account"))["profile"]["id"]
        p = ok(c.get(f"/api/profiles/{pid}"))
        assert p["stats"]["rated_games"] == 1 and p["ratings"]["2-coloured"]["games"] == 1
    assert ok(ana.get(f"/api/games/{gid}/rematch", headers=auth(tokens[0])))["status"] == "none"
    offered = ok(ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={}))
    assert offered["status"] == "open" and offered["offered_by"] == 0 and offered["accepted"] == [0]
    seen = ok(bo.get(f"/api/games/{gid}/rematch", headers=auth(tokens[1])))
    assert seen["status"] == "open" and seen["token"] is None
    took = ok(bo.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1]), json={}))
    assert took["status"] == "started" and took["game"] and took["game"] != gid
    new = took["game"]
    ana_new = ok(ana.get(f"/api/games/{gid}/rematch", headers=auth(tokens[0])))
    assert ana_new["game"] == new and ana_new["seat"] == 1 and took["seat"] == 0  # turned
    v = view(ana, new, ana_new["token"])
    old = view(ana, gid, tokens[0])
    assert [s["name"] for s in v["seats"]] == [s["name"] for s in old["seats"]][::-1]
    assert v["rated"] is True and v["current"] == 0 and v["phase"] != "over"
    # asked again: the same new game (no second rematch is made)
    again = ok(ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={}))
    assert again["game"] == new


def test_decline_and_bad_rematch_requests(make_client: Any) -> None:
    ana, bo, gid, tokens = started(make_client)
    spectator = next(g for g in ok(ana.get("/api/lobby"))["live"]
                     if g["game"] == gid)["spectator_token"]
    play_out(ana, gid, tokens, seed=2)
    refused(ana.post(f"/api/games/{gid}/rematch", json={}), 401, "bad_token")
    refused(ana.post(f"/api/games/{gid}/rematch", headers=auth(spectator), json={}), 403,
            "spectator")
    refused(ana.delete(f"/api/games/{gid}/rematch", headers=auth(tokens[0])), 409, "no_offer")
    ok(ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={}))
    declined = ok(bo.delete(f"/api/games/{gid}/rematch", headers=auth(tokens[1])))
    assert declined["status"] == "declined" and declined["game"] is None
    # a new offer after a decline starts again from the one who offers
    again = ok(bo.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1]), json={}))
    assert again["status"] == "open" and again["offered_by"] == 1 and again["accepted"] == [1]
    # an invitation game has no rematch
    inv = create(ana, players=2)
    tok = inv["seats"][0]["token"]
    refused(ana.post(f"/api/games/{inv['game']}/rematch", headers=auth(tok), json={}), 409,
            "no_rematch")


def test_an_offer_nobody_took_ends(make_client: Any, clock: Any) -> None:
    from azulejos.web.lobby.rematch import OFFER_SECONDS

    ana, bo, gid, tokens = started(make_client)
    play_out(ana, gid, tokens, seed=3)
    ok(ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={}))
    clock.advance(OFFER_SECONDS + 1)
    assert ok(bo.get(f"/api/games/{gid}/rematch", headers=auth(tokens[1])))["status"] == "declined"
    late = ok(bo.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1]), json={}))
    assert late["status"] == "open" and late["offered_by"] == 1  # a new offer, not a match


def test_every_seats_page_is_told_over_the_websocket(make_client: Any) -> None:
    from ..test_websocket import recv_until

    ana, bo, gid, tokens = started(make_client)
    play_out(ana, gid, tokens, seed=4)
    with bo.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[1]})
        recv_until(ws, "view")
        ok(ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={}))
        assert recv_until(ws, "rematch") == {"type": "rematch", "game": gid}
        ok(bo.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1]), json={}))
        assert recv_until(ws, "rematch") == {"type": "rematch", "game": gid}
    assert ok(ana.get(f"/api/games/{gid}/rematch", headers=auth(tokens[0])))["status"] == "started"
