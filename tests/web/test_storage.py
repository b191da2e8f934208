"""The store (SQLite, and PostgreSQL when AZULEJOS_TEST_PG is set) and exact resumption."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from azulejos.core import Ruleset
from azulejos.web.live import Live
from azulejos.web.protocol import CreateRequest, GameError, SeatRequest
from azulejos.web.service import GameService
from azulejos.web.storage import (
    SeatSpec,
    SqlStore,
    StoredEvent,
    StoredGame,
    VersionConflict,
    database_url,
    token_digest,
)
from azulejos.web.views import Access, build_view


async def claim_all(svc: GameService, created: dict[str, object]) -> list[str]:
    """Claim every person seat of a game ``svc.create`` returned; their tokens in seat order."""
    seats = created["seats"]
    assert isinstance(seats, list)
    return [(await svc.claim(str(created["game"]), s["invite"]))["token"] for s in seats]


def _game(gid: str = "g1") -> StoredGame:
    return StoredGame(
        game_id=gid, players=2, variant="coloured", start_player=0, created=time.time(),
        version=1, status="playing", rng_state="[3,[1,2],null]",
        spectator_hash=token_digest(f"spec-{gid}"), hotseat_hash=None,
        seats=[
            SeatSpec(0, "person", "Ann", None, token_digest(f"t0-{gid}")),
            SeatSpec(1, "bot", "Bot", "random", None),
        ],
        events=[StoredEvent(0, "fill", "BBYR,KKWW,BYRK,WWWW,RRYY")],
    )


def test_create_load_and_grants(store: SqlStore) -> None:
    store.create(_game())
    g = store.load("g1")
    assert g is not None and g.version == 1 and g.events[0].data.startswith("BBYR")
    assert [s.name for s in g.seats] == ["Ann", "Bot"]
    assert store.grant("t0-g1").seat == 0  # type: ignore[union-attr]
    assert store.grant("spec-g1").role == "spectator"  # type: ignore[union-attr]
    assert store.grant("nothing") is None
    assert store.load("nope") is None
    assert store.playing() == ["g1"]


def test_append_is_conditional_on_the_version(store: SqlStore) -> None:
    store.create(_game())
    assert store.append("g1", 1, [StoredEvent(1, "move", "1B1", 0)], None, "playing") == 2
    with pytest.raises(VersionConflict):
        store.append("g1", 1, [StoredEvent(1, "move", "2K2", 0)], None, "playing")
    with pytest.raises(VersionConflict):
        store.append("g1", 5, [StoredEvent(5, "move", "2K2", 0)], None, "playing")
    g = store.load("g1")
    assert g is not None and [e.data for e in g.events] == ["BBYR,KKWW,BYRK,WWWW,RRYY", "1B1"]
    store.append("g1", 2, [], "[3,[4],null]", "over")
    g = store.load("g1")
    assert g is not None and g.status == "over" and g.rng_state == "[3,[4],null]"
    assert store.playing() == [] and store.versions(["g1", "zz"]) == {"g1": 2}


def test_append_that_fails_midway_writes_nothing(store: SqlStore) -> None:
    """The game row and the events go in one transaction: an event whose place is taken (a
    version mix-up) undoes the row's move too, and the store goes on writing after it."""
    store.create(_game())
    with pytest.raises(VersionConflict):  # seq 0 is the fill already stored
        store.append("g1", 1, [StoredEvent(1, "move", "1B1", 0), StoredEvent(0, "move", "2K2", 0)],
                     None, "playing")
    g = store.load("g1")
    assert g is not None and g.version == 1 and [e.seq for e in g.events] == [0]
    assert store.versions(["g1"]) == {"g1": 1}
    assert store.append("g1", 1, [StoredEvent(1, "move", "1B1", 0)], None, "playing") == 2


def test_moves_of_many_threads_are_all_written(store: SqlStore) -> None:
    """Appends from several threads at once (the server's database threads): each lands
    once, in order, and none is lost or reported as a conflict."""
    from concurrent.futures import ThreadPoolExecutor

    games = [f"g{i}" for i in range(8)]
    for gid in games:
        store.create(_game(gid))

    def play(gid: str) -> None:
        for v in range(1, 21):
            assert store.append(gid, v, [StoredEvent(v, "move", "1B1", 0)], None, "playing") == v + 1

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(play, games))
    assert store.versions(games) == {gid: 21 for gid in games}
    g = store.load("g3")
    assert g is not None and [e.seq for e in g.events] == list(range(21))


