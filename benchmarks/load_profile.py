"""Where a move's time goes in the game server, all of it (profile, issue 14 item 8).

Runs the server's service in this process on one thread (the database calls too, so that
cProfile sees them; the real server runs them in worker threads) with --games two-player games
of people, each seat a subscriber that encodes its views the way the websocket does (as
patches, docs/api.md "Patches", unless --no-patches or the tree has none) and compresses them
as permessage-deflate does (one zlib stream a connection, unless --no-compression), and plays
random legal moves round-robin for --moves moves. Its subscribers take their legal moves without
previews, as load_web.py's clients ask (docs/api.md, "Previews on demand"), unless
--with-previews. Prints the milliseconds per move of the main
parts, then (with --top N) cProfile's top functions by own time. No websocket, no network.
With --cpu, no profiler: the process CPU time per move of the same work, steadier than the
load test's figure on a shared machine (run it on two trees with PYTHONPATH, alternating).

    python benchmarks/load_profile.py --games 50 --moves 2000 [--db URL] [--top 25]
    python benchmarks/load_profile.py --games 25 --moves 3000 --cpu [--threads]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from azulejos.web.protocol import parse_create
from azulejos.web.service import GameService, bot_levels
from azulejos.web.storage import SqlStore, database_url
from azulejos.web.views import Access

try:
    from azulejos.web.wire import view_message
except ImportError:  # a tree from before web/wire.py, or before the shared views
    try:
        from azulejos.web.views import view_message  # type: ignore[attr-defined,no-redef]
    except ImportError:  # the websocket's own encoding
        from azulejos.web.ws import _dumps

        def view_message(view: dict[str, Any]) -> str:
            return _dumps({"type": "view", "view": view})

try:
    from azulejos.web.wire import Sent, patch_message
except ImportError:  # a tree from before web/wire.py, or before patches
    try:
        from azulejos.web.views import (  # type: ignore[attr-defined,no-redef]
            Sent,
            patch_message,
        )
    except ImportError:
        patch_message = None  # type: ignore[assignment]

T = TypeVar("T")

PARTS = [  # (label, function names whose cumulative time it is)
    ("the move checked and tried (session.prepare)", ("prepare",)),
    ("database write (session.persist, one transaction)", ("persist",)),
    ("views built (views.build_view)", ("build_view",)),
    ("  of which the legal moves (and their previews, if sent)", ("legal_json",)),
    ("views encoded as JSON (wire.view_message / patch_message)",
     ("view_message", "_dumps", "patch_message")),
    ("messages compressed (zlib, as permessage-deflate)",
     ("<method 'compress' of 'zlib.Compress' objects>",
      "<method 'flush' of 'zlib.Compress' objects>")),
]


async def view_of(svc: GameService, v: Viewer) -> dict[str, Any]:
    """The first view, as the websocket sends it (a tree before previews on demand: with them)."""
    try:
        return await svc.view(v.access, not v.previews_on_demand)
    except TypeError:
        return await svc.view(v.access)


class InlineService(GameService):
    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        return fn(*args)


class Viewer:
    def __init__(self, access: Access, patches: bool, compress: bool,
                 with_previews: bool = False) -> None:
        self.access = access
        # read by the service when it builds this subscriber's views (trees before: ignored)
        self.previews_on_demand = not with_previews
        self.view: dict[str, Any] | None = None
        self.bytes = 0
        self.wire = 0
        self.patches = patches and patch_message is not None
        self.sent: Sent | None = None
        # permessage-deflate as uvicorn's websockets does it: raw deflate, context kept,
        # a 4 KiB window and memLevel 5 (uvicorn's ServerPerMessageDeflateFactory settings)
        self.zlib = zlib.compressobj(wbits=-12, memLevel=5) if compress else None

    def send_view(self, view: dict[str, Any]) -> None:
        self.view = view
        if self.patches:
            text, self.sent = patch_message(view, self.sent)
        else:
            text = view_message(view)
        data = text.encode()
        self.bytes += len(data)
        if self.zlib is not None:
            data = self.zlib.compress(data) + self.zlib.flush(zlib.Z_SYNC_FLUSH)
        self.wire += len(data)


async def run(db: str, games: int, moves: int, seed: int, top: int, patches: bool = True,
              compress: bool = True, with_previews: bool = False, cpu: bool = False,
              threads: bool = False) -> None:
    kind = GameService if threads else InlineService
    svc = kind(SqlStore(database_url(db)), sync_interval=0)
    await svc.start(resume_bots=False)
    viewers: list[Viewer] = []
    for _ in range(games):
        created = await svc.create(parse_create({"players": 2}, bot_levels()))
        gid = created["game"]
        for s in created["seats"]:
            token = (await svc.claim(gid, s["invite"]))["token"]
            v = Viewer(await svc.access(token, gid), patches, compress, with_previews)
            svc.subscribe(v)
            v.send_view(await view_of(svc, v))
            viewers.append(v)
    rng = random.Random(seed)
    prof = cProfile.Profile()
    played = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    if not cpu:
        prof.enable()
    while played < moves:
        progressed = False
        for v in viewers:
            view = v.view
            if view is None or not view["to_move"] or view["phase"] == "over":
                continue
            await svc.play(v.access, view["version"], rng.choice(view["legal"])["move"])
            played += 1
            progressed = True
        if not progressed:
            break
    prof.disable()
    wall = time.perf_counter() - t0
    spent = time.process_time() - c0
    await svc.stop()
    if cpu:
        print(f"{played} moves: {1000 * spent / max(1, played):.3f} ms of process CPU a move "
              f"(no profiler; {played / wall:.0f} moves/s)")
        return
    stats = pstats.Stats(prof)
    raw: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    print(f"{played} moves in {wall:.2f} s under cProfile ({played / wall:.0f} moves/s, "
          f"{1000 * wall / played:.2f} ms a move); {sum(v.bytes for v in viewers) / max(1, played):,.0f} "
          f"bytes of views a move, {sum(v.wire for v in viewers) / max(1, played):,.0f} compressed")
    for label, names in PARTS:
        cum = sum(row[3] for (_f, _l, name), row in raw.items() if name in names)
        print(f"  {label:52} {1000 * cum / played:6.3f} ms")
    if top:
        stats.sort_stats("tottime").print_stats(top)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--moves", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--db", help="database (default: a temporary SQLite file)")
    ap.add_argument("--top", type=int, default=0, help="also print this many top functions")
    ap.add_argument("--no-patches", action="store_true", help="encode whole views every time")
    ap.add_argument("--no-compression", action="store_true", help="do not compress")
    ap.add_argument("--with-previews", action="store_true",
                    help="views with every legal move's preview (default: on demand, never asked)")
    ap.add_argument("--cpu", action="store_true",
                    help="no profiler: print the process CPU time per move only")
    ap.add_argument("--threads", action="store_true",
                    help="the database work where the server does it (its threads, or the event "
                         "loop where the tree writes there), not inline: with --cpu, the thread "
                         "hops' cost is counted (the process CPU of every thread)")
    args = ap.parse_args()
    db = args.db or str(Path(tempfile.mkdtemp()) / "profile.sqlite3")
    asyncio.run(run(db, args.games, args.moves, args.seed, args.top, not args.no_patches,
                    not args.no_compression, args.with_previews, args.cpu, args.threads))
    return 0


if __name__ == "__main__":
    sys.exit(main())
