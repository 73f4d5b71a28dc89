"""Becoming the host without a terminal: the "link button" pattern, where the host's own phone says
which phone the companion's button would make the host.

A phone opens ``/host`` without the key and asks to become the host (:meth:`Pairing.ask`); it keeps
asking how its request stands (:meth:`Pairing.look`) while the page is open. The person at the Pi
then uses the companion's host button:

- a **hold** (:meth:`Pairing.pressed`) while phones ask makes nobody the host: it opens a *choice*.
  The companion shows one request's code at a time (the status display: "Code 4712 · 1 of 2"), and
  each phone says whether the code shown is its own;
- a **short press** (:meth:`Pairing.step`) shows the next code;
- a **hold** while the host's own phone says its code is shown makes that phone the host (the web
  then opens a host session for it, :meth:`Pairing.claim`, once; :class:`HostSessions`); every other
  phone is told to ask again.

The threat: anyone on the Wi-Fi sends requests from any number of addresses, the host phone's own
address too, and reads every public answer. What holds against it:

- **The hold that pairs is decided by the host's phone**, never by who asks: no hold pairs a phone
  whose code was not shown first, the code shown moves only by the host's short press, and a
  request that is shown cannot be withdrawn or replaced. The host holds when their own phone says
  "the companion shows your code"; what a stranger's phone says does not matter.
- **No request ends by another's doing**: a request waits until its own page withdraws or replaces
  it (its cookie holds a random token), or the host's button decides. Nothing expires while a phone
  waits (a dark screen asks no more than it did), nothing is dropped to make room: a full queue, or
  an address holding :data:`PER_ADDRESS` requests, refuses the *new* request. A choice the host
  leaves for :data:`WINDOW_S` lapses, and its phones are told to ask again.
- **No two phones are ever shown the same code**: a request gets its code only when the host's
  press first shows it (asking never hands one out), codes are never given twice while the
  companion runs, and no answer lists them; only the status display, in front of the host, shows
  the code it shows.

>>> clock = [0.0]
>>> pairing = Pairing(clock=lambda: clock[0])
>>> pairing.set_button("Next button", 2.0)
>>> anna = pairing.ask("192.0.2.7")
>>> pairing.look(anna)
{'state': 'waiting', 'code': None, 'shown': False}
>>> clock[0] = 500.0                    # Anna's screen went dark: her request still waits
>>> pairing.pressed("next"), pairing.state(anna)      # a hold shows her code, and pairs nobody
(True, 'choosing')
>>> looked = pairing.look(anna)
>>> looked["shown"], len(looked["code"]) == CODE_DIGITS, pairing.board()["shown"] == looked["code"]
(True, True, True)
>>> pairing.pressed("next")             # her phone said so: the second hold makes her the host
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
"""A choice lapses this long after the host's last press (the host walked away: its phones are told
to ask again). The status display and the table screen advertise requests while one of them is
this recent, or while a choice is open; an older request still waits."""
MAX_WAITING = 32
"""Requests waiting at once (a flood cannot grow memory). A further request is refused, never one
that waits dropped: the host's request stays however many others ask."""
PER_ADDRESS = 2
"""Requests waiting from one address: a further one from it is refused (one address cannot take the
whole queue). Its own page asking again replaces its earlier request instead."""
CODE_DIGITS = 4
"""A shown request's code: at least four digits (more once half of them are given), never two
alike while the companion runs; words on every screen, no colour."""

PairState = Literal["waiting", "choosing", "paired", "expired", "ask-again", "unknown"]

SAY: dict[str, str] = {
    "waiting": N_("Hold the button on the companion: it shows a code, and this phone says whether it "
                  "is yours."),
    "choosing": N_("The companion shows another phone's code. Press its button briefly until this "
                   "phone says it shows yours, then hold it."),
    "shown": N_("The companion shows your code {code} now: hold its button to make this phone the host."),
    "paired": N_("This phone is now the host."),
    "expired": N_("Nobody pressed the button in time. Ask again."),
    "ask-again": N_("The host picked another phone's code. Ask again."),
    "unknown": N_("This phone has not asked to become the host."),
}
"""What the host page says in each state (msgids); ``shown``: choosing, and this phone's code is
the one the companion shows."""

