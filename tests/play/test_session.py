"""The game session: check, fork, persist, adopt, publish; refusals change nothing."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from azulejos.core import IllegalMoveError, InvalidMoveError, State, draft
from azulejos.play import (
    Event,
    Seat,
    Seeding,
    Session,
    SessionError,
    Update,
)

from .stores import MemoryStore


def people(n: int = 2) -> list[Seat]:
    return [Seat(f"P{i + 1}") for i in range(n)]


def snapshot(s: Session) -> tuple[object, ...]:
    return (s.state.copy(), list(s.events), list(s.log), s.version, s.moves)


def assert_unchanged(s: Session, before: tuple[object, ...]) -> None:
    now = snapshot(s)
    assert now[0] == before[0] and now[1:] == before[1:]


def an_illegal_move(st: State) -> object:
    return next(mv for mv in (draft(src, k, 0) for src in range(5) for k in range(5))
                if not st.is_legal(mv))


def test_a_new_session_is_dealt_and_stored_R9() -> None:
    store = MemoryStore()
    s = Session.new(people(3), "coloured", Seeding(1), game_id="g", store=store)
    assert s.version == 1 and [e.kind for e in s.events] == ["fill"]
    assert sum(map(sum, s.state.factories)) == 28  # 7 factories of 4 (R2)
    assert store.games["g"].events == s.events and store.games["g"].status == "playing"


def test_a_move_is_checked_stored_adopted_and_published_R10() -> None:
    store = MemoryStore()
    s = Session.new(people(), "coloured", Seeding(2), game_id="g", store=store)
    seen: list[Update] = []
    s.subscribe(seen.append)
    mv = s.state.legal_moves()[0]
    step = s.play(mv, version=1, by={0})
    assert step.played.seat == 0 and step.played.move == mv and s.version == 2
    assert store.games["g"].events == s.events
    assert [(u.version, u.step) for u in seen] == [(2, step)]
    assert s.events[-1] == Event(1, "move", mv.text(), 0)


@pytest.mark.parametrize("case", ["stale", "not_your_turn"])
def test_stale_versions_and_foreign_seats_are_refused_R10(case: str) -> None:
    s = Session.new(people(), "coloured", Seeding(3), store=MemoryStore())
    seen: list[Update] = []
    s.subscribe(seen.append)
    before = snapshot(s)
    mv = s.state.legal_moves()[0]
    with pytest.raises(SessionError) as e:
        if case == "stale":
            s.play(mv, version=0, by={0})
        else:
            s.play(mv, version=1, by={1})
    assert e.value.code == case
    assert e.value.details == ({"version": 1} if case == "stale" else {"current": 0})
    assert_unchanged(s, before)
    assert seen == []


def test_malformed_and_illegal_moves_change_nothing_R13() -> None:
    s = Session.new(people(), "coloured", Seeding(4), store=MemoryStore())
    before = snapshot(s)
    with pytest.raises(InvalidMoveError):
        s.play("zz")
    with pytest.raises(IllegalMoveError):
        s.play(an_illegal_move(s.state))  # type: ignore[arg-type]
    assert_unchanged(s, before)


def test_a_version_conflict_in_the_store_is_stale_and_changes_nothing() -> None:
    """Another writer (a second server process, a second window) got there first."""
    store = MemoryStore()
    s = Session.new(people(), "coloured", Seeding(5), game_id="g", store=store)
    store.append("g", 1, [Event(1, "move", "1B1", 0)], None, "playing")  # the other writer
    seen: list[Update] = []
    s.subscribe(seen.append)
    before = snapshot(s)
    with pytest.raises(SessionError) as e:
        s.play(s.state.legal_moves()[0], version=1)
    assert e.value.code == "stale"
    assert_unchanged(s, before)
    assert seen == [] and len(store.games["g"].events) == 2


def test_the_move_that_ends_a_round_deals_the_next_one_R17_R21() -> None:
    s = Session.new(people(), "coloured", Seeding(6))
    while s.state.round == 1:
        v = s.version
        step = s.play(s.state.legal_moves()[-1])
    assert step.tiling is not None and step.tiling.round == 1
    assert [e.kind for e in s.events[v:]] == ["move", "fill"]
    assert [e.kind for e in s.log[-3:]] == ["move", "tiling", "fill"]
    assert s.state.phase == "draft" and s.state.round == 2
    assert [b.score for b in step.tiling.boards_after] == s.state.scores


def test_no_move_after_the_end_R23() -> None:
    s = Session.new(people(), "coloured", Seeding(7))
    while not s.is_over:
        s.play(s.state.legal_moves()[0])
    before = snapshot(s)
    with pytest.raises(SessionError) as e:
        s.play("1B1")
    assert e.value.code == "game_over"
    assert_unchanged(s, before)


def test_the_fork_is_independent() -> None:
    s = Session.new(people(), "coloured", Seeding(8))
    seen: list[Update] = []
    s.subscribe(seen.append)
    before = snapshot(s)
    f = s.fork()
    events = f.advance(f.state.legal_moves()[0])
    assert [e.kind for e in events] == ["move"] and f.version == s.version + 1
    assert_unchanged(s, before)
    assert seen == []


def replayed(s: Session, seats: Sequence[Seat]) -> Session:
    return Session(State.new(s.state.players, s.state.variant), seats, s.fills, events=s.events)


def test_undo_is_an_event_that_replays_and_is_stored() -> None:
    store = MemoryStore()
    seats = [Seat("A"), Seat("B", "easy")]
    s = Session.new(seats, "coloured", Seeding(9), game_id="g", store=store)
    start = s.state.copy()
    s.play(s.state.legal_moves()[0])
    v, mv = s.choose_bot_move()
    assert s.play_bot_move(v, mv) is not None
    seen: list[Update] = []
    s.subscribe(seen.append)
    undone = s.undo()
    assert [p.seat for p in undone] == [1, 0] and s.state == start
    assert s.events[-1] == Event(3, "undo", "2") and s.version == 4 and s.moves == 0
    assert seen == [Update(4, None, tuple(undone))]
    assert store.games["g"].events == s.events
    again = replayed(s, seats)
    assert again.state == s.state and again.log == s.log and again.version == 4
    # a bot answer computed before the undo is not played after it
    assert s.play_bot_move(v, mv) is None


def test_an_undo_with_a_stale_version_is_refused() -> None:
    s = Session.new(people(), "coloured", Seeding(10))
    s.play(s.state.legal_moves()[0])
    before = snapshot(s)
    with pytest.raises(SessionError) as e:
        s.undo(version=1)
    assert e.value.code == "stale"
    assert_unchanged(s, before)


def test_replay_of_the_events_rebuilds_the_game_exactly() -> None:
    s = Session.new(people(3), "grey", Seeding(11))
    for _ in range(60):
        s.play(s.state.legal_moves()[len(s.state.legal_moves()) // 2])
    again = replayed(s, people(3))
    assert again.state == s.state and again.log == s.log and again.played == s.played
    # and it deals the same next fills (R21): the seed and the bag decide them
    while not s.is_over:
        mv = s.state.legal_moves()[0]
        s.play(mv)
        again.play(mv)
    assert again.events == s.events


@pytest.mark.parametrize(
    "events, text",
    [([Event(1, "fill", "BBBB,YYYY,RRRR,KKKK,WWWW")], "out of order"),
     ([Event(0, "fill", "BBBB,YYYY,RRRR,KKKK,WWWW"), Event(1, "jump", "x")], "unknown kind"),
     ([Event(0, "fill", "BBBB,YYYY,RRRR,KKKK,WWWW"), Event(1, "undo", "1")], "only moves"),
     ([Event(0, "fill", "BBBB,YYYY,RRRR,KKKK,WWWW"), Event(1, "move", "1B1", 1)], "turn"),
     ([Event(0, "fill", "BBBB,YYYY,RRRR,KKKK,WXWW")], "not a fill")],
)
def test_events_that_do_not_replay_are_refused(events: list[Event], text: str) -> None:
    with pytest.raises(ValueError, match=text):
        Session(State.new(2), people(), Seeding(1), events=events)


def test_a_failing_subscriber_does_not_undo_the_move() -> None:
    s = Session.new(people(), "coloured", Seeding(12))
    seen: list[Update] = []

    def broken(_u: Update) -> None:
        raise RuntimeError("viewer gone")

    s.subscribe(broken)
    unsubscribe = s.subscribe(seen.append)
    s.play(s.state.legal_moves()[0])
    assert s.version == 2 and len(seen) == 1
    unsubscribe()
    s.play(s.state.legal_moves()[0])
    assert len(seen) == 1


def test_prepare_persist_commit_is_what_play_does() -> None:
    """The web server runs the three steps apart (the store write in a worker thread)."""
    a = Session.new(people(), "coloured", Seeding(13), game_id="g", store=MemoryStore())
    b = Session.new(people(), "coloured", Seeding(13), game_id="g", store=MemoryStore())
    mv = a.state.legal_moves()[3]
    p = a.prepare(mv, version=1, by={0})
    assert a.version == 1  # nothing adopted yet
    a.persist(p)
    a.commit(p)
    b.play(mv, version=1, by={0})
    assert a.events == b.events and a.state == b.state
    with pytest.raises(SessionError):  # a pending change computed from an old version
        a.commit(p)


def test_R8_a_session_takes_a_ruleset_for_as_many_players_as_seats() -> None:
    from azulejos.core import Ruleset

    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy")]
    s = Session.new(seats, Ruleset(3, "grey"), Seeding(2))
    assert s.state.ruleset == Ruleset(3, "grey")
    assert Session.new(seats, "grey", Seeding(2)).state == s.state  # the variant alone: same game
    with pytest.raises(ValueError, match="a game of 2 players needs 2 seats, not 3"):
        Session.new(seats, Ruleset(2), Seeding(2))


@pytest.mark.parametrize("data", ["0", "-1", "x", ""])
def test_a_corrupt_undo_event_is_refused_on_replay(data: str) -> None:
    from azulejos.play.events import Event

    s = Session.new([Seat("Ana"), Seat("Bo")], "coloured", Seeding(2))
    s.play(s.state.legal_moves()[0])
    events = [*s.events, Event(len(s.events), "undo", data)]
    with pytest.raises(ValueError, match="an undo takes back 1 or more moves"):
        Session(State.new(2), [Seat("Ana"), Seat("Bo")], Seeding(2), events=events)

# -- a player leaves ------------------------------------------------------------------------------
def test_a_leave_is_an_event_a_bot_takes_the_seat_and_it_replays() -> None:
    store = MemoryStore()
    seats = people(3)
    s = Session.new(seats, "coloured", Seeding(21), game_id="g", store=store)
    s.play(s.state.legal_moves()[0])  # seat 1 moves; seat 2 to move
    seen: list[Update] = []
    s.subscribe(seen.append)
    tiles = s.state.copy()
    left = s.leave(1, "medium", version=2, by={1})
    assert (left.seat, left.round, left.moves, left.reason, left.bot) == (1, 1, 1, "resigned", "medium")
    assert s.state == tiles  # no tile moved
    assert s.events[-1] == Event(2, "leave", "resigned:medium", 1) and s.version == 3
    assert s.seats[1] == Seat("P2", "medium") and s.bot_to_move == 1 and s.left == {1: left}
    assert s.log[-1].kind == "leave" and s.log[-1].left == left
    assert seen == [Update(3, left=left)]
    assert store.games["g"].events == s.events
    again = replayed(s, seats)
    assert again.seats == s.seats and again.left == s.left and again.log == s.log
    # the bot plays the seat to the end, the others go on
    while not s.is_over:
        if s.bot_to_move is not None:
            v, mv = s.choose_bot_move()
            s.play_bot_move(v, mv)
        else:
            s.play(s.state.legal_moves()[0])
    assert replayed(s, seats).state == s.state


def test_a_timeout_is_a_leave_too() -> None:
    s = Session.new(people(), "coloured", Seeding(22))
    left = s.leave(0, "easy", reason="timeout")
    assert left.reason == "timeout" and s.events[-1].data == "timeout:easy"
    with pytest.raises(ValueError):
        s.leave(1, "easy", reason="bored")


@pytest.mark.parametrize(
    "seat, by, version, code",
    [(1, {0}, None, "not_your_seat"),   # leaving for another seat
     (5, None, None, "not_your_seat"),  # no such seat
     (0, {0}, 1, "stale"),
     (2, None, None, "not_a_person")],  # a bot seat
)
def test_refused_leaves_change_nothing(seat: int, by: set[int] | None, version: int | None,
                                       code: str) -> None:
    s = Session.new([Seat("A"), Seat("B"), Seat("C", "easy")], "coloured", Seeding(23))
    s.play(s.state.legal_moves()[0])
    before = (snapshot(s), s.seats, dict(s.left))
    with pytest.raises(SessionError) as e:
        s.leave(seat, "medium", version=version, by=by)
    assert e.value.code == code
    assert_unchanged(s, before[0])
    assert (s.seats, s.left) == before[1:]


def test_leaving_twice_and_after_the_end_are_refused() -> None:
    s = Session.new(people(), "coloured", Seeding(24))
    s.leave(0, "random")
    before = snapshot(s)
    with pytest.raises(SessionError) as e:
        s.leave(0, "random")
    assert e.value.code == "already_left"
    assert_unchanged(s, before)
    s.leave(1, "random")
    while not s.is_over:
        v, mv = s.choose_bot_move()
        s.play_bot_move(v, mv)
    s2 = Session.new(people(), "coloured", Seeding(24))
    while not s2.is_over:
        s2.play(s2.state.legal_moves()[0])
    with pytest.raises(SessionError) as e:
        s2.leave(0, "random")
    assert e.value.code == "game_over"


def test_an_undo_never_takes_back_a_leave() -> None:
    s = Session.new([Seat("A"), Seat("B"), Seat("C")], "coloured", Seeding(25))
    s.play(s.state.legal_moves()[0])
    s.leave(2, "easy")
    assert s.undo_count() == 0 and s.undo() == []
    s.play(s.state.legal_moves()[0])
    assert s.undo_count() == 1


@pytest.mark.parametrize(
    "event, text",
    [(Event(1, "leave", "medium", 0), "not a leave"),
     (Event(1, "leave", "resigned:medium", None), "not a leave"),
     (Event(1, "leave", "resigned:medium", 7), "no seat")],
)
def test_leaves_that_do_not_replay_are_refused(event: Event, text: str) -> None:
    with pytest.raises(ValueError, match=text):
        Session(State.new(2), people(), Seeding(1),
                events=[Event(0, "fill", "BBBB,YYYY,RRRR,KKKK,WWWW"), event])
