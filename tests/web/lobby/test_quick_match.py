"""Quick match (issue 29, item 1): two accounts asking for the same settings are paired, within
a rating band that widens while they wait (web/lobby/quick.py), also when they ask on two
server processes of one database; a pairing is made once when two processes race; the
waiting player learns of it by asking; cancel; bad input changes nothing."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert

from azulejos.web.lobby.quick import BAND_EVERY, BAND_START, BAND_STEP, band
from azulejos.web.lobby.store import LobbySeat, SqlLobby
from azulejos.web.tables import ratings_t

from ..helpers import view
from .helpers import ok, refused, signed_up

QUICK: dict[str, Any] = {"players": 2, "variant": "coloured", "clock": "game:10m", "rated": True}


def test_the_band_widens_while_waiting() -> None:
    assert band(0) == BAND_START and band(BAND_EVERY - 0.1) == BAND_START
    assert band(BAND_EVERY) == BAND_START + BAND_STEP
    assert band(6 * BAND_EVERY) == BAND_START + 6 * BAND_STEP


def test_two_accounts_with_the_same_settings_land_in_one_game(make_client: Any) -> None:
    ana = signed_up(make_client, "Ana")
    bo = signed_up(make_client, "Bo", sync_interval=0)  # another process on the same file
    cy = signed_up(make_client, "Cy")
    a = ok(ana.post("/api/quick-match", json=QUICK), 201)
    assert a["status"] == "waiting" and a["band"] == BAND_START and a["game"] is None
    # other settings are never paired with it
    c = ok(cy.post("/api/quick-match", json=QUICK | {"variant": "grey"}), 201)
    assert c["status"] == "waiting"
    assert ok(ana.get(f"/api/quick-match/{a['ticket']}"))["status"] == "waiting"
    b = ok(bo.post("/api/quick-match", json=QUICK), 201)
    assert b["status"] == "matched" and b["game"] and b["token"]
    a2 = ok(ana.get(f"/api/quick-match/{a['ticket']}"))
    assert a2["status"] == "matched" and a2["game"] == b["game"] and a2["seat"] != b["seat"]
    v = view(ana, a2["game"], a2["token"])
    assert v["rated"] is True and sorted(s["name"] for s in v["seats"]) == ["Ana", "Bo"]
    assert v["clock"]["kind"] == "game"
    # a public game: listed to watch
    assert any(g["game"] == b["game"] and g["kind"] == "quick"
               for g in ok(cy.get("/api/lobby"))["live"])
    refused(ana.delete(f"/api/quick-match/{a['ticket']}"), 409, "already_matched")
    assert ok(cy.delete(f"/api/quick-match/{c['ticket']}"))["status"] == "cancelled"
    refused(cy.delete(f"/api/quick-match/{c['ticket']}"), 409, "not_waiting")


def test_ratings_far_apart_wait_until_the_bands_reach(make_client: Any, clock: Any) -> None:
    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    store = ana.app.state.store  # type: ignore[attr-defined]
    pid = ok(bo.get("/api/account"))["profile"]["id"]
    gap = BAND_START + 3 * BAND_STEP  # Bo's ordinal: reached after 3 steps of waiting
    with store.engine.begin() as conn:
        conn.execute(insert(ratings_t).values(profile_id=pid, pool="2-coloured",
                                              mu=gap + 3 * 2.0, sigma=2.0, games=5,
                                              updated=clock()))
    a = ok(ana.post("/api/quick-match", json=QUICK), 201)
    b = ok(bo.post("/api/quick-match", json=QUICK), 201)
    assert b["status"] == "waiting" and b["rating"] == gap and a["rating"] == 0
    clock.advance(2 * BAND_EVERY)
    assert ok(ana.get(f"/api/quick-match/{a['ticket']}"))["status"] == "waiting"
    clock.advance(BAND_EVERY)
    got = ok(bo.get(f"/api/quick-match/{b['ticket']}"))
    assert got["status"] == "matched" and got["game"]


def test_a_pairing_is_made_once_when_two_processes_race(make_client: Any) -> None:
    ana, bo, cy = (signed_up(make_client, n) for n in ("Ana", "Bo", "Cy"))
    tickets = [ok(c.post("/api/quick-match", json=QUICK | {"players": 3, "rated": False}), 201)
               ["ticket"] for c in (ana, bo)]
    store = SqlLobby(ana.app.state.store.engine)  # type: ignore[attr-defined]
    seek = store.get_seek(tickets[0])
    assert seek is not None
    seats = [LobbySeat(0, seek.account_id, seek.profile_id, seek.name)]
    assert store.pair(tickets, "one", "quick", seek.settings, seats, 0.0) is True
    assert store.pair(tickets, "two", "quick", seek.settings, seats, 0.0) is False
    assert store.get("two") is None  # the loser made nothing
    assert {s.lobby_id for t in tickets if (s := store.get_seek(t))} == {"one"}


def test_bad_quick_match_requests(make_client: Any) -> None:
    anon = make_client()
    refused(anon.post("/api/quick-match", json=QUICK), 401, "signed_out")
    refused(anon.get("/api/quick-match/abc"), 401, "signed_out")
    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    for bad in ({"players": 1}, {"rated": 1}, {"level": "easy"}, {"clock": {"kind": "x"}}):
        refused(ana.post("/api/quick-match", json=bad), 400, "malformed")
    refused(ana.get("/api/quick-match/nope"), 404, "unknown_ticket")
    refused(ana.delete("/api/quick-match/" + "n" * 40), 404, "unknown_ticket")
    a = ok(ana.post("/api/quick-match", json=QUICK), 201)
    refused(bo.get(f"/api/quick-match/{a['ticket']}"), 404, "unknown_ticket")  # not Bo's
    refused(bo.delete(f"/api/quick-match/{a['ticket']}"), 404, "unknown_ticket")
    # a second request of the same account cancels the first (stale ticket)
    a2 = ok(ana.post("/api/quick-match", json=QUICK), 201)
    assert ok(ana.get(f"/api/quick-match/{a['ticket']}"))["status"] == "cancelled"
    refused(ana.delete(f"/api/quick-match/{a['ticket']}"), 409, "not_waiting")
    assert ok(ana.get(f"/api/quick-match/{a2['ticket']}"))["status"] == "waiting"


def test_a_request_whose_player_stopped_asking_is_not_paired(make_client: Any,
                                                              clock: Any) -> None:
    from azulejos.web.lobby.quick import SEEK_TIMEOUT

    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    a = ok(ana.post("/api/quick-match", json=QUICK), 201)
    clock.advance(SEEK_TIMEOUT + 1)  # Ana's page is gone: it no longer asks
    b = ok(bo.post("/api/quick-match", json=QUICK), 201)
    assert b["status"] == "waiting"  # not paired with a player who is not there
    back = ok(ana.get(f"/api/quick-match/{a['ticket']}"))  # Ana's page asks again
    assert back["status"] == "matched" and back["game"]
    assert ok(bo.get(f"/api/quick-match/{b['ticket']}"))["game"] == back["game"]
