"""Who is asking: seat tokens (cookie or Bearer), the host's device session (cookie) and the host
key (``X-Host-Key``, or the host page's form).

Each host device holds a session of its own in the ``host_key`` cookie: a random token, opened when
the device gave the key or was paired by the button, listed and revoked on the host page. The key
itself never goes into a cookie: a cookie holding it would be the same on every device and never
change, so one copied cookie would stay the host for good, and revoking one device would mean a new
key for all.

Guessing the host key is slowed down: after :data:`GUESSES` wrong keys from one client address
within :data:`GUESS_WINDOW` seconds, every host-key check from that address is answered 429 ("Too
many wrong host keys: wait a minute and try again.") for :data:`GUESS_BLOCK` seconds, and the log
says so once per block. A device with a live host session is never counted nor held up: its
session is checked first, and a 256-bit token is not guessed, so the host keeps every host action
while someone else's wrong guesses block the address they share (one Wi-Fi, one NAT).

However many other addresses guess, an address's wrong keys are never forgotten within the window,
and memory stays bounded: :data:`TRACED` addresses are traced one by one; when more come, the
least recent address's traces move into one of :data:`SPILLED` shared buckets (picked by a keyed
hash of the address, so a crowd cannot aim at the host's), and an address's wrong keys are its own
traces plus its bucket's. A count is never too low; while a crowd of more than :data:`TRACED`
addresses guesses, it may be too high, so a wrong key is answered 429 sooner (a paired device is
never held up, and the right key is never counted). Holds are kept for :data:`HELD` addresses at
once; past that (thousands of addresses each guessing five times in a minute), the holds that end
soonest are let go first.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import cast

from flask import current_app, request
from werkzeug.wrappers import Response as BaseResponse

from web.service import ServiceError, TableService, Unauthorized

HOST_COOKIE = "host_key"
SEAT_COOKIE_AGE = 60 * 60 * 24 * 30  # a month: a sleeping phone keeps its seat for the whole night and more
TRUSTED = "tc.trusted"
GUESSES = 5
GUESS_WINDOW = 60.0
GUESS_BLOCK = 60.0
TRACED = 1000    # addresses whose wrong keys are kept one by one (a few hundred bytes each)
SPILLED = 256    # the shared buckets the least recent addresses' wrong keys move into
HELD = 4 * TRACED   # addresses answered 429 at once

log = logging.getLogger("web.auth")


class TooManyGuesses(ServiceError):
    status = 429


class KeyGuesses:
    """Wrong host keys per client address, and the addresses that must wait."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, most: int = GUESSES,
                 window: float = GUESS_WINDOW, block: float = GUESS_BLOCK, traced: int = TRACED,
                 spilled: int = SPILLED, held: int = HELD) -> None:
        self.clock, self.most, self.window, self.block = clock, most, window, block
        self.traced, self.spilled, self.held = traced, spilled, held
        self._lock = threading.Lock()
        self._wrong: dict[str, deque[float]] = {}   # the least recent first
        self._spill: dict[int, deque[float]] = {}
        self._salt = secrets.token_bytes(16)
        self._until: dict[str, float] = {}

    def check(self, address: str) -> None:
        """TooManyGuesses while ``address`` must wait."""
        with self._lock:
            until = self._until.get(address)
            if until is not None and self.clock() < until:
                raise TooManyGuesses("Too many wrong host keys: wait a minute and try again.")
            self._until.pop(address, None)

    def wrong(self, address: str) -> None:
        now = self.clock()
        with self._lock:
            seen = self._wrong.pop(address, None) or deque()
            self._wrong[address] = seen
            seen.append(now)
            bucket = self._spill.get(self._bucket(address), deque())
            for times in (seen, bucket):
                while times and now - times[0] > self.window:
                    times.popleft()
            if len(seen) + len(bucket) >= self.most:
                del self._wrong[address]
                self._hold(address, now)
                log.warning("%d wrong host keys from %s within %.0f s: its host-key checks are "
                            "answered 429 for %.0f s", self.most, address, self.window, self.block)
            while len(self._wrong) > self.traced:
                self._move_to_spill(next(iter(self._wrong)))

    def _bucket(self, address: str) -> int:
        digest = hashlib.blake2b(address.encode(), key=self._salt, digest_size=4).digest()
        return int.from_bytes(digest, "big") % self.spilled

    def _move_to_spill(self, address: str) -> None:
        """The address's traces, kept in its bucket: the newest ``most`` of them, oldest first."""
        key = self._bucket(address)
        self._spill[key] = deque(sorted([*self._spill.get(key, ()), *self._wrong.pop(address)])[-self.most:])

    def _hold(self, address: str, now: float) -> None:
        self._until[address] = now + self.block
        if len(self._until) > self.held:
            for gone in [a for a, until in self._until.items() if until <= now]:
                del self._until[gone]
            for gone in sorted(self._until, key=self._until.__getitem__)[:len(self._until) - self.held]:
                del self._until[gone]


