"""The CPU time of a move's views, as the server makes them, without a server (issue 27, item 6).

Plays --games two-player games of random legal moves side by side on the web layer's game
objects (no database, no network); after each move builds both seats' views as the websocket
does (legal moves without previews, docs/api.md "Previews on demand") and encodes each as a
patch (docs/api.md, "Patches"), then compresses it as uvicorn's permessage-deflate does (one
stream a connection). Prints the process CPU time per move of the views (built and encoded)
and of the compression, the median of --rounds rounds: steadier than wall time on a shared
machine. Run it on two trees to compare (PYTHONPATH=OLD/src, then PYTHONPATH=src).

    python benchmarks/hot_path.py --games 25 --moves 3000 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import zlib

from load_views import new_game

from azulejos.web.views import Access, build_view

try:
    from azulejos.web.wire import Sent, patch_message
except ImportError:  # a tree from before web/wire.py
    from azulejos.web.views import Sent, patch_message  # type: ignore[attr-defined,no-redef]


def one_round(games: int, moves: int, seed: int) -> tuple[float, float, int]:
    """(views CPU s, compression CPU s, moves) of one round."""
    rng = random.Random(seed)
    seats = [Access("g", "seat", frozenset({s})) for s in range(2)]
    views = compress = 0.0
    played = 0
    clock = time.process_time
    while played < moves:
        lives = [new_game(seed * 1000 + played + i) for i in range(games)]
        sent: dict[tuple[int, int], Sent | None] = {}
        streams = {(g, s): zlib.compressobj(wbits=-12, memLevel=5)
                   for g in range(games) for s in range(2)}
        going = True
        while going and played < moves:
            going = False
            for g, live in enumerate(lives):
                if live.state.is_over:
                    continue
                going = True
                live.session.play(rng.choice(live.state.legal_moves()))
                played += 1
                t0 = clock()
                texts = []
                for s, access in enumerate(seats):
                    view = build_view(live, access, {0: 1, 1: 1}, False)
                    view["clock"], view["expired"] = None, None  # as the service dresses it
                    text, sent[g, s] = patch_message(view, sent.get((g, s)))
                    texts.append(text.encode())
                t1 = clock()
                for s, data in enumerate(texts):
                    z = streams[g, s]
                    z.compress(data)
                    z.flush(zlib.Z_SYNC_FLUSH)
                views += t1 - t0
                compress += clock() - t1
    return views, compress, played


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=25)
    ap.add_argument("--moves", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    runs = [one_round(args.games, args.moves, args.seed + r) for r in range(args.rounds)]
    v = statistics.median(1000 * a / n for a, _b, n in runs)
    z = statistics.median(1000 * b / n for _a, b, n in runs)
    print(f"views built and encoded: {v:.3f} ms of CPU a move; compressed: {z:.3f} ms "
          f"(median of {args.rounds} rounds of {args.moves} moves, {args.games} games at a time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
