"""A public game stuck in ``starting`` (docs/api.md, "Lobby"): the process that took its last
seat died before making its game. After a minute unchanged, whichever process looks (a read of
the public game, another process's or a restarted process's pass) makes the game, once; the
players reach it as usual. A ladder challenge accepted on a process that died likewise gets its
game."""

from __future__ import annotations

from typing import Any

from azulejos.web.lobby.service import STUCK_AFTER
from azulejos.web.lobby.store import LobbySeat

from ..accounts.conftest import Clock
from ..helpers import auth, view
from ..ladder.test_ladder_api import POOL, ladder_of, profile
from ..players import hold
from .helpers import ok, play_out, signed_up


def _state(c: Any) -> Any:
    return c.app.state


def _taken_by_a_dying_process(opener: Any, joiner: Any, lid: str, clock: Clock) -> None:
    """``joiner`` takes the last seat as a process that then dies would: the seat is taken,
    the public game moved to ``starting``, and no game made."""
    lobby = _state(opener).finding.lobby
    pid = ok(joiner.get("/api/account"))["profile"]["id"]
    account, name = lobby.store.account_of(pid)
    assert lobby.store.join(lid, LobbySeat(-1, account, pid, name), clock()) == "full"


def test_a_stuck_public_game_is_made_by_the_next_look_after_a_minute(make_client: Any,
                                                                     clock: Clock) -> None:
    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    lid = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
    _taken_by_a_dying_process(ana, bo, lid, clock)
    clock.advance(STUCK_AFTER - 1)
    waiting = ok(bo.get(f"/api/lobby/{lid}"))  # not a minute yet: it may still be being made
    assert waiting["status"] == "starting" and waiting["you"] == {"seat": 1, "token": None}
    assert ok(ana.get("/api/lobby"))["open"] == []
    clock.advance(2)
    got = ok(bo.get(f"/api/lobby/{lid}"))
    assert got["status"] == "started" and got["game"] and got["you"]["token"]
    mine = ok(ana.get(f"/api/lobby/{lid}"))["you"]
    v = view(ana, got["game"], mine["token"])
    assert [s["name"] for s in v["seats"]] == ["Ana", "Bo"] and v["rated"] is True
    # made once: a second look, and the pass, make no other game
    ana.portal.call(_state(ana).parts.tick)  # type: ignore[attr-defined]
    assert ok(bo.get(f"/api/lobby/{lid}"))["game"] == got["game"]
    assert len(ok(ana.get("/api/account/games"))["games"]) == 1


def test_a_restarted_process_makes_the_stuck_game_unasked(make_client: Any,
                                                          clock: Clock) -> None:
    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    lid = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
    _taken_by_a_dying_process(ana, bo, lid, clock)
    clock.advance(STUCK_AFTER + 1)
    make_client(now=clock)  # a process (re)started on the database: its start's pass
    pg = _state(ana).finding.lobby.store.get(lid)
    assert pg.status == "started" and pg.game_id is not None
    assert [g["game"] for g in ok(bo.get("/api/account/games"))["games"]] == [pg.game_id]


def test_a_challenge_accepted_on_a_dying_process_gets_its_game(make_client: Any,
                                                               clock: Clock) -> None:
    top, low = ladder_of(2, make_client)
    cid = ok(low.post(f"{POOL}/challenge", json={"profile": profile(top)}), 201)["id"]
    ladder = _state(top).ladder
    rungs = {r.profile_id: r for r in ladder.store.rungs("2-coloured")}
    seats = [LobbySeat(k, r.account_id, r.profile_id, r.name)
             for k, r in enumerate((rungs[profile(low)], rungs[profile(top)]))]
    settings = {"players": 2, "variant": "coloured", "special_factories": False,
                "clock": None, "rated": True}

    def make_public(conn: Any) -> None:
        ladder.lobby.store.create("stuckladder", "ladder", settings, 2, None, clock(),
                                  "starting", seats, conn)

    # accepted, and its process died before making the game
    assert ladder.store.accept(cid, "stuckladder", make_public) is True
    assert ok(top.get(f"{POOL}/challenges/{cid}"))["you"] == {"seat": 1, "token": None}
    clock.advance(STUCK_AFTER + 1)
    got = ok(top.get(f"{POOL}/challenges/{cid}"))
    assert got["status"] == "playing" and got["game"] and got["you"]["token"]
    theirs = ok(low.get(f"{POOL}/challenges/{cid}"))
    assert theirs["game"] == got["game"] and theirs["you"]["token"]
    assert view(low, got["game"], theirs["you"]["token"])["rated"] is True


def test_a_rematch_filled_on_a_dying_process_gets_its_game(make_client: Any,
                                                           clock: Clock) -> None:
    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    lid = ok(ana.post("/api/lobby", json={"players": 2}), 201)["id"]
    joined = ok(bo.post(f"/api/lobby/{lid}/join", json={}))
    mine = ok(ana.get(f"/api/lobby/{lid}"))["you"]
    gid = joined["game"]
    tokens = {mine["seat"]: hold(ana, mine["token"]),
              joined["you"]["seat"]: hold(bo, joined["you"]["token"])}
    play_out(ana, gid, tokens, seed=6)
    ok(ana.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0]), json={}))
    finding = _state(ana).finding
    pg = finding.lobby.store.of_game(gid)
    new_id, write = finding.rematches._next(pg)
    # the last vote, on a process that dies before making the game
    assert finding.lobby.store.vote(gid, 1, 2, clock(), (new_id, write)) == "full"
    assert ok(bo.get(f"/api/games/{gid}/rematch", headers=auth(tokens[1])))["game"] is None
    clock.advance(STUCK_AFTER + 1)
    got = ok(bo.get(f"/api/games/{gid}/rematch", headers=auth(tokens[1])))
    assert got["status"] == "started" and got["game"] and got["token"]
    theirs = ok(ana.get(f"/api/games/{gid}/rematch", headers=auth(tokens[0])))
    assert theirs["game"] == got["game"] and theirs["token"]
    # the seats turned by one: Bo sits first now
    assert [s["name"] for s in view(bo, got["game"], got["token"])["seats"]] == ["Bo", "Ana"]


def test_a_quick_match_paired_on_a_dying_process_gets_its_game(make_client: Any,
                                                               clock: Clock) -> None:
    settings = {"players": 2, "variant": "grey", "rated": True}
    ana, bo = signed_up(make_client, "Ana"), signed_up(make_client, "Bo")
    ticket = ok(ana.post("/api/quick-match", json=settings), 201)["ticket"]
    store = _state(ana).finding.quick.store
    mine = store.get_seek(ticket)
    # Bo's request (other settings: not paired at once), paired with Ana's by a process that
    # then dies before making the game
    other = ok(bo.post("/api/quick-match", json={**settings, "variant": "coloured"}), 201)
    theirs = store.get_seek(other["ticket"])
    seats = [LobbySeat(0, mine.account_id, mine.profile_id, mine.name),
             LobbySeat(1, theirs.account_id, theirs.profile_id, theirs.name)]
    assert store.pair([mine.ticket, theirs.ticket], "stuckquick", "quick", mine.settings, seats,
                      clock())
    waiting = ok(ana.get(f"/api/quick-match/{ticket}"))
    assert waiting["status"] == "matched" and waiting["token"] is None
    clock.advance(STUCK_AFTER + 1)
    got = ok(ana.get(f"/api/quick-match/{ticket}"))
    assert got["game"] and got["token"] and got["seat"] == 0
    assert ok(bo.get(f"/api/quick-match/{other['ticket']}"))["game"] == got["game"]