def key_guesses() -> KeyGuesses:
    guesses = current_app.extensions.get("key_guesses")
    if guesses is None:
        guesses = current_app.extensions.setdefault("key_guesses", KeyGuesses())
    return cast(KeyGuesses, guesses)


def service() -> TableService:
    return cast(TableService, current_app.extensions["table_service"])


def seat_cookie(table: str) -> str:
    return f"seat_{table}"


def set_seat_cookie(resp: BaseResponse, table: str, token: str) -> None:
    resp.set_cookie(seat_cookie(table), token, max_age=SEAT_COOKIE_AGE, path="/",
                    httponly=True, samesite="Lax", secure=request.is_secure)


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def seat_token(table: str) -> str | None:
    """The token this request carries for ``table``: Bearer first, then the seat cookie."""
    return bearer() or request.cookies.get(seat_cookie(table)) or None


def host_key_given() -> str | None:
    return request.headers.get("X-Host-Key") or None


def host_session() -> str | None:
    """The id of the live host session this request's cookie holds, or None (no throttle: see above)."""
    sessions = service().host_sessions
    found = sessions.check(request.cookies.get(HOST_COOKIE))
    if found is not None:
        session = found
        trust_connection(f"host session {session}", lambda: sessions.live(session))
    return found


def is_host_key(key: str | None) -> bool:
    """Whether ``key`` is the host's; TooManyGuesses (429) while this address must wait."""
    if not key:
        return False
    guesses, address = key_guesses(), request.remote_addr or ""
    guesses.check(address)
    extra = current_app.config.get("HOST_KEY")
    if extra and hmac.compare_digest(str(extra).encode(), key.encode()):
        trust_connection("host key (configured)", lambda: True)   # the app's own, for its lifetime
        return True
    if service().check_host_key(key):
        svc = service()
        trust_connection("host key", lambda: svc.check_host_key(key))
        return True
    guesses.wrong(address)
    return False


def trust_connection(credential: str, alive: Callable[[], bool]) -> None:
    """This request proved ``credential`` (live while ``alive()``): the server does not close its
    connection to make room for a crowd while the credential lives, within its bounds per
    credential and per address (companion/server.py offers ``environ["tc.trusted"]``; other
    servers do not)."""
    trust = request.environ.get(TRUSTED)
    if callable(trust):
        trust(credential, alive)


def is_host() -> bool:
    return host_session() is not None or is_host_key(host_key_given())


def require_host() -> None:
    if host_session() is not None:
        return
    key = host_key_given()
    if key is None:
        raise Unauthorized("Only the host can do this: the host key is missing.")
    if not is_host_key(key):
        raise Unauthorized("That host key is not right.")


def require_seat(table: str) -> int:
    """The seat this request holds at ``table`` (401 without a valid token)."""
    token = seat_token(table)
    if token is None:
        raise Unauthorized("Claim a seat first: this phone has no seat at this table.")
    svc = service()
    seat = svc.seat_of(table, token)
    digest = hashlib.sha256(token.encode()).hexdigest()[:32]   # names the token, never logged

    def seated() -> bool:
        try:
            return svc.seat_of(table, token) == seat
        except ServiceError:   # freed, or the table ended
            return False

    trust_connection(f"seat {digest}", seated)
    return seat


__all__ = [
    "HOST_COOKIE",
    "KeyGuesses",
    "TooManyGuesses",
    "bearer",
    "host_key_given",
    "host_session",
    "is_host",
    "is_host_key",
    "require_host",
    "require_seat",
    "seat_cookie",
    "seat_token",
    "service",
]
