"""Every HTTP route of accounts (docs/api.md, "Accounts" and "Vacation"), for the app's list."""

from __future__ import annotations

from . import routes, vacation

ROUTES = [*routes.ROUTES, *vacation.ROUTES]
