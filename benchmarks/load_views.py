"""What the websocket sends a move, without a server: views against patches, their compression,
and the JSON encoders (issue 14, item 8; docs/performance.md, "Second pass").

Plays --games two-player games of random legal moves on the web layer's game objects (no
database, no network); at every version builds both seats' views as the server does and
reports: the average size of each key of a view, the bytes of whole views against patches
(docs/api.md, "Patches"), the cost of compressing them as uvicorn's permessage-deflate does
(raw deflate, window 2^12, memLevel 5, one stream a connection; zlib levels 6 and 1), and the
time to encode the legal moves and boards with the standard library's JSON encoder and with
orjson (when installed).

    python benchmarks/load_views.py --games 6
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import zlib
from typing import Any

from azulejos.play import Seeding
from azulejos.web.live import Live
from azulejos.web.storage import SeatSpec, StoredGame, token_digest
from azulejos.web.views import Access, build_view

try:
    from azulejos.web.wire import Sent, dumps, patch_message, view_message
except ImportError:  # a tree from before web/wire.py
    from azulejos.web.views import (  # type: ignore[attr-defined,no-redef]
        Sent,
        dumps,
        patch_message,
        view_message,
    )


def new_game(seed: int) -> Live:
    live = Live.from_stored(StoredGame(
        game_id=f"g{seed}", players=2, variant="coloured", start_player=0, created=time.time(),
        version=0, status="playing", rng_state=Seeding(seed).secret(),
        spectator_hash=token_digest("spec"), hotseat_hash=None,
        seats=[SeatSpec(s, "person", f"P{s}", None, token_digest(f"t{s}")) for s in range(2)],
        events=[],
    ))
    live.session.deal_if_due()
    return live


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    if not 1 <= args.games <= 200:
        ap.error("--games 1-200")
    rng = random.Random(args.seed)
    sizes: dict[str, int] = {}
    whole: list[list[bytes]] = [[], []]  # per seat, in order (one connection each)
    patches: list[list[bytes]] = [[], []]
    values: list[Any] = []
    by_role: dict[bool, list[int]] = {True: [], False: []}  # patch bytes: to move or not
    views = 0
    for g in range(args.games):
        live = new_game(args.seed + g)
        sent: list[Sent | None] = [None, None]
        while not live.state.is_over:
            vs = [build_view(live, Access(live.game_id, "seat", frozenset({s})), {0: 1, 1: 1})
                  for s in range(2)]
            for s, v in enumerate(vs):
                for k, val in v.items():
                    sizes[k] = sizes.get(k, 0) + len(dumps(val))
                whole[s].append(view_message(v).encode())
                text, sent[s] = patch_message(v, sent[s])
                patches[s].append(text.encode())
                if sent[s] is not None and len(patches[s]) > 1:
                    by_role[bool(v["to_move"])].append(len(patches[s][-1]))
                views += 1
            mover = next(v for v in vs if v["to_move"])
            values += [mover["legal"], mover["boards"]]
            live.session.play(rng.choice(mover["legal"])["move"])
    moves = len(values) // 2
    print(f"{args.games} games, {moves} versions, {views} views")
    print("average bytes of each key of a view:")
    for k, n in sorted(sizes.items(), key=lambda kv: -kv[1])[:8]:
        print(f"  {k:10} {n / views:8,.0f}")
    print(f"  {'all':10} {sum(sizes.values()) / views:8,.0f}")
    for label, msgs in (("whole views", whole), ("patches", patches)):
        raw = sum(len(m) for seat in msgs for m in seat) / views
        for level in (6, 1):
            out = 0
            t0 = time.perf_counter()
            for seat in msgs:
                z = zlib.compressobj(level, zlib.DEFLATED, -12, 5)
                for m in seat:
                    out += len(z.compress(m) + z.flush(zlib.Z_SYNC_FLUSH))
            dt = time.perf_counter() - t0
            print(f"{label:12} {raw:7,.0f} B a message -> {out / views:6,.0f} B at zlib level "
                  f"{level}: {1e6 * dt / views:6.1f} µs a message")
    for to_move, label in ((True, "the mover's"), (False, "the other's")):
        got = by_role[to_move]
        print(f"patch to {label:12} view: {sum(got) / max(1, len(got)):7,.0f} B on average")
    encoders: list[tuple[str, Any]] = [
        ("json", json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode)]
    try:
        import orjson

        encoders.append(("orjson", orjson.dumps))
    except ImportError:
        print("orjson is not installed: only the standard library's encoder")
    for name, encode in encoders:
        t0 = time.perf_counter()
        for v in values:
            encode(v)
        print(f"{name:7} legal moves and boards: {1e6 * (time.perf_counter() - t0) / moves:6.1f} µs "
              "a version")
    return 0


if __name__ == "__main__":
    sys.exit(main())
