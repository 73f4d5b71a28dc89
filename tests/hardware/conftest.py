"""The hardware tests' shared pieces, in gpiozero's own style.

- ``mock_factory``: a fresh ``MockFactory`` installed as gpiozero's default for
  one test module, ``reset()`` (pins and reservations released) in ``finally``.
- ``rig``: the example rig built ONCE per module on those mock pins: a
  ``Button`` costs about 0.1 s to close, so no test builds its own. Tests that
  change the rig's simulated world put it back (``clean_rig``). Its laser
  window is 2 ms (the simulator answers at once).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.hardware_link import HardwareLink, attach
from companion.service import Service
from hardware import Rig, build
from hardware.config import example_rig


@pytest.fixture(scope="module")
def mock_factory() -> Iterator[MockFactory]:
    saved = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = saved


class FakeClock:
    """A clock the tests move by hand (debounce is measured with it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float = 1.0) -> None:
        self.now += seconds


@pytest.fixture(scope="module")
def clock() -> FakeClock:
    return FakeClock()


SHOT_WINDOW = 0.002
"""The tests' laser window: the simulator answers at once, so 2 ms instead of the rig's 0.3 s."""


@pytest.fixture(scope="module")
def rig(mock_factory: MockFactory, clock: FakeClock) -> Iterator[Rig]:
    config = example_rig()
    assert config.laser is not None
    config = replace(config, laser=replace(config.laser, window_s=SHOT_WINDOW))
    built = build(config, pin_factory=mock_factory, clock=clock)
    try:
        yield built
    finally:
        built.close()


@pytest.fixture
def clean_rig(rig: Rig, clock: FakeClock) -> Iterator[Rig]:
    """The module's rig with no faults, no physical beam and the laser off, before and after."""

    def tidy() -> None:
        assert rig.simulator is not None
        for device in [*rig.simulator.faults]:
            rig.inject_fault(device, "none")
        rig.set_physical_beam(None)
        rig.last_beam_check = None
        clock.tick()

    tidy()
    try:
        yield rig
    finally:
        tidy()


@pytest.fixture
def link(service: Service, clean_rig: Rig) -> Iterator[HardwareLink]:
    """The clean rig attached to the test's service, detached afterwards."""
    linked = attach(service, clean_rig)
    try:
        yield linked
    finally:
        linked.close()
