"""Judging a shot: what the engine says the beam did against what the sensors saw.

Pure logic, no pins: :func:`judge` takes the sensors lit with the laser off
(the baseline), the sensors lit while it fired, and the engine's beam, and
returns a :class:`BeamCheck` whose message a player can act on::

    >>> from hardware.config import parse
    >>> rig = parse({"sensors": {"j8n": {"pin": 22, "watches": "j8:N"},
    ...                          "a4w": {"pin": 23, "watches": "a4:W"}}})
    >>> path = ["j1", "j2", "j3", "j4", "i4", "h4", "h5", "i5", "j5", "j6", "j7", "j8"]
    >>> judge(rig, ("j8", "N"), path, None, baseline=(), seen=("j8n",)).result
    'agree'
    >>> check = judge(rig, ("j8", "N"), path, None, baseline=(), seen=("a4w",))
    >>> check.result, check.suspect
    ('mismatch', 'j5')
    >>> print(check.message)
    The beam should have left at j8 heading north, but it left at a4 heading west; check the token on j5.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.text import Text
from hardware.config import Exit, HardwareConfig, SensorConfig, compass

_STEP = {(0, 1): "N", (1, 0): "E", (0, -1): "S", (-1, 0): "W"}


@dataclass(frozen=True)
class BeamCheck:
    """The verdict of one shot: ``agree``, ``mismatch`` (look at the board) or ``fault`` (hardware)."""

    result: str
    expected: Exit | None
    observed: Exit | None
    message: Text
    lit: tuple[str, ...] = ()
    suspect: str | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The agreed ``last_beam_check`` shape; ``message`` is ``{"msgid", "params"}``, ``text`` English."""
        return {
            "result": self.result,
            "expected": _exit_json(self.expected),
            "observed": _exit_json(self.observed),
            "message": self.message.to_json(),
            "text": str(self.message),
            "lit": list(self.lit),
            "suspect": self.suspect,
            **self.extra,
        }


def _exit_json(exit: Exit | None) -> dict[str, str] | None:
    return None if exit is None else {"square": exit[0], "direction": exit[1]}


def _xy(square: str) -> tuple[int, int]:
    return ord(square[0]) - ord("a"), int(square[1:])


def suspect_square(path: Sequence[str] | None) -> str | None:
    """The square of the last token that turned the beam: the first one to check.

    With no turn on the path, the laser itself (its direction) is the suspect.

    >>> suspect_square(["j1", "j2", "j3", "i3", "h3"])
    'j3'
    >>> suspect_square(["a8", "a7", "a6"])
    'a8'
    """
    if not path:
        return None
    last = path[0]
    heading = None
    for here, there in itertools.pairwise(path):
        (x0, y0), (x1, y1) = _xy(here), _xy(there)
        step = _STEP.get((x1 - x0, y1 - y0))
        if heading is not None and step != heading:
            last = here
        heading = step
    return last


def _labels(config: HardwareConfig, names: Sequence[str]) -> Text | str:
    """The sensors' labels for a sentence, each translated where it is the default one."""
    by_name = {s.name: s.label_text for s in config.sensors}
    labels = [by_name.get(name, name) for name in names]
    joined = labels[-1] if labels else ""
    for label in reversed(labels[:-1]):
        joined = Text("{first}, {rest}", {"first": label, "rest": joined})
    return joined


