"""The bot side of the external-bot protocol (``docs/protocol.md``): read commands, answer moves."""

from __future__ import annotations

from typing import TextIO

from azulejos import fast
from azulejos.core import State

from .base import Agent, Budget
from .protocol import PROTOCOL_VERSION, ProtocolError, parse_position
from .registry import make_agent

#: Part of ``movetime`` the bot uses for thinking; the rest covers reading and answering.
TIME_SHARE = 0.8


def serve(spec: str, seed: int | None, inp: TextIO, out: TextIO) -> int:
    """Answer protocol commands from ``inp`` until ``quit`` or end of input. Returns 0, or 2 if
    the bot spec is unknown. Bad commands get an ``info error ...`` line and change nothing."""

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    try:
        agent: Agent = make_agent(spec, seed)
    except ValueError as e:
        say(f"info error {e}")
        return 2
    state: State | None = None
    for raw in inp:
        line = raw.strip()
        if not line:
            continue
        cmd, _, rest = line.partition(" ")
        if cmd == "azulejos":
            say(f"id name azulejos {agent.name}")
            say(f"id protocol {PROTOCOL_VERSION}")
            say("azulejosok")
        elif cmd == "isready":
            warm = getattr(fast, "warmup", None)
            if callable(warm):
                warm()  # compile or load the fast kernels before the first clock starts
            say("readyok")
        elif cmd == "setoption":
            parts = rest.split()
            if len(parts) == 2 and parts[0] == "seed":
                try:
                    agent = make_agent(spec, int(parts[1]))
                except ValueError:
                    say(f"info error seed must be a whole number, not {parts[1]!r}")
            else:
                say(f"info error unknown option {rest!r}")
        elif cmd == "newgame":
            state = None
        elif cmd == "position":
            try:
                state = parse_position(line)
            except ProtocolError as e:
                state = None
                say(f"info error {e}")
        elif cmd == "go":
            if state is None or not state.legal_moves():
                say("info error no position with a move to make (send 'position ...' first)")
                say("bestmove none")
                continue
            parts = rest.split()
            budget = None
            if len(parts) == 2 and parts[0] == "movetime":
                try:
                    budget = Budget(seconds=max(0.001, int(parts[1]) / 1000 * TIME_SHARE))
                except ValueError:
                    say(f"info error movetime must be milliseconds, not {parts[1]!r}")
            move = agent.choose(state.copy(), budget)
            say(f"bestmove {move.text()}")
        elif cmd == "quit":
            break
        else:
            say(f"info error unknown command {cmd!r}")
    close = getattr(agent, "close", None)
    if callable(close):
        close()
    return 0
