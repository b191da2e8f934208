"""The public lobby (issue 29, item 1): a signed-in account opens a public game, others see it
in ``GET /api/lobby`` and join a free seat; the game is made when the last seat is taken, rated
when asked, every seat claimed for its account; anyone can watch it. Bad input changes
nothing."""

from __future__ import annotations

from typing import Any

from ..helpers import auth, view
from .helpers import ok, refused, signed_up

SETTINGS: dict[str, Any] = {"players": 2, "variant": "grey", "special_factories": True,
                            "clock": "move:1d", "rated": True}


def test_open_list_join_start_and_watch(make_client: Any) -> None:
    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    opened = ok(ana.post("/api/lobby", json=SETTINGS), 201)
    lid = opened["id"]
    assert opened["status"] == "open" and opened["free"] == 1 and opened["game"] is None
    assert opened["you"] == {"seat": 0, "token": None}
    listed = ok(bo.get("/api/lobby"))
    entry = next(g for g in listed["open"] if g["id"] == lid)
    assert {k: entry[k] for k in SETTINGS} == SETTINGS | {"clock": "move:1d"}
    assert [s["name"] for s in entry["seats"]] == ["Ana"] and entry["spectator_token"] is None
    joined = ok(bo.post(f"/api/lobby/{lid}/join", json={}))
    assert joined["status"] == "started" and joined["free"] == 0
    gid, seat_b, token_b = joined["game"], joined["you"]["seat"], joined["you"]["token"]
    mine = ok(ana.get(f"/api/lobby/{lid}"))["you"]
    assert mine["seat"] == 0 and mine["token"]
    v = view(bo, gid, token_b)
    assert v["rated"] is True and v["variant"] == "grey" and v["players"] == 2
    assert [s["name"] for s in v["seats"]] == ["Ana", "Bo"]
    assert all(s["claimed"] and s["profile"] for s in v["seats"])
    assert v["you"]["seats"] == [seat_b] and v["you"]["role"] == "seat"
    # the open list no longer has it; the live list does, with a spectator token for anyone
    listed = ok(make_client().get("/api/lobby"))
    assert all(g["id"] != lid for g in listed["open"])
    live = next(g for g in listed["live"] if g["id"] == lid)
    watch = view(make_client(), gid, live["spectator_token"])
    assert watch["legal"] == [] and watch["to_move"] is False
    chat = make_client().get(f"/api/games/{gid}/chat", headers=auth(live["spectator_token"]))
    assert chat.status_code == 200  # spectators read the chat


def test_bad_lobby_requests_change_nothing(make_client: Any) -> None:
    anon = make_client()
    refused(anon.post("/api/lobby", json=SETTINGS), 401, "signed_out")
    ana, bo, cy = (signed_up(make_client, n) for n in ("Ana", "Bo", "Cy"))
    for bad in ({"players": 5}, {"variant": "pink"}, {"rated": "yes"}, {"seats": []},
                {"clock": "forever"}, {"hotseat": True}):
        refused(ana.post("/api/lobby", json=bad), 400, "malformed")
    refused(ana.post("/api/lobby", content=b"[1]", headers={"content-type": "application/json"}),
            400, "malformed")
    assert ok(ana.get("/api/lobby"))["open"] == []
    lid = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
    refused(ana.post(f"/api/lobby/{lid}/join", json={}), 409, "already_seated")
    refused(anon.post(f"/api/lobby/{lid}/join", json={}), 401, "signed_out")
    refused(bo.post("/api/lobby/nope/join", json={}), 404, "unknown_lobby")
    refused(bo.post(f"/api/lobby/{lid}/leave", json={}), 409, "not_seated")
    ok(bo.post(f"/api/lobby/{lid}/join", json={}))
    refused(cy.post(f"/api/lobby/{lid}/join", json={}), 409, "not_open")  # full: started
    refused(ana.post(f"/api/lobby/{lid}/leave", json={}), 409, "not_open")
    refused(cy.get("/api/lobby/" + "x" * 40), 404, "unknown_lobby")
    for _ in range(3):
        ok(cy.post("/api/lobby", json={"players": 3}), 201)
    refused(cy.post("/api/lobby", json={"players": 3}), 409, "too_many_open")


def test_three_players_a_leaver_and_the_creator_closing(make_client: Any) -> None:
    ana, bo, cy, di = (signed_up(make_client, n) for n in ("Ana", "Bo", "Cy", "Di"))
    lid = ok(ana.post("/api/lobby", json={"players": 3, "rated": False}), 201)["id"]
    ok(bo.post(f"/api/lobby/{lid}/join", json={}))
    left = ok(bo.post(f"/api/lobby/{lid}/leave", json={}))
    assert left["status"] == "open" and [s["name"] for s in left["seats"]] == ["Ana"]
    ok(cy.post(f"/api/lobby/{lid}/join", json={}))
    done = ok(di.post(f"/api/lobby/{lid}/join", json={}))
    assert done["status"] == "started" and [s["name"] for s in done["seats"]] == ["Ana", "Cy", "Di"]
    v = view(di, done["game"], done["you"]["token"])
    assert v["rated"] is False and v["players"] == 3
    # the creator leaving an open game closes it
    lid2 = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
    assert ok(ana.post(f"/api/lobby/{lid2}/leave", json={}))["status"] == "closed"
    refused(bo.post(f"/api/lobby/{lid2}/join", json={}), 409, "not_open")


def test_an_invitation_game_is_never_rated(make_client: Any) -> None:
    ana = signed_up(make_client, "Ana")
    refused(ana.post("/api/games", json={"players": 2, "rated": True}), 400, "rated_needs_lobby")
    refused(ana.post("/api/games", json={"players": 2, "rated": "yes"}), 400, "malformed")
    assert ok(ana.post("/api/games", json={"players": 2}), 201)["rated"] is False
    assert ok(ana.post("/api/games", json={"players": 2, "rated": False}), 201)["rated"] is False


def test_an_account_withdrawn_leaves_its_requests_and_open_games(make_client: Any) -> None:
    """The seam for suspensions: SqlLobby.withdraw(account)."""
    from azulejos.web.lobby.store import SqlLobby

    ana, bo, cy = (signed_up(make_client, n) for n in ("Ana", "Bo", "Cy"))
    mine = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
    theirs = ok(bo.post("/api/lobby", json={"players": 3}), 201)["id"]
    ok(ana.post(f"/api/lobby/{theirs}/join", json={}))
    ticket = ok(ana.post("/api/quick-match", json={"players": 4}), 201)["ticket"]
    store = SqlLobby(ana.app.state.store.engine)  # type: ignore[attr-defined]
    assert store.withdraw(ok(ana.get("/api/account"))["id"]) == 2
    assert ok(ana.get(f"/api/quick-match/{ticket}"))["status"] == "cancelled"
    assert ok(cy.get(f"/api/lobby/{mine}"))["status"] == "closed"
    left = ok(cy.get(f"/api/lobby/{theirs}"))
    assert left["status"] == "open" and [s["name"] for s in left["seats"]] == ["Bo"]
