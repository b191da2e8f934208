"""The engine review of a game record: for every move, the search's preferred move and the
points the played move lost (``docs/bots.md``, "Engine review"; the record key is documented in
``docs/notation.md``, "The ``review`` key").

For each position of the record the compiled search (``fastmcts``,
:meth:`FastMCTSAgent.analyse`, with the ``mcts`` options) runs with the review's budget (with
the special factory displays too); without numba the pure-Python ``mcts`` search
(:meth:`MCTSAgent.analyse`, the exact fallback) runs instead. It runs with a seed fixed by the
review seed, the round and the move number, so the same
record, budget and seed give the same review (exactly with an iteration budget; with a time
budget up to the clock). The value of a move is the expected final margin, in points, of the
player who moves over the best other player. The best move is the most visited one; the played
move's value comes from the same search when it was visited enough (:data:`MIN_VISITS`), else
from a second search restricted to it (half the budget). Points lost = value of the best move
minus value of the played move, clamped at 0: two searches of a position disagree by a point or
two, so a played move may come out slightly "better" than the preferred one; that is noise, not
a gain.

Trivial positions are not searched: a position with one legal move (``forced``) and a grey-wall
column choice (``column``, R30, R33; the column is a move of its own, judged by the draft
move before it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from azulejos.core import MOVES, Move, State
from azulejos.core import layout as L
from azulejos.notation import Record, replay_steps

from .base import Budget
from .fastmcts import FastMCTSAgent

#: Seconds of search per position by default (``azulejos review --time``).
DEFAULT_SECONDS = 0.4
#: The default review of a long game takes about this many seconds at most (the searches;
#: :func:`default_seconds`). The second searches of played moves add up to half of it.
DEFAULT_TOTAL = 36.0
#: A played move with fewer visits than this in the main search gets a search of its own.
MIN_VISITS = 30
#: A move that lost at least this many points is a mistake (listed by :func:`mistakes`).
MISTAKE_POINTS = 2.0
#: Version of the ``review`` key's layout.
REVIEW_FORMAT = "azulejos-review/1"


@dataclass(frozen=True, slots=True)
class MoveReview:
    """The review of one move of a record."""

    round: int  # 1-based
    number: int  # 1-based within the round
    seat: int
    played: Move
    best: Move
    lost: float  # points, >= 0
    value: float | None  # expected final margin after the best move (None: not searched)
    played_value: float | None  # the same after the played move
    note: str | None  # "forced", "column" or None (searched)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"seat": self.seat, "best": self.best.text(), "lost": round(self.lost, 1)}
        if self.value is not None:
            out["value"] = round(self.value, 1)
        if self.played_value is not None:
            out["played_value"] = round(self.played_value, 1)
        if self.note is not None:
            out["note"] = self.note
        return out


def compiled(record: Record) -> bool:
    """Whether the review of ``record`` runs the compiled search (else the pure-Python one)."""
    return FastMCTSAgent(0).accelerated(State.new(record.ruleset))


def engine_name(record: Record) -> str:
    """The search that reviews ``record``: ``fastmcts`` or its fallback ``mcts``."""
    return "fastmcts" if compiled(record) else "mcts"


def default_seconds(record: Record) -> float:
    """Seconds per move of a default review: :data:`DEFAULT_SECONDS`, or less in a long game so
    that the searches take at most :data:`DEFAULT_TOTAL` seconds (plus up to half of that for
    the played moves' own searches). The compiled search runs 50-160 times as many iterations
    in that time as the pure-Python one (docs/performance.md)."""
    moves = sum(len(r.moves) for r in record.rounds)
    return min(DEFAULT_SECONDS, DEFAULT_TOTAL / max(1, moves))


def _seed(seed: int, round_no: int, number: int) -> int:
    return seed * 1_000_003 + round_no * 1_000 + number


def review_position(
    state: State, played: Move, budget: Budget, seed: int = 0
) -> tuple[Move, float, float | None, float | None, str | None]:
    """``(best, lost, value, played_value, note)`` for ``played`` in ``state`` (see the module
    docstring). ``state`` is not changed."""
    acts = state.legal_actions()
    if len(acts) <= 1:
        return played, 0.0, None, None, "forced"
    if state.raw[L.PHASE] != L.DRAFT:
        return played, 0.0, None, None, "column"
    stats = FastMCTSAgent(seed).analyse(state, budget)
    best_a, _, best_v = stats[0]
    best = MOVES[best_a]
    if best_a == played.id:
        return best, 0.0, best_v, best_v, None
    visits = {a: (n, v) for a, n, v in stats}
    n, pv = visits.get(played.id, (0, 0.0))
    if n < MIN_VISITS:
        half = Budget(
            seconds=None if budget.seconds is None else budget.seconds / 2,
            iterations=None if budget.iterations is None else max(1, budget.iterations // 2),
        )
        pv = FastMCTSAgent(seed + 1).analyse(state, half, only=(played.id,))[0][2]
    return best, max(0.0, best_v - pv), best_v, pv, None


def review_record(
    record: Record,
    budget: Budget | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[list[MoveReview]]:
    """The review of every move of ``record`` (which must replay: check it first), one list
    per round. ``progress(done, total)`` is called after each move."""
    budget = budget or Budget(seconds=default_seconds(record))
    if compiled(record):
        FastMCTSAgent(seed).prepare()  # load the search kernels before the first search
    total = sum(len(r.moves) for r in record.rounds)
    done = 0
    out: list[list[MoveReview]] = []
    for step in replay_steps(record, before=True):  # specials and SF1's tile too (R40, R41)
        if step.fill is not None:
            out.append([])
            continue
        ri, mi, mv, seat, st = step.round, step.number, step.move, step.seat, step.before
        assert mv is not None and seat is not None and st is not None
        best, lost, value, pv, note = review_position(st, mv, budget, _seed(seed, ri, mi))
        out[-1].append(MoveReview(ri, mi, seat, mv, best, lost, value, pv, note))
        done += 1
        if progress is not None:
            progress(done, total)
    return out


def mistakes(reviews: list[list[MoveReview]], seat: int, top: int = 3) -> list[MoveReview]:
    """The ``top`` biggest mistakes of ``seat`` (at least :data:`MISTAKE_POINTS` lost), biggest
    first, earlier first among equals."""
    mine = [r for rnd in reviews for r in rnd if r.seat == seat and r.lost >= MISTAKE_POINTS]
    mine.sort(key=lambda r: (-r.lost, r.round, r.number))
    return mine[:top]


def review_json(
    reviews: list[list[MoveReview]], budget: Budget, seed: int, engine: str = "fastmcts"
) -> dict[str, object]:
    """The ``review`` key of an annotated record (``docs/notation.md``); ``engine`` names the
    search that made it (:func:`engine_name`)."""
    return {
        "format": REVIEW_FORMAT,
        "engine": engine,
        "seconds": budget.seconds,
        "iterations": budget.iterations,
        "seed": seed,
        "moves": [[r.to_json() for r in rnd] for rnd in reviews],
    }


def annotate(record: Record, reviews: list[list[MoveReview]], budget: Budget, seed: int) -> Record:
    """``record`` with its ``review`` key set (other keys unchanged)."""
    extra = dict(record.extra)
    extra["review"] = review_json(reviews, budget, seed, engine_name(record))
    return Record(
        record.ruleset, record.start_player, record.rounds, record.final_scores, record.winners, extra
    )


def read_review(record: Record) -> list[list[dict[str, object]]] | None:
    """The per-move entries of a record's ``review`` key, one list per round, or None when the
    record has no review (or one this version cannot read: the key is then ignored)."""
    rv = record.extra.get("review")
    if not isinstance(rv, dict) or rv.get("format") != REVIEW_FORMAT:
        return None
    moves = rv.get("moves")
    if not isinstance(moves, list) or len(moves) != len(record.rounds):
        return None
    out: list[list[dict[str, object]]] = []
    for entries, rnd in zip(moves, record.rounds):
        if not isinstance(entries, list) or len(entries) != len(rnd.moves):
            return None
        if not all(isinstance(e, dict) and isinstance(e.get("lost"), (int, float)) for e in entries):
            return None
        out.append(entries)
    return out
