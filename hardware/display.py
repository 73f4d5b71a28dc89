"""The optional status display: a 128x64 I2C OLED (SSD1306 or SH1106) through luma.oled.

luma.oled draws Pillow images, so the frames (:mod:`hardware.frames`) are
plain ``"1"``-mode images. On real pins the display is opened on its I2C bus
(``/dev/i2c-1``: SDA GPIO2, SCL GPIO3) at its address; on mock pins (off a Pi,
in CI) it is luma's ``dummy`` device, which keeps the last frame, so the host
page's virtual panel and the tests can show exactly what a real display would.

>>> from hardware.config import DisplayConfig
>>> from hardware import frames
>>> display = open_display(DisplayConfig(), mock=True)
>>> display.show(frames.start(display.size, "http://192.0.2.1:8080/"))
True
>>> display.status()["showing"], display.png()[:4]
('start', b'\\x89PNG')
>>> display.close()
"""

from __future__ import annotations

import io
import logging
import threading
from typing import Any

from engines.text import Text
from hardware.config import DisplayConfig
from hardware.errors import PinProblem
from hardware.frames import Frame

log = logging.getLogger(__name__)


def where(config: DisplayConfig) -> Text:
    """The display's place in a sentence: its I2C bus and address."""
    return Text("I2C bus {port} at address {address}",
                {"port": config.port, "address": f"0x{config.address:02X}"})


def _device(config: DisplayConfig, mock: bool) -> Any:
    if mock:
        from luma.core.device import dummy  # type: ignore[import-untyped]

        return dummy(width=128, height=64, rotate=config.rotate, mode="1")
    from luma.core.error import Error as LumaError  # type: ignore[import-untyped]
    from luma.core.interface.serial import i2c  # type: ignore[import-untyped]
    from luma.oled import device as oled  # type: ignore[import-untyped]

    driver = getattr(oled, config.driver)
    try:
        return driver(i2c(port=config.port, address=config.address), width=128, height=64,
                      rotate=config.rotate)
    except (LumaError, OSError) as exc:
        raise PinProblem(
            "No {driver} display answers on {where} ({reason}): check SDA (GPIO2, pin 3), SCL (GPIO3, "
            "pin 5), 3.3 V and GND, and that I2C is on (raspi-config, Interface Options).",
            driver=config.driver.upper(), where=where(config), reason=str(exc) or type(exc).__name__,
        ) from exc


class Display:
    """One OLED (or luma's dummy), and the frame it shows."""

    def __init__(self, config: DisplayConfig, device: Any, *, dummy: bool) -> None:
        self.config = config
        self.device = device
        self.dummy = dummy
        self.size: tuple[int, int] = (int(device.size[0]), int(device.size[1]))
        self.frame: Frame | None = None
        self.frames_shown = 0
        self._lock = threading.Lock()
        self._closed = False

    def show(self, frame: Frame) -> bool:
        """Show ``frame`` unless the same one is up already (an I2C frame costs about 25 ms)."""
        with self._lock:
            if self._closed or (self.frame is not None and self.frame.key == frame.key and frame.key):
                return False
            self.device.display(frame.image)
            self.frame = frame
            self.frames_shown += 1
            return True

    def png(self, scale: int = 1) -> bytes:
        """The frame on the display now, as a PNG (blank before the first)."""
        from PIL import Image

        with self._lock:
            image = self.frame.image if self.frame is not None else Image.new("1", self.size, 0)
        if scale > 1:
            image = image.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST)
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    def status(self) -> dict[str, Any]:
        """The display in ``GET /api/hardware``."""
        frame = self.frame
        return {"driver": self.config.driver, "port": self.config.port,
                "address": f"0x{self.config.address:02X}", "dummy": self.dummy,
                "showing": None if frame is None else frame.kind,
                "lines": [] if frame is None else list(frame.lines), "frames": self.frames_shown}

    def close(self) -> None:
        """Blank the display and let the bus go (luma's cleanup); safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        try:
            self.device.cleanup()
        except Exception:  # shutting down: the display may be gone already
            log.exception("the display did not close cleanly")


def open_display(config: DisplayConfig, *, mock: bool) -> Display:
    """The configured display (luma's dummy on mock pins); :class:`PinProblem` if none answers."""
    return Display(config, _device(config, mock), dummy=mock)
