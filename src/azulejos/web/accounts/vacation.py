"""Vacation days of an account (docs/api.md, "Vacation"; the rules: :mod:`..vacations`):
``GET /api/account/vacation`` (the year's days and the running vacation),
``POST /api/account/vacation`` (``{"days": N}``: start one now) and
``DELETE /api/account/vacation`` (end it early: the unused whole days come back)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..answers import no_store_json
from ..endpoints import handles_errors, limit, read_body
from ..protocol import GameError, only_fields
from ..vacation_store import VacationStore
from ..vacations import ALLOWANCE, vacation_days, vacation_json, year_of
from .routes import _me
from .service import AccountService, SignedIn


def _store(accounts: AccountService) -> VacationStore:
    store = accounts.games.vacation_store
    if store is None:
        raise GameError("no_accounts", "this server keeps no accounts", 404)
    return store


async def _answer(accounts: AccountService, who: SignedIn, now: float) -> dict[str, Any]:
    store = _store(accounts)
    year = year_of(now)
    used = await accounts.run(store.used, who.account.account_id, year)
    current = await accounts.run(store.current, who.account.account_id, now)
    return vacation_json(year, used, current)


async def _show(accounts: AccountService, who: SignedIn, touched: set[str]) -> None:
    """The account's games show the change (their seats; the clocks were swept already)."""
    for gid in await accounts.run(_store(accounts).games_of, who.account.account_id):
        if gid not in touched:
            await accounts.games.vacation_changed(gid)


@handles_errors
async def get_vacation(request: Request) -> Response:
    accounts, who = await _me(request)
    return no_store_json(await _answer(accounts, who, accounts.games.now()))


@handles_errors
async def start_vacation(request: Request) -> Response:
    limit(request, "names")  # as seldom as a rename
    accounts, who = await _me(request)
    data = await read_body(request)
    only_fields(data, ("days",))
    if "days" not in data:
        raise GameError("malformed", "send 'days', the whole days of the vacation", 400)
    store = _store(accounts)
    now = accounts.games.now()
    if await accounts.run(store.current, who.account.account_id, now) is not None:
        raise GameError("on_vacation", "this account is on vacation already: end it first", 409)
    used = await accounts.run(store.used, who.account.account_id, year_of(now))
    days = vacation_days(data["days"], ALLOWANCE - used)
    got = await accounts.run(store.start, who.account.account_id, days, now, ALLOWANCE)
    if got == "on_vacation":
        raise GameError("on_vacation", "this account is on vacation already: end it first", 409)
    if got == "too_many":
        raise GameError("bad_days", "not that many vacation days are left this year", 400,
                        {"left": max(0, ALLOWANCE - used)})
    touched = await accounts.games.sweep_vacations(now)
    await _show(accounts, who, touched)
    return no_store_json(await _answer(accounts, who, now), 201)


@handles_errors
async def end_vacation(request: Request) -> Response:
    limit(request, "names")
    accounts, who = await _me(request)
    store = _store(accounts)
    now = accounts.games.now()
    ended = await accounts.run(store.end, who.account.account_id, now)
    if ended is None:
        raise GameError("not_on_vacation", "this account is not on vacation", 409)
    touched = await accounts.games.sweep_vacations(now, ended)
    await _show(accounts, who, touched)
    return no_store_json(await _answer(accounts, who, now))


ROUTES = [
    Route("/api/account/vacation", get_vacation, methods=["GET"]),
    Route("/api/account/vacation", start_vacation, methods=["POST"]),
    Route("/api/account/vacation", end_vacation, methods=["DELETE"]),
]
