"""Games stored before the one seeding scheme (a running generator's state in ``rng_state``)
still load, and go on dealing exactly the fills the old server would have dealt (R21); the
games of database files kept from every older schema are upgraded in place and play on."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from azulejos.core import State
from azulejos.web.live import GeneratorFills, Live
from azulejos.web.service import GameService
from azulejos.web.storage import (
    SeatSpec,
    SqlStore,
    StoredEvent,
    StoredGame,
    dump_rng_state,
    token_digest,
)


def old_style_game(rng: random.Random) -> StoredGame:
    """What the server wrote before: round 1 dealt from a generator, its state stored."""
    st = State.new(2, "coloured", 0)
    fill = st.sample_fill(rng)
    return StoredGame(
        game_id="old", players=2, variant="coloured", start_player=0, created=time.time(),
        version=1, status="playing", rng_state=dump_rng_state(rng.getstate()),
        spectator_hash=token_digest("spec"), hotseat_hash=token_digest("hot"),
        seats=[SeatSpec(0, "person", "Ann", None, token_digest("t0")),
               SeatSpec(1, "person", "Bo", None, token_digest("t1"))],
        events=[StoredEvent(0, "fill", ",".join(fill.texts()))],
    )


def test_an_old_game_loads_and_deals_as_the_old_server_would_R21(store: SqlStore) -> None:
    rng = random.Random(2024)
    store.create(old_style_game(rng))
    twin = State.new(2, "coloured", 0)  # the old server's game, played alongside
    twin.apply_fill(twin.sample_fill(random.Random(2024)))

    async def scenario() -> None:
        svc = GameService(store, sync_interval=0)
        await svc.start()
        acc = await svc.access("hot", "old")
        live = await svc.get("old")
        assert isinstance(live.session.fills, GeneratorFills)
        pick = random.Random(1)
        while True:
            v = await svc.view(acc)
            if v["phase"] == "over":
                break
            move = pick.choice(v["legal"])["move"]
            await svc.play(acc, v["version"], move)
            twin.push(move)
            while twin.is_chance:
                twin.apply_fill(twin.sample_fill(rng))
        await svc.stop()

    asyncio.run(scenario())
    stored = store.load("old")
    assert stored is not None and stored.status == "over"
    again = Live.from_stored(stored)
    assert again.state == twin and again.state.history == twin.history
    assert stored.rng_state == dump_rng_state(rng.getstate())  # still the old form


KEPT = Path(__file__).parent / "data"


async def play_on(svc: GameService, created: dict[str, Any], rng: random.Random) -> int:
    """Play the game of ``created`` (an entry of a kept file's tokens) on to its end with random
    legal moves through its own tokens, the service's bots playing their seats. Returns the
    number of moves people played."""
    gid = created["game"]
    seat_tokens = {s["seat"]: s["token"] for s in created["seats"] if s["token"]}
    watch = await svc.access(created["spectator_token"], gid)
    played = 0
    for _ in range(4000):
        v = await svc.view(watch)
        if v["phase"] == "over":
            return played
        token = created["hotseat_token"] or seat_tokens.get(v["current"])
        if token is None:  # a bot's turn: the service plays it
            await asyncio.sleep(0.01)
            continue
        acc = await svc.access(token, gid)
        mine = await svc.view(acc)
        if mine["version"] != v["version"] or mine["current"] != v["current"]:
            continue  # a bot moved in between
        await svc.play(acc, mine["version"], rng.choice(mine["legal"])["move"])
        played += 1
    raise AssertionError(f"game {gid} did not end")


@pytest.mark.parametrize("schema", [1, 2, 3])
def test_R25_every_game_of_a_kept_database_is_kept_and_plays_on_to_its_end(
    tmp_path: Path, schema: int
) -> None:
    """A database file of each older schema (tests/web/data) is upgraded in place: every game
    is there, the running ones play on to the end of the game (R25) and are stored so, and
    the finished ones stay finished."""
    db = tmp_path / "kept.sqlite3"
    shutil.copy(KEPT / f"schema-v{schema}.sqlite3", db)
    kept = json.loads((KEPT / f"schema-v{schema}.tokens.json").read_text())
    store = SqlStore(f"sqlite:///{db}")
    assert store.found_schema == schema
    before = {c["game"]: store.load(c["game"]) for c in kept.values()}
    assert all(g is not None for g in before.values())

    async def scenario() -> dict[str, int]:
        svc = GameService(store, sync_interval=0, bot_seconds=0.02)
        await svc.start()
        rng = random.Random(schema)
        played = {c["game"]: await play_on(svc, c, rng) for c in kept.values()}
        await svc.stop()
        return played

    played = asyncio.run(scenario())
    for gid, old in before.items():
        assert old is not None
        now = store.load(gid)
        assert now is not None and now.status == "over"
        assert now.events[: len(old.events)] == old.events  # the old history, unchanged
        assert now.modules == old.modules and now.ruleset == old.ruleset
        assert Live.from_stored(now).state.is_over
        if old.status == "over":
            assert played[gid] == 0 and now.version == old.version
        else:
            assert now.version > old.version
    store.close()
