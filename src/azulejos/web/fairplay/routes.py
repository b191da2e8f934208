"""The HTTP routes of fair play (docs/api.md, "Fair play"): reporting a chat message or a
player, an account's mutes everywhere and its fair-play wait, and the operator's moderation
API behind ``/admin``."""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..accounts.cookies import signed_in
from ..accounts.service import SignedIn, name_key
from ..answers import no_store_json
from ..endpoints import game_access, handles_errors, limit, page, read_body
from ..protocol import GameError, only_fields
from ..service import GameService
from .service import FairPlay, note_text
from .store import Report, SqlFairPlay

#: The longest suspension an operator sets for a time, in hours (longer: until lifted).
MAX_HOURS = 24 * 366
#: How many chat messages either side of a reported one the moderation list shows.
CONTEXT = 3
STATES = ("open", "dismissed", "suspended")


def _svc(request: Request) -> GameService:
    svc: GameService = request.app.state.service
    return svc


def _fair(request: Request) -> tuple[FairPlay, SqlFairPlay]:
    fair = _svc(request).fairplay
    if fair.store is None:
        raise GameError("no_accounts", "this server keeps no accounts", 404)
    return fair, fair.store


async def _me(request: Request) -> SignedIn:
    who = await signed_in(request)
    if who is None:
        raise GameError("signed_out", "sign in first (the session has ended or expired)", 401)
    return who


async def _operator(request: Request) -> tuple[FairPlay, SqlFairPlay, SignedIn]:
    """The signed-in operator: ``signed_out`` (401) or ``not_operator`` (403) otherwise."""
    fair, store = _fair(request)
    who = await _me(request)
    if not await fair.run(store.is_operator, who.account.account_id):
        raise GameError("not_operator", "only the server's operator may do this", 403)
    return fair, store, who


def report_json(r: Report) -> dict[str, Any]:
    return {"id": r.report_id, "kind": r.kind, "state": r.state, "created": r.created,
            "game": r.game_id, "seq": r.seq, "message": r.message, "note": r.note,
            "resolved": r.resolved}


# -- players -----------------------------------------------------------------------------------
@handles_errors
async def report_message(request: Request) -> Response:
    """Report a chat message of a game the request's token opens, as a signed-in account."""
    limit(request, "names")
    fair, _store = _fair(request)
    who = await _me(request)
    acc = await game_access(request)
    data = await read_body(request)
    only_fields(data, ("note",))
    seq_text = request.path_params["seq"]
    seq = int(seq_text) if seq_text.isascii() and seq_text.isdigit() and len(seq_text) < 10 \
        else -1
    made = await fair.report_message((who.account.account_id, who.account.profile_id),
                                     acc.game_id, seq, data.get("note"))
    return no_store_json({"report": report_json(made)}, 201)


@handles_errors
async def report_player(request: Request) -> Response:
    """Report a player (a profile), e.g. for suspected boosting, as a signed-in account."""
    limit(request, "names")
    fair, _store = _fair(request)
    who = await _me(request)
    data = await read_body(request)
    only_fields(data, ("note", "game"))
    game = data.get("game")
    if game is not None and (not isinstance(game, str) or len(game) > 32):
        raise GameError("malformed", "'game' must be a game's id", 400)
    made = await fair.report_player((who.account.account_id, who.account.profile_id),
                                    request.path_params["profile_id"], game, data.get("note"))
    return no_store_json({"report": report_json(made)}, 201)


@handles_errors
async def my_mutes(request: Request) -> Response:
    fair, store = _fair(request)
    who = await _me(request)
    muted = await fair.run(store.mutes, who.account.account_id)
    names = await fair.run(store.profile_names, muted)
    return no_store_json({"muted": [{"profile": p, "name": names.get(p, "")} for p in muted]})


@handles_errors
async def set_mute(request: Request) -> Response:
    """Mute a player (a profile) in every game, or unmute them."""
    limit(request, "names")
    fair, store = _fair(request)
    who = await _me(request)
    data = await read_body(request)
    only_fields(data, ("profile", "muted"))
    pid, on = data.get("profile"), data.get("muted")
    if not isinstance(on, bool):
        raise GameError("malformed", "'muted' must be true or false", 400)
    if not isinstance(pid, str) or not pid or len(pid) > 32 or pid == who.account.profile_id:
        raise GameError("malformed", "'profile' must be another player's profile id", 400)
    if not await fair.run(store.profile_names, [pid]):
        raise GameError("unknown_profile", "there is no such profile", 404)
    await fair.run(store.set_mute, who.account.account_id, pid, on, time.time())
    return await my_mutes(request)


@handles_errors
async def my_fairplay(request: Request) -> Response:
    """The account's fair-play wait (and suspension: none while it can ask)."""
    fair, _store = _fair(request)
    who = await _me(request)
    return no_store_json(await fair.waits_for(who.account.profile_id))


# -- the operator ------------------------------------------------------------------------------
async def _account_line(fair: FairPlay, store: SqlFairPlay, profile_id: str | None
                        ) -> dict[str, Any] | None:
    if profile_id is None:
        return None
    names = await fair.run(store.profile_names, [profile_id])
    owner = (await fair.run(store.accounts_of, [profile_id])).get(profile_id)
    suspension = None if owner is None else await fair.account_suspension(owner[0])
    return {"profile": profile_id, "name": names.get(profile_id, ""),
            "account": None if owner is None else owner[0],
            "user_name": None if owner is None else owner[1],
            "suspended": suspension is not None,
            "suspended_until": None if suspension is None else suspension.until}


