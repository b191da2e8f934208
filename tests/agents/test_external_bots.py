"""External bots over the stdio protocol (docs/protocol.md): a well-behaved bot plays, and every
way of failing - crash, hang, timeout, illegal move, garbage, no start - is a clean BotFailure."""

from __future__ import annotations

import io
import random
import shlex
import sys
from pathlib import Path

import pytest

from azulejos.agents import Budget
from azulejos.agents.engine import serve
from azulejos.agents.external import BotFailure, ExternalAgent
from azulejos.agents.protocol import ProtocolError, parse_position, position_line
from azulejos.core import State

# One script, many behaviours: the mode is its first argument.
BOT = r'''
import sys, time, random
mode = sys.argv[1]
rng = random.Random(0)
def say(s):
    sys.stdout.write(s + "\n"); sys.stdout.flush()
if mode == "badgreet":
    say("HELLO I AM NOT A BOT")
sys.path.insert(0, sys.argv[2])
from azulejos.agents.protocol import parse_position
state = None
for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    if cmd[0] == "azulejos":
        say("id name test-" + mode); say("azulejosok")
    elif cmd[0] == "isready":
        say("readyok")
    elif cmd[0] == "position":
        state = parse_position(line)
    elif cmd[0] == "go":
        if mode == "crash":
            print("boom", file=sys.stderr); sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "slow":
            time.sleep(int(cmd[2]) / 1000 + 1.5)
        if mode == "garbage":
            say("info thinking"); say("the answer is 42"); continue
        if mode == "nonsense":
            say("bestmove XYZ"); continue
        if mode == "binary":
            sys.stdout.buffer.write(b"\xff\xfe bestmove\n"); sys.stdout.flush(); continue
        if mode == "illegal":
            say("bestmove 9B1"); continue
        moves = state.legal_moves()
        say("info depth 1")
        say("bestmove " + moves[rng.randrange(len(moves))].text())
    elif cmd[0] == "quit":
        break
'''

SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture
def bot_cmd(tmp_path: Path):
    script = tmp_path / "bot.py"
    script.write_text(BOT)

    def cmd(mode: str) -> str:
        return " ".join(shlex.quote(x) for x in (sys.executable, str(script), mode, SRC))

    return cmd


def _state(moves: int = 3) -> State:
    st = State.new(2)
    st.deal(random.Random(2))
    for _ in range(moves):
        st.push(st.legal_moves()[-1])
    return st


def test_position_line_round_trips_with_fills_and_moves() -> None:
    rng = random.Random(5)
    st = State.new(3, "grey")
    while st.round < 3 or st.is_chance:
        if st.is_chance:
            st.deal(rng)
        else:
            st.push(st.legal_moves()[rng.randrange(len(st.legal_moves()))])
    line = position_line(st)
    assert line.count(" fill ") == 3
    assert parse_position(line) == st


@pytest.mark.parametrize(
    "line",
    ["", "position", "position players 5 variant coloured start 0",
     "position players 2 variant blue start 0", "position players 2 variant coloured start x",
     "position players 2 variant coloured start 0 fill BBBB",
     "position players 2 variant coloured start 0 fill BBBB BBBB BBBB BBBB BBBBB",
     "position players 2 variant coloured start 0 fill BBYR KKWW BYRK WWWW RRYY moves 9B1",
     "position players 2 variant coloured start 0 fill BBYR KKWW BYRK WWWW RRYY moves hello",
     "position players 2 variant coloured start 0 banana"],
)
def test_bad_position_lines_are_protocol_errors(line: str) -> None:
    with pytest.raises(ProtocolError):
        parse_position(line)


def test_good_external_bot_plays_legal_moves(bot_cmd) -> None:
    agent = ExternalAgent(bot_cmd("good"), seed=1)
    try:
        st = _state()
        for _ in range(4):
            move = agent.choose(st.copy(), Budget(seconds=1.0))
            st.push(move)
        assert agent.bot_name == "test-good"
    finally:
        agent.close()


@pytest.mark.parametrize(
    "mode, kind",
    [("crash", "crash"), ("hang", "timeout"), ("slow", "timeout"), ("garbage", "garbage"),
     ("nonsense", "garbage"), ("illegal", "illegal"), ("badgreet", "garbage"),
     ("binary", "garbage")],
)
def test_failing_bot_raises_bot_failure(bot_cmd, mode: str, kind: str) -> None:
    agent = ExternalAgent(bot_cmd(mode), grace=0.3)
    with pytest.raises(BotFailure) as e:
        agent.choose(_state(), Budget(seconds=0.2))
    assert e.value.kind == kind
    assert agent._proc is None  # the process is stopped
    if mode == "crash":
        assert "exit code 3" in e.value.message and "boom" in e.value.message


def test_missing_program_is_a_start_failure() -> None:
    agent = ExternalAgent("/nonexistent/bot --flag")
    with pytest.raises(BotFailure) as e:
        agent.choose(_state(), Budget(seconds=0.2))
    assert e.value.kind == "start"


