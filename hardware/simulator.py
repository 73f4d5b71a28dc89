"""The physical world under mock pins: a board whose beam the sensors can see.

When the laser pin is on, the simulator drives LOW (lit, as an LM393 module
does) the sensor that watches where the *physical* board's beam leaves, and
every other sensor HIGH (dark). The companion tells it where that beam goes
(:meth:`Simulator.set_physical_beam`, normally the engine's own exit), and
faults make the physical world disagree:

* ``dead`` (the laser): nothing ever lights;
* ``stuck-lit`` / ``stuck-dark`` (a sensor): lit even with the laser off / never lit;
* ``turned`` (the pseudo-device ``board``): a token on the physical board is
  turned the wrong way, so the beam leaves by another watched exit than the
  engine's (or where :meth:`Simulator.turn_token` says);
* ``misplaced`` (the pseudo-device ``board``, set by :meth:`Simulator.set_real_position`, a
  test's hook): the board as it really stands, a token turned or missing; a setup check's shot
  of a seat's laser then lights where that board sends the beam;
* ``none`` clears a device's fault.

A shot sees the board as it was when the laser switched on: a later
:meth:`Simulator.set_physical_beam` (the next move, posted from a phone while
the window is still open) takes effect for the next shot, never the one in
flight. On a real table the next move cannot be made inside the window.

Mock pin callbacks run synchronously in the caller's thread, so a sensor's
``when_activated`` has fired by the time :meth:`update` returns.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from engines.core import Seat, State
from hardware.config import Exit
from hardware.errors import BadFault, UnknownDevice

BOARD = "board"
SENSOR_FAULTS = ("stuck-lit", "stuck-dark")
_UNSET: Any = object()


class Simulator:
    def __init__(self, sensors: Mapping[str, tuple[Any, Exit]], laser: str | None) -> None:
        self._sensors = dict(sensors)  # name -> (DigitalInputDevice, exit it watches)
        self._laser = laser
        self._lock = threading.RLock()
        self.faults: dict[str, str] = {}
        self.physical_beam: Exit | None = None
        self._shot_beam: Exit | None = None  # physical_beam as it was when the laser switched on
        self._override: Any = _UNSET
        self._real: State | None = None  # the board as it really stands (set_real_position)
        self._aimed: tuple[Exit | None] | None = None  # the next shot's own beam (aim), used once
        self.laser_on = False
        self.update()

    # -- what the companion and tests tell it
    def set_physical_beam(self, exit: Exit | None) -> None:
        """Where the beam leaves the physical board (None: it stops on the board).

        While the laser is on, the shot in flight keeps the beam it started with."""
        with self._lock:
            self.physical_beam = exit
            self.update()

    def aim(self, exit: Exit | None, seat: Seat) -> None:
        """The next shot alone is ``seat``'s laser of a setup check: its beam leaves at ``exit`` (the
        game's), or where the real position sends it if one is set. The physical beam a move set
        stays for the shot that waits for it."""
        with self._lock:
            real = self._real
            if real is not None:
                exit = next((laser.beam.exit for laser in real.game.setup_beams(real)
                             if laser.seat == seat), None)
            self._aimed = (exit,)

    def set_real_position(self, state: State | None) -> None:
        """The board as it really stands, a token turned or missing (None: as the game says); a
        setup check's shots see it (the ``misplaced`` fault of ``board``; ``none`` clears it)."""
        with self._lock:
            self._real = state
            if state is None:
                if self.faults.get(BOARD) == "misplaced":
                    self.faults.pop(BOARD)
            else:
                self.faults[BOARD] = "misplaced"

    def turn_token(self, exit: Exit | None) -> None:
        """A token turned the wrong way: from now on the physical beam leaves at ``exit``."""
        with self._lock:
            self._override = exit
            self.faults[BOARD] = "turned"
            self.update()

    def inject(self, device: str, fault: str | None) -> None:
        fault = None if fault in (None, "", "none") else fault
        with self._lock:
            if device == BOARD:
                allowed: tuple[str, ...] = ("turned",)
            elif device == self._laser:
                allowed = ("dead",)
            elif device in self._sensors:
                allowed = SENSOR_FAULTS
            else:
                raise UnknownDevice(
                    "No laser, sensor or board called {device}: faults go to those.", device=device
                )
            if fault is None:
                self.faults.pop(device, None)
                if device == BOARD:
                    self._override = _UNSET
                    self._real = None
            elif fault not in allowed:
                raise BadFault(
                    "{device} cannot have the fault {fault}; it can have: {allowed}, or none.",
                    device=device, fault=fault, allowed=", ".join(allowed),
                )
            else:
                self.faults[device] = fault
            self.update()

    # -- the physical world
    def beam_now(self) -> Exit | None:
        """Where the physical beam leaves the board, faults included (a shot in flight: its own)."""
        board = self._shot_beam if self.laser_on else self.physical_beam
        if self.faults.get(BOARD) != "turned":
            return board
        if self._override is not _UNSET:
            return self._override  # type: ignore[no-any-return]
        others = [exit for _, exit in self._sensors.values() if exit != board]
        return others[0] if others else None

    def set_laser(self, on: bool) -> None:
        with self._lock:
            if on and not self.laser_on:
                aimed, self._aimed = self._aimed, None
                # the board as the shot finds it, or the beam a setup check aimed this shot at
                self._shot_beam = self.physical_beam if aimed is None else aimed[0]
            self.laser_on = on
            self.update()

    def players_shot(self) -> None:
        """Without a laser of ours: the players fire the game's own laser (a short flash)."""
        with self._lock:
            self.set_laser(True)
            self.set_laser(False)

    def update(self) -> None:
        with self._lock:
            firing = self.laser_on and self.faults.get(self._laser or "") != "dead"
            beam = self.beam_now() if firing else None
            for name, (device, exit) in self._sensors.items():
                fault = self.faults.get(name)
                lit = fault == "stuck-lit" or (fault != "stuck-dark" and beam is not None and exit == beam)
                if device.closed:
                    continue
                if lit:
                    device.pin.drive_low()
                else:
                    device.pin.drive_high()