@handles_errors
async def admin_reports(request: Request) -> Response:
    """The moderation list: reports (``state``: open, the default; dismissed; suspended;
    all), each with the reported message in context, its reporter and the reported account."""
    fair, store, _who = await _operator(request)
    state = request.query_params.get("state", "open")
    if state not in (*STATES, "all"):
        raise GameError("malformed", "'state' must be open, dismissed, suspended or all", 400)
    reports = await fair.run(store.reports, None if state == "all" else state)
    out = []
    for r in reports:
        line = report_json(r)
        reporter = None
        if r.reporter is not None:
            acc = await fair.run(store.account, r.reporter)
            reporter = {"account": r.reporter, "name": None if acc is None else acc[0]}
        line["reporter"] = reporter
        line["reported"] = await _account_line(fair, store, r.reported)
        context: list[dict[str, Any]] = []
        if r.game_id is not None and r.seq is not None:
            around = await fair.run(store.messages, r.game_id, r.seq - CONTEXT,
                                    r.seq + CONTEXT)
            context = [{**m.to_json(), "reported": m.seq == r.seq} for m in around]
        line["context"] = context
        out.append(line)
    now = fair.now()
    current = await fair.run(store.suspensions, now)
    return no_store_json({
        "state": state, "open": await fair.run(store.count_open), "reports": out,
        "suspensions": [{"account": s.account_id, "user_name": name, "reason": s.reason,
                         "created": s.created, "until": s.until} for s, name in current],
    })


@handles_errors
async def dismiss(request: Request) -> Response:
    fair, store, who = await _operator(request)
    only_fields(await read_body(request))
    rid = request.path_params["report_id"]
    if await fair.run(store.report, rid) is None:
        raise GameError("unknown_report", "there is no such report", 404)
    if not await fair.run(store.resolve, rid, "dismissed", who.account.account_id, time.time()):
        raise GameError("not_open", "this report has been dealt with already", 409)
    got = await fair.run(store.report, rid)
    return no_store_json({"report": report_json(got)})


async def _target(fair: FairPlay, store: SqlFairPlay, data: dict[str, Any]) -> str:
    """The account of a request body's ``account`` (an id) or ``name`` (a user name)."""
    from ..accounts.store import SqlAccounts

    accounts = SqlAccounts(store.engine)
    account_id, name = data.get("account"), data.get("name")
    if (account_id is None) == (name is None):
        raise GameError("malformed", "send the account's 'account' (its id) or 'name'", 400)
    if account_id is not None:
        if not isinstance(account_id, str) or len(account_id) > 32:
            raise GameError("malformed", "'account' must be an account's id", 400)
        if await fair.run(store.account, account_id) is None:
            raise GameError("unknown_account", "there is no such account", 404)
        return account_id
    if not isinstance(name, str) or len(name) > 200:
        raise GameError("malformed", "'name' must be a user name", 400)
    got = await fair.run(accounts.by_name, name_key(name))
    if got is None:
        raise GameError("unknown_account", "there is no such account", 404)
    return str(got.account_id)


@handles_errors
async def suspend(request: Request) -> Response:
    """Suspend an account for ``hours`` (null or absent: until lifted), with a reason."""
    fair, store, who = await _operator(request)
    data = await read_body(request)
    only_fields(data, ("account", "name", "reason", "hours"))
    target = await _target(fair, store, data)
    reason = note_text(data.get("reason"), "reason", required=True)
    hours = data.get("hours")
    if hours is not None and (type(hours) not in (int, float) or not 0 < hours <= MAX_HOURS):
        raise GameError("malformed", f"'hours' must be a number of hours up to {MAX_HOURS}, "
                        "or null (until lifted)", 400)
    if target == who.account.account_id:
        raise GameError("malformed", "an operator cannot suspend their own account", 400)
    until = None if hours is None else fair.now() + float(hours) * 3600.0
    made = await fair.suspend(target, reason, until, who.account.account_id)
    return no_store_json({"suspension": {"account": made.account_id, "reason": made.reason,
                                 "created": made.created, "until": made.until}}, 201)


@handles_errors
async def lift(request: Request) -> Response:
    fair, store, _who = await _operator(request)
    data = await read_body(request)
    only_fields(data, ("account", "name"))
    target = await _target(fair, store, data)
    await fair.lift(target)
    return no_store_json({"account": target, "suspended": False})


ROUTES = [
    Route("/admin", page),
    Route("/api/games/{game_id}/chat/{seq}/report", report_message, methods=["POST"]),
    Route("/api/profiles/{profile_id}/report", report_player, methods=["POST"]),
    Route("/api/account/mutes", my_mutes, methods=["GET"]),
    Route("/api/account/mutes", set_mute, methods=["POST"]),
    Route("/api/account/fairplay", my_fairplay, methods=["GET"]),
    Route("/api/admin/reports", admin_reports, methods=["GET"]),
    Route("/api/admin/reports/{report_id}/dismiss", dismiss, methods=["POST"]),
    Route("/api/admin/suspensions", suspend, methods=["POST"]),
    Route("/api/admin/suspensions/lift", lift, methods=["POST"]),
]
