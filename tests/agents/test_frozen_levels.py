"""`expert-2026-12`: today's `expert` frozen (issue 30, item 2), the yardstick of the tables."""

from __future__ import annotations

import numpy as np

from azulejos.agents import agent_names, make_agent, parse_spec
from azulejos.agents.fastmcts import FastMCTSAgent
from azulejos.agents.registry import FROZEN as FROZEN_SPECS
from azulejos.fast import nn

#: What every option of the frozen level is, spelled out (so a change of a default shows here).
FROZEN = {"time": "1.8", "rounds": "1", "eval": "net", "weights": "2026-12", "chance": "8",
          "c": "2.0", "eps": "0.15", "temperature": "1.5", "scale": "10", "manage": "1",
          "margin": "0", "prior": "hand", "shared": "0", "widen": "0"}


def test_the_frozen_expert_is_registered_with_every_option_pinned() -> None:
    assert "expert-2026-12" in agent_names()
    name, opts = parse_spec(FROZEN_SPECS["expert-2026-12"])
    assert name == "fastmcts" and opts == FROZEN


def test_the_frozen_expert_is_todays_expert() -> None:
    """The same search and options as `expert` today, and weights equal to today's shipped."""
    frozen = make_agent("expert-2026-12", seed=1)
    today = make_agent("expert", seed=1)
    assert isinstance(frozen, FastMCTSAgent) and isinstance(today, FastMCTSAgent)
    assert frozen.name == "expert-2026-12"
    assert make_agent("expert-2026-12:time=4", seed=1).name == "expert-2026-12:time=4"
    for attr in ("c", "eps", "temperature", "rounds", "scale", "manage", "margin", "evaluation",
                 "prior", "chance", "shared", "widen", "own"):
        assert getattr(frozen, attr) == getattr(today, attr), attr
    assert np.array_equal(frozen.net_array(), today.net_array())
    assert np.array_equal(nn.load("2026-12"), nn.load())
    assert nn.NAMED_WEIGHTS["2026-12"] != nn.DEFAULT_WEIGHTS  # a copy of its own, pinned
