"""The companion's one config file (TOML), checked key by key.

Every mistake is one :class:`ConfigError` whose message starts with the key it
is about, so the host reads a sentence instead of a traceback::

    >>> parse({"port": "eighty"})
    Traceback (most recent call last):
    ...
    companion.config.ConfigError: port: expected a whole number from 1 to 65535, got 'eighty'.
    >>> parse({"bots": {"think_secs": 2}})
    Traceback (most recent call last):
    ...
    companion.config.ConfigError: bots.think_secs: unknown key; the keys here are think_seconds.
    >>> parse({}).port
    8080

The ``[hardware]`` table is handed whole to ``hardware.config.parse`` (its
errors name the key too, e.g. ``hardware.sensors.j5e.pin``). See
``docs/companion.example.toml`` for every key with a comment.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines.text import Text, translate

SECURITIES = ("WPA", "WEP", "nopass")


class ConfigError(ValueError):
    """A bad config key or value: where (the key, the file, the flag), then a sentence (a msgid).

    ``str()`` is English, for logs and tracebacks; :meth:`said` is the terminal's language. Keys,
    files and values stay as written: they are what the host types.

    >>> from engines.text import CATALOGUES
    >>> CATALOGUES["xx"] = {"no such config file.": "gibt es nicht."}
    >>> error = ConfigError("c.toml", "no such config file.")
    >>> str(error), error.said("xx")
    ('c.toml: no such config file.', 'c.toml: gibt es nicht.')
    >>> del CATALOGUES["xx"]
    """

    def __init__(self, where: str, msgid: str | Text, /, **params: Any) -> None:
        self.where = where
        self.text = msgid if isinstance(msgid, Text) else Text(msgid, params)
        super().__init__(f"{where}: {self.text}" if where else str(self.text))

    def within(self, outer: str) -> ConfigError:
        """The same refusal, said as part of ``outer`` (a file: ``c.toml: port: ...``)."""
        return ConfigError(f"{outer}: {self.where}" if self.where else outer, self.text)

    def said(self, lang: str) -> str:
        """The refusal in ``lang``: the place as written, the sentence translated."""
        sentence = translate(self.text, lang)
        return f"{self.where}: {sentence}" if self.where else sentence


@dataclass(frozen=True)
class Config:
    port: int = 8080
    bind: str = "0.0.0.0"
    data_dir: Path | None = None          # None: the user's data directory (see default_data_dir)
    host_key: str | None = None           # None: generated once and kept in the data directory
    wifi: dict[str, Any] | None = None    # {"ssid", "password", "security"} for the Wi-Fi QR code
    think_seconds: float = 1.0            # how long a bot may think per move
    hardware: dict[str, Any] | None = None  # the raw [hardware] table; None: the default rig
    source: str = field(default="(defaults)", compare=False)


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/companion`` or ``~/.local/share/companion``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


def _unknown(prefix: str, table: Mapping[str, Any], known: tuple[str, ...]) -> None:
    for key in table:
        if key not in known:
            raise ConfigError(f"{prefix}{key}", "unknown key; the keys here are {allowed}.",
                              allowed=", ".join(known))


def _int(key: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(key, "expected a whole number from {low} to {high}, got {value!r}.",
                          low=low, high=high, value=value)
    return value


def _text(key: str, value: object, *, allow_empty: bool = False) -> str:
    if not isinstance(value, str) or (not allow_empty and not value.strip()):
        raise ConfigError(key, "expected text in quotes, got {value!r}.", value=value)
    return value


def parse(data: Mapping[str, Any], source: str = "(defaults)") -> Config:
    """A :class:`Config` from a parsed TOML document; raises :class:`ConfigError`."""
    _unknown("", data, ("port", "bind", "data_dir", "host_key", "wifi", "bots", "hardware"))
    port = _int("port", data.get("port", 8080), 1, 65535)
    bind = _text("bind", data.get("bind", "0.0.0.0"))
    data_dir = Path(_text("data_dir", data["data_dir"])) if "data_dir" in data else None
    host_key = None
    if "host_key" in data:
        host_key = _text("host_key", data["host_key"])
        if len(host_key) < 8:
            raise ConfigError("host_key", "use at least {count} characters, so nobody guesses it.", count=8)
    wifi = None
    if "wifi" in data:
        raw = data["wifi"]
        if not isinstance(raw, Mapping):
            raise ConfigError("wifi", "expected a table ([{key}]), got {value!r}.", key="wifi", value=raw)
        _unknown("wifi.", raw, ("ssid", "password", "security"))
        if "ssid" not in raw:
            raise ConfigError("wifi.ssid", "missing; the Wi-Fi QR code needs the network's name.")
        security = raw.get("security", "WPA")
        if security not in SECURITIES:
            raise ConfigError("wifi.security", "expected one of {choices}, got {value!r}.",
                              choices=", ".join(SECURITIES), value=security)
        password = _text("wifi.password", raw.get("password", ""), allow_empty=True)
        if security != "nopass" and not password:
            raise ConfigError("wifi.password", "missing; give it, or set {setting}.",
                              setting='security = "nopass"')
        wifi = {"ssid": _text("wifi.ssid", raw["ssid"]), "password": password, "security": security}
    think = 1.0
    if "bots" in data:
        bots = data["bots"]
        if not isinstance(bots, Mapping):
            raise ConfigError("bots", "expected a table ([{key}]), got {value!r}.", key="bots", value=bots)
        _unknown("bots.", bots, ("think_seconds",))
        value = bots.get("think_seconds", 1.0)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 60:
            raise ConfigError("bots.think_seconds", "expected seconds from {low} to {high}, got {value!r}.",
                              low=0, high=60, value=value)
        think = float(value)
    hardware = None
    if "hardware" in data:
        if not isinstance(data["hardware"], Mapping):
            raise ConfigError("hardware", "expected a table ([{key}]), got {value!r}.", key="hardware",
                              value=data["hardware"])
        hardware = dict(data["hardware"])
    return Config(port, bind, data_dir, host_key, wifi, think, hardware, source)


def load(path: str | Path) -> Config:
    """Read and check a TOML file; every problem is a :class:`ConfigError` naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(str(path), "no such config file.") from None
    except OSError as exc:
        raise ConfigError(str(path), "cannot be read ({reason}).", reason=exc.strerror) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(str(path), "not valid TOML: {problem}.", problem=str(exc)) from None
    try:
        return parse(data, str(path))
    except ConfigError as exc:
        raise exc.within(str(path)) from None
