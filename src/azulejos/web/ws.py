"""The websocket: live play and views (docs/api.md, "Websocket").

A connection opens with ``{"type": "hello", "token": ...}`` (the token is never put in a URL),
then gets a view at once and after every change. Every bad message gets an ``error`` reply and
changes nothing; the connection stays open unless the client floods it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .limits import RateLimiter, client_key
from .protocol import MAX_MESSAGE, GameError, parse_json_object
from .service import GameService
from .views import Access, you_json
from .wire import Sent, dumps, patch_message, view_message

log = logging.getLogger("azulejos.web")
HELLO_TIMEOUT = 15.0
#: Messages a client may send per second (averaged over a few seconds) before it is cut off.
RATE = 30.0
BURST = 60.0


class Connection:
    """One websocket viewer: replies and views go out through one sender task, in order; a
    newer view replaces one not yet sent (a slow client never holds the game up)."""

    def __init__(self, ws: WebSocket, access: Access, limiter: RateLimiter) -> None:
        self.ws = ws
        self.access = access
        self.limiter = limiter  # the client's move limit, shared with HTTP
        self.client = ws.client.host if ws.client else "unknown"
        self._queue: deque[dict[str, Any]] = deque()
        self._view: dict[str, Any] | None = None
        self._wake = asyncio.Event()
        self.closed = False
        #: The client asked for patches (docs/api.md, "Patches"): after a first whole view it
        #: is sent only what changed since the view it was sent last.
        self.patches = False
        self._sent: Sent | None = None
        self._whole = False
        #: The client asked for previews on demand (docs/api.md, "Previews on demand"): its
        #: views' legal moves come without ``preview``; it asks for those it shows.
        self.previews_on_demand = False
        #: The client asked for the chat (the hello's ``"chat": true``, docs/api.md, "Chat"):
        #: it is sent the history after its first view, then each new message.
        self.chat = False
        #: The hello's token: a change is refused once it opens nothing any more (an account's
        #: further seat token revoked by a sign-out everywhere or a new password)
        self.token: Any = None

    def send_view(self, view: dict[str, Any], whole: bool = False) -> None:
        """Send ``view`` (replacing one not sent yet); ``whole``: as a whole view even to a
        client that takes patches (it asked for the view)."""
        self._view = view
        self._whole = self._whole or whole
        self._wake.set()

    def _view_text(self, view: dict[str, Any]) -> str:
        if not self.patches:
            return view_message(view)
        if self._whole:
            self._sent, self._whole = None, False
        text, self._sent = patch_message(view, self._sent)
        return text

    def close(self) -> None:
        """Stop the sender (the connection is gone)."""
        self.closed = True
        self._wake.set()

    def send(self, message: dict[str, Any]) -> None:
        if len(self._queue) > 100:  # the client is not reading
            self.closed = True
        self._queue.append(message)
        self._wake.set()

    async def run_sender(self) -> None:
        while not self.closed:
            await self._wake.wait()
            self._wake.clear()
            while self._queue or self._view is not None:
                if self._queue:
                    await self.ws.send_text(_dumps(self._queue.popleft()))
                elif self._view is not None:
                    view, self._view = self._view, None
                    await self.ws.send_text(self._view_text(view))


def _dumps(obj: dict[str, Any]) -> str:
    return dumps(obj)


def _error(e: GameError, ref: Any = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "error", "error": e.to_json()}
    if ref is not None:
        msg["ref"] = ref
    return msg


async def _receive_text(ws: WebSocket) -> str:
    """The next text message; bytes are decoded as UTF-8 (or refused)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is not None:
        return str(message["text"])
    data = message.get("bytes") or b""
    if len(data) > MAX_MESSAGE:
        raise GameError("too_large", f"the message is longer than {MAX_MESSAGE} bytes", 413)
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        raise GameError("malformed", "binary messages must be UTF-8 JSON") from None


#: The hello's ``previews``: the legal moves of the views carry their previews (the default),
#: or come without them and the client asks for those it needs (docs/api.md).
PREVIEWS_WITH_VIEW = "with_view"
PREVIEWS_ON_DEMAND = "on_demand"

#: The hello's answers counted by the ``bad_tokens`` limit.
BAD_TOKEN = frozenset({"bad_token"})

#: The messages that change something: each is refused, and the connection closed, once its
#: hello's token opens nothing any more.
CHANGES = frozenset({"move", "leave", "name", "chat", "mute"})

#: Messages a client may send before a valid hello (each gets an error reply).
HELLO_ATTEMPTS = 10


