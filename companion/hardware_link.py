"""The companion's side of the hardware: the rig follows the current table, and its buttons play.

``attach(service, rig)`` registers a service listener and a button callback:

* **Seat LEDs** follow the current table: blinking while a seat is awaited,
  steady once it has handed in a hidden play while others still think, a fast
  flicker for the winners, off otherwise. In Laser Chess the mover's LED
  blinks until their shot has been fired.
* **Buttons.** A seat button means what the game says: in Laser Chess it is
  "fire" (the mover presses it after their move, like the button on the real
  laser); in other games it plays the seat's ``pass`` or ``ready`` action if
  that is legal. A press from a seat with nothing to do is ignored. The
  ``next`` button calls ``service.advance(table)``.
* **Setting up** (the table option ``setting_up``, companion/setting_up.py): while the
  table sets up, a seat's LED is lit (steady) while that seat still has to press Ready
  and off once it has, and a seat button presses Ready for its seat (what the phone's
  Ready button posts), in every game, Laser Chess too: nothing is fired or passed before
  the game opens. A press from a seat already ready, or not at the table, is ignored.
  Once every seat is ready (or the host skips) the LEDs follow the game as above.
* **Sharks with Lasers.** The laser module fires a short shot for every
  shark laser (``beam`` events; there is no beam check: the sharks' board has
  no sensors), and a seat's LED flashes (the ``error`` pattern) for
  ``death_flash_s`` when its agent is eaten or fried. The seat button passes
  in phase II, through the ``pass`` rule above.
* **The beam check** runs after each Laser Chess move (on the mover's button,
  or by itself after ``laser.auto_fire_s``; without a laser the sensors watch
  for the players' own shot at once, and a watch ends early once the next move
  or an undo supersedes its shot, so the new shot's watch starts at once).
  A mismatch or a fault is told to the table with ``service.notify(table,
  text)``, and the host can correct the board or undo. The verdict is
  ``last_beam_check`` in ``GET /api/hardware``.
* **The setup check.** While a table sets up, the step that asks for it (``check="beam"``)
  calls :meth:`HardwareLink.check_setup`: the laser fires once for each laser of the start
  position and the verdict names the tokens that most likely stand wrong (companion/setup_check.py).
* **Storage faults.** While the store refuses writes (a failing SD card, a full
  disk, the data folder gone) the status LED shows the ``error`` pattern and
  ``GET /api/hardware`` says so in ``storage_fault``; once writes work again the
  status LED goes back to what the last beam check showed.

The current table is the most recently active unfinished one (a finished one
stays current, showing its winner, until another table moves).

GPIO callbacks and service listeners only enqueue; one worker thread does the
work in order (gpiozero#697: slow callbacks drop edges), a second one runs
beam checks so that a shot never holds up a button or an LED, and a third one
makes the service calls a button asks for (``advance``, a ``pass``): those
write to SQLite before they return, and an LED must not wait for that write.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.setup_check import SetupCheck, verdict
from companion.status_screen import StatusScreen
from engines import TABLE, Event, Game, State, may_see
from engines.core import HardwareRoles
from hardware.errors import UnknownDevice

log = logging.getLogger("companion.hardware")

DEATH_FLASH_S = 3.0


@dataclass(frozen=True)
class Salvo:
    """Shots the laser module fires to show the game's own lasers (no beam check)."""

    table: str
    shots: int


@dataclass(frozen=True)
class Shot:
    """A Laser Chess shot waiting for the physical laser: what the engine says it did."""

    table: str
    seat: int
    version: int
    exit: tuple[str, str] | None
    path: tuple[str, ...]
    stopped_at: str | None


def _shot_from(table: str, version: int, ev: Event) -> Shot:
    exit = ev.get("exit")
    return Shot(
        table=table, seat=int(ev.get("seat", -1)), version=version,
        exit=None if not exit else (str(exit["square"]), str(exit["direction"])),
        path=tuple(ev.get("path") or ()), stopped_at=ev.get("stopped_at"),
    )


