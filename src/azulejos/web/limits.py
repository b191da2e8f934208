"""Bounds on what one client may ask of the server: rate limits per client address.

A :class:`RateLimiter` is a token bucket per client: ``burst`` requests at once, then
``per_minute`` a minute on average. A request over the limit is refused with ``rate_limited``
(HTTP 429) and how many seconds to wait (the ``Retry-After`` header); it changes nothing.
Buckets live in the memory of one server process (several processes each apply the limit).
A client is an IPv4 address, or an IPv6 client's /64 network (:func:`client_key`: one home or
phone gets a whole /64, so counting each address would give it billions of buckets).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from .protocol import GameError

T = TypeVar("T")


def client_key(host: str | None) -> str:
    """Whom a peer address counts as for the limits: an IPv4 address as it is (an IPv4-mapped
    IPv6 address too), an IPv6 address's /64 network (``2001:db8:1:2::/64``), anything else
    (a test client's name) as given; ``unknown`` without one."""
    if not host:
        return "unknown"
    try:
        ip = ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass(frozen=True, slots=True)
class Rate:
    """``per_minute`` requests a minute on average, ``burst`` at once; 0: no limit."""

    per_minute: float
    burst: float

    @property
    def off(self) -> bool:
        return self.per_minute <= 0


@dataclass(frozen=True, slots=True)
class Limits:
    """The server's limits (docs/api.md, "Limits")."""

    games: Rate = Rate(10, 10)  # creating games and new invitations
    moves: Rate = Rate(300, 60)  # moves, claims and leaves (HTTP and websocket)
    bot_games: int = 4  # games in play with bots only (stand-ins included), whole database
    profiles: Rate = Rate(5, 5)  # new player profiles
    names: Rate = Rate(20, 10)  # renames of seats and profiles (HTTP and websocket)
    signups: Rate = Rate(5, 5)  # new accounts
    signins: Rate = Rate(20, 10)  # sign-ins and password changes (right or wrong)
    resets: Rate = Rate(5, 5)  # e-mailed links asked for (verification, password reset)
    my_games: Rate = Rate(60, 30)  # "my games" look-ups (POST /api/my-games)
    #: look-ups answered bad_token or bad_invite (HTTP, websocket hello, claims): only the
    #: failures count, and a client out of them is refused before anything is looked up
    bad_tokens: Rate = Rate(30, 30)
    #: chat messages per game and seat (not per client): a flood limit that stays on
    chat: Rate = Rate(10, 5)

    @classmethod
    def none(cls) -> Limits:
        """No limits on clients (tests, benchmarks); the chat's flood limit per seat stays."""
        off = Rate(0, 0)
        return cls(games=off, moves=off, bot_games=0, profiles=off, names=off, signups=off,
                   signins=off, resets=off, my_games=off, bad_tokens=off)


class RateLimiter:
    """Token buckets per client (the oldest forgotten beyond ``max_clients``)."""

    def __init__(self, rate: Rate, what: str, *, now: Callable[[], float] = time.monotonic,
                 max_clients: int = 20000) -> None:
        self.rate = rate
        self.what = what
        self.now = now
        self.max_clients = max_clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, client: str, *, take: bool = True) -> float:
        """Take one request for ``client``: 0 if allowed, else the seconds until it would be.
        ``take`` false: only say so (nothing is taken)."""
        if self.rate.off:
            return 0.0
        per_second = self.rate.per_minute / 60
        now = self.now()
        level, last = self._buckets.pop(client, (self.rate.burst, now))
        level = min(self.rate.burst, level + (now - last) * per_second)
        if level >= 1:
            self._buckets[client] = (level - 1 if take else level, now)
            wait = 0.0
        else:
            self._buckets[client] = (level, now)
            wait = (1 - level) / per_second
        while len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        return wait

    def refund(self, client: str) -> None:
        """Give back one request taken from ``client`` (it did not count after all)."""
        got = self._buckets.get(client)
        if got is not None and not self.rate.off:
            self._buckets[client] = (min(self.rate.burst, got[0] + 1), got[1])

    def _refuse(self, wait: float) -> None:
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise GameError(
                "rate_limited", f"too many {self.what}: try again in {seconds} s", 429,
                {"retry_after": seconds})

    def check(self, client: str) -> None:
        """:class:`GameError` ``rate_limited`` (429, ``retry_after`` seconds) if over the limit."""
        self._refuse(self.wait(client))

    async def failures(self, client: str, codes: frozenset[str],
                       look_up: Callable[[], Awaitable[T]]) -> T:
        """``look_up()``, counting against the limit only when it fails with one of ``codes``;
        a client with none left is refused (``rate_limited``) before anything is looked up, so
        a guesser learns nothing more until the bucket fills again. The check and the charge
        are one step: one request is taken before the look-up and given back unless it fails
        so, so look-ups sent at the same moment cannot all pass a bucket with one left."""
        self._refuse(self.wait(client))
        try:
            got = await look_up()
        except GameError as e:
            if e.code not in codes:
                self.refund(client)
            raise
        except BaseException:
            self.refund(client)
            raise
        self.refund(client)
        return got
