"""Shared by the recipes: real pins on a Raspberry Pi, gpiozero's mock pins anywhere else."""

from pathlib import Path

from gpiozero import Device
from gpiozero.pins.mock import MockFactory


def on_a_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


MOCK = not on_a_pi()
if MOCK:
    Device.pin_factory = MockFactory()
