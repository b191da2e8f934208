"""Replay and review in the browser (docs/api.md, "Replays"): every position of a game record,
with each move told in words and, when the record carries the engine's ``review`` key
(docs/notation.md), the engine's preferred move and the points lost.

A replay is built from a record only (the public history: fills already dealt and moves
played), so a running game's replay stops at the present and shows nothing to come. The record
is checked with :func:`azulejos.notation.replay` first: a record that does not replay under the
rules is refused with its one-line reason (``bad_record``).
"""

from __future__ import annotations

import asyncio
import math
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from azulejos.agents.review import MISTAKE_POINTS, read_review
from azulejos.core import Move, State
from azulejos.core.colours import LETTERS
from azulejos.core.errors import InvalidRecordError
from azulejos.i18n import translation
from azulejos.notation import Record, parse_move, parse_record, replay, replay_steps
from azulejos.notation.record import dumps
from azulejos.play import preview, record_seats
from azulejos.play.words import (
    Words,
    fill_sentences,
    move_sentence,
    review_sentence,
    tiling_sentence,
)
from azulejos.render.record_errors import record_error_text
from azulejos.render.themes import THEMES

from .protocol import GameError
from .views import board_json, fill_json, result_json, specials_json, tiling_json

if TYPE_CHECKING:
    from .storage import ReviewStore

#: Largest record the server reads for a replay (bytes): an annotated record of a long 4-player
#: game is about 30 kB.
MAX_RECORD = 256 * 1024
#: Biggest mistakes listed per player (each at least :data:`MISTAKE_POINTS` lost).
TOP_MISTAKES = 3


def load(text: str | bytes, lang: str = "en") -> tuple[Record, State]:
    """A record from its JSON text, checked under the rules; ``bad_record`` (400, one line)
    when it is malformed or does not replay: ``message`` in English, ``reason`` (the record
    error's code), ``rule`` when one is broken, and ``detail``, the same in ``lang``."""
    try:
        record = parse_record(text)
        final = replay(record)
    except InvalidRecordError as e:
        extra: dict[str, Any] = {"reason": e.code, "detail": record_error_text(translation(lang), e)}
        if e.rule:
            extra["rule"] = e.rule
        raise GameError("bad_record", str(e).splitlines()[0] if str(e) else "not a valid record",
                        400, extra) from None
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
        # anything the structure check let through and the replay tripped on: still one line
        # (no more to say than the page's "not a game record that can be replayed")
        raise GameError("bad_record", f"not a valid record: {type(e).__name__}", 400,
                        {"reason": InvalidRecordError("").code, "detail": ""}) from None
    return record, final


def _table(st: State) -> dict[str, Any]:
    """The table of one position, in the game view's words (docs/api.md, "The view")."""
    phase = st.phase
    return {
        "phase": phase,
        "round": st.round,
        "current": st.to_move,
        "pending_line": None if st.pending_line is None else st.pending_line + 1,
        "factories": ["".join(LETTERS[k] * f[k] for k in range(5)) for f in st.factories],
        "centre": "".join(LETTERS[k] * st.centre[k] for k in range(5)),
        "marker_in_centre": st.marker_in_centre,
        "specials": specials_json(st),
        "bag": dict(zip(LETTERS, st.bag)),
        "lid": dict(zip(LETTERS, st.lid)),
        "boards": [board_json(st, p) for p in range(st.players)],
    }


def _readable(entry: dict[str, object]) -> bool:
    """A review entry this page can show: a finite ``lost`` and, unless the move was not
    searched (``note``), a ``best`` move in notation."""
    lost = entry.get("lost")
    if isinstance(lost, bool) or not isinstance(lost, (int, float)) or not math.isfinite(lost):
        return False
    if entry.get("note") in ("forced", "column"):
        return True
    best = entry.get("best")
    if not isinstance(best, str):
        return False
    try:
        parse_move(best)
    except ValueError:
        return False
    return True