async def game_socket(ws: WebSocket) -> None:
    svc: GameService = ws.app.state.service
    game_id = ws.path_params["game_id"]
    await ws.accept()
    access: Access | None = None
    # -- hello: a few attempts within HELLO_TIMEOUT in all ------------------------------------
    deadline = time.monotonic() + HELLO_TIMEOUT
    attempts = 0
    patches = on_demand = chat = False
    while access is None:
        attempts += 1
        if attempts > HELLO_ATTEMPTS:
            await ws.close(code=1008, reason="too many messages before hello")
            return
        try:
            raw = await asyncio.wait_for(
                _receive_text(ws), max(0.0, deadline - time.monotonic())
            )
            data = parse_json_object(raw.encode("utf-8", "surrogatepass"))
            if data.get("type") != "hello":
                raise GameError("malformed", "the first message must be {\"type\": \"hello\", \"token\": ...}")
            previews = data.get("previews", PREVIEWS_WITH_VIEW)
            if previews not in (PREVIEWS_WITH_VIEW, PREVIEWS_ON_DEMAND):
                raise GameError("malformed", "'previews' must be \"with_view\" (the default) "
                                "or \"on_demand\"")
            guard: RateLimiter = ws.app.state.limit_bad_tokens  # shared with HTTP look-ups
            client = client_key(ws.client.host if ws.client else None)
            access = await guard.failures(client, BAD_TOKEN,
                                          functools.partial(svc.access, data.get("token"), game_id))
            token = data.get("token")
            if access.role == "seat" and access.seats:  # fair play: where a seat is played
                await svc.fairplay.note_client(game_id, min(access.seats), client)
            patches = data.get("patches") is True
            chat = data.get("chat") is True
            on_demand = previews == PREVIEWS_ON_DEMAND
        except TimeoutError:
            await ws.close(code=1008, reason="no hello")
            return
        except WebSocketDisconnect:
            return
        except GameError as e:
            await ws.send_text(_dumps(_error(e)))
            if e.code in ("bad_token", "unknown_game"):
                await ws.close(code=4403, reason=e.code)
                return
            if e.code == "rate_limited":  # 1013, "try again later": a client reconnects later
                await ws.close(code=1013, reason=e.code)
                return
    conn = Connection(ws, access, ws.app.state.limit_moves)
    conn.patches = patches
    conn.previews_on_demand = on_demand
    conn.chat = chat
    conn.token = token
    try:
        live = await svc.get(game_id)
    except GameError as e:
        await ws.send_text(_dumps(_error(e)))
        await ws.close(code=4404, reason=e.code)
        return
    del live
    welcome: dict[str, Any] = {"type": "welcome", "you": you_json(access)}
    if conn.patches:
        welcome["patches"] = True
    if on_demand:
        welcome["previews"] = PREVIEWS_ON_DEMAND
    conn.send(welcome)
    conn.send_view(await svc.view(access, not on_demand))
    sender = asyncio.create_task(conn.run_sender())
    svc.subscribe(conn)
    if chat:
        with contextlib.suppress(GameError):  # a server without a chat store sends none
            conn.send({"type": "chat_history", **await svc.chat_history(access)})
    allowance, last = BURST, time.monotonic()
    try:
        while not conn.closed and not sender.done():
            bad: GameError | None = None
            try:
                raw = await _receive_text(ws)
            except GameError as e:
                bad = e
            # Every frame counts against the allowance, well-formed or not.
            now = time.monotonic()
            allowance = min(BURST, allowance + (now - last) * RATE) - 1
            last = now
            if allowance < 0:
                await ws.close(code=1008, reason="too many messages")
                break
            if bad is not None:
                conn.send(_error(bad))
                continue
            await _handle(svc, conn, raw)
    except WebSocketDisconnect:
        pass
    finally:
        svc.unsubscribe(conn)
        conn.close()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _handle(svc: GameService, conn: Connection, raw: str) -> None:
    ref: Any = None
    try:
        data = parse_json_object(raw.encode("utf-8", "surrogatepass"))
        ref = data.get("ref")
        if ref is not None and not (isinstance(ref, (int, str)) and len(str(ref)) <= 40):
            ref = None
            raise GameError("malformed", "'ref' must be a short string or number")
        kind = data.get("type")
        if kind in CHANGES and not svc.opens_held(conn.token, conn.access.game_id):
            try:
                await svc.access(conn.token, conn.access.game_id)  # still opens the game?
            except GameError as e:
                conn.close()  # the sender stops; the refusal goes out last, then the close
                await conn.ws.send_text(_dumps(_error(e, ref)))
                await conn.ws.close(code=4403, reason=e.code)
                return
        if kind == "move":
            conn.limiter.check(conn.client)
            version = await svc.play(conn.access, data.get("version"), data.get("move"))
            reply: dict[str, Any] = {"type": "accepted", "version": version}
        elif kind == "leave":
            conn.limiter.check(conn.client)
            left = await svc.leave(conn.access, data.get("seat"), data.get("version"))
            reply = {"type": "left", **left}
        elif kind == "ping":
            reply = {"type": "pong"}
        elif kind == "view":
            conn.send_view(await svc.view(conn.access, not conn.previews_on_demand), whole=True)
            return
        elif kind == "previews":
            got = await svc.previews(conn.access, data.get("version"), data.get("moves"))
            reply = {"type": "previews", **got}
        elif kind == "name":
            conn.ws.app.state.limit_names.check(conn.client)  # shared with HTTP renames
            await svc.rename(conn.access, data.get("name"), data.get("seat"))
            reply = {"type": "named"}
        elif kind == "chat":
            reply = {"type": "chatted", "message": await svc.chat_post(conn.access,
                                                                        data.get("text"))}
        elif kind == "chat_history":
            reply = {"type": "chat_history", **await svc.chat_history(conn.access)}
        elif kind == "mute":
            reply = {"type": "muted", **await svc.chat_mute(conn.access, data.get("seat"),
                                                            data.get("muted"))}
        elif kind == "hello":
            raise GameError("malformed", "already greeted")
        else:
            raise GameError("malformed", "unknown message type (move, view, previews, name, "
                                         "leave, chat, chat_history, mute or ping)")
    except GameError as e:
        conn.send(_error(e, ref))
        return
    if ref is not None:
        reply["ref"] = ref
    conn.send(reply)
