"""The one loop that replays a record (notation.replay_steps): every fill and move in order,
checked as ``replay`` checks them, ending on the state ``replay`` returns."""

from __future__ import annotations

from pathlib import Path

import pytest

from azulejos.core import InvalidRecordError
from azulejos.notation import load_record, replay, replay_steps

GOLDEN = sorted((Path(__file__).parents[1] / "golden" / "valid").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN[:4], ids=lambda p: p.name)
def test_steps_walk_every_fill_and_move_to_the_replayed_state(path: Path) -> None:
    rec = load_record(path)
    steps = list(replay_steps(rec, before=True))
    fills = [s for s in steps if s.fill is not None]
    assert len(fills) == len(rec.rounds)
    moves = [(s.round, s.number, s.move.text()) for s in steps if s.move is not None]
    assert moves == [(ri, mi, t) for ri, rnd in enumerate(rec.rounds, 1)
                     for mi, t in enumerate(rnd.moves, 1)]
    assert steps[-1].state == replay(rec)
    for s in steps:
        if s.move is not None:  # the copy before each move is where that move is legal (R11)
            assert s.before is not None and s.before.is_legal(s.move)
            assert s.seat == s.before.current_player


def test_without_before_no_copy_is_kept() -> None:
    rec = load_record(GOLDEN[0])
    assert all(s.before is None for s in replay_steps(rec))


def test_R13_a_bad_move_stops_the_steps_with_the_replays_error() -> None:
    rec = load_record(GOLDEN[0])
    rec.rounds[0].moves[1] = rec.rounds[0].moves[0]  # the same draft twice: the tiles are gone
    with pytest.raises(InvalidRecordError) as walked:
        list(replay_steps(rec))
    with pytest.raises(InvalidRecordError) as replayed:
        replay(rec)
    assert walked.value.code == replayed.value.code and walked.value.params == replayed.value.params
