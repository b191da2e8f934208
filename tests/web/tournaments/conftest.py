"""Fixtures for the tournament tests: the accounts tests' server (cheap password hashing, a
clock the test moves) and its browsers."""

from __future__ import annotations

from ..accounts.conftest import browser, clock, make_client  # noqa: F401
