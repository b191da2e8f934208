"""One policy for a failing bot: casual play goes on with a random legal move, a tournament
game is forfeited. And the clock that times the bots."""

from __future__ import annotations

import asyncio
import logging
import random
from pathlib import Path

import pytest

from azulejos.agents import Budget
from azulejos.agents.external import BotFailure
from azulejos.core import Move, Ruleset, State, draft
from azulejos.play import CASUAL, FORFEIT, Clock, Forfeit, Match, Seat, Seeding, Session


class Broken:
    """A bot with a fault: ``how`` is what it does instead of answering."""

    def __init__(self, how: str) -> None:
        self.how = how

    def choose(self, state: State, budget: Budget | None = None) -> object:
        if self.how == "raise":
            raise RuntimeError("division by zero somewhere")
        if self.how == "crash":
            raise BotFailure("crash", "the process exited with status 1")
        if self.how == "garbage":
            return None
        return next(mv for mv in (draft(s, k, 0) for s in range(5) for k in range(5))
                    if not state.is_legal(mv))  # "illegal"


def session_with(how: str, policy: object) -> Session:
    s = Session.new([Seat("Ana"), Seat("Bot", "easy")], "coloured", Seeding(3),
                    policy=policy, agents={1: Broken(how)})  # type: ignore[arg-type, dict-item]
    s.play(s.state.legal_moves()[0])
    return s


@pytest.mark.parametrize("how", ["raise", "crash", "garbage", "illegal"])
def test_casual_play_logs_and_plays_a_seeded_random_legal_move(
        how: str, caplog: pytest.LogCaptureFixture) -> None:
    s = session_with(how, CASUAL)
    with caplog.at_level(logging.ERROR, logger="azulejos.play"):
        version, move = s.choose_bot_move()
    legal = s.state.legal_moves()
    assert move == legal[random.Random(s.bot_seed(1)).randrange(len(legal))]
    assert "failed" in caplog.text and "Bot" not in caplog.text  # the level, not the name
    assert s.play_bot_move(version, move) is not None


@pytest.mark.parametrize("how, kind", [("raise", "error"), ("crash", "crash"),
                                       ("garbage", "error"), ("illegal", "illegal")])
def test_a_tournament_bot_forfeits(how: str, kind: str) -> None:
    s = session_with(how, FORFEIT)
    before = s.state.copy()
    with pytest.raises(Forfeit) as e:
        s.choose_bot_move()
    assert e.value.to_json()["seat"] == 1 and e.value.kind == kind and e.value.bot == "easy"
    assert s.state == before and s.clock.count[1] == 1


def test_a_terminal_game_with_a_broken_bot_goes_to_the_end_R23() -> None:
    m = Match.new([Seat("Ana", "easy"), Seat("Bea", "easy")], seed=4)
    m.session.agents[1] = Broken("raise")  # type: ignore[assignment]
    while not m.is_over:
        v, mv = m.choose_bot_move()
        assert m.play_bot_move(v, mv) is not None
    assert m.state.is_over


def test_the_web_bot_loop_uses_the_same_policy(tmp_path: Path) -> None:
    """A server game whose bot fails goes on: the bot loop plays the session's fallback."""
    pytest.importorskip("sqlalchemy")
    from azulejos.web.protocol import CreateRequest, SeatRequest
    from azulejos.web.service import GameService
    from azulejos.web.storage import SqlStore

    async def scenario() -> None:
        store = SqlStore(f"sqlite:///{tmp_path / 'g.sqlite3'}")
        svc = GameService(store, sync_interval=0, bot_seconds=0.05)
        created = await svc.create(CreateRequest(
            Ruleset(2), (SeatRequest("person", "Ann", None), SeatRequest("bot", "", "easy")),
            False, 0))
        gid = created["game"]
        token = (await svc.claim(gid, created["seats"][0]["invite"]))["token"]
        live = await svc.get(gid)
        live.session.agents[1] = Broken("raise")  # type: ignore[assignment]
        acc = await svc.access(token, gid)
        v = await svc.view(acc)
        await svc.play(acc, v["version"], v["legal"][0]["move"])
        for _ in range(200):
            await asyncio.sleep(0.01)
            if live.session.seat_to_move == 0:
                break
        assert live.version == 3 and live.log[-1].kind == "move" and live.log[-1].seat == 1
        await svc.stop()
        store.close()

    asyncio.run(scenario())


def test_the_clock_keeps_totals_counts_and_the_longest_think() -> None:
    ticks = iter([0.0, 0.5, 1.0, 3.0])
    s = Session.new([Seat("A", "random"), Seat("B", "random")], "coloured", Seeding(1),
                    clock=Clock(2, now=lambda: next(ticks)))
    for _ in range(2):
        v, mv = s.choose_bot_move()
        s.play_bot_move(v, mv)
    c = s.clock
    assert c.total == [0.5, 2.0] and c.count == [1, 1] and c.longest == [0.5, 2.0]
    assert c.mean(1) == 2.0 and c.moves == 2 and Clock(2).mean(0) == 0.0


def test_moves_of_a_fixed_agent_are_checked_like_any_bot_answer() -> None:
    class Text:
        def choose(self, state: State, budget: Budget | None = None) -> str:
            return state.legal_moves()[0].text()

    s = Session.new([Seat("A", "x"), Seat("B", "x")], "coloured", Seeding(1),
                    policy=FORFEIT, agents={0: Text(), 1: Text()})  # type: ignore[dict-item]
    _v, mv = s.choose_bot_move()
    assert isinstance(mv, Move) and mv == s.state.legal_moves()[0]