def _review(record: Record) -> list[list[dict[str, object]]] | None:
    """The record's review entries (:func:`~azulejos.agents.review.read_review`), or None when
    it has none or one this page cannot show (a hand-edited file): the key is then ignored."""
    review = read_review(record)
    if review is None or not all(_readable(e) for rnd in review for e in rnd):
        return None
    return review


def _finite(v: object) -> int | float | None:
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) else None


def _review_entry(w: Words, entry: dict[str, object]) -> dict[str, Any]:
    out: dict[str, Any] = {"lost": entry.get("lost"), "text": review_sentence(w, entry)}
    best = entry.get("best")
    if isinstance(best, str):
        out["best"] = w.notation(parse_move(best))
    if entry.get("note") in ("forced", "column"):
        out["note"] = entry["note"]
    return out


def _said(w: Words, name: str, st: State, mv: Move) -> str:
    """A move in words at the position ``st`` (with what it would take, when it is legal
    there; the engine's choice always is, but a hand-edited review may name any move)."""
    try:
        return move_sentence(w, name, mv, preview(st, mv))
    except ValueError:
        return move_sentence(w, name, mv)


def frames_json(record: Record, lang: str, theme: str) -> dict[str, Any]:
    """The replay of a checked record (:func:`load`) in ``lang`` and ``theme``: its seats and
    frames (one per position: each round's start after the fill, then one per move), and the
    review (per move, and each player's biggest mistakes) when the record has one."""
    w = Words(lang, theme if theme in THEMES else "classic")
    seats = record_seats(record)
    names = w.names(seats)
    review = _review(record)
    frames: list[dict[str, Any]] = []
    mistakes: list[list[dict[str, Any]]] = [[] for _ in range(record.players)]
    for step in replay_steps(record, before=True):
        st, ri = step.state, step.round
        if step.fill is not None:  # with the special displays (R40, R41)
            said = " ".join([w.phrase("filled").format(round=ri), *fill_sentences(w, step.fill)])
            frames.append({"round": ri, "move": None, "seat": None, "text": said,
                           "fill": fill_json(step.fill), "tiling": [], "tiling_text": [],
                           "review": None, "table": _table(st)})
            continue
        mv, seat, mi, before = step.move, step.seat, step.number, step.before
        assert mv is not None and seat is not None and before is not None
        sentence = move_sentence(w, names[seat], mv, preview(before, mv))
        entry = None
        if review is not None:
            entry = _review_entry(w, review[ri - 1][mi - 1])
            best = review[ri - 1][mi - 1].get("best")
            if isinstance(best, str) and parse_move(best) != mv:
                entry["best_text"] = _said(w, names[seat], before, parse_move(best))
            lost = review[ri - 1][mi - 1].get("lost")
            if isinstance(lost, (int, float)) and lost >= MISTAKE_POINTS:
                mistakes[seat].append({"frame": len(frames), "round": ri, "number": mi,
                                       "move": w.notation(mv), "move_text": sentence,
                                       **entry})
        tiling = list(st.tiling_log) if (st.is_chance or st.is_over) else []
        frames.append({
            "round": ri, "move": w.notation(mv), "seat": seat, "text": sentence,
            "tiling": [tiling_json(e) for e in tiling],
            "tiling_text": [tiling_sentence(w, names, e) for e in tiling],
            "review": entry, "table": _table(st),
        })
    review_out = None
    if review is not None:
        rv = record.extra.get("review")
        assert isinstance(rv, dict)
        for m in mistakes:  # biggest first, earlier first among equals
            m.sort(key=lambda e: (-float(e["lost"]), e["round"], e["number"]))
            del m[TOP_MISTAKES:]
        review_out = {
            "engine": str(rv["engine"])[:40] if isinstance(rv.get("engine"), str) else None,
            "seconds": _finite(rv.get("seconds")),
            "iterations": _finite(rv.get("iterations")), "mistake_points": MISTAKE_POINTS,
            "mistakes": mistakes,
        }
    return {
        "players": record.players,
        "variant": str(record.ruleset.variant),
        "ruleset": record.ruleset.to_json(),
        "game": record.extra.get("game") if isinstance(record.extra.get("game"), str) else None,
        "seats": [{"seat": i, "name": names[i], "kind": "bot" if s.bot else "person",
                   "level": s.bot, "claimed": True, "left": None, "online": True}
                  for i, s in enumerate(seats)],
        "over": st.is_over,
        "result": result_json(st),
        "frames": frames,
        "review": review_out,
    }


