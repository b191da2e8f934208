"""A hint for a human player: the strongest bot's move, how good the position looks, and why
the move is good, in facts the engine computes (``docs/bots.md``, "Hints")."""

from __future__ import annotations

from dataclasses import dataclass

from azulejos.core import FLOOR, Move, Special, State
from azulejos.core import layout as L
from azulejos.core.preview import preview, previews

from .base import Budget
from .fastmcts import FastMCTSAgent
from .features import _line_points, split_offers

_prepared: list[bool] = []  # the search kernels are loaded in this process


def hint(state: State, seconds: float = 1.0, seed: int | None = 0,
         kernels: bool = True) -> tuple[Move, float]:
    """The ``mcts`` search's move for the player to move, and its evaluation: the compiled
    search (``fastmcts`` with the ``mcts`` options), or the pure-Python ``mcts`` without numba,
    as the engine review.

    The evaluation is the expected margin, in points, of the player to move over the best
    other player at the end of the game (positive: ahead), as estimated by the search.
    The search stops after ``seconds`` (at most 1 s is spent, minus a small safety margin).
    It is the search of the engine review (:mod:`azulejos.agents.review`). ``kernels=False``
    searches with the pure-Python twin even where numba is available (while
    :func:`prepare_kernels` runs in the background, so that a hint never waits for a compile).
    """
    limit = max(0.01, min(seconds, 1.0) - 0.05)
    agent = FastMCTSAgent(seed, manage=False)
    agent.use_kernels = kernels
    if not _prepared and agent.accelerated(state):
        agent.prepare()  # the kernels load once, outside the first hint's time
        _prepared.append(True)
    return agent.search(state.copy(), Budget(seconds=limit))


def prepare_kernels() -> None:
    """Load the search kernels of hints and of the ``expert`` bot (numba's disk cache, or a
    compile: about a minute the first time), so that a later :func:`hint` need not. Meant for a
    background thread (``azulejos play`` starts one); nothing happens without numba."""
    from .engine import prepare

    if not _prepared:
        prepare(FastMCTSAgent(0, manage=False))
        _prepared.append(True)


@dataclass(frozen=True, slots=True)
class Reason:
    """One fact that speaks for (or against) a move, for the words of a hint.

    ``kind`` is one of:

    * ``completes`` - the move fills pattern line ``line`` (1-based); its tile scores ``points``
      on the wall now (R17, R18; on the grey wall the best free column, R30);
    * ``advances`` - pattern line ``line`` still needs ``tiles`` more;
    * ``column`` - a grey-wall column choice: ``column`` (1-based) of row ``line`` scores
      ``points`` (R30, R18);
    * ``marker`` - the move takes the first-player marker: its holder starts the next round (R12,
      R20);
    * ``penalty`` - ``tiles`` tiles fall to the floor line and cost ``points`` (positive) at
      the wall-tiling (R13, R14, R19);
    * ``avoids`` - every other place for the same tiles would cost ``points`` more on the floor
      line (R13, R19);
    * ``sf5`` - the move takes the special display SF5: it catches the first tile that falls this
      round, at no penalty; ``tiles`` is 1 when a tile of this move lands on it (R44, R47a);
    * ``sf5 held`` - the SF5 the player holds catches a falling tile of this move (R44, R47a);
    * ``split`` - an SF4 draft sends the rest to the neighbours so that the next player's best
      single take there scores ``points``; ``worse`` is that score for the worst split of the
      same draft (R43, R47d).
    """

    kind: str
    line: int = 0
    points: int = 0
    tiles: int = 0
    column: int = 0
    grey: bool = False  # ``completes`` on the grey wall: the column is chosen later
    worse: int = 0  # ``split``: the next player's best take after the worst split


def reasons(state: State, move: Move) -> tuple[Reason, ...]:
    """What ``move`` (legal in ``state``) does for the player to move, in the order a hint
    tells it: the line or column first, then the marker and the floor."""
    pv = preview(state, move)
    out: list[Reason] = []
    if not move.is_draft:
        return (Reason("column", line=move.line + 1, points=pv.points, column=move.column + 1),)
    if move.destination != FLOOR:
        line = move.destination + 1
        if pv.completes_line:
            points = pv.wall_points
            if points is None:  # grey wall: the best column still free for the colour (R30)
                seat = state.current_player
                points = max(0, _line_points(state.raw, L.P0 + seat * L.STRIDE, True)
                             [move.destination][move.colour])
            out.append(Reason("completes", line=line, points=points, grey=pv.wall_points is None))
        else:
            have = state.player(state.current_player).lines[move.destination]
            out.append(Reason("advances", line=line, tiles=line - have.count - pv.to_line))
    out.extend(_special_reasons(state, move, pv.to_sf5))
    if pv.marker:
        out.append(Reason("marker"))
    falling = pv.to_floor + pv.to_lid
    if pv.penalty or falling:
        out.append(Reason("penalty", points=pv.penalty, tiles=falling))
    others = [
        p.penalty for m, p in previews(state)
        if m.is_draft and m != move and m.source == move.source and m.colour == move.colour
    ]
    if others and min(others) > pv.penalty:
        out.append(Reason("avoids", points=min(others) - pv.penalty))
    return tuple(out)


def _special_reasons(state: State, move: Move, to_sf5: int) -> list[Reason]:
    """The special displays' part of a draft's reasons (R43, R44): taking or using SF5, and
    where an SF4 split leaves the rest."""
    if not move.is_draft or not state.ruleset.special_factories:
        return []
    out: list[Reason] = []
    if state.specials.get(move.source) is Special.SF5 and state.sf5_holder is None:
        out.append(Reason("sf5", tiles=to_sf5))
    elif to_sf5:
        out.append(Reason("sf5 held", tiles=to_sf5))
    if move.split:
        offers = dict(split_offers(state.raw, state.players, state.ruleset.grey, move.plain.id))
        mine = offers.get(move.id)
        if mine is not None:
            here = max(0, round(mine))
            out.append(Reason("split", points=here, worse=max(here, round(max(offers.values())))))
    return out