def test_game_resumes_exactly_after_a_restart(store: SqlStore) -> None:
    """Play half a game, drop the service, start a new one on the same store: same view, and
    the following fills are the ones the first service would have dealt (R21)."""

    async def scenario() -> None:
        svc = GameService(store, sync_interval=0)
        await svc.start()
        created = await svc.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "A", None), SeatRequest("person", "B", None)),
            True, 0))
        gid = created["game"]
        acc = await svc.access(created["hotseat_token"], gid)
        rng = random.Random(9)
        for _ in range(30):
            v = await svc.view(acc)
            await svc.play(acc, v["version"], rng.choice(v["legal"])["move"])
        before = await svc.view(acc)
        twin = (await svc.get(gid)).fork()  # what the first service would go on to do
        await svc.stop()

        svc2 = GameService(store, sync_interval=0)
        await svc2.start()
        acc2 = await svc2.access(created["hotseat_token"], gid)
        after = await svc2.view(acc2)
        assert after == before
        while True:
            v = await svc2.view(acc2)
            if v["phase"] == "over":
                break
            move = rng.choice(v["legal"])["move"]
            twin.advance(move)
            await svc2.play(acc2, v["version"], move)
        assert twin.state.is_over
        assert (await svc2.get(gid)).state.history == twin.state.history
        await svc2.stop()

    asyncio.run(scenario())


def test_finished_games_nobody_watches_leave_memory_first(
        store: SqlStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond FINISHED_KEPT, finished games that nobody watches are dropped from memory when
    another game comes in (fewer objects for the garbage collector to walk); a dropped game is
    read back from the database, the same as before."""
    import azulejos.web.service as service

    monkeypatch.setattr(service, "FINISHED_KEPT", 2)

    async def scenario() -> None:
        svc = GameService(store, sync_interval=0)
        await svc.start()
        rng = random.Random(4)
        ended: list[tuple[str, str, dict[str, object]]] = []
        for _ in range(4):
            created = await svc.create(CreateRequest(
                Ruleset(2), (SeatRequest("person", "A", None), SeatRequest("person", "B", None)),
                True, 0))
            acc = await svc.access(created["hotseat_token"], created["game"])
            while (v := await svc.view(acc))["phase"] != "over":
                await svc.play(acc, v["version"], rng.choice(v["legal"])["move"])
            ended.append((created["game"], created["hotseat_token"], v))
        running = await svc.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "A", None), SeatRequest("person", "B", None)),
            True, 0))
        assert svc.held == [ended[2][0], ended[3][0], running["game"]]
        for gid, token, before in ended:  # the first two come back from the database
            assert await svc.view(await svc.access(token, gid)) == before
        await svc.stop()

    asyncio.run(scenario())


def test_a_damaged_stored_game_is_refused_clearly_and_the_server_still_starts(
        store: SqlStore) -> None:
    """A stored game that cannot be replayed (here: a fill secret of the wrong shape) is
    refused with ``damaged_game``, not half-loaded; the server starts (it resumes the bots of
    unfinished games at start-up) and serves its other games."""

    async def scenario() -> None:
        store.create(_game("bad"))  # its rng_state is no generator state this version reads
        svc = GameService(store, sync_interval=0, clock_interval=0)
        await svc.start()  # resumes the unfinished games: "bad" among them
        try:
            with pytest.raises(GameError) as e:
                await svc.get("bad")
            assert e.value.code == "damaged_game" and e.value.status == 500
            assert "bad" not in svc.held
            created = await svc.create(CreateRequest(
                Ruleset(2), (SeatRequest("person", "", None), SeatRequest("person", "", None)),
                False, 0))
            gid = created["game"]
            tok = (await claim_all(svc, created))[0]
            v = await svc.view(await svc.access(tok, gid))
            assert v["legal"]
        finally:
            await svc.stop()
        g = store.load("bad")
        assert g is not None and g.version == 1  # untouched

    asyncio.run(scenario())


def test_two_services_on_one_store_refuse_the_second_writer(store: SqlStore) -> None:
    """As two server processes on one PostgreSQL would: the first move wins, the other gets
    'stale' and nothing of it is stored."""

    async def scenario() -> None:
        a = GameService(store, sync_interval=0)
        b = GameService(store, sync_interval=0)
        created = await a.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "", None), SeatRequest("person", "", None)),
            False, 0))
        gid, tok = created["game"], (await claim_all(a, created))[0]
        acc_a, acc_b = await a.access(tok, gid), await b.access(tok, gid)
        va, vb = await a.view(acc_a), await b.view(acc_b)
        assert va == vb
        moves = [m["move"] for m in va["legal"]]
        await a.play(acc_a, va["version"], moves[0])
        with pytest.raises(GameError) as e:
            await b.play(acc_b, vb["version"], moves[1])
        assert e.value.code == "stale"
        stored = store.load(gid)
        assert stored is not None and [x.data for x in stored.events][1:] == [moves[0]]
        assert (await b.view(acc_b))["version"] == va["version"] + 1  # b reloaded
        await a.stop()
        await b.stop()

    asyncio.run(scenario())


def test_http_only_clients_see_moves_made_through_another_process(store: SqlStore) -> None:
    """Two server processes on one database, clients that only use HTTP and no sticky
    routing: each process shows the other's moves and accepts the next move."""

    async def scenario() -> None:
        a = GameService(store, sync_interval=0)
        b = GameService(store, sync_interval=0)
        created = await a.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "", None), SeatRequest("person", "", None)),
            False, 0))
        gid = created["game"]
        t0, t1 = await claim_all(a, created)
        s0, s1 = await a.access(t0, gid), await b.access(t1, gid)
        v0 = await a.view(s0)
        await b.view(s1)  # b caches version 1
        await a.play(s0, v0["version"], v0["legal"][0]["move"])  # seat 1 moves through a
        v1 = await b.view(s1)  # b must see it
        assert v1["version"] == v0["version"] + 1 and v1["legal"]
        await b.play(s1, v1["version"], v1["legal"][0]["move"])  # and accept seat 2's move
        assert (await a.view(s0))["version"] == v0["version"] + 2
        await a.stop()
        await b.stop()

    asyncio.run(scenario())


