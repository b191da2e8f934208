"""Views share the parts that do not depend on the viewer (built and encoded once per game
version): every view and every websocket message stays exactly what it was built alone."""

from __future__ import annotations

import json
import random
import time

from azulejos.play import Seeding
from azulejos.web.live import Live
from azulejos.web.storage import SeatSpec, StoredGame, token_digest
from azulejos.web.views import Access, build_view
from azulejos.web.wire import dumps, view_message


def _game(players: int) -> Live:
    live = Live.from_stored(StoredGame(
        game_id="g1", players=players, variant="coloured", start_player=0, created=time.time(),
        version=0, status="playing", rng_state=Seeding(11).secret(),
        spectator_hash=token_digest("spec"), hotseat_hash=None,
        seats=[SeatSpec(s, "person", f"P{s}", None, token_digest(f"t{s}")) for s in range(players)],
        events=[],
    ))
    live.session.deal_if_due()  # the first fill (R2)
    return live


def _accesses(players: int) -> list[Access]:
    return [Access("g1", "seat", frozenset({s})) for s in range(players)] + [
        Access("g1", "spectator", frozenset()),
        Access("g1", "hotseat", frozenset(range(players))),
    ]


def test_R11_R24_shared_views_equal_views_built_alone_at_every_version() -> None:
    """A whole game: at every version each viewer's view equals one built from scratch (on a
    fork, which shares nothing), and its message is exactly the plain JSON encoding of it."""
    rng = random.Random(5)
    live = _game(2)
    versions = set()
    while not live.state.is_over:
        online = {0: 1}
        views = [build_view(live, acc, online) for acc in _accesses(2)]
        fresh = live.fork()
        for acc, view in zip(_accesses(2), views):
            alone = build_view(fresh, acc, online)
            assert view == alone
            text = view_message(view)
            assert text == dumps({"type": "view", "view": dict(alone)})
            assert json.loads(text)["view"] == alone
        mover = next(v for v in views[:2] if v["to_move"])
        assert mover["legal"] and all(not v["legal"] for v in views if v is not mover
                                      and v["you"]["role"] == "seat")
        versions.add(live.version)
        live.session.play(rng.choice(mover["legal"])["move"])
    assert len(versions) > 40
    over = build_view(live, _accesses(2)[2], {})
    assert over["result"] is not None and over == build_view(live.fork(), _accesses(2)[2], {})


def test_a_rename_shows_at_once_in_a_shared_view() -> None:
    """The seats (names, who is online) are the viewer's part: not kept from an earlier view of
    the same version."""
    live = _game(2)
    acc = _accesses(2)[2]
    before = build_view(live, acc, {})
    live.rename(0, "Renamed")
    after = build_view(live, acc, {0: 1})
    assert after["version"] == before["version"]
    assert before["seats"][0]["name"] == "P0" and after["seats"][0]["name"] == "Renamed"
    assert after["seats"][0]["online"] and not before["seats"][0]["online"]
    assert json.loads(view_message(after))["view"]["seats"][0]["name"] == "Renamed"


def test_R11_R24_the_fast_encoder_gives_the_same_json_values() -> None:
    """``dumps`` (orjson's when installed) gives, for every view of a whole game and for what
    orjson does not take (non-string keys), the values the standard library's encoder gives."""
    rng = random.Random(8)
    live = _game(2)
    while not live.state.is_over:
        for acc in _accesses(2):
            view = build_view(live, acc, {0: 1})
            plain = json.dumps(dict(view), ensure_ascii=False, separators=(",", ":"))
            assert json.loads(dumps(dict(view))) == json.loads(plain)
            assert json.loads(view_message(view))["view"] == json.loads(plain)
        live.session.play(rng.choice(build_view(live, _accesses(2)[3], {})["legal"])["move"])
    assert dumps({1: "a", "é": [1.5, None]}) == '{"1":"a","é":[1.5,null]}'
