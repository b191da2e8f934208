"""Fixtures for the lobby tests: the accounts tests' browsers (clients with cookies of their
own on one server, or another server process on the same file) and clock."""

from __future__ import annotations

from ..accounts.conftest import Clock, browser, clock, make_client, sign_up  # noqa: F401
