"""The table's hands and eyes: seat buttons and LEDs, the laser and the beam sensors.

An adapter: it never imports ``companion`` or ``web``. The companion parses
the ``[hardware]`` config, builds the rig and hands it callbacks::

    from hardware import build
    from hardware.config import example_rig
    rig = build(example_rig())          # mock pins anywhere but on a Pi
    rig.on_button(print)
    rig.press("seat0")                  # prints "seat0"
    rig.close()
"""

from hardware.beam import BeamCheck
from hardware.config import ConfigError, HardwareConfig, example_rig, parse
from hardware.errors import BadFault, HardwareError, NotMocked, PinProblem, UnknownDevice
from hardware.rig import Rig, build, is_pi

__all__ = [
    "BadFault",
    "BeamCheck",
    "ConfigError",
    "HardwareConfig",
    "HardwareError",
    "NotMocked",
    "PinProblem",
    "Rig",
    "UnknownDevice",
    "build",
    "example_rig",
    "is_pi",
    "parse",
]