def test_views_do_not_depend_on_the_hidden_generator() -> None:
    """Two games with the same public history and different generator states look the same:
    no view carries the bag order, the seed or a future fill."""
    g = _game()
    g.rng_state = '[3,[' + ",".join(["1"] * 624) + ',624],null]'
    a = Live.from_stored(g)
    g.rng_state = '[3,[' + ",".join(["7"] * 624) + ',624],null]'
    b = Live.from_stored(g)
    for role, seats in (("seat", {0}), ("spectator", set()), ("hotseat", {0})):
        acc = Access("g1", role, frozenset(seats))
        assert build_view(a, acc, {}) == build_view(b, acc, {})
    text = str(build_view(a, Access("g1", "seat", frozenset({0})), {}))
    assert "624" not in text and "rng" not in text and "seed" not in text


def test_database_url_forms(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    assert database_url("sqlite:///a.db") == "sqlite:///a.db"
    with pytest.raises(ValueError):
        database_url("mysql://u@h/db")
    with pytest.raises(ValueError):
        database_url(str(tmp_path / "missing" / "x.db"))


def test_stamps_give_each_games_version_and_seat_marks(store: SqlStore) -> None:
    """What the sync compares (issue 28, item 5): a rename or a claim changes the marks, not
    the version."""
    from azulejos.web.storage import seat_marks

    game = _game("s1")
    game.seats[0] = SeatSpec(0, "person", "Ann", invite_hash=token_digest("inv"))
    store.create(game)
    before = store.stamps(["s1", "none"])
    assert set(before) == {"s1"} and before["s1"].version == 1
    assert before["s1"].marks == seat_marks(game.seats) == (("Ann", False), ("Bot", False))
    store.rename("s1", 0, "Bea")
    assert store.stamps(["s1"])["s1"] == type(before["s1"])(1, (("Bea", False), ("Bot", False)))
    claim = store.claim("s1", "inv", token_digest("t"))
    assert claim is not None and claim.won
    assert store.stamps(["s1"])["s1"].marks[0] == ("Bea", True)
    assert store.stamps([]) == {}
