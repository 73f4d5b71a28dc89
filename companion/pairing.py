"""Becoming the host without a terminal: the "link button" pattern.

A phone opens ``/host`` without the key and asks to become the host
(:meth:`Pairing.ask`); it keeps asking how its request stands
(:meth:`Pairing.state`) while the page is open. A long press of the
companion's host button (:meth:`Pairing.pressed`) within ``window_s`` of
the asking makes **that** phone the host: the web then opens a host session
for it (:meth:`Pairing.claim`, once; :class:`HostSessions`) and sets that
session, never the key, in its cookie. With
several phones waiting the press goes to the one that asked first, and the
others are told to ask again; a phone that stopped asking (its page closed)
is no longer waiting. Each request is a random token kept in an HttpOnly
cookie of the phone that asked, so no other phone can collect it.

>>> clock = [0.0]
>>> pairing = Pairing(clock=lambda: clock[0])
>>> pairing.set_button("Next button", 2.0)
>>> anna = pairing.ask("192.0.2.7")
>>> pairing.state(anna), pairing.waiting()
('waiting', True)
>>> clock[0] = 5.0
>>> pairing.pressed("next")
True
>>> pairing.state(anna), pairing.claim(anna), pairing.claim(anna)
('paired', True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from engines.text import N_, Text
from web.service import Conflict

log = logging.getLogger("companion.pairing")

WINDOW_S = 60.0
"""How long a request waits for the long press."""
STALE_S = 8.0
"""A phone that has not asked how its request stands for this long has left the page."""
MAX_WAITING = 32
"""Requests kept at once (a flood cannot grow memory)."""
PER_ADDRESS = 2
"""Requests kept from one address: a further one drops that address's oldest (issue 27: 32 requests
from one stranger used to push the host's out). When all :data:`MAX_WAITING` are taken, a request
whose page stopped asking goes first, then the newest of the address holding the most."""

PairState = Literal["waiting", "paired", "expired", "ask-again", "unknown"]

SAY: dict[str, str] = {
    "waiting": N_("Press the button on the companion to make this phone the host"),
    "paired": N_("This phone is now the host."),
    "expired": N_("Nobody pressed the button in time. Ask again."),
    "ask-again": N_("The button went to another phone that asked first. Ask again."),
    "unknown": N_("This phone has not asked to become the host."),
}
"""What the host page says in each state (msgids)."""


@dataclass
class _Request:
    who: str
    asked_at: float
    seen_at: float
    state: PairState = "waiting"


class Pairing:
    """The phones waiting to become the host, and the long press that picks one."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 window_s: float = WINDOW_S) -> None:
        self._clock = clock
        self.window_s = window_s
        self.button: str | Text | None = None  # the host button's label; None: no button, no pairing
        self.hold_s = 2.0
        self._requests: dict[str, _Request] = {}
        self._lock = threading.Lock()
        self._listeners: list[Callable[[], None]] = []

    def set_button(self, label: str | Text | None, hold_s: float) -> None:
        """The hardware has a host button (``label``), held ``hold_s`` for a long press."""
        self.button, self.hold_s = label, hold_s

    def on_change(self, callback: Callable[[], None]) -> None:
        """Called (outside the lock) when a phone starts waiting or a press decides."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for callback in list(self._listeners):
            try:
                callback()
            except Exception:
                log.exception("pairing listener failed")

    def describe(self) -> dict[str, Any]:
        """For the host page: the button's label and hold time, the waiting window (or no button)."""
        button = self.button.to_json() if isinstance(self.button, Text) else self.button
        return {"button": button, "hold_s": self.hold_s, "window_s": self.window_s}

    def _expire(self, now: float) -> None:
        for token, req in list(self._requests.items()):
            if req.state == "waiting" and now - req.asked_at > self.window_s:
                req.state = "expired"
            if now - req.asked_at > 2 * self.window_s:
                del self._requests[token]

    def ask(self, who: str) -> str:
        """A phone asks to become the host; its secret request token (for its cookie)."""
        if self.button is None:
            raise Conflict("This companion has no button to press; open the host page with its key.")
        token = secrets.token_urlsafe(24)
        now = self._clock()
        with self._lock:
            self._expire(now)
            own = [t for t, r in self._requests.items() if r.who == who]
            while len(own) >= PER_ADDRESS:
                del self._requests[own.pop(0)]
            while len(self._requests) >= MAX_WAITING:
                self._drop_a_flooders()
            self._requests[token] = _Request(who, now, now)
        log.info("host pairing: %s asks to become the host; waiting for a long press of %s",
                 who, self.button)
        self._changed()
        return token

    def _drop_a_flooders(self) -> None:
        """Make room (under the lock): a request whose page stopped asking goes first, then one of
        the address holding the most, the newest of those (a flood is a burst; the host who asked
        before it keeps their place, and one asking after it pushes out the flood's newest)."""
        now = self._clock()
        held: dict[str, int] = {}
        for req in self._requests.values():
            held[req.who] = held.get(req.who, 0) + 1
        order = list(self._requests.items())   # as they asked
        token = min((now - r.seen_at <= STALE_S, -held[r.who], -n, t) for n, (t, r) in enumerate(order))[3]
        del self._requests[token]

    def _find(self, token: str | None) -> _Request | None:
        for known, req in self._requests.items():
            if token and hmac.compare_digest(known.encode(), token.encode()):
                return req
        return None

    def state(self, token: str | None) -> PairState:
        """How this phone's request stands; asking again also says the phone is still waiting."""
        now = self._clock()
        with self._lock:
            self._expire(now)
            req = self._find(token)
            if req is None:
                return "unknown"
            req.seen_at = now
            return req.state

    def _live(self, now: float) -> list[_Request]:
        return [req for req in self._requests.values() if req.state == "waiting"
                and now - req.asked_at <= self.window_s and now - req.seen_at <= STALE_S]

    def waiting(self) -> bool:
        """Whether a phone is waiting now (the status display shows the prompt)."""
        with self._lock:
            return bool(self._live(self._clock()))

    def pressed(self, button: str) -> bool:
        """The host button was held: the first phone still waiting becomes the host."""
        now = self._clock()
        with self._lock:
            self._expire(now)
            live = self._live(now)
            if not live:
                log.info("host pairing: long press of %s, but no phone is waiting", button)
                return False
            first, *others = live
            first.state = "paired"
            for req in others:
                req.state = "ask-again"
        log.info("host pairing: %s is now the host (long press of %s); %d other phone(s) told to ask again",
                 first.who, button, len(others))
        self._changed()
        return True

    def claim(self, token: str | None) -> bool:
        """Whether this is the paired phone (once: then its request is gone); the web opens a host
        session for it."""
        with self._lock:
            req = self._find(token)
            if req is None or req.state != "paired":
                return False
            self._requests = {k: r for k, r in self._requests.items() if r is not req}
            return True

    @staticmethod
    def say(state: str) -> Text:
        return Text(SAY.get(state, SAY["unknown"]))


