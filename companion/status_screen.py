"""What the status display shows, decided from the service and the hardware link.

In order of precedence:

1. phones asking to become the host: their codes, which button to hold (and, while the host
   picks one of several, the code shown and what a press and a hold do);
2. a beam check's verdict, for :data:`VERDICT_S` seconds after the shot;
3. the current table: the game, who we wait for (names; while it sets up, who is still to press
   Ready) or who won, and its join QR code;
   while the hardware has a fault (the last beam check found one), a "Fault" line, and
   every other :data:`TURN_S` seconds a full "Hardware fault" frame in its place;
4. otherwise (at start, or the table ended): the join page's address, as a QR code and in
   text (never the host key); "Starting" until the companion knows its address.

One thread draws: woken by a change (a play, a check, a phone asking), and at least every
:data:`TICK_S` for the timed parts. The display skips a frame identical to the one it shows.

It speaks the current table's language (the table screen's, the host's choice), and the
companion's own (the terminal's or the Pi's locale, :mod:`companion.terminal`) when no table is
open; a seat nobody named is "Speler 2" or "Spieler 2" there too.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from engines.text import Text, bot_name, default_seat_name
from hardware import frames
from hardware.display import Display
from hardware.frames import Frame

log = logging.getLogger("companion.display")

STARTING = (Text("Table Companion"), Text("Starting…"))
VERDICT_S = 4.0
TURN_S = 3.0
TICK_S = 0.5
SETTLE_S = 0.05   # after a change, the frame waits this long: the streams answer the play first


def _name(seat: dict[str, Any], lang: str) -> str:
    """A seat's name on the display: as its player typed it, else "Player 2" in ``lang``."""
    if seat.get("named") is False:
        number = int(seat["seat"])
        return bot_name(number, lang) if seat.get("bot") else default_seat_name(number, lang)
    return str(seat["name"])


class StatusScreen:
    """Keeps one display in step with the companion. ``start()`` runs its thread."""

    def __init__(self, display: Display, service: Any, link: Any, *, address: str | None = None,
                 clock: Callable[[], float] = time.monotonic, lang: str = "en") -> None:
        self.display = display
        self.lang = lang   # when no table is open: the companion's own language
        self.service = service
        self.link = link
        self.address = None if address is None else address.rstrip("/")
        self.clock = clock
        self._verdict: tuple[float, dict[str, Any]] | None = None
        self.fault = False
        self._drawn: tuple[tuple[object, ...], Frame] | None = None  # the last drawing and its inputs
        self._wake = threading.Event()
        self._stop = False
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ told by the link
    def set_address(self, url: str) -> None:
        """Where phones reach the companion (an IP address, never ``.local``)."""
        self.address = url.rstrip("/")
        self.wake()

    def verdict(self, report: dict[str, Any]) -> None:
        """A beam check that speaks for the board: shown a few seconds; a fault stays as a line."""
        self._verdict = (self.clock(), report)
        if report.get("result") == "agree":
            self.fault = False
        elif report.get("result") == "fault":
            self.fault = True
        self.wake()

    def wake(self) -> None:
        self._wake.set()

    # ------------------------------------------------------------------ deciding
    def _draw(self, draw: Callable[..., Frame], *args: object, **kw: object) -> Frame:
        """``draw(*args, **kw)``, or the last frame if it was drawn from the same inputs (the
        thread asks twice a second; a QR code and a frame cost a few milliseconds on a Pi)."""
        inputs = (draw.__name__, args, tuple(sorted(kw.items())))
        if self._drawn is None or self._drawn[0] != inputs:
            self._drawn = (inputs, draw(*args, **kw))
        return self._drawn[1]

    def frame(self) -> Frame:
        """The frame for now (nothing is shown)."""
        size = self.display.size
        table = self._table()
        lang = str(table.get("lang") or self.lang) if table is not None else self.lang
        pairing = getattr(self.service, "pairing", None)
        board = pairing.board() if pairing is not None and pairing.button else None
        if pairing is not None and board is not None and board["asking"]:
            return self._draw(frames.pairing, size, pairing.button, lang=self.lang,
                              asking=board["asking"], shown=board["shown"], place=board["place"])
        now = self.clock()
        if self._verdict is not None and now - self._verdict[0] < VERDICT_S:
            report = self._verdict[1]
            return self._draw(frames.beam, size, str(report.get("result")), report.get("suspect"), lang=lang)
        if self.address is None:  # the web server is not listening yet
            return self._draw(frames.message, "start", size, STARTING[0], STARTING[1], lang=self.lang)
        if table is None:
            return self._draw(frames.start, size, self.address + "/", lang=self.lang)
        if self.fault and int(now // TURN_S) % 2:
            return self._draw(frames.fault, size, lang=lang)
        names = [_name(seat, lang) for seat in table["seats"]]
        outcome = self.service.state_of(table["table"]).outcome
        winners = None if outcome is None else tuple(
            names[s] for s in outcome.get("winners", ()) if 0 <= s < len(names))
        ask = getattr(getattr(self.service, "setup", None), "waiting", None)
        to_press = None if ask is None else ask(table["table"])   # setting up: who is still to press Ready
        awaited = table["awaiting"] if to_press is None else sorted(to_press)
        waiting = tuple(names[s] for s in awaited if 0 <= s < len(names))
        return self._draw(frames.table, size, str(table["title"]), waiting,
                          f"{self.address}/play/{table['table']}", winners=winners, fault=self.fault,
                          lang=lang)

    def _table(self) -> dict[str, Any] | None:
        current = getattr(self.link, "current", None)
        if current is None:
            return None
        found = next((t for t in self.service.list_tables() if t["table"] == current), None)
        return None if found is None or found["ended"] else found

    def refresh(self) -> Frame:
        """Draw the frame for now (the display skips it if it is up already)."""
        frame = self.frame()
        self.display.show(frame)
        return frame

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        while not self._stop:
            if self._wake.wait(TICK_S) and not self._stop:
                time.sleep(SETTLE_S)   # woken by a change: the phones get it first
            self._wake.clear()
            if self._stop:
                return
            try:
                self.refresh()
            except Exception:
                log.exception("the status display could not be drawn")

    def start(self) -> None:
        self.refresh()
        self._thread = threading.Thread(target=self._run, name="status-display", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