TOO_MANY = N_("Too many phones are asking to become the host now: ask again later, or open the "
              "host page with the host key.")


@dataclass
class _Request:
    who: str
    asked_at: float
    seen_at: float
    code: str | None = None   # given when the host's press first shows it, kept for its life
    state: PairState = "waiting"


@dataclass
class _Choice:
    """The host held the button while phones asked: their requests in a random order, the one shown."""

    order: list[str]          # request tokens
    shown: str                # the token whose code is shown
    touched: float            # the host's last press: the choice lapses WINDOW_S after it
    steps: int = field(default=0)


class Pairing:
    """The phones waiting to become the host, and the host button's presses that pick one."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic,
                 window_s: float = WINDOW_S) -> None:
        self._clock = clock
        self.window_s = window_s
        self.button: str | Text | None = None  # the host button's label; None: no button, no pairing
        self.hold_s = 2.0
        self._requests: dict[str, _Request] = {}
        self._choice: _Choice | None = None
        self._given: set[str] = set()   # every code shown since the companion started
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
        """For the host page: the button's label and hold time, the choice's window (or no button)."""
        button = self.button.to_json() if isinstance(self.button, Text) else self.button
        return {"button": button, "hold_s": self.hold_s, "window_s": self.window_s}

    # ------------------------------------------------------------------ under the lock
    def _expire(self, now: float) -> None:
        """The host's choice lapses WINDOW_S after their last press; a request that waits never
        lapses. A decided request is forgotten once its phone has had time to read how it ended."""
        choice = self._choice
        if choice is not None and now - choice.touched > self.window_s:
            for token in choice.order:
                if token in self._requests and self._requests[token].state == "waiting":
                    self._requests[token].state = "expired"
            self._choice = None
            log.info("host pairing: nobody was picked within %.0f s of the last press; the phones "
                     "were told to ask again", self.window_s)
        for token, req in list(self._requests.items()):
            if req.state != "waiting" and now - max(req.asked_at, req.seen_at) > 2 * self.window_s:
                del self._requests[token]

    def _asking(self) -> list[str]:
        """The requests waiting, oldest first."""
        return [token for token, req in self._requests.items() if req.state == "waiting"]

    def _order(self) -> list[str]:
        """The choice's requests as they are shown, without those that are gone."""
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

    def _is_shown(self, token: str) -> bool:
        return self._choice is not None and self._choice.shown == token

    def _show(self, token: str) -> str:
        """Show ``token``'s request: its code, given now if it has none (never one given before)."""
        assert self._choice is not None
        self._choice.shown = token
        req = self._requests[token]
        if req.code is None:
            digits = CODE_DIGITS
            while len(self._given) * 2 >= 9 * 10 ** (digits - 1):
                digits += 1
            while req.code is None or req.code in self._given:
                req.code = str(10 ** (digits - 1) + secrets.randbelow(9 * 10 ** (digits - 1)))
            self._given.add(req.code)
        return req.code

    # ------------------------------------------------------------------ the phones
    def ask(self, who: str, replacing: str | None = None) -> str:
        """A phone asks to become the host; its secret request token (for its cookie).
        ``replacing``: this phone's earlier request (its cookie), which it gives up. Conflict when
        the queue is full or ``who`` already has PER_ADDRESS requests waiting: nothing waiting is
        ever dropped for a newcomer."""
        if self.button is None:
            raise Conflict("This companion has no button to press; open the host page with its key.")
        token = secrets.token_urlsafe(24)
        now = self._clock()
        with self._lock:
            self._expire(now)
            earlier = self._find(replacing)
            given_up = earlier[0] if earlier is not None and not self._is_shown(earlier[0]) else None
            waiting = [t for t in self._asking() if t != given_up]
            full = len(waiting) >= MAX_WAITING
            crowded = sum(self._requests[t].who == who for t in waiting) >= PER_ADDRESS
            if not (full or crowded):
                if given_up is not None:
                    self._drop(given_up)
                self._requests[token] = _Request(who, now, now)
                if self._choice is not None:
                    self._choice.order.append(token)   # joins the end: the code shown stays
        if full or crowded:
            log.warning("host pairing: %s asks to become the host, refused: %s", who,
                        "the queue is full" if full else "its address has requests waiting already")
            raise Conflict(TOO_MANY)
        log.info("host pairing: %s asks to become the host; waiting for a hold of %s", who, self.button)
        self._changed()
        return token

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
        """How this phone's request stands: ``{"state", "code", "shown"}`` (``code``: its own, once
        the companion has shown it, while it asks; ``shown``: the companion shows it now)."""
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
        """Whether a phone asks now."""
        with self._lock:
            self._expire(self._clock())
            return bool(self._asking())

    def board(self) -> dict[str, Any]:
        """What the status display shows: ``{"asking", "choosing", "place", "shown"}``: how many
        phones ask (0: nothing to show; requests nobody pressed for within WINDOW_S are not
        advertised), and while the host picks, the place of the code shown and the code itself
        (the display's alone: the web answers leave it out)."""
        now = self._clock()
        with self._lock:
            self._expire(now)
            if self._choice is None:
                asking = self._asking()
                recent = any(now - self._requests[t].asked_at <= self.window_s for t in asking)
                return {"asking": len(asking) if recent else 0, "choosing": False, "place": None,
                        "shown": None}
            order = self._order()
            shown = self._choice.shown if self._choice.shown in order else None
            return {"asking": len(order), "choosing": True,
                    "place": order.index(shown) + 1 if shown is not None else None,
                    "shown": self._requests[shown].code if shown is not None else None}

    # ------------------------------------------------------------------ the host button
    def pressed(self, button: str) -> bool:
        """The host button was held: with no choice open, it opens one over the phones asking and
        shows the first code (nobody is paired); with one open, the phone whose code is shown
        becomes the host. False when the hold did nothing."""
        with self._lock:
            self._expire(self._clock())
            done = self._confirm(button) if self._choice is not None else self._open(button)
        if done:
            self._changed()
        return done

    def _open(self, button: str) -> bool:
        asking = self._asking()
        if not asking:
            log.info("host pairing: hold of %s, but no phone is waiting", button)
            return False
        order = list(asking)
        secrets.SystemRandom().shuffle(order)
        self._choice = _Choice(order, order[0], self._clock())
        code = self._show(order[0])
        log.info("host pairing: hold of %s with %d phone(s) asking: showing code %s, 1 of %d; a hold "
                 "while a phone says its code is shown makes it the host", button, len(order), code,
                 len(order))
        return True

    def _confirm(self, button: str) -> bool:
        assert self._choice is not None
        shown = self._choice.shown
        if shown not in self._requests or self._requests[shown].state != "waiting":
            log.info("host pairing: hold of %s, but the phone shown is gone", button)
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
        log.info("host pairing: %s (code %s) is now the host (hold of %s); %d other phone(s) "
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
            at = (order.index(self._choice.shown) + 1 if self._choice.shown in order else 0) % len(order)
            code = self._show(order[at])
            self._choice.touched = self._clock()
            self._choice.steps += 1
            log.info("host pairing: %s pressed: code %s shown, %d of %d", button, code, at + 1, len(order))
        self._changed()
        return True

    @staticmethod
    def say(state: str, code: str | None = None) -> Text:
        msgid = SAY.get(state, SAY["unknown"])
        return Text(msgid, {"code": code} if code and "{code}" in msgid else {})


@dataclass
class _Session:
    id: str
    token_hash: str
    label: str
    created: float
    seen: float


class HostSessions:
    """Each host device's own session: a random token in that device's HttpOnly cookie,
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
        rows = store.shelves.host_sessions() if store is not None else []
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
            self._store.shelves.save_host_session(session.id, session.token_hash, session.label,
                                                  session.created)
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
            self._store.shelves.delete_host_sessions([session_id])
        with self._lock:
            self._sessions.pop(session_id, None)
        log.info("host session %s revoked", session_id)
        return True

    def revoke_all(self) -> int:
        """End every device's session (the host key changed); how many there were."""
        with self._lock:
            ids = list(self._sessions)
        if self._store is not None and ids:
            self._store.shelves.delete_host_sessions(ids)
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
