"""Becoming the host without a terminal: the "link button" pattern, with a code per phone.

A phone opens ``/host`` without the key and asks to become the host (:meth:`Pairing.ask`); it
gets a two-digit code (its own while it waits: no two waiting phones share one) and keeps asking
how its request stands (:meth:`Pairing.look`) while the page is open. A long press of the
companion's host button (:meth:`Pairing.pressed`) decides:

- **one phone asking**: it becomes the host at once (the web then opens a host session for it,
  :meth:`Pairing.claim`, once; :class:`HostSessions`);
- **several phones asking** (issue 27, 1: a stranger who asked a second before the host used to
  get the press): nobody yet. The press opens a *choice*: the status display and the table screen
  show one code at a time ("Code 47 · 1 of 2"), and each phone says whether its own code is the one
  shown. A short press of the host button shows the next code (:meth:`Pairing.step`); a long press
  while the host's code is shown makes that phone the host, and the others are told to ask again.

Who asked first, who asked more and who polls faster decides nothing: the codes are shown in a
random order, a request counts as asking until its minute is over (a phone whose screen went dark
is still asking, so a stranger polling is never "the only one"), a request is only withdrawn by its
own page (:meth:`Pairing.withdraw`, when it closes), and only the host's button moves or confirms
the code shown (a request arriving later joins the end of the choice; the code shown never changes
under a hold). Each request is a random token kept in an HttpOnly cookie of the phone that asked,
so no other phone can collect it.

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from engines.text import N_, Text
from web.service import Conflict

log = logging.getLogger("companion.pairing")

WINDOW_S = 60.0
"""How long a request waits for the long press (and a choice for the host's next press)."""
STALE_S = 8.0
"""A phone that has not asked how its request stands for this long has left the page (or its
screen went dark): it still counts as asking, but it is the first to go when the queue is full."""
MAX_WAITING = 32
"""Requests kept at once (a flood cannot grow memory)."""
PER_ADDRESS = 2
"""Requests kept from one address: a further one drops that address's oldest (issue 27: 32 requests
from one stranger used to push the host's out). When all :data:`MAX_WAITING` are taken, a request
whose page stopped asking goes first, then the newest of the address holding the most; the code
shown in a choice is never dropped."""
CODES = tuple(str(n) for n in range(10, 100))
"""A waiting phone's code: two digits, never two alike at once (words on every screen, no colour)."""

PairState = Literal["waiting", "choosing", "paired", "expired", "ask-again", "unknown"]

SAY: dict[str, str] = {
    "waiting": N_("Press the button on the companion to make this phone the host"),
    "choosing": N_("Several phones ask. Press the button on the companion briefly until it shows "
                   "your code {code}, then hold it."),
    "shown": N_("The companion shows your code {code} now: hold its button to make this phone the host."),
    "paired": N_("This phone is now the host."),
    "expired": N_("Nobody pressed the button in time. Ask again."),
    "ask-again": N_("The host picked another phone's code. Ask again."),
    "unknown": N_("This phone has not asked to become the host."),
}
"""What the host page says in each state (msgids); ``shown``: choosing, and this phone's code is
the one the companion shows."""


@dataclass
class _Request:
    who: str
    code: str
    asked_at: float
    seen_at: float
    state: PairState = "waiting"


@dataclass
class _Choice:
    """The host pressed while several phones asked: the codes in a random order, the one shown."""

    order: list[str]          # request tokens
    shown: str                # the token whose code is shown
    touched: float            # the host's last press: the choice lapses WINDOW_S after it
    steps: int = field(default=0)


class Pairing:
    """The phones waiting to become the host, and the presses that pick one."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 window_s: float = WINDOW_S) -> None:
        self._clock = clock
        self.window_s = window_s
        self.button: str | Text | None = None  # the host button's label; None: no button, no pairing
        self.hold_s = 2.0
        self._requests: dict[str, _Request] = {}
        self._choice: _Choice | None = None
        self._lock = threading.Lock()
        self._listeners: list[Callable[[], None]] = []

    def set_button(self, label: str | Text | None, hold_s: float) -> None:
        """The hardware has a host button (``label``), held ``hold_s`` for a long press."""
        self.button, self.hold_s = label, hold_s

    def on_change(self, callback: Callable[[], None]) -> None:
        """Called (outside the lock) when a phone starts waiting or a press decides or steps."""
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

    # ------------------------------------------------------------------ under the lock
    def _expire(self, now: float) -> None:
        choice = self._choice
        if choice is not None and now - choice.touched > self.window_s:
            for token in choice.order:
                if token in self._requests and self._requests[token].state == "waiting":
                    self._requests[token].state = "expired"
            self._choice = None
            log.info("host pairing: nobody was picked within %.0f s; the phones were told to ask again",
                     self.window_s)
        chosen = set(self._choice.order) if self._choice is not None else set()
        for token, req in list(self._requests.items()):
            if req.state == "waiting" and token not in chosen and now - req.asked_at > self.window_s:
                req.state = "expired"
            if req.state != "waiting" and now - max(req.asked_at, req.seen_at) > 2 * self.window_s:
                del self._requests[token]

    def _asking(self) -> list[str]:
        """The requests still asking, oldest first (a dark screen's too: see the module doc)."""
        return [token for token, req in self._requests.items() if req.state == "waiting"]

    def _order(self) -> list[str]:
        """The choice's codes as shown, without requests that are gone."""
        assert self._choice is not None
        return [t for t in self._choice.order
                if t in self._requests and self._requests[t].state == "waiting"]

    def _find(self, token: str | None) -> tuple[str, _Request] | None:
        for known, req in self._requests.items():
            if token and hmac.compare_digest(known.encode(), token.encode()):
                return known, req
        return None

    def _drop(self, token: str) -> None:
        self._requests.pop(token, None)
        if self._choice is not None and token in self._choice.order:
            self._choice.order.remove(token)
            if not self._order():
                self._choice = None

    # ------------------------------------------------------------------ the phones
    def ask(self, who: str, replacing: str | None = None) -> str:
        """A phone asks to become the host; its secret request token (for its cookie).
        ``replacing``: this phone's earlier request (its cookie), which it gives up."""
        if self.button is None:
            raise Conflict("This companion has no button to press; open the host page with its key.")
        token = secrets.token_urlsafe(24)
        now = self._clock()
        with self._lock:
            self._expire(now)
            earlier = self._find(replacing)
            if earlier is not None and not self._is_shown(earlier[0]):
                self._drop(earlier[0])
            own = [t for t, r in self._requests.items() if r.who == who and not self._is_shown(t)]
            while len(own) >= PER_ADDRESS:
                self._drop(own.pop(0))
            while len(self._requests) >= MAX_WAITING:
                self._drop_a_flooders()
            used = {r.code for r in self._requests.values() if r.state == "waiting"}
            code = secrets.choice([c for c in CODES if c not in used])
            self._requests[token] = _Request(who, code, now, now)
            if self._choice is not None:
                self._choice.order.append(token)   # joins the end: the code shown stays
        log.info("host pairing: %s asks to become the host (code %s); waiting for a long press of %s",
                 who, code, self.button)
        self._changed()
        return token

    def _is_shown(self, token: str) -> bool:
        return self._choice is not None and self._choice.shown == token

    def _drop_a_flooders(self) -> None:
        """Make room (under the lock): a request that is no longer asking goes first, then one
        whose page stopped asking, then one of the address holding the most, the newest of those
        (a flood is a burst; the host who asked before it keeps their place, and one asking after
        it pushes out the flood's newest). The code shown in a choice is never dropped."""
        now = self._clock()
        held: dict[str, int] = {}
        for req in self._requests.values():
            held[req.who] = held.get(req.who, 0) + 1
        order = [(t, r) for t, r in self._requests.items() if not self._is_shown(t)]   # as they asked
        token = min((r.state == "waiting", now - r.seen_at <= STALE_S, -held[r.who], -n, t)
                    for n, (t, r) in enumerate(order))[4]
        self._drop(token)

    def withdraw(self, token: str | None) -> None:
        """The phone's page closed: its request asks no more (never the code shown under a hold)."""
        with self._lock:
            found = self._find(token)
            if found is None or self._is_shown(found[0]):
                return
            self._drop(found[0])
            log.info("host pairing: %s withdrew its request (code %s)", found[1].who, found[1].code)
        self._changed()

    def look(self, token: str | None) -> dict[str, Any]:
        """How this phone's request stands: ``{"state", "code", "shown"}`` (``code``: its own,
        while it asks; ``shown``: the companion shows it now). Asking also says the phone is here."""
        now = self._clock()
        with self._lock:
            self._expire(now)
            found = self._find(token)
            if found is None:
                return {"state": "unknown", "code": None, "shown": False}
            known, req = found
            req.seen_at = now
            state: PairState = req.state
            if state == "waiting" and self._choice is not None and known in self._choice.order:
                state = "choosing"
            asking = req.state == "waiting"
            return {"state": state, "code": req.code if asking else None,
                    "shown": asking and self._is_shown(known)}

    def state(self, token: str | None) -> PairState:
        """The state alone (:meth:`look`)."""
        state: PairState = self.look(token)["state"]
        return state

    def claim(self, token: str | None) -> bool:
        """Whether this is the paired phone (once: then its request is gone); the web opens a host
        session for it."""
        with self._lock:
            found = self._find(token)
            if found is None or found[1].state != "paired":
                return False
            self._drop(found[0])
            return True

    # ------------------------------------------------------------------ the screens
    def waiting(self) -> bool:
        """Whether a phone asks now (the status display shows the codes)."""
        with self._lock:
            self._expire(self._clock())
            return bool(self._asking())

    def board(self) -> dict[str, Any]:
        """What the status display and the table screen show: ``{"codes", "shown", "choosing"}``,
        the codes of the phones asking (in the choice's order while the host picks), the one shown."""
        with self._lock:
            self._expire(self._clock())
            if self._choice is None:
                return {"codes": [self._requests[t].code for t in self._asking()], "shown": None,
                        "choosing": False}
            order = self._order()
            shown = self._choice.shown
            return {"codes": [self._requests[t].code for t in order],
                    "shown": self._requests[shown].code if shown in self._requests else None,
                    "choosing": True}

    # ------------------------------------------------------------------ the host button
    def pressed(self, button: str) -> bool:
        """The host button was held: the only phone asking becomes the host; with several, the
        first hold opens a choice, and a hold while a code is shown makes that phone the host."""
        now = self._clock()
        with self._lock:
            self._expire(now)
            if self._choice is not None:
                return self._confirm(button)
            asking = self._asking()
            if not asking:
                log.info("host pairing: long press of %s, but no phone is waiting", button)
                return False
            if len(asking) == 1:
                self._pair(asking[0], button)
            else:
                order = list(asking)
                secrets.SystemRandom().shuffle(order)
                self._choice = _Choice(order, order[0], now)
                log.info("host pairing: long press of %s with %d phones asking: showing code %s, 1 of %d",
                         button, len(order), self._requests[order[0]].code, len(order))
        self._changed()
        return True

    def _confirm(self, button: str) -> bool:
        assert self._choice is not None
        shown = self._choice.shown
        if shown not in self._requests or self._requests[shown].state != "waiting":
            log.info("host pairing: long press of %s, but the phone shown is gone", button)
            return False
        self._pair(shown, button)
        self._choice = None
        return True

    def _pair(self, token: str, button: str) -> None:
        chosen = self._requests[token]
        chosen.state = "paired"
        others = [r for r in self._requests.values() if r.state == "waiting"]
        for req in others:
            req.state = "ask-again"
        log.info("host pairing: %s (code %s) is now the host (long press of %s); %d other phone(s) "
                 "told to ask again", chosen.who, chosen.code, button, len(others))

    def step(self, button: str) -> bool:
        """A short press of the host button: while the host picks, the next code is shown (True);
        otherwise nothing (False: the press keeps its own meaning)."""
        with self._lock:
            self._expire(self._clock())
            if self._choice is None:
                return False
            order = self._order()
            if not order:
                self._choice = None
                return False
            at = order.index(self._choice.shown) + 1 if self._choice.shown in order else 0
            self._choice.shown = order[at % len(order)]
            self._choice.touched = self._clock()
            self._choice.steps += 1
            code = self._requests[self._choice.shown].code
            log.info("host pairing: %s pressed: code %s shown, %d of %d", button, code,
                     at % len(order) + 1, len(order))
        self._changed()
        return True

    @staticmethod
    def say(state: str, code: str | None = None) -> Text:
        return Text(SAY.get(state, SAY["unknown"]), {"code": code} if code else {})


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

    def __init__(self, store: Any, *, clock: Callable[[], float] = time.time,
                 key: HostKey | None = None) -> None:
        self._store, self._clock, self._key = store, clock, key
        if key is not None:
            key.on_change(self.revoke_all)   # a new key ends every session (HostKey)
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
        if self._key is not None:
            self._key.current()   # a key changed under us ends every session first
        digest = self._hash(token)
        with self._lock:
            for session in self._sessions.values():
                if hmac.compare_digest(session.token_hash, digest):
                    session.seen = self._clock()
                    return session.id
        return None

    def live(self, session_id: str) -> bool:
        """Whether the session ``session_id`` is still open (a changed host key ended it)."""
        if self._key is not None:
            self._key.current()   # a key changed under us ends every session first
        with self._lock:
            return session_id in self._sessions

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

    def revoke_all(self) -> int:
        """End every device's session (the host key changed); how many there were."""
        with self._lock:
            ids = list(self._sessions)
        if self._store is not None and ids:
            self._store.delete_host_sessions(ids)
        with self._lock:
            for session_id in ids:
                self._sessions.pop(session_id, None)
        if ids:
            log.warning("the host key changed: %d host session(s) ended; each device pairs again", len(ids))
        return len(ids)


class HostKey:
    """The host key, followed in its file when it came from one (``companion host-key --new``
    writes a new one while the companion runs): a changed file is read at the next check, the old
    key is refused from then on, and ``on_change`` runs (every host session ends: a key that
    changed may have leaked, and any device that came in with it may be the one that leaked it).

    >>> key = HostKey("s3cret")
    >>> key.matches("s3cret"), key.matches("guess"), key.matches(None)
    (True, False, False)
    """

    def __init__(self, key: str) -> None:
        self._key = key
        self._path: Path | None = None
        self._seen: tuple[int, int, int] | None = None
        self._lock = threading.Lock()
        self._listeners: list[Callable[[], object]] = []

    def follow(self, path: Path) -> None:
        """The key is ``path``'s content: read it again whenever the file changes."""
        self._path = path
        self._seen = self._stamp()

    def on_change(self, callback: Callable[[], object]) -> None:
        self._listeners.append(callback)

    def _stamp(self) -> tuple[int, int, int] | None:
        if self._path is None:
            return None
        try:
            st = self._path.stat()
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def current(self) -> str:
        """The key now (the file read again if it changed since the last look)."""
        changed = False
        with self._lock:
            stamp = self._stamp()
            if stamp is not None and stamp != self._seen and self._path is not None:
                try:
                    new = self._path.read_text().strip()
                except OSError:
                    new = ""
                self._seen = stamp
                if new and new != self._key:
                    self._key, changed = new, True
            key = self._key
        if changed:
            log.warning("the host key changed (%s): the old key is refused from now on", self._path)
            for callback in list(self._listeners):
                callback()
        return key

    def matches(self, given: str | None) -> bool:
        if not isinstance(given, str) or not given:
            return False
        return hmac.compare_digest(given.encode(), self.current().encode())
