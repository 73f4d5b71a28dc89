"""The setup check's verdict: where each laser's beam landed, and which tokens most likely stand wrong.

While a table sets up its box, a setup step with ``check="beam"`` makes the hardware link fire the
laser once for each laser of the start position (``Game.setup_beams``) and read the sensors, as a
move's shot does (``Rig.beam_check``). :func:`verdict` then compares: a beam seen where the setup
sends it agrees; one seen elsewhere (or by no sensor) keeps the game's single slips on its way
whose beam the sensors would have seen the same way, and names the first few, the likeliest first,
in one or two sentences a player can act on::

    >>> from engines.core import Beam, Misplaced, SetupBeam
    >>> from engines.text import Text
    >>> from hardware.beam import BeamCheck
    >>> from hardware.config import parse
    >>> rig = parse({"sensors": {"j8n": {"pin": 22, "watches": "j8:N"},
    ...                          "j5e": {"pin": 23, "watches": "j5:E"}}})
    >>> laser = SetupBeam(0, Beam(("j1", "j5", "j8"), exit=("j8", "N")), (
    ...     Misplaced("j5", Text("the {piece} on {square} is missing",
    ...                          {"piece": Text("Deflector"), "square": "j5"}),
    ...               (Beam(("j1", "j5"), exit=("j5", "E")),)),))
    >>> seen = BeamCheck("mismatch", ("j8", "N"), ("j5", "E"), Text("..."), lit=("j5e",))
    >>> check = verdict(rig, [(laser, seen)])
    >>> check.ok, check.suspects
    (False, ('j5',))
    >>> for line in check.lines: print(line)
    Player 1's laser should leave the board at j8 heading north, but it left at j5 heading east.
    Most likely the Deflector on j5 is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.core import Beam, Misplaced, SetupBeam
from engines.text import Text
from hardware.beam import BeamCheck
from hardware.config import Exit, HardwareConfig, compass

NAMED = 3
"""At most this many suspects are named for one laser (the likeliest first)."""


@dataclass(frozen=True)
class SetupCheck:
    """The verdict of a setup step's beam check: ``ok`` when every laser's beam landed where the
    setup says; else ``lines`` say where it landed and which tokens most likely stand wrong, whose
    squares are ``suspects`` (the table screen may mark them)."""

    ok: bool
    lines: tuple[Text, ...] = ()
    suspects: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"ok", "lines": [{"msgid", "params"}...], "suspects": [squares]}`` (``setup.check``)."""
        return {"ok": self.ok, "lines": [line.to_json() for line in self.lines],
                "suspects": list(self.suspects)}


def verdict(config: HardwareConfig, shots: Sequence[tuple[SetupBeam, BeamCheck]]) -> SetupCheck:
    """One verdict for every laser's shot: ``(the laser as the setup says, what its shot saw)``."""
    lines: list[Text] = []
    suspects: list[str] = []
    for laser, check in shots:
        if check.result == "agree":
            continue
        if check.result != "mismatch":  # a fault (stray light, two sensors lit): the sensors first
            lines.append(check.message)
            continue
        lines.append(_where(laser, check.observed))
        named = _named(config, laser.misplaced, check.observed)
        suspects += [m.square for m in named if m.square not in suspects]
        lines.append(_suspects(named))
    return SetupCheck(ok=not lines, lines=tuple(lines), suspects=tuple(suspects))


def _seen_as(config: HardwareConfig, beam: Beam) -> Exit | None:
    """What the sensors would see of ``beam``: the exit it leaves by if a sensor watches it."""
    if beam.exit is not None and config.sensor_for(beam.exit) is not None:
        return beam.exit
    return None


def _named(config: HardwareConfig, misplaced: Sequence[Misplaced], observed: Exit | None
           ) -> list[Misplaced]:
    """The slips whose beam the sensors would have seen as they did, the first few of them."""
    found = [m for m in misplaced if any(_seen_as(config, beam) == observed for beam in m.beams)]
    return found[:NAMED]


def _where(laser: SetupBeam, observed: Exit | None) -> Text:
    expected = laser.beam
    seen = {} if observed is None else {"seen_square": observed[0], "seen_direction": compass(observed[1])}
    if expected.exit is None:
        return Text("{seat}'s laser should stop at {square}, but it left the board at {seen_square} "
                    "heading {seen_direction}.",
                    {"seat": laser.seat, "square": expected.stopped_at, **seen})
    should = {"seat": laser.seat, "square": expected.exit[0], "direction": compass(expected.exit[1])}
    if observed is None:
        return Text("{seat}'s laser should leave the board at {square} heading {direction}, but no "
                    "sensor saw it.", should)
    return Text("{seat}'s laser should leave the board at {square} heading {direction}, but it left "
                "at {seen_square} heading {seen_direction}.", {**should, **seen})


def _suspects(named: Sequence[Misplaced]) -> Text:
    if not named:
        return Text("No single misplaced token explains this: compare the board with the picture, "
                    "token by token.")
    joined: Text = named[-1].say
    for slip in reversed(named[:-1]):
        joined = Text("{first}, or {rest}", {"first": slip.say, "rest": joined})
    return Text("Most likely {suspects}.", {"suspects": joined})