@dataclass
class _Session:
    id: str
    token_hash: str
    label: str
    created: float
    seen: float


class HostSessions:
    """Each host device's own session (issue 27): a random token in that device's HttpOnly cookie,
    kept in the store as a hash; the host page lists them and revokes any, ``companion host-key
    --new`` ends them all. A session is checked without the key-guess throttle: a 256-bit token
    is not guessed, and a paired device is never held up by someone else's wrong keys.

    >>> sessions = HostSessions(None, clock=lambda: 10.0)
    >>> token = sessions.open("Anna's phone")
    >>> found = sessions.check(token)
    >>> [s["label"] for s in sessions.listed()], sessions.check("a guess")
    (["Anna's phone"], None)
    >>> sessions.revoke(found or ""), sessions.check(token)
    (True, None)
    """

    def __init__(self, store: Any, *, clock: Callable[[], float] = time.time) -> None:
        self._store, self._clock = store, clock
        self._lock = threading.Lock()
        rows = store.host_sessions() if store is not None else []
        self._sessions = {sid: _Session(sid, digest, label, created, created)
                          for sid, digest, label, created in rows}

    @staticmethod
    def _hash(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()

    def open(self, label: str) -> str:
        """A new session for a device (``label``: how the host page names it); its secret token."""
        token = secrets.token_urlsafe(32)
        session = _Session(secrets.token_hex(4), self._hash(token), label[:80], self._clock(), self._clock())
        if self._store is not None:
            self._store.save_host_session(session.id, session.token_hash, session.label, session.created)
        with self._lock:
            self._sessions[session.id] = session
        log.info("host session %s opened for %s", session.id, session.label)
        return token

    def check(self, token: str | None) -> str | None:
        """The session's id if ``token`` is a live session's, else None."""
        if not token:
            return None
        digest = self._hash(token)
        with self._lock:
            for session in self._sessions.values():
                if hmac.compare_digest(session.token_hash, digest):
                    session.seen = self._clock()
                    return session.id
        return None

    def listed(self) -> list[dict[str, Any]]:
        """For the host page: each device's id, label, when it was paired and last seen."""
        with self._lock:
            return [{"id": s.id, "label": s.label, "created": s.created, "seen": s.seen}
                    for s in self._sessions.values()]

    def revoke(self, session_id: str) -> bool:
        """End one device's session (it must pair again); False if there is none such."""
        with self._lock:
            if session_id not in self._sessions:
                return False
        if self._store is not None:
            self._store.delete_host_sessions([session_id])
        with self._lock:
            self._sessions.pop(session_id, None)
        log.info("host session %s revoked", session_id)
        return True
