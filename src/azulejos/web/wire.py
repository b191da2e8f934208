"""A view on the wire: its JSON text, with the parts a game version's views share encoded
once for all their viewers, and the patch that brings a client from the view it was sent to the
next (docs/api.md, "Patches"; docs/performance.md, "Where a move's time goes")."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast


class Shared(Protocol):
    """The parts of a game version's views that the viewers share (``views._Parts``): the view's
    keys with this version's values (:data:`SLOT` where each view puts its own), their texts."""

    base: dict[str, Any]
    texts: dict[str, str]

    def fragment(self, key: str, value: Any) -> str | None:
        """The JSON of ``value`` if it is this version's shared ``key`` (None otherwise)."""

    def encode(self, key: str, value: Any) -> str:
        """The JSON of this version's shared ``key``."""

    def log_list(self) -> list[str]:
        """Each log entry's JSON text, in order."""


class SharedView(dict[str, Any]):
    """A view (a plain dict to every reader) that remembers the parts it shares with the other
    views of its game version, so that :func:`view_message` encodes those once for all viewers."""

    parts: Shared | None = None
    #: Each key's JSON text, made once per view (a view is shared by viewers of one kind).
    texts: dict[str, str] | None = None


#: In a version's view template (``Shared.base``), the place of a key that each view fills
#: in itself (the viewer's part, or what may change within a version: the seats' names).
SLOT: Any = object()


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
#: The JSON encoding of each key of a view, with its colon.
_KEYS: dict[str, str] = {}


def _fast_encoder() -> Callable[[Any], bytes] | None:
    """orjson's encoder when it is installed (``pip install orjson``; about six times faster on a
    view's legal moves, docs/performance.md), else None: the standard library's is used."""
    try:
        module = importlib.import_module("orjson")
    except ImportError:
        return None
    return cast("Callable[[Any], bytes]", module.dumps)


_FAST = _fast_encoder()


def dumps(obj: Any) -> str:
    """Compact JSON, as the websocket sends it (orjson's when installed: the same JSON values;
    what it does not take, such as non-string keys, goes to the standard library's)."""
    if _FAST is not None:
        try:
            return _FAST(obj).decode()
        except TypeError:
            pass
    return _ENCODER.encode(obj)


def _scalar(value: Any) -> str | None:
    """The JSON of a None, a boolean or a whole number without an encoder call (else None)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    return None


def view_texts(view: dict[str, Any]) -> dict[str, str]:
    """Each key of ``view`` with the JSON text of its value; the parts a :class:`SharedView`
    shares with the other views of its version are encoded once, and a shared view's texts
    are made once for all its viewers."""
    parts = view.parts if isinstance(view, SharedView) else None
    if parts is None:
        return {key: dumps(value) for key, value in view.items()}
    assert isinstance(view, SharedView)
    texts = view.texts
    if texts is None:
        texts = {}
        base, shared = parts.base, parts.texts
        for key, value in view.items():
            if base.get(key, SLOT) is value:  # this version's, the same for every viewer
                text = shared.get(key)
                if text is None:
                    text = shared[key] = parts.encode(key, value)
            else:
                text = _scalar(value) or parts.fragment(key, value) or dumps(value)
            texts[key] = text
        view.texts = texts
    return texts


def _key(key: str) -> str:
    """The JSON encoding of a view's key, with its colon."""
    name = _KEYS.get(key)
    if name is None:
        name = _KEYS[key] = dumps(key) + ":"
    return name


def _object(texts: dict[str, str], keys: list[str] | None = None) -> str:
    return "{" + ",".join(_key(k) + texts[k] for k in (texts if keys is None else keys)) + "}"


def view_message(view: dict[str, Any]) -> str:
    """The websocket message ``{"type": "view", "view": ...}`` as JSON text; the parts a
    :class:`SharedView` shares with the other views of its version are encoded once."""
    return '{"type":"view","view":' + _object(view_texts(view)) + "}"


@dataclass(slots=True)
class Sent:
    """The last view a connection was sent (full or as a patch): its version, each key's JSON
    text, and the JSON text of each log entry."""

    version: int
    texts: dict[str, str]
    log: list[str] | None


def _log_texts(view: dict[str, Any]) -> list[str] | None:
    parts = view.parts if isinstance(view, SharedView) else None
    if parts is None or parts.base.get("log", SLOT) is not view.get("log"):
        return None
    return parts.log_list()


def patch_message(view: dict[str, Any], sent: Sent | None) -> tuple[str, Sent]:
    """The websocket message that brings a client from the view ``sent`` to ``view``, and what
    it was sent now. With no earlier view, or when the keys differ, the whole ``view`` message;
    otherwise ``{"type": "patch", "base": <version of sent>, "version": ..., "view": {the keys
    whose value changed, each whole}, "log": [the log entries added]}`` (``log`` only when the
    log grew from the one sent; a log that is not a continuation is sent whole in ``view``).
    A client applies it as ``{...old, ...patch.view}`` and appends ``patch.log`` to the log
    (docs/api.md, "Patches")."""
    texts = view_texts(view)
    log = _log_texts(view)
    now = Sent(int(view["version"]), texts, log)
    if sent is None or sent.texts.keys() != texts.keys():
        return view_message(view), now
    old = sent.texts
    changed = [k for k, t in texts.items() if t is not old[k] and t != old[k]]
    added: list[str] | None = None
    if "log" in changed and log is not None and sent.log is not None:
        n = len(sent.log)
        # (the entries' texts are shared from version to version: compared by identity first)
        if len(log) >= n and log[:n] == sent.log:
            changed.remove("log")
            added = log[n:]
    out = f'{{"type":"patch","base":{sent.version},"version":{now.version},"view":'
    out += _object(texts, changed)
    if added:
        out += ',"log":[' + ",".join(added) + "]"
    return out + "}", now
