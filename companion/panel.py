"""The hardware as the host page sees it: the devices, the virtual panel's buttons, injected faults.

A thin door onto the hardware link (companion/hardware_link.py), or the words for a companion
without hardware. The status always carries the storage fault (the host page shows it with the
status LED's meaning).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines import Text
from web.service import Conflict


class Panel:
    def __init__(self, hardware: Callable[[], Any], fault: Callable[[], Text | None]) -> None:
        """``hardware``: the hardware link now, or None; ``fault``: the storage fault's sentence."""
        self._hardware, self._fault = hardware, fault

    def _link(self) -> Any:
        link = self._hardware()
        if link is None:
            raise Conflict("No hardware is configured.")
        return link

    def hardware_status(self) -> dict[str, Any]:
        fault, link = self._fault(), self._hardware()
        if link is None:
            return {"pin_factory": None, "mock": False, "devices": [], "last_beam_check": None,
                    "storage_fault": fault.to_json() if fault else None}
        result: dict[str, Any] = link.hardware_status()
        result["storage_fault"] = fault.to_json() if fault else None
        return result

    def press(self, button: str, held_s: float = 0.0) -> dict[str, Any]:
        result: dict[str, Any] = self._link().press(button, held_s)
        return result

    def display_png(self) -> bytes:
        """The status display's frame now (a PNG); Conflict without hardware."""
        png: bytes = self._link().display_png()
        return png

    def inject_fault(self, device: str, fault: str) -> dict[str, Any]:
        result: dict[str, Any] = self._link().inject_fault(device, fault)
        return result
