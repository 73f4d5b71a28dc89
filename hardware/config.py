"""The ``[hardware]`` table of the companion's TOML config, checked before anything starts.

Pins are BCM numbers (GPIO0 to GPIO27 on the 40-pin header). Every mistake is
one :class:`ConfigError` whose message starts with the key it is about::

    >>> parse({"laser": {"pin": 17}, "sensors": {"j5e": {"pin": 17, "watches": "j5:E"}}})
    Traceback (most recent call last):
    ...
    hardware.config.ConfigError: hardware.sensors.j5e.pin: pin 17 is already the laser's.

A sensor names the place where a beam leaves the board: a square on the edge
and the compass direction the beam travels in (N = towards row 8, E =
towards column j), as Laser Chess reports it in its ``exit``::

    >>> rig = parse({"sensors": {"j5e": {"pin": 22, "watches": "j5:E"}}})
    >>> rig.sensors[0].watches, rig.sensor_for(("j5", "E")).name
    (('j5', 'E'), 'j5e')
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.text import N_, Text

Exit = tuple[str, str]
"""Where a beam leaves the board: (edge square, direction of travel), e.g. ("j5", "E")."""

COLUMNS = "abcdefghij"
ROWS = 8
DIRECTIONS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}


def is_pi() -> bool:
    """Whether this machine is a Raspberry Pi (its device tree says so)."""
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def compass(direction: str) -> Text:
    """A direction as a word of its own (a msgid), to go into a sentence as a parameter.

    >>> compass("E").to_json()
    {'msgid': 'east', 'params': {}}
    """
    return Text(DIRECTIONS[direction])


def default_sensor_label(exit: Exit) -> str:
    return f"Beam sensor {exit[0]} {DIRECTIONS[exit[1]]}"
PIN_FACTORIES = ("lgpio", "mock")
HEADER_PINS = range(0, 28)  # BCM GPIO0-27: every GPIO on the 40-pin header

EXAMPLE_RIG = Path(__file__).with_name("example_rig.toml")

_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
_SQUARE = re.compile(r"^([a-z])(\d{1,2})$")


class ConfigError(ValueError):
    """A mistake in the ``[hardware]`` table; the message names the key first."""

    def __init__(self, key: str, msgid: str, /, **params: Any) -> None:
        self.key = key
        self.text = Text(msgid, params)
        super().__init__(f"{key}: {self.text}")


@dataclass(frozen=True)
class LaserConfig:
    pin: int
    label: str = "Laser"
    window_s: float = 0.3
    """How long one shot keeps the laser on while the sensors are read."""
    auto_fire_s: float | None = None
    """Fire by itself this long after a move; None: wait for the mover's seat button."""

    @property
    def label_text(self) -> Text | str:
        """The label inside a sentence: the default "Laser" in the reader's words, else as written."""
        return Text("Laser") if self.label == "Laser" else self.label


@dataclass(frozen=True)
class ButtonConfig:
    name: str
    pin: int
    label: str
    bounce_s: float = 0.05

    @property
    def label_text(self) -> Text | str:
        """The label inside a sentence: the default one ("Next button", "Seat 1 button") said in
        the reader's words around the button's name; one the owner wrote, as written.

        >>> from engines.text import translate
        >>> translate(ButtonConfig("next", 5, "Next button").label_text)
        'next button'
        >>> translate(ButtonConfig("seat0", 5, "Seat 1 button").label_text)
        'Seat 1 button'
        >>> ButtonConfig("next", 5, "the red one").label_text
        'the red one'
        """
        if self.label != _default_label("button", self.name):
            return self.label
        seat = _seat_number(self.name)
        if seat is not None:
            return Text("Seat {number} button", {"number": seat})
        return Text("{name} button", {"name": self.name})


@dataclass(frozen=True)
class LedConfig:
    name: str
    pin: int
    label: str

    @property
    def label_text(self) -> Text | str:
        """The label inside a sentence: the default one in the reader's words, else as written.

        >>> from engines.text import translate
        >>> translate(LedConfig("seat1", 12, "Seat 2 LED").label_text)
        'Seat 2 LED'
        >>> translate(LedConfig("status", 12, "Status LED").label_text)
        'status LED'
        >>> LedConfig("status", 12, "power").label_text
        'power'
        """
        if self.label != _default_label("LED", self.name):
            return self.label
        seat = _seat_number(self.name)
        if seat is not None:
            return Text("Seat {number} LED", {"number": seat})
        return Text("{name} LED", {"name": self.name})


