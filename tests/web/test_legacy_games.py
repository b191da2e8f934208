"""Games stored before the one seeding scheme (a running generator's state in ``rng_state``)
still load, and go on dealing exactly the fills the old server would have dealt (R21)."""

from __future__ import annotations

import asyncio
import random
import time

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
