"""Patches (docs/api.md, "Patches"): a client that asked for them gets a whole view first, then
only the keys that changed and the log entries added. Applied as the browser applies them
(static/js/socket.js), they give exactly the whole view, at every version of a played game."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from azulejos.play import Seeding
from azulejos.web.live import Live
from azulejos.web.storage import SeatSpec, StoredGame, token_digest
from azulejos.web.views import Access, build_view
from azulejos.web.wire import Sent, patch_message, view_message


def _game(players: int, modules: tuple[str, ...] = (), seed: int = 11,
          variant: str = "coloured") -> Live:
    live = Live.from_stored(StoredGame(
        game_id="g1", players=players, variant=variant, start_player=0, created=time.time(),
        version=0, status="playing", rng_state=Seeding(seed).secret(),
        spectator_hash=token_digest("spec"), hotseat_hash=None,
        seats=[SeatSpec(s, "person", f"P{s}", None, token_digest(f"t{s}")) for s in range(players)],
        events=[], modules=modules,
    ))
    live.session.deal_if_due()  # the first fill (R2)
    return live


def _accesses(players: int) -> list[Access]:
    return [Access("g1", "seat", frozenset({s})) for s in range(players)] + [
        Access("g1", "spectator", frozenset()),
        Access("g1", "hotseat", frozenset(range(players))),
    ]


def apply(held: dict[str, Any] | None, message: str) -> dict[str, Any]:
    """What socket.js does with a message: a whole view replaces the one held; a patch must
    name the held view's version as its base, replaces the keys it carries, appends its log."""
    msg = json.loads(message)
    if msg["type"] == "view":
        view: dict[str, Any] = msg["view"]
        return view
    assert msg["type"] == "patch" and held is not None and msg["base"] == held["version"]
    out = {**held, **msg["view"]}
    if "log" in msg:
        out["log"] = held["log"] + msg["log"]
    assert out["version"] == msg["version"]
    return out


class _Client:
    """One connection's two ends: the server's record of what it sent, the client's view."""

    def __init__(self, access: Access) -> None:
        self.access = access
        self.sent: Sent | None = None
        self.held: dict[str, Any] | None = None
        self.messages: list[dict[str, Any]] = []

    def receive(self, view: dict[str, Any]) -> None:
        text, self.sent = patch_message(view, self.sent)
        self.messages.append(json.loads(text))
        self.held = apply(self.held, text)
        assert self.held == json.loads(view_message(view))["view"]


@pytest.mark.parametrize(("players", "modules", "variant"), [
    (2, (), "coloured"), (3, (), "grey"), (3, ("special_factories",), "coloured"),
])
def test_R11_R24_R40_patches_applied_give_the_whole_view_at_every_version(
        players: int, modules: tuple[str, ...], variant: str) -> None:
    """Every version of a whole game (fills R2, drafts R11-R14, wall tiling R18-R22, the end
    R23-R25; grey wall placements R30; special displays R40-R47), every kind of viewer, with a
    client that is sent every view and one that misses some (a slow client gets only the
    newest): the patched view equals the whole view each time."""
    rng = random.Random(players * 7 + len(modules))
    live = _game(players, modules, seed=players + 3, variant=variant)
    every = [_Client(a) for a in _accesses(players)]
    slow = [_Client(a) for a in _accesses(players)]
    versions = 0
    while not live.state.is_over:
        online = {s: 1 for s in range(players) if rng.random() < 0.8}
        views = [build_view(live, c.access, online) for c in every]
        for c, v in zip(every, views):
            c.receive(v)
        for c, v in zip(slow, views):
            if rng.random() < 0.3:
                c.receive(v)
        mover = next(v for v in views if v["to_move"] and v["you"]["role"] == "seat")
        live.session.play(rng.choice(mover["legal"])["move"])
        versions += 1
    for c in every + slow:
        c.receive(build_view(live, c.access, {}))
        assert c.held is not None and c.held["result"] is not None
    assert versions > 40
    # The first message is whole, the rest are patches; the log is appended, never resent.
    for c in every:
        assert c.messages[0]["type"] == "view"
        assert all(m["type"] == "patch" and "log" not in m["view"] for m in c.messages[1:])


def test_R11_a_patch_carries_only_what_changed() -> None:
    """After a draft (R11) the player who waits is sent no legal moves and not the old log
    again; the same view sent twice is an empty patch."""
    live = _game(2)
    waiting = _Client(_accesses(2)[1])
    waiting.receive(build_view(live, waiting.access, {}))
    view = build_view(live, _accesses(2)[0], {})
    live.session.play(view["legal"][0]["move"])
    waiting.receive(build_view(live, waiting.access, {}))
    patch = waiting.messages[-1]
    assert patch["type"] == "patch" and patch["base"] == 1 and patch["version"] == 2
    assert [e["kind"] for e in patch["log"]] == ["move"]
    assert {"version", "current", "to_move", "legal", "boards"} <= set(patch["view"])
    assert not {"log", "players", "ruleset", "seats", "you"} & set(patch["view"])
    waiting.receive(build_view(live, waiting.access, {}))
    assert waiting.messages[-1] == {"type": "patch", "base": 2, "version": 2, "view": {}}


def test_a_rename_and_presence_patch_the_seats_only() -> None:
    """A rename or a player coming online changes the seats at the same version: the patch
    carries the seats (and nothing of the table)."""
    live = _game(2)
    c = _Client(_accesses(2)[2])
    c.receive(build_view(live, c.access, {}))
    live.rename(0, "Renamed")
    c.receive(build_view(live, c.access, {0: 1}))
    assert set(c.messages[-1]["view"]) == {"seats"}
    assert c.held is not None and c.held["seats"][0] == {**c.held["seats"][0], "name": "Renamed",
                                                         "online": True}


def test_a_reloaded_game_still_appends_to_the_log() -> None:
    """A game reloaded from the store (another process moved it, a restart) has new log
    objects with the same entries: the client's log is still appended to, and stays equal."""
    rng = random.Random(3)
    live = _game(2)
    c = _Client(_accesses(2)[2])
    for _ in range(12):
        c.receive(build_view(live, c.access, {}))
        mover = build_view(live, _accesses(2)[live.state.current_player], {})
        live.session.play(rng.choice(mover["legal"])["move"])
    reloaded = live.fork()
    c.receive(build_view(reloaded, c.access, {}))
    assert c.messages[-1]["type"] == "patch" and "log" not in c.messages[-1]["view"]