@dataclass(frozen=True)
class SensorConfig:
    name: str
    pin: int
    watches: Exit
    label: str
    bounce_s: float = 0.005

    @property
    def label_text(self) -> Text | str:
        """The label inside a sentence: the default one translated, one the owner wrote as written.

        >>> from engines.text import translate
        >>> label = SensorConfig("j5e", 22, ("j5", "E"), "Beam sensor j5 east").label_text
        >>> label.msgid, translate(label)
        ('Beam sensor {square} {direction}', 'Beam sensor j5 east')
        >>> SensorConfig("j5e", 22, ("j5", "E"), "door side").label_text
        'door side'
        """
        if self.label != default_sensor_label(self.watches):
            return self.label
        return Text("Beam sensor {square} {direction}",
                    {"square": self.watches[0], "direction": compass(self.watches[1])})


@dataclass(frozen=True)
class DisplayConfig:
    """A 128x64 I2C OLED (``[hardware.display]``); luma's dummy device stands in off a Pi."""

    driver: str = "ssd1306"
    port: int = 1
    """The I2C bus (1 on every 40-pin Pi: SDA GPIO2, SCL GPIO3)."""
    address: int = 0x3C
    """0x3C on most modules, 0x3D with the address jumper moved."""
    rotate: int = 0
    """0 to 3: quarter turns, for a display mounted upside down (2)."""


DISPLAY_DRIVERS = ("ssd1306", "sh1106")


@dataclass(frozen=True)
class HardwareConfig:
    """A whole rig as the config file describes it (no pins are claimed yet)."""

    pin_factory: str | None = None
    laser: LaserConfig | None = None
    buttons: tuple[ButtonConfig, ...] = ()
    leds: tuple[LedConfig, ...] = ()
    sensors: tuple[SensorConfig, ...] = ()
    watch_s: float = 8.0
    """Without a laser: how long the sensors watch after a move for the players' own shot."""
    host_button: str | None = None
    """The button whose long press makes a waiting phone the host (``host`` if there is one,
    else ``next``); None: no button, the host key is the only way in."""
    host_hold_s: float = 2.0
    """How long the host button must be held to count as a long press."""
    display: DisplayConfig | None = None

    def sensor_for(self, exit: Exit | None) -> SensorConfig | None:
        """The sensor that watches this exit, if any."""
        if exit is None:
            return None
        return next((s for s in self.sensors if s.watches == exit), None)

    def button(self, name: str) -> ButtonConfig | None:
        return next((b for b in self.buttons if b.name == name), None)


# --------------------------------------------------------------------------- parsing


def _check_keys(key: str, table: Mapping[str, Any], allowed: set[str]) -> None:
    for name in table:
        if name not in allowed:
            raise ConfigError(
                f"{key}.{name}", "unknown key; the keys here are {allowed}.",
                allowed=", ".join(sorted(allowed)),
            )


