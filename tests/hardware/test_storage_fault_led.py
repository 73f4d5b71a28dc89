"""The hardware's fault line says when the store is failing (issue 17): the status LED shows the
``error`` pattern and ``GET /api/hardware`` carries ``storage_fault``, until writes work again."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from companion.hardware_link import HardwareLink
from companion.service import Service
from companion.store import STORAGE_FAILING, StorageFailure
from hardware import Rig
from tests.waits import patience


def eventually(test: Callable[[], bool], link: HardwareLink, timeout: float = 5.0) -> bool:
    end = time.monotonic() + patience(timeout)
    while time.monotonic() < end:
        link.wait_idle(patience(1.0))
        if test():
            return True
        time.sleep(0.01)
    return False


def test_a_failing_store_lights_the_fault_line_until_writes_work_again(
        service: Service, link: HardwareLink, clean_rig: Rig) -> None:
    table = service.create_table("fake-guess", 2, {}, seed=4)["table"]
    link.wait_idle(patience(5))
    assert clean_rig.led_mode("status") == "on"
    service.store._db.execute("PRAGMA query_only = 1")   # SQLite: "attempt to write a readonly database"
    with pytest.raises(StorageFailure):
        service.act(table, 0, {"type": "pick", "notation": "pick1"})
    assert eventually(lambda: clean_rig.led_mode("status") == "error", link)
    assert service.panel.hardware_status()["storage_fault"]["msgid"] == STORAGE_FAILING
    service.store._db.execute("PRAGMA query_only = 0")
    service.act(table, 0, {"type": "pick", "notation": "pick1"})
    assert eventually(lambda: clean_rig.led_mode("status") == "on", link)
    assert service.panel.hardware_status()["storage_fault"] is None
