"""Fixtures for the ladder tests: the accounts tests' browsers (clients with cookies and
addresses of their own on one server) and clock."""

from __future__ import annotations

from ..accounts.conftest import Clock, browser, clock, make_client, sign_up  # noqa: F401