def _table(key: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ConfigError(key, "expected a table ([{key}]), got {value!r}.", key=key, value=value)
    return value


def _number(key: str, value: object, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(key, "expected a number of seconds, got {value!r}.", value=value)
    if not low <= value <= high:
        raise ConfigError(key, "{value} is outside {low} to {high} seconds.", value=value, low=low, high=high)
    return float(value)


def _label(key: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(key, "expected a short text, got {value!r}.", value=value)
    return value.strip()


def parse_exit(key: str, value: object) -> Exit:
    """``"j5:E"`` -> ``("j5", "E")``, refusing squares off the board and directions into it."""
    if not isinstance(value, str) or value.count(":") != 1:
        raise ConfigError(key, 'expected "square:direction" such as "j5:E", got {value!r}.', value=value)
    square, direction = (part.strip() for part in value.split(":"))
    square, direction = square.lower(), direction.upper()
    match = _SQUARE.match(square)
    if not match or match[1] not in COLUMNS or not 1 <= int(match[2]) <= ROWS:
        raise ConfigError(key, "{square} is not on the board (a1 to j8).", square=square)
    if direction not in DIRECTIONS:
        raise ConfigError(key, "{direction} is not a direction; use N, E, S or W.", direction=direction)
    column, row = COLUMNS.index(match[1]), int(match[2])
    leaves = {
        "N": row == ROWS, "S": row == 1, "E": column == len(COLUMNS) - 1, "W": column == 0,
    }[direction]
    if not leaves:
        raise ConfigError(
            key, "a beam leaving {square} heading {direction} stays on the board; "
            "a sensor watches an edge square, facing out (for example j5:E).",
            square=square, direction=compass(direction),
        )
    return square, direction


class _Pins:
    """Which device has claimed which pin, to refuse a pin used twice."""

    def __init__(self) -> None:
        self.owner: dict[int, Text] = {}  # whose pin, a phrase of its own (a msgid)

    def claim(self, key: str, value: object, owner: Text) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(key, "expected a BCM pin number such as 17, got {value!r}.", value=value)
        if value not in HEADER_PINS:
            raise ConfigError(
                key, "the Pi has no pin {pin}; BCM pins on the 40-pin header are 0 to 27.", pin=value
            )
        if value in self.owner:
            raise ConfigError(key, "pin {pin} is already {owner}.", pin=value, owner=self.owner[value])
        self.owner[value] = owner
        return value


def _seat_number(name: str) -> int | None:
    """``seat0`` -> 1 (the seat as players count it), else None."""
    return int(name[4:]) + 1 if name.startswith("seat") and name[4:].isdigit() else None


def _default_label(kind: str, name: str) -> str:
    """The label a device gets when the config gives none (English; shown through label_text)."""
    seat = _seat_number(name)
    if seat is not None:
        return f"Seat {seat} {kind}"
    return f"{name.replace('_', ' ').capitalize()} {kind}"


def _named(key: str, value: object) -> Mapping[str, Mapping[str, Any]]:
    devices = _table(key, value)
    for name, spec in devices.items():
        if not _NAME.match(name):
            raise ConfigError(
                f"{key}.{name}", "a device name is lower-case letters, digits, - or _ (like seat0)."
            )
        _table(f"{key}.{name}", spec)
    return devices


def parse(table: Mapping[str, Any]) -> HardwareConfig:
    """Check the ``[hardware]`` table and describe the rig; raises :class:`ConfigError`."""
    root = "hardware"
    table = _table(root, table)
    _check_keys(root, table, {"pin_factory", "watch_s", "laser", "buttons", "leds", "sensors",
                              "host_button", "host_hold_s", "display"})
    pins = _Pins()   # claimed in this order: the laser, buttons, LEDs, sensors

    factory = table.get("pin_factory")
    if factory is not None and factory not in PIN_FACTORIES:
        raise ConfigError(f"{root}.pin_factory", 'expected "lgpio" or "mock", got {value!r}.', value=factory)
    watch_s = _number(f"{root}.watch_s", table.get("watch_s", 8.0), 0.1, 120.0)
    laser = _laser(f"{root}.laser", table["laser"], pins) if "laser" in table else None
    buttons = [_button(f"{root}.buttons.{name}", name, spec, pins)
               for name, spec in _named(f"{root}.buttons", table.get("buttons", {})).items()]
    leds = [_led(f"{root}.leds.{name}", name, spec, pins)
            for name, spec in _named(f"{root}.leds", table.get("leds", {})).items()]
    sensors = _sensors(f"{root}.sensors", table.get("sensors", {}), pins)
    return HardwareConfig(
        pin_factory=factory, laser=laser, buttons=tuple(buttons), leds=tuple(leds),
        sensors=tuple(sensors), watch_s=watch_s, host_button=_host_button(root, table, buttons),
        host_hold_s=_number(f"{root}.host_hold_s", table.get("host_hold_s", 2.0), 0.5, 10.0),
        display=_display(f"{root}.display", table["display"]) if "display" in table else None,
    )


def _laser(key: str, value: object, pins: _Pins) -> LaserConfig:
    spec = _table(key, value)
    _check_keys(key, spec, {"pin", "label", "window_s", "auto_fire_s"})
    if "pin" not in spec:
        raise ConfigError(f"{key}.pin", "the laser needs a pin (a BCM number such as 17).")
    auto = spec.get("auto_fire_s")
    return LaserConfig(
        pin=pins.claim(f"{key}.pin", spec["pin"], Text("the laser's")),
        label=_label(f"{key}.label", spec.get("label", "Laser")),
        window_s=_number(f"{key}.window_s", spec.get("window_s", 0.3), 0.0, 5.0),
        auto_fire_s=None if auto is None else _number(f"{key}.auto_fire_s", auto, 0.0, 60.0),
    )


def _button(key: str, name: str, spec: Mapping[str, Any], pins: _Pins) -> ButtonConfig:
    _check_keys(key, spec, {"pin", "label", "bounce_s"})
    return ButtonConfig(
        name=name,
        pin=pins.claim(f"{key}.pin", spec.get("pin"), Text("button {name}'s", {"name": name})),
        label=_label(f"{key}.label", spec.get("label", _default_label("button", name))),
        bounce_s=_number(f"{key}.bounce_s", spec.get("bounce_s", 0.05), 0.0, 1.0),
    )


def _led(key: str, name: str, spec: Mapping[str, Any], pins: _Pins) -> LedConfig:
    _check_keys(key, spec, {"pin", "label"})
    return LedConfig(
        name=name,
        pin=pins.claim(f"{key}.pin", spec.get("pin"), Text("LED {name}'s", {"name": name})),
        label=_label(f"{key}.label", spec.get("label", _default_label("LED", name))),
    )


def _sensors(root: str, value: object, pins: _Pins) -> list[SensorConfig]:
    """The beam sensors, each watching an exit of its own."""
    sensors: list[SensorConfig] = []
    watched: dict[Exit, str] = {}
    for name, spec in _named(root, value).items():
        key = f"{root}.{name}"
        if name in ("laser", "board"):
            raise ConfigError(key, "{name} is a reserved device name; call the sensor by its exit, like j5e.",
                              name=name)
        _check_keys(key, spec, {"pin", "watches", "label", "bounce_s"})
        pin = pins.claim(f"{key}.pin", spec.get("pin"), Text("sensor {name}'s", {"name": name}))
        if "watches" not in spec:
            raise ConfigError(f"{key}.watches", 'a sensor needs watches = "square:direction", like "j5:E".')
        exit = parse_exit(f"{key}.watches", spec["watches"])
        if exit in watched:
            raise ConfigError(
                f"{key}.watches", "{exit} is already watched by sensor {other}.",
                exit=":".join(exit), other=watched[exit],
            )
        watched[exit] = name
        default = default_sensor_label(exit)
        sensors.append(SensorConfig(
            name=name, pin=pin, watches=exit,
            label=_label(f"{key}.label", spec.get("label", default)),
            bounce_s=_number(f"{key}.bounce_s", spec.get("bounce_s", 0.005), 0.0, 1.0),
        ))
    return sensors


def _host_button(root: str, table: Mapping[str, Any], buttons: list[ButtonConfig]) -> str | None:
    """The button a phone holds to become the host: the one named, else "host" or "next"."""
    names = [b.name for b in buttons]
    host_button: str | None = table.get("host_button",
                                        "host" if "host" in names else "next" if "next" in names else None)
    if host_button is not None and host_button not in names:
        raise ConfigError(f"{root}.host_button", "there is no button called {name}; the buttons are {names}.",
                          name=host_button, names=", ".join(names) or "-")
    return host_button


def _display(key: str, value: object) -> DisplayConfig:
    """``[hardware.display]``: the driver, the I2C bus and address, and a rotation."""
    spec = _table(key, value)
    _check_keys(key, spec, {"driver", "port", "address", "rotate"})
    driver = spec.get("driver", "ssd1306")
    if driver not in DISPLAY_DRIVERS:
        raise ConfigError(f"{key}.driver", 'expected "ssd1306" or "sh1106", got {value!r}.', value=driver)
    whole = {}
    for name, default, low, high in (("port", 1, 0, 20), ("address", 0x3C, 0x03, 0x77), ("rotate", 0, 0, 3)):
        number = spec.get(name, default)
        if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
            raise ConfigError(f"{key}.{name}", "expected a whole number from {low} to {high}, got {value!r}.",
                              low=low, high=high, value=number)
        whole[name] = number
    return DisplayConfig(driver=driver, **whole)


def load(path: str | Path) -> HardwareConfig:
    """Read a TOML file and parse its ``[hardware]`` table (an empty rig if there is none)."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    return parse(data.get("hardware", {}))


def example_rig() -> HardwareConfig:
    """The rig in ``hardware/example_rig.toml``: what ``companion serve`` uses on a laptop.

    >>> rig = example_rig()
    >>> rig.laser.pin, [b.name for b in rig.buttons], [led.name for led in rig.leds]
    (17, ['seat0', 'seat1', 'next'], ['seat0', 'seat1', 'status'])
    """
    return load(EXAMPLE_RIG)