def judge(
    config: HardwareConfig,
    expected: Exit | None,
    path: Sequence[str] | None,
    stopped_at: str | None,
    *,
    baseline: Sequence[str],
    seen: Sequence[str],
) -> BeamCheck:
    """Compare one shot; ``baseline`` = sensors lit before firing, ``seen`` = lit while firing."""
    suspect = suspect_square(path)
    if baseline:
        return BeamCheck(
            "fault", expected, None,
            Text("{sensor} sees light while the laser is off: stray light, or its threshold is set "
                 "too low. Shade it or turn its screw, then fire again.",
                 {"sensor": _labels(config, baseline)}),
            lit=tuple(baseline), suspect=suspect,
        )
    want = config.sensor_for(expected)
    shot = _Shot(config, expected, stopped_at, tuple(seen), suspect, want,
                 {} if expected is None else {"square": expected[0], "direction": compass(expected[1])},
                 suspect or (expected[0] if expected else stopped_at) or "?")
    if want is not None and want.name in shot.lit:
        return _as_expected(shot, want)
    if not shot.lit:
        return _unseen(shot)
    return _elsewhere(shot)


@dataclass(frozen=True)
class _Shot:
    """One shot being judged, with what every verdict's sentence needs."""

    config: HardwareConfig
    expected: Exit | None
    stopped_at: str | None
    lit: tuple[str, ...]
    suspect: str | None
    want: SensorConfig | None          # the sensor watching the expected exit
    where: dict[str, Any]              # the expected exit, for a sentence
    check_at: str                      # the square to look at first


def _as_expected(shot: _Shot, want: SensorConfig) -> BeamCheck:
    """The expected exit's sensor lit: agree, unless another one lit too."""
    expected, lit = shot.expected, shot.lit
    others = [name for name in lit if name != want.name]
    if others:
        return BeamCheck(
            "fault", expected, expected,
            Text("{sensor} lit as well as {expected_sensor}, but a beam leaves the board only "
                 "once: check for stray light.",
                 {"sensor": _labels(shot.config, others), "expected_sensor": want.label_text}),
            lit=lit, suspect=shot.suspect,
        )
    return BeamCheck(
        "agree", expected, expected,
        Text("The beam left at {square} heading {direction}, as the game says.", shot.where),
        lit=lit, suspect=shot.suspect,
    )


def _unseen(shot: _Shot) -> BeamCheck:
    """No sensor lit: right if the beam stays on the board or leaves where none watches."""
    expected, stopped_at, want = shot.expected, shot.stopped_at, shot.want
    if expected is None:
        text = (
            Text("The beam stopped on the board at {square}, as the game says.", {"square": stopped_at})
            if stopped_at else Text("No sensor saw the beam, as the game says.")
        )
        return BeamCheck("agree", None, None, text, suspect=shot.suspect)
    if want is None:
        return BeamCheck(
            "agree", expected, None,
            Text("No sensor watches {square} heading {direction}, where the beam should have "
                 "left, and no other sensor saw it.", shot.where),
            suspect=shot.suspect,
        )
    return BeamCheck(
        "mismatch", expected, None,
        Text("The beam should have left at {square} heading {direction}, but no sensor saw it; "
             "check the token on {suspect}, that the laser fires, and that {sensor} faces the beam.",
             {**shot.where, "suspect": shot.check_at, "sensor": want.label_text}),
        suspect=shot.check_at,
    )


def _elsewhere(shot: _Shot) -> BeamCheck:
    """Another sensor lit than the expected exit's: the board differs from the game."""
    watches = {s.name: s.watches for s in shot.config.sensors}
    expected, lit = shot.expected, shot.lit
    observed = watches[lit[0]]
    seen_at = {"seen_square": observed[0], "seen_direction": compass(observed[1])}
    if expected is None:
        stop = shot.stopped_at or shot.check_at
        return BeamCheck(
            "mismatch", None, observed,
            Text("The beam should have stopped at {square}, but it left at {seen_square} heading "
                 "{seen_direction}; check the token on {suspect}.",
                 {"square": stop, **seen_at, "suspect": stop}),
            lit=lit, suspect=stop,
        )
    return BeamCheck(
        "mismatch", expected, observed,
        Text("The beam should have left at {square} heading {direction}, but it left at "
             "{seen_square} heading {seen_direction}; check the token on {suspect}.",
             {**shot.where, **seen_at, "suspect": shot.check_at}),
        lit=lit, suspect=shot.check_at,
    )
