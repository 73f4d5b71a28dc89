"""Errors the hardware raises, each with a sentence for people.

They carry an :class:`engines.text.Text` (``.text``) and an HTTP-like
``status`` so that the companion can turn them into its own service errors
without knowing every subclass: 400 for a bad request, 404 for an unknown
device, 409 for something the rig cannot do right now (real pins, no laser).
"""

from __future__ import annotations

from typing import Any

from engines.text import Text


class HardwareError(Exception):
    """Something the hardware cannot do, said in a sentence a host can act on."""

    status = 409

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.text = Text(msgid, params)
        super().__init__(str(self.text))


class UnknownDevice(HardwareError):
    """No device of that name (or not of the kind asked for) is configured."""

    status = 404


class BadFault(HardwareError):
    """A fault name the simulator does not know, or one that does not fit the device."""

    status = 400


class NotMocked(HardwareError):
    """Pressing virtual buttons and injecting faults only works on mock pins."""

    status = 409


class PinProblem(HardwareError):
    """A pin could not be claimed or the pin factory could not be loaded."""

    status = 409
