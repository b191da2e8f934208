"""The record-file store: an always-current save of the session, written atomically."""

from __future__ import annotations

from pathlib import Path

import pytest

from azulejos.notation import load_record, replay
from azulejos.play import (
    Event,
    RecordFileStore,
    Seat,
    Seeding,
    Session,
    SessionError,
    VersionConflict,
)


def test_the_file_follows_every_change_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    store = RecordFileStore(path, 2, extra={"names": ["Ana", "Bea"], "seed": 4})
    s = Session.new([Seat("Ana"), Seat("Bea")], "coloured", Seeding(4), store=store)
    assert replay(load_record(path)) == s.state
    for _ in range(12):
        s.play(s.state.legal_moves()[0])
        assert replay(load_record(path)) == s.state
    s.undo()
    rec = load_record(path)
    assert replay(rec) == s.state and rec.extra["names"] == ["Ana", "Bea"]
    assert store.version == s.version
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_a_second_writer_is_refused_and_the_file_is_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    store = RecordFileStore(path, 2)
    a = Session.new([Seat("A"), Seat("B")], "coloured", Seeding(1), store=store)
    text = path.read_text()
    with pytest.raises(VersionConflict):
        store.append("game", 0, [Event(0, "fill", "BBBB,YYYY,RRRR,KKKK,WWWW")], None, "playing")
    assert path.read_text() == text
    b = a.fork()
    b.store = store
    a.play(a.state.legal_moves()[0])
    with pytest.raises(SessionError) as e:  # b is one version behind the file
        b.play(b.state.legal_moves()[1])
    assert e.value.code == "stale"
    assert replay(load_record(path)) == a.state


def test_an_event_that_does_not_fit_writes_nothing_R13(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    store = RecordFileStore(path, 2)
    Session.new([Seat("A"), Seat("B")], "coloured", Seeding(2), store=store)
    text = path.read_text()
    with pytest.raises(ValueError):
        store.append("game", 1, [Event(1, "move", "9B1", 0)], None, "playing")
    assert path.read_text() == text and store.version == 1


@pytest.mark.parametrize("kind", ["memory", "file"])
def test_a_match_with_a_store_writes_its_first_fill_and_then_every_move(kind: str, tmp_path: Path) -> None:
    from azulejos.core import Ruleset
    from azulejos.play import Match, MemoryStore, RecordFileStore, Seat

    path = tmp_path / "g.json"
    store = MemoryStore() if kind == "memory" else RecordFileStore(path, Ruleset(2, "grey"))
    m = Match.new([Seat("A"), Seat("B")], "grey", seed=5, store=store)
    m.play(m.state.legal_moves()[0])
    m.play(m.state.legal_moves()[0])
    if kind == "file":
        assert replay(load_record(path)) == m.state  # the always-current save
    else:
        assert len(store.games[m.session.game_id].events) == m.session.version == 3
