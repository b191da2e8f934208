"""Small websocket messages go uncompressed (web/ws_deflate.py, RFC 7692 section 6): a real
client (the ``websockets`` library, compression on) reads both kinds, in any order, with the
compression context kept across the plain ones; the plain ones have RSV1 clear on the wire."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import uvicorn
from websockets.asyncio.client import connect
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from azulejos.web.ws_deflate import PLAIN_BELOW, SmallPlainProtocol

BIG = json.dumps({"type": "patch", "view": {"log": [{"kind": "move", "move": "1B1"}] * 40}})
SMALL = '{"type":"accepted","version":7}'
SENT = [SMALL, BIG, SMALL, BIG, "", BIG[: PLAIN_BELOW - 1], BIG[:PLAIN_BELOW], BIG]


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    assert scope["type"] == "websocket"
    await receive()  # connect
    await send({"type": "websocket.accept"})
    hello = await receive()  # the client's message, compressed on its way in
    await send({"type": "websocket.send", "text": hello["text"]})
    for text in SENT:
        await send({"type": "websocket.send", "text": text})
    await send({"type": "websocket.close"})


def test_a_client_with_compression_reads_plain_small_and_compressed_large_messages() -> None:
    async def run() -> tuple[list[str], list[tuple[int, bool]]]:
        config = uvicorn.Config(_app, host="127.0.0.1", port=0, ws=SmallPlainProtocol,
                                log_level="warning", lifespan="off")
        server = uvicorn.Server(config)
        task = asyncio.create_task(server.serve())
        for _ in range(500):  # poll until it listens (no sleep as a wait: a bounded loop)
            if server.started:
                break
            await asyncio.sleep(0.01)
        assert server.started
        port = server.servers[0].sockets[0].getsockname()[1]
        frames: list[tuple[int, bool]] = []
        got: list[str] = []
        try:
            async with connect(f"ws://127.0.0.1:{port}/", compression="deflate") as ws:
                ext = ws.protocol.extensions
                assert len(ext) == 1 and isinstance(ext[0], PerMessageDeflate)
                decode = ext[0].decode

                def spy(frame: Frame, *, max_size: int | None = None) -> Frame:
                    if frame.opcode is Opcode.TEXT:  # (not the close frame)
                        frames.append((len(frame.data), frame.rsv1))
                    return decode(frame, max_size=max_size)

                ext[0].decode = spy  # type: ignore[method-assign]
                await ws.send(BIG)
                async for msg in ws:
                    assert isinstance(msg, str)
                    got.append(msg)
        finally:
            server.should_exit = True
            await task
        return got, frames

    got, frames = asyncio.run(run())
    assert got == [BIG, *SENT]
    # Under PLAIN_BELOW bytes: RSV1 clear, the text as it is; the others compressed (RSV1 set).
    assert [rsv1 for _n, rsv1 in frames] == [len(t.encode()) >= PLAIN_BELOW for t in got]
    assert all(n == len(t.encode()) for (n, rsv1), t in zip(frames, got) if not rsv1)
    assert all(n < len(t.encode()) for (n, rsv1), t in zip(frames, got) if rsv1)