class HardwareLink:
    """Keeps a rig in step with a service. Build it with :func:`attach`."""

    def __init__(self, service: Any, rig: Any, *, start: bool = True, lang: str = "en") -> None:
        self.service = service
        self.rig = rig
        laser = rig.config.laser
        self.has_laser = laser is not None
        self.auto_fire_s: float | None = laser.auto_fire_s if laser is not None else None
        self.current: str | None = None
        self.pending: Shot | None = None
        self._failed: Shot | None = None  # a shot whose check failed: its button fires it again
        self.last_beam_check: dict[str, Any] | None = None
        self.ignored: list[tuple[str, str]] = []  # (button, why): the last few ignored presses
        self.host_button: str | None = None  # its short press steps through the codes while the host picks
        self._lock = threading.RLock()
        self._awaiting: dict[str, frozenset[int]] = {}
        self._submitted: dict[str, frozenset[int]] = {}
        self._seen: dict[str, State] = {}  # the state the LEDs were last worked out for
        self._version: dict[str, int] = {}
        self._work: queue.Queue[tuple[Callable[..., None], tuple[Any, ...]] | None] = queue.Queue()
        self._beams: queue.Queue[tuple[Shot | Salvo, float] | None] = queue.Queue()
        self._calls: queue.Queue[tuple[Callable[..., None], tuple[Any, ...]] | None] = queue.Queue()
        self._threads: list[threading.Thread] = []
        self._closed = False
        self.death_flash_s = DEATH_FLASH_S
        self.shots_shown = 0  # shots fired for Salvo (status and tests)
        self._flashing: dict[str, frozenset[int]] = {}
        self._timers: list[threading.Timer] = []
        display = getattr(rig, "display", None)
        self.screen = None if display is None else StatusScreen(display, service, self, lang=lang)
        if start:
            if self.screen is not None:
                self.screen.start()
            for target, name in ((self._run, "hardware-link"), (self._run_beams, "beam-check"),
                                 (self._run_calls, "hardware-calls")):
                thread = threading.Thread(target=target, name=name, daemon=True)
                thread.start()
                self._threads.append(thread)

    # ------------------------------------------------------------------ plumbing
    def listener(self, table: str, state: State, events: list[Event]) -> None:
        """The service listener: called after every committed change; only enqueues."""
        if self._closed:
            return
        self._work.put((self._changed, (table, state, list(events))))

    def button(self, name: str) -> None:
        """The rig's button callback (a GPIO thread): only enqueues."""
        self._work.put((self._pressed, (name,)))

    def long_press(self, name: str) -> None:
        """The host button held (a GPIO thread): it shows an asking phone's code, or makes the phone
        whose code is shown the host (companion/pairing.py)."""
        self._work.put((self.service.pairing.pressed, (name,)))

    def _run(self) -> None:
        self._serve(self._work)

    def _run_calls(self) -> None:
        self._serve(self._calls)

    @staticmethod
    def _serve(q: queue.Queue[tuple[Callable[..., None], tuple[Any, ...]] | None]) -> None:
        while True:
            item = q.get()
            try:
                if item is None:
                    return
                fn, args = item
                fn(*args)
            except Exception:
                log.exception("hardware link failed")
            finally:
                q.task_done()

    def _run_beams(self) -> None:
        while True:
            item = self._beams.get()
            try:
                if item is None:
                    return
                shot, delay = item
                if delay:
                    time.sleep(delay)
                if isinstance(shot, Salvo):
                    self._fire_salvo(shot)
                else:
                    self._check(shot)
            except Exception:
                log.exception("beam check failed")
            finally:
                self._beams.task_done()

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until every queued press, change and beam check is done (for tests and the panel)."""
        deadline = time.monotonic() + timeout
        queues: tuple[queue.Queue[Any], ...] = (self._work, self._calls, self._beams)
        busy = True
        while busy:  # until one pass finds every queue idle (each can feed the others)
            busy = False
            for q in queues:
                with q.all_tasks_done:
                    while q.unfinished_tasks:
                        busy = True
                        left = deadline - time.monotonic()
                        if left <= 0:
                            return False
                        q.all_tasks_done.wait(left)
        return True

    def close(self) -> None:
        """Stop the worker threads and stop listening to the rig's buttons."""
        if self._closed:
            return
        self._closed = True
        self.rig.wake_watch()  # an open watch ends now, so the beam thread can stop
        if self.screen is not None:
            self.screen.close()
        for timer in self._timers:
            timer.cancel()
        self.rig.off_button(self.button)
        self.rig.off_long_press(self.long_press)
        pairing = getattr(self.service, "pairing", None)
        if pairing is not None:
            pairing.set_button(None, pairing.hold_s)  # no button listens any more
        self._work.put(None)
        self._beams.put(None)
        self._calls.put(None)
        for thread in self._threads:
            thread.join(timeout=5)

    # ------------------------------------------------------------------ table changes
    def _changed(self, table: str, state: State, events: list[Event]) -> None:
        before = self.pending
        try:
            self._follow_change(table, state, events)
        finally:
            if self.screen is not None:
                self.screen.wake()
            if before is not None and self.pending != before:
                # Its shot is superseded: a watch still open for it ends now, so the
                # new shot's watch starts at once (no laser: the players fire right away).
                self.rig.wake_watch()

    def _follow_change(self, table: str, state: State, events: list[Event]) -> None:
        public = [ev for ev in events if may_see(ev, None)]
        closed = any(ev.get("type") == "table_ended" for ev in public)
        ended = state.outcome is not None or closed
        with self._lock:
            if ended:
                self._forget(table)
            if not ended or self.current is None or self.current == table:
                if self.current != table and self.pending is not None:
                    self.pending = None  # another table took over: its shot can wait no more
                self.current = table
            if table != self.current:
                return
            if closed:  # the host ended the table: nothing is awaited any more
                self.pending = None
                self.rig.show_seats()
                return
            version = self._version.get(table, 0) + 1
            self._version[table] = version
            roles = state.game.hardware
            shots = [ev for ev in public if roles.shot_event and ev.get("type") == roles.shot_event]
            if any(ev.get("type") == "undo" for ev in public) or (
                    self.pending is not None and self.pending.table == table and shots):
                self.pending = None  # the board changed again: that shot can no longer be checked
            if shots and roles.button == "fire":
                shot = _shot_from(table, version, shots[-1])
                self.pending = shot
                self.rig.set_physical_beam(shot.exit)  # the simulator's board follows the engine's
                if not self.has_laser:
                    self._beams.put((shot, 0.0))  # the players fire the game's own laser
                elif self.auto_fire_s is not None:
                    self._beams.put((shot, self.auto_fire_s))
            self._game_signals(table, roles, public)
            self._show(table, state)

    def _forget(self, table: str) -> None:
        """A table that is over: what the seat LEDs followed of it goes (its last state among it),
        so an evening keeps none of the tables played (an undo that opens it again starts from a
        new decision). Caller holds the lock."""
        for followed in (self._awaiting, self._submitted, self._seen):
            followed.pop(table, None)

    def _game_signals(self, table: str, roles: HardwareRoles, public: list[Event]) -> None:
        """The game's own lasers (a shot of the module each) and flashing seats, as it declares."""
        shots = sum(1 for ev in public if ev.get("type") in roles.show_shot_events)
        if shots and self.has_laser:
            self._beams.put((Salvo(table, shots), 0.0))
        dead = frozenset(int(ev["seat"]) for ev in public if ev.get("type") in roles.flash_events)
        if dead:
            self._flashing[table] = self._flashing.get(table, frozenset()) | dead
            unflash = (self._unflash, (table, dead))
            timer = threading.Timer(self.death_flash_s, self._work.put, args=(unflash,))
            timer.daemon = True
            self._timers = [*(t for t in self._timers if t.is_alive()), timer]
            timer.start()

    def _unflash(self, table: str, seats: frozenset[int]) -> None:
        with self._lock:
            left = self._flashing.get(table, frozenset()) - seats
            if left:
                self._flashing[table] = left
            else:
                self._flashing.pop(table, None)
            if table == self.current and not self._closed:
                self._show(table, self.service.state_of(table))

    def _fire_salvo(self, salvo: Salvo) -> None:
        """Fire the laser module once per shot (the laser's own window each, a short gap between)."""
        laser = self.rig.config.laser
        window = laser.window_s if laser is not None else 0.0
        for _ in range(salvo.shots):
            if self._closed:
                return
            self.rig.set_laser(True)
            time.sleep(window)
            self.rig.set_laser(False)
            time.sleep(window / 2)
            self.shots_shown += 1

    def _show(self, table: str, state: State) -> None:
        """Seat LEDs for this table's state, then a dead agent's flash on top (caller holds the lock)."""
        self._show_state(table, state)
        for seat in self._flashing.get(table, frozenset()):
            self.rig.set_led(f"seat{seat}", "error")

    def _show_state(self, table: str, state: State) -> None:
        if state.outcome is not None:
            self.rig.show_seats(winners=state.outcome.get("winners", ()))
            return
        waiting = self._setup_waiting(table)
        if waiting is not None:   # setting up: lit, still to press Ready; off, ready
            self.rig.show_seats(steady=waiting)
            return
        awaiting, submitted = self._follow(table, state)
        pending = self.pending
        if pending is not None and pending.table == table and self.has_laser:
            self.rig.show_seats(blinking=[pending.seat])
            return
        self.rig.show_seats(blinking=awaiting, steady=submitted)

    def _follow(self, table: str, state: State) -> tuple[frozenset[int], frozenset[int]]:
        """(awaited, handed in and waiting for the others) for this state of the table.

        Worked out once per new state (a play, an undo), never from the awaited
        sets alone: a play by an awaited seat either leaves the others still
        thinking (the awaited set shrinks: the players who left it have handed
        in) or opens a new decision, in which nobody has handed in yet, even
        when it awaits exactly the seats the last one ended with (a Fzzzt!
        auction after a player has run out of cards). A change that is not a
        play (a seat taken, a flash ending, a shot confirmed) changes nothing.
        """
        # a reading (the hits of real dice, a card turned) is the table's, but a phone enters it:
        # the seats that may enter it blink too
        awaiting = frozenset(s for s in (*state.awaiting, *(state.reading or ())) if s != TABLE)
        if self._seen.get(table) is state:
            return awaiting, self._submitted.get(table, frozenset()) - awaiting
        before = self._awaiting.get(table)
        if before is not None and awaiting and awaiting < before:
            submitted = self._submitted.get(table, frozenset()) | (before - awaiting)
        else:
            submitted = frozenset()  # a new decision: everyone it awaits still has to play
        self._seen[table], self._awaiting[table], self._submitted[table] = state, awaiting, submitted
        return awaiting, submitted

    def _setup_waiting(self, table: str) -> frozenset[int] | None:
        """The seats still to press Ready while ``table`` sets up; None once its game is open."""
        ask = getattr(getattr(self.service, "setup", None), "waiting", None)
        found = None if ask is None else ask(table)
        return None if found is None else frozenset(found)

    # ------------------------------------------------------------------ buttons
    def _ignore(self, name: str, why: str) -> None:
        log.info("button %s ignored: %s", name, why)
        self.ignored = [*self.ignored[-19:], (name, why)]

    def _pressed(self, name: str) -> None:
        pairing = getattr(self.service, "pairing", None)
        if name == self.host_button and pairing is not None and pairing.step(name):
            return  # the host picks a phone's code: a short press shows the next one
        table = self.current
        if table is None:
            self._ignore(name, "no table")
            return
        if name == "next":
            self._calls.put((self.service.advance, (table,)))  # a SQLite write: off this thread
            return
        if not (name.startswith("seat") and name[4:].isdigit()):
            self._ignore(name, "no meaning")
            return
        seat = int(name[4:])
        if self._setup_waiting(table) is not None:
            self._calls.put((self._ready, (name, table, seat)))  # a SQLite write: off this thread
            return
        state = self.service.state_of(table)
        roles = state.game.hardware
        if roles.button == "none":
            self._ignore(name, "the seat buttons have no meaning in this game")
            return
        if roles.button == "fire":
            with self._lock:
                shot = self.pending
            if shot is None or shot.table != table or shot.seat != seat:
                self._ignore(name, "no shot of this seat to fire")
            elif (not self.has_laser or self.auto_fire_s is not None) and shot != self._failed:
                self._ignore(name, "the shot fires by itself")
            else:
                self._beams.put((shot, 0.0))
            return
        self._calls.put((self._play, (name, table, seat)))

    def _ready(self, name: str, table: str, seat: int) -> None:
        """A seat button while the table sets up: Ready for that seat (the calls thread)."""
        waiting = self._setup_waiting(table)  # now, after any press queued before this one
        if waiting is None:
            self._ignore(name, "the table is no longer setting up")
        elif seat not in waiting:
            self._ignore(name, "seat already ready or not at this table")
        else:
            try:
                self.service.setup.ready(table, seat)
            except Exception as exc:  # a race with the phone or the host's skip
                self._ignore(name, f"refused: {exc}")

    def _play(self, name: str, table: str, seat: int) -> None:
        """A seat button outside Laser Chess: the seat's ``pass``/``ready`` (the calls thread)."""
        state = self.service.state_of(table)  # now, after any press queued before this one
        if seat not in state.awaiting:
            self._ignore(name, "seat not awaited")
            return
        for action in state.legal_actions(seat):
            if action.get("type") in state.game.hardware.button_actions:
                try:
                    self.service.act(table, seat, action)
                except Exception as exc:  # a race with a phone (the phone won), or the table ended
                    self._ignore(name, f"refused: {exc}")
                return
        self._ignore(name, "nothing for a button to do")

    # ------------------------------------------------------------------ the beam check
    def _check(self, shot: Shot) -> None:
        with self._lock:
            if self.pending != shot:
                return  # undone or superseded while it waited
        # The shot is a frozen copy of the engine's beam taken before the laser fired:
        # a move that arrives during the window changes self.pending, never this check.
        check = self.rig.beam_check(
            shot.exit, path=shot.path, stopped_at=shot.stopped_at,
            context={"table": shot.table, "seat": shot.seat}, show_status=False,
            until=lambda: self._closed or self.pending != shot,  # superseded: stop watching for it
        )
        report = check.to_json()
        with self._lock:
            superseded = self.pending != shot  # the next move (or an undo) came during the window
            if superseded:
                # It no longer speaks for the board: the host can read it, the table is not told,
                # and the status LED keeps what it showed.
                report["superseded"] = True
            self.last_beam_check = report
            if not superseded and self.screen is not None:
                self.screen.verdict(report)
            if not superseded:
                self.rig.set_status("ready" if check.result == "agree" else "error")
                if check.result == "agree":
                    self.pending = None  # confirmed; otherwise the mover may fire again once it is fixed
                    try:
                        self._show(shot.table, self.service.state_of(shot.table))
                    except Exception:
                        log.exception("could not refresh the LEDs of table %s", shot.table)
                else:
                    self._failed = shot
        if superseded:
            log.info("beam check on table %s superseded by a later change: %s", shot.table, check.message)
        elif check.result != "agree":
            notify = getattr(self.service, "notify", None)
            if notify is None:
                log.warning("beam check on table %s: %s", shot.table, check.message)
            else:
                notify(shot.table, check.message)

    # ------------------------------------------------------------------ the setup check
    def check_setup(self, game: Game, state: State) -> SetupCheck | None:
        """Fire the laser once for each laser of ``state`` (a start position) and say whether every
        beam landed where the setup sends it, naming the tokens that most likely stand wrong.

        None when the rig has no laser or no sensor, or the game no laser of its own. Each shot
        is a move's (the sensors read with the laser off, then during ``window_s``); the status
        LED shows the verdict. It blocks for the shots (0.3 s each in the example rig)."""
        config = self.rig.config
        if config.laser is None or not config.sensors:
            return None
        lasers = game.setup_beams(state)
        if not lasers:
            return None
        shots = []
        for laser in lasers:
            beam = laser.beam
            check = self.rig.beam_check(beam.exit, path=beam.path, stopped_at=beam.stopped_at,
                                        show_status=False, seat=laser.seat)
            shots.append((laser, check))
        result = verdict(config, shots)
        self.rig.set_status("ready" if result.ok else "error")
        if not result.ok:
            log.info("setup check of %s: %s", game.id, " ".join(str(line) for line in result.lines))
        return result

    def storage(self, fault: object) -> None:
        """The service's fault listener: the status LED shows a failing store (only enqueues)."""
        if not self._closed:
            self._work.put((self._show_storage, (fault is not None,)))

    def _show_storage(self, failing: bool) -> None:
        with self._lock:
            check = self.last_beam_check
        if failing:
            self.rig.set_status("error")
        else:
            self.rig.set_status("error" if check is not None and check.get("result") != "agree"
                                else "ready")

    # ------------------------------------------------------------------ what the service delegates
    def hardware_status(self) -> dict[str, Any]:
        status: dict[str, Any] = self.rig.status()
        status["table"] = self.current
        with self._lock:
            if self.last_beam_check is not None:
                status["last_beam_check"] = self.last_beam_check
            status["shots_shown"] = self.shots_shown
            status["pending_shot"] = None if self.pending is None else {
                "table": self.pending.table, "seat": self.pending.seat}
        return status

    def press(self, button: str, held_s: float = 0.0) -> dict[str, Any]:
        """Press a virtual button, held ``held_s`` (a ``HardwareError``, a
        :class:`engines.core.Refusal`, says why not: the web answers it with its own status)."""
        self.rig.press(button, held_s)
        self.wait_idle(timeout=5.0)
        return self.hardware_status()

    def display_png(self) -> bytes:
        """The status display's frame now, as a PNG, four times its size (the host page shows it)."""
        if self.rig.display is None:
            raise UnknownDevice("There is no status display in the config ([hardware.display]).")
        png: bytes = self.rig.display.png(scale=4)
        return png

    def inject_fault(self, device: str, fault: str | None) -> dict[str, Any]:
        self.rig.inject_fault(device, fault)
        return self.hardware_status()


def attach(service: Any, rig: Any, lang: str = "en") -> HardwareLink:
    """Tie ``rig`` to ``service``: listener, button callback, and the service's hardware calls.

    The service's ``hardware_status()/press()/inject_fault()`` then go through the
    link (so hardware refusals become the web's 4xx errors and the status shows
    the table's last beam check). ``lang``: the status display's language when no table is open
    (the command line's, :mod:`companion.terminal`).
    """
    link = HardwareLink(service, rig, lang=lang)
    service.add_listener(link.listener)
    service.faults.add_listener(link.storage)
    rig.on_button(link.button)
    host_button = rig.config.button(rig.config.host_button or "")
    if host_button is not None:
        rig.on_long_press(link.long_press)
        link.host_button = host_button.name
        service.pairing.set_button(host_button.label_text, rig.config.host_hold_s)
        if link.screen is not None:
            service.pairing.on_change(link.screen.wake)
    service.hardware = link
    rig.set_status("ready")
    return link
