"""Every HTTP route of accounts (docs/api.md, "Accounts", "Vacation", "Passkeys"), for the app's list."""

from __future__ import annotations

from . import passkeys, routes, vacation

ROUTES = [*routes.ROUTES, *vacation.ROUTES, *passkeys.ROUTES]