#: The server's review of a finished game is bounded: about this many search iterations over the
#: whole game, spread over its moves (each move gets between the two bounds below).
REVIEW_TOTAL_ITERATIONS = 6000
REVIEW_MIN_ITERATIONS = 30
REVIEW_MAX_ITERATIONS = 150


def review_iterations(record: Record) -> int:
    """Search iterations per move of a server review of ``record`` (a fixed budget, so the same
    game always gets the same review)."""
    moves = sum(len(r.moves) for r in record.rounds)
    per_move = REVIEW_TOTAL_ITERATIONS // max(1, moves)
    return max(REVIEW_MIN_ITERATIONS, min(REVIEW_MAX_ITERATIONS, per_move))


def reviewed(record: Record) -> Record:
    """``record`` annotated with the engine review (``azulejos review`` with a bounded iteration
    budget, seed 0; docs/bots.md, "Engine review"). Seconds of work: run it in the bot
    scheduler's background slots."""
    from azulejos.agents.base import Budget
    from azulejos.agents.review import annotate, review_record

    budget = Budget(iterations=review_iterations(record))
    return annotate(record, review_record(record, budget, seed=0), budget, 0)


#: The key of a kept server review: everything it depends on besides the game (the budget and
#: the seed of :func:`reviewed`), so that a server with other settings reviews again.
REVIEW_SETTINGS = (f"total={REVIEW_TOTAL_ITERATIONS},min={REVIEW_MIN_ITERATIONS},"
                   f"max={REVIEW_MAX_ITERATIONS},seed=0")


class Reviews:
    """The server's reviews of finished games. With a ``store`` they are kept in the database
    (:class:`~azulejos.web.storage.ReviewStore`), so a review one server process made is served
    by every other on the database and survives a restart; the last :attr:`size` are also kept
    in memory. A game is reviewed once however often it is asked for, and two requests for it
    at once in one process share the one review. The caller checks first that the asker may see
    the game: this cache is keyed by game only."""

    def __init__(self, store: ReviewStore | None = None, size: int = 64) -> None:
        self.store = store
        self.size = size
        self._done: OrderedDict[str, Record] = OrderedDict()
        self._running: dict[str, asyncio.Task[Record]] = {}

    async def get(self, game: str, compute: Callable[[], Awaitable[Record]]) -> Record:
        if game in self._done:
            self._done.move_to_end(game)
            return self._done[game]
        task = self._running.get(game)
        if task is None:
            task = asyncio.ensure_future(self._kept_or_made(game, compute))
            self._running[game] = task
            try:
                rec = await task
            finally:
                self._running.pop(game, None)
            self._done[game] = rec
            while len(self._done) > self.size:
                self._done.popitem(last=False)
            return rec
        return await task

    async def _kept_or_made(self, game: str, compute: Callable[[], Awaitable[Record]]) -> Record:
        """The review kept in the database, else a new one, kept there (where another process
        kept its own first, that one: every process serves the same review)."""
        store = self.store
        if store is not None:
            kept = _parsed(await asyncio.to_thread(store.review, game, REVIEW_SETTINGS))
            if kept is not None:
                return kept
        made = await compute()
        if store is not None:
            text = await asyncio.to_thread(store.put_review, game, REVIEW_SETTINGS, dumps(made))
            kept = _parsed(text)
            if kept is not None:
                return kept
        return made


def _parsed(text: str | None) -> Record | None:
    """A kept review's record, or None when there is none or it does not read (it is then
    made again)."""
    if text is None:
        return None
    try:
        return parse_record(text)
    except ValueError:
        return None
