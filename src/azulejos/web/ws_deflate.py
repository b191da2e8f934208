"""permessage-deflate that sends small messages uncompressed (docs/performance.md, "The hot
path"): most of a move's frames are a few dozen bytes (``accepted``, a clock's tick, a short
patch), where compressing costs a zlib call each and saves a handful of bytes.

RFC 7692 (section 6) lets an endpoint send any message uncompressed, with RSV1 clear; the peer
then reads it as it is, and with context takeover the message simply does not enter either
side's window. Every client that speaks the extension (browsers, the ``websockets`` library)
decodes both kinds.

:class:`SmallPlainProtocol` is uvicorn's websockets (sans-I/O) protocol offering this extension
with uvicorn's own settings; ``azulejos serve`` passes it as uvicorn's ``ws``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import CTRL_OPCODES, Frame, Opcode

__all__ = ["PLAIN_BELOW", "SmallPlainDeflate", "SmallPlainDeflateFactory", "SmallPlainProtocol"]

#: Messages shorter than this many bytes are sent uncompressed.
PLAIN_BELOW = 128


class SmallPlainDeflate(PerMessageDeflate):
    """permessage-deflate that sends a one-frame message under :data:`PLAIN_BELOW` bytes as it
    is (RSV1 clear); every other message is compressed as before."""

    def encode(self, frame: Frame) -> Frame:
        if (frame.fin and frame.opcode is not Opcode.CONT and frame.opcode not in CTRL_OPCODES
                and len(frame.data) < PLAIN_BELOW):
            return frame  # (without context takeover the next message makes a fresh encoder)
        return super().encode(frame)


class SmallPlainDeflateFactory(ServerPerMessageDeflateFactory):
    """The server's permessage-deflate negotiation, answering with :class:`SmallPlainDeflate`."""

    def process_request_params(self, params: Sequence[tuple[str, str | None]],
                               accepted_extensions: Sequence[Extension]
                               ) -> tuple[list[tuple[str, str | None]], PerMessageDeflate]:
        response, ext = super().process_request_params(params, accepted_extensions)
        return response, SmallPlainDeflate(
            ext.remote_no_context_takeover, ext.local_no_context_takeover,
            ext.remote_max_window_bits, ext.local_max_window_bits, ext.compress_settings)


class SmallPlainProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets (sans-I/O) protocol with :class:`SmallPlainDeflateFactory` in place
    of its permessage-deflate (the same settings as uvicorn's)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            self.conn.available_extensions = [SmallPlainDeflateFactory(
                server_max_window_bits=12, client_max_window_bits=12,
                compress_settings={"memLevel": 5})]
