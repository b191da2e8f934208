"""Seats claimed once from invitations, invitations sent again, players leaving (a bot of the
game's stand-in level finishes for them); every refusal changes nothing and leaks nothing."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from azulejos.core import Ruleset
from azulejos.notation import parse_record, replay
from azulejos.web.protocol import CreateRequest, SeatRequest
from azulejos.web.service import GameService
from azulejos.web.storage import SeatSpec, SqlStore, StoredEvent, StoredGame, token_digest

from .helpers import auth, claim_seat, create, fingerprint, play, view


def claim(client: TestClient, game: str, invite: Any) -> Any:
    return client.post(f"/api/games/{game}/claim", json={"invite": invite})


def leave(client: TestClient, game: str, token: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game}/leave", headers=auth(token), json=body)


def error(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    err: dict[str, Any] = r.json()["error"]
    assert err["code"] == code, err
    return err


# -- claims --------------------------------------------------------------------------------------
def test_an_invitation_claims_its_seat_once(client: TestClient) -> None:
    c = create(client, claim=False, seats=[{"name": "Ann"}, {"name": "Bo"}])
    g, inv = c["game"], [s["invite"] for s in c["seats"]]
    spec = c["spectator_token"]
    v = view(client, g, spec)
    assert [s["claimed"] for s in v["seats"]] == [False, False]
    r = claim(client, g, inv[1])
    assert r.status_code == 200
    got = r.json()
    assert (got["game"], got["seat"], got["name"]) == (g, 1, "Bo")
    token = got["token"]
    assert token != inv[1] and len(token) >= 24  # a credential distinct from the invitation
    assert view(client, g, token)["you"] == {"role": "seat", "seats": [1], "left": []}
    # opening the link again: a clear refusal, no takeover, the holder keeps the seat
    err = error(claim(client, g, inv[1]), 409, "claimed")
    assert err["seat"] == 1 and "already been claimed" in err["message"]
    assert view(client, g, token)["you"]["seats"] == [1]
    v = view(client, g, spec)
    assert [s["claimed"] for s in v["seats"]] == [False, True]
    # the invitation is not a token: it opens nothing
    r = client.get(f"/api/games/{g}", headers=auth(inv[0]))
    error(r, 403, "bad_token")
    # the spectator link stays read-only
    v = view(client, g, token)
    r = play(client, g, spec, v["version"], "1B1")
    assert r.json()["error"]["code"] == "spectator"


def test_bad_invitations_are_refused(client: TestClient) -> None:
    a, b = create(client, claim=False), create(client, claim=False)
    ga = a["game"]
    before = fingerprint(view(client, ga, a["spectator_token"]))
    error(claim(client, ga, b["seats"][0]["invite"]), 403, "bad_invite")  # another game's
    error(claim(client, ga, "nothing"), 403, "bad_invite")
    for bad in (None, 7, "", "x" * 500, ["a"]):
        error(claim(client, ga, bad), 400, "malformed")
    r = client.post(f"/api/games/{ga}/claim", json={"invite": a["seats"][0]["invite"], "x": 1})
    error(r, 400, "malformed")
    # no such game answers as a wrong invitation would (a guesser learns no game ids)
    error(claim(client, "nosuchgame", a["seats"][0]["invite"]), 403, "bad_invite")
    assert fingerprint(view(client, ga, a["spectator_token"])) == before
    assert claim(client, ga, a["seats"][0]["invite"]).status_code == 200  # still unclaimed
    assert claim(client, b["game"], b["seats"][0]["invite"]).status_code == 200


def test_an_unclaimed_seat_can_be_invited_again_by_the_creator(client: TestClient) -> None:
    c = create(client, claim=False, seats=[{}, {}, {"kind": "bot", "level": "random"}],
               players=3)
    g, host = c["game"], c["host_token"]
    old = c["seats"][1]["invite"]
    r = client.post(f"/api/games/{g}/invite", headers=auth(host), json={"seat": 1})
    assert r.status_code == 200
    new = r.json()["invite"]
    assert new != old
    error(claim(client, g, old), 403, "bad_invite")  # the old link stops working
    token = claim_seat(client, g, new)
    assert view(client, g, token)["you"]["seats"] == [1]
    # refusals: a claimed seat, a bot seat, no seat, not the creator
    error(client.post(f"/api/games/{g}/invite", headers=auth(host), json={"seat": 1}), 409, "claimed")
    error(client.post(f"/api/games/{g}/invite", headers=auth(host), json={"seat": 2}), 409,
          "not_a_person")
    for seat in (3, -1, "0", None):
        error(client.post(f"/api/games/{g}/invite", headers=auth(host), json={"seat": seat}),
              400, "malformed")
    for tok in (token, c["spectator_token"]):
        error(client.post(f"/api/games/{g}/invite", headers=auth(tok), json={"seat": 0}), 403,
              "not_host")
    # the creator's key sees the game but does not play
    v = view(client, g, host)
    assert v["you"]["role"] == "host" and v["legal"] == []
    error(play(client, g, host, v["version"], "1B1"), 403, "spectator")


def test_a_hot_seat_game_has_no_invitations(client: TestClient) -> None:
    c = create(client, hotseat=True)
    assert [s["invite"] for s in c["seats"]] == [None, None]
    v = view(client, c["game"], c["hotseat_token"])
    assert [s["claimed"] for s in v["seats"]] == [True, True]


def test_two_people_opening_one_link_at_once_one_wins(store: SqlStore) -> None:
    """The claim is one conditional UPDATE: of eight openers racing, exactly one wins, on
    SQLite and on PostgreSQL."""
    for k in range(5):
        gid = f"race{k}"
        store.create(StoredGame(
            game_id=gid, players=2, variant="coloured", start_player=0, created=time.time(),
            version=1, status="playing", rng_state="1:0", spectator_hash=token_digest(f"s{gid}"),
            hotseat_hash=None,
            seats=[SeatSpec(0, "person", "A", invite_hash=token_digest(f"inv{gid}")),
                   SeatSpec(1, "bot", "B", "random")],
            events=[StoredEvent(0, "fill", "BBYR,KKWW,BYRK,WWWW,RRYY")]))
        barrier = threading.Barrier(8)
        results: list[tuple[str, bool | None]] = []

        def open_link(i: int, gid: str = gid, barrier: threading.Barrier = barrier,
                      results: list[tuple[str, bool | None]] = results) -> None:
            barrier.wait()
            got = store.claim(gid, f"inv{gid}", token_digest(f"tok{i}{gid}"))
            results.append((f"tok{i}{gid}", None if got is None else got.won))

        threads = [threading.Thread(target=open_link, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        winners = [tok for tok, won in results if won]
        assert len(results) == 8 and len(winners) == 1, results
        assert all(won is False for tok, won in results if tok not in winners)
        grant = store.grant(winners[0])
        assert grant is not None and (grant.game_id, grant.seat) == (gid, 0)
        assert all(store.grant(tok) is None for tok, _ in results if tok not in winners)


# -- leaving -------------------------------------------------------------------------------------
def finish(client: TestClient, game: str, tokens: dict[int, str], rng: random.Random) -> dict[str, Any]:
    """Play the seats of ``tokens`` (the bots play themselves) until the game ends."""
    any_token = next(iter(tokens.values()))
    for _ in range(3000):
        v = view(client, game, any_token)
        if v["phase"] == "over":
            return v
        seat = v["current"]
        if seat in tokens:
            mine = view(client, game, tokens[seat])
            if mine["to_move"]:
                play(client, game, tokens[seat], mine["version"], rng.choice(mine["legal"])["move"])
                continue
        time.sleep(0.01)  # a bot's turn
    raise AssertionError("the game did not end")


def test_a_player_leaves_and_a_bot_of_the_stand_in_level_finishes(client: TestClient) -> None:
    c = create(client, players=3, stand_in="random", seats=[{"name": "Ann"}, {"name": "Bo"},
                                                            {"name": "Cy"}])
    g = c["game"]
    tok = {s["seat"]: s["token"] for s in c["seats"]}
    v = view(client, g, tok[0])
    play(client, g, tok[0], v["version"], v["legal"][0]["move"])
    r = leave(client, g, tok[1])
    assert r.status_code == 200, r.text
    assert r.json() == {"left": 1, "bot": "random", "version": v["version"] + 2}
    v = view(client, g, tok[1])
    assert v["you"] == {"role": "seat", "seats": [], "left": [1]} and v["legal"] == []
    seat = v["seats"][1]
    assert seat["left"] == {"round": 1, "moves": 1, "reason": "resigned", "bot": "random"}
    leaves = [e for e in v["log"] if e["kind"] == "leave"]
    assert leaves == [{"kind": "leave", "round": 1, "seat": 1, "reason": "resigned",
                       "bot": "random"}]
    # the leaver's token no longer plays the seat (the bot does), nor renames it
    # a late move is told the seat left (issue 28, item 5: "a clear you left")
    err = error(play(client, g, tok[1], v["version"], "1B1"), 409, "you_left")
    assert err["seat"] == 1 and err["bot"] == "random"
    r = client.post(f"/api/games/{g}/name", headers=auth(tok[1]), json={"name": "X"})
    error(r, 403, "not_your_seat")
    end = finish(client, g, {0: tok[0], 2: tok[2]}, random.Random(3))
    assert end["result"] is not None and end["seats"][1]["left"]["bot"] == "random"
    moves_by_1 = [e for e in end["log"] if e["kind"] == "move" and e["seat"] == 1]
    assert len(moves_by_1) > 1  # the bot played on
    # the record says who left, when, and which bot took over; it still replays
    rec = json.loads(client.get(f"/api/games/{g}/record", headers=auth(tok[1])).text)
    assert rec["seats"][1] == {"name": "Bo", "bot": None, "left": seat["left"]}
    assert rec["seats"][0] == {"name": "Ann", "bot": None}
    assert replay(parse_record(rec)).is_over
    # after the end: leaving is refused
    error(leave(client, g, tok[0]), 409, "game_over")


def test_refused_leaves_change_nothing(client: TestClient) -> None:
    c = create(client, players=3, seats=[{}, {}, {"kind": "bot", "level": "random"}])
    hot = create(client, hotseat=True)
    g = c["game"]
    t0, t1 = c["seats"][0]["token"], c["seats"][1]["token"]
    v = view(client, g, t0)  # seat 1 (a person) to move: nothing moves while we look
    assert play(client, g, t0, v["version"], v["legal"][0]["move"]).status_code == 200
    before = fingerprint(view(client, g, t0))
    error(leave(client, g, c["spectator_token"]), 403, "spectator")
    error(leave(client, g, c["host_token"]), 403, "spectator")
    error(leave(client, g, t0, seat=1), 403, "not_your_seat")  # for another seat
    error(leave(client, g, t0, seat=2), 403, "not_your_seat")
    error(leave(client, g, t0, version=before[0] - 1), 409, "stale")
    error(leave(client, g, t0, version="x"), 400, "malformed")
    error(leave(client, g, hot["seats"] and hot["hotseat_token"]), 403, "bad_token")  # other game
    error(leave(client, hot["game"], hot["hotseat_token"]), 403, "not_your_seat")  # which seat?
    assert fingerprint(view(client, g, t0)) == before
    assert leave(client, g, t0).status_code == 200
    after = fingerprint(view(client, g, t1))
    error(leave(client, g, t0), 409, "already_left")  # twice
    assert fingerprint(view(client, g, t1)) == after
    # a hot-seat token leaves one seat by number
    assert leave(client, hot["game"], hot["hotseat_token"], seat=1).status_code == 200
    v = view(client, hot["game"], hot["hotseat_token"])
    assert v["you"] == {"role": "hotseat", "seats": [0], "left": [1]}


def test_leave_over_the_websocket_and_the_views_of_the_others(client: TestClient) -> None:
    c = create(client)
    g, t0, t1 = c["game"], c["seats"][0]["token"], c["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{g}") as a, \
            client.websocket_connect(f"/ws/games/{g}") as b:
        a.send_json({"type": "hello", "token": t0})
        b.send_json({"type": "hello", "token": t1})
        for ws in (a, b):
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["type"] == "view"
        b.send_json({"type": "leave", "ref": 5})
        got = None
        while got is None or got.get("type") != "left":
            got = b.receive_json()
        assert got == {"type": "left", "left": 1, "bot": "medium", "version": 2, "ref": 5}
        while True:  # Ann's next view shows Bo left (and a bot at his seat)
            m = a.receive_json()
            if m["type"] == "view" and m["view"]["seats"][1]["left"]:
                break
        b.send_json({"type": "leave", "ref": 6})
        while True:
            m = b.receive_json()
            if m["type"] == "error":
                assert m["error"]["code"] == "already_left" and m["ref"] == 6
                break
        # the socket opened before leaving no longer gets the seat's legal moves
        b.send_json({"type": "view"})
        while True:
            m = b.receive_json()
            if m["type"] == "view":
                assert m["view"]["legal"] == [] and m["view"]["you"]["left"] == [1]
                break


def test_no_secret_reaches_the_logs(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    c = create(client, claim=False)
    g, inv = c["game"], c["seats"][0]["invite"]
    tok = claim_seat(client, g, inv)
    claim(client, g, inv)
    leave(client, g, tok)
    leave(client, g, tok)
    text = "\n".join(r.getMessage() for r in caplog.records)
    for secret in (inv, tok, c["host_token"], c["spectator_token"], c["seats"][1]["invite"]):
        assert secret not in text


def test_a_person_out_of_time_leaves_and_a_bot_plays_on(tmp_path: Path) -> None:
    """With the server's default turn clock (a per-move clock, in simulated wall-clock time),
    a person who does not move in time leaves (reason timeout); one who moves in time does
    not."""

    async def scenario() -> None:
        clock = [100.0]
        store = SqlStore(f"sqlite:///{tmp_path / 'clock.sqlite3'}")
        svc = GameService(store, sync_interval=0, bot_seconds=0.05, turn_seconds=10,
                          now=lambda: clock[0], clock_interval=0)
        created = await svc.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "Ann", None), SeatRequest("person", "Bo", None)),
            False, 0, "random"))
        gid = created["game"]
        tokens = [(await svc.claim(gid, s["invite"]))["token"] for s in created["seats"]]
        ann = await svc.access(tokens[0], gid)  # Ann's turn started at 100 (the last claim)
        clock[0] = 105.0
        await svc.check_clocks()
        v = await svc.view(ann)
        clock[0] = 109.0
        await svc.play(ann, v["version"], v["legal"][0]["move"])  # in time; Bo's turn starts
        live = await svc.get(gid)
        await svc.check_clocks(now=118.9)
        assert not live.session.left
        await svc.check_clocks(now=119.0)  # Bo is out of time: Ann is asked (wait or bot)
        assert not live.session.left
        await svc.check_clocks(now=149.0)  # nobody chose within the grace time (30 s)
        left = live.session.left[1]
        assert (left.reason, left.bot) == ("timeout", "random")
        bo = await svc.view(await svc.access(tokens[1], gid))
        assert bo["seats"][1]["left"]["reason"] == "timeout" and bo["you"]["left"] == [1]
        for _ in range(200):  # the bot plays Bo's turn
            if (await svc.get(gid)).session.seat_to_move == 0:
                break
            await asyncio.sleep(0.01)
        assert (await svc.get(gid)).session.seat_to_move == 0
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_two_bots_of_one_level_get_numbered_names_told_apart_in_the_log(client: TestClient) -> None:
    """Two "easy bot" seats read "Bot facile : 7 cases occupées…" twice in the log; now the
    second is "easy bot 2" (shown in the reader's language, as the terminal does). A name
    given at creation is kept as given."""
    r = client.post("/api/games", json={"players": 4, "seats": [
        {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"},
        {"kind": "bot", "level": "easy", "name": "Zed"}, {"kind": "bot", "level": "medium"}]})
    assert r.status_code == 201, r.text
    names = [s["name"] for s in r.json()["seats"]]
    assert names == ["easy bot", "easy bot 2", "Zed", "medium bot"]
    from azulejos.play import Seat
    from azulejos.play.words import Words, seat_display_name

    fr = Words("fr")
    shown = [seat_display_name(fr, Seat(n, lv), i)
             for i, (n, lv) in enumerate(zip(names, ["easy", "easy", "easy", "medium"]))]
    assert shown[0] != shown[1] and shown[1].endswith(" 2") and shown[2] == "Zed"
