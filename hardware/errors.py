"""Errors the hardware raises, each with a sentence for people.

They are :class:`engines.core.Refusal` s (the base of every room's refusals): a
sentence (``.text``) and an HTTP-like ``status``, so that the web answers them
without knowing every subclass: 400 for a bad request, 404 for an unknown
device, 409 for something the rig cannot do right now (real pins, no laser).
"""

from __future__ import annotations

from engines.core import Refusal


class HardwareError(Refusal):
    """Something the hardware cannot do, said in a sentence a host can act on."""

    status = 409


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