def test_engine_serves_protocol_and_rejects_bad_input() -> None:
    st = _state(2)
    script = "\n".join([
        "azulejos 1", "isready", "go movetime 50", "position players 2 nonsense",
        "go movetime 50", "frobnicate", position_line(st), "go movetime 100", "go movetime abc",
        "quit", "isready",
    ]) + "\n"
    out = io.StringIO()
    assert serve("mcts", 1, io.StringIO(script), out) == 0
    lines = out.getvalue().splitlines()
    assert lines[:4] == ["id name azulejos mcts", "id protocol 1", "azulejosok", "readyok"]
    best = [ln for ln in lines if ln.startswith("bestmove")]
    assert best[0] == "bestmove none" and best[1] == "bestmove none"
    assert st.is_legal(best[2].split()[1]) and st.is_legal(best[3].split()[1])
    assert sum(ln.startswith("info error") for ln in lines) == 5
    assert lines[-1].startswith("bestmove")  # nothing after quit


def test_engine_unknown_bot() -> None:
    out = io.StringIO()
    assert serve("nobot", None, io.StringIO(""), out) == 2
    assert out.getvalue().startswith("info error unknown bot")


def test_engine_command_through_the_cli_as_external_bot() -> None:
    cmd = f"{shlex.quote(sys.executable)} -m azulejos engine --bot greedy"
    agent = ExternalAgent(cmd, seed=3, startup=30.0)
    try:
        st = _state()
        move = agent.choose(st.copy(), Budget(seconds=1.0))
        assert st.is_legal(move)
        assert agent.bot_name == "azulejos greedy"
    finally:
        agent.close()


@pytest.mark.parametrize(
    "cmd, kind",
    [("sh -c 'sleep 30 & sleep 30'", "timeout"), ("sh -c 'echo hello; sleep 30'", "garbage")],
)
def test_wrapper_bot_with_children_fails_fast(cmd: str, kind: str) -> None:
    """A bot whose children keep the output pipe open must not stall the runner."""
    import time

    agent = ExternalAgent(cmd, startup=1.0)
    start = time.monotonic()
    with pytest.raises(BotFailure) as e:
        agent.choose(_state(), Budget(seconds=0.2))
    assert e.value.kind == kind
    assert time.monotonic() - start < 8


def _module_states(players: int, seed: int) -> list[State]:
    """Every position of a random game with the special displays (R40-R47)."""
    from azulejos.core import Ruleset

    rng = random.Random(seed)
    st = State.new(Ruleset(players, "grey" if players == 3 else "coloured", special_factories=True))
    out: list[State] = []
    while not st.is_over:
        if st.is_chance:
            st.deal(rng)
            continue
        out.append(st.copy())
        st.push(st.legal_moves()[rng.randrange(len(st.legal_moves()))])
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R46_position_line_carries_the_special_displays(players: int) -> None:
    """The module token, each round's specials and after_fill changes (SF1's extra tile among
    them) reach the bot, and the line replays to the same state (R40, R41, R43, R46)."""
    states = _module_states(players, players)
    for st in states:
        line = position_line(st)
        assert line.split()[5] == "special_factories"
        assert line.count(" specials ") == line.count(" fill ") == line.count(" after_fill ")
        assert parse_position(line) == st
    assert any("/" in position_line(st) for st in states)  # an SF4 split was sent (R43)


BASE_SF = ("position players 2 variant coloured special_factories start 0 "
           "fill BBYR KKWW BYRK WWWW RRYY")


@pytest.mark.parametrize(
    "line, text",
    [(BASE_SF, "specials"), (BASE_SF + " specials 2=SF4 after_fill -", "2 different special"),
     (BASE_SF + " specials 2=SF4,4=SF2K after_fill -", "after_fill"),
     (BASE_SF + " specials 2=SF4,9=SF3 after_fill -", "not a display"),
     (BASE_SF + " specials 2=SF4,4=SF9 after_fill -", "not a special display"),
     (BASE_SF + " specials 2=SF4,3=SF3 after_fill - moves 2K1", "R43"),
     (BASE_SF + " specials 2=SF4,3=SF3 after_fill - moves 1B1/<", "R43"),
     (BASE_SF + " specials 2=SF4,2=SF3 after_fill -", "named twice"),
     ("position players 2 variant coloured start 0 fill BBYR KKWW BYRK WWWW RRYY moves 2K1/<", "R43")],
)
def test_R40_R43_bad_module_position_lines_are_one_line_protocol_errors(line: str, text: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_position(line)
    assert text in str(e.value) and "\n" not in str(e.value)


def test_R43_engine_answers_sf4_splits_in_bestmove() -> None:
    """``azulejos engine`` plays the module: every answer is legal, SF4 drafts with their
    ``/`` suffix (R43, R47d)."""
    answers: list[tuple[State, str]] = []
    for st in _module_states(2, 11):
        out = io.StringIO()
        serve("greedy", 1, io.StringIO(position_line(st) + "\ngo movetime 20\nquit\n"), out)
        answers.append((st, out.getvalue().splitlines()[-1].split()[1]))
    assert all(st.is_legal(mv) for st, mv in answers)
    assert any("/" in mv for _, mv in answers)


def test_R46_the_module_example_of_docs_protocol_parses() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    line = next(ln for ln in doc.splitlines() if ln.startswith("position players 2 variant coloured special_factories"))
    st = parse_position(line.removesuffix(" ..."))
    assert st.specials and st.round == 1
