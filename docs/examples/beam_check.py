"""The whole beam check with the rig: baseline, fire, read, compare with the engine's exit.

Uses the example rig (hardware/example_rig.toml). On mock pins the simulator
plays the board: first the beam leaves where the game says, then a token is
turned the wrong way. On a Pi, point the laser at sensor j8n and run it.
Run from the repository root: python docs/examples/beam_check.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hardware import build
from hardware.config import example_rig

# Ace, Blue's opening shot: j1 north, j4, west to h4, north to h5, east to j5, north off the board at j8.
PATH = ["j1", "j2", "j3", "j4", "i4", "h4", "h5", "i5", "j5", "j6", "j7", "j8"]

with build(example_rig()) as rig:
    rig.set_physical_beam(("j8", "N"))       # mock pins only: where the board's beam goes
    print(rig.beam_check(("j8", "N"), path=PATH).message)
    if rig.mock:
        rig.turn_token(("j5", "E"))          # someone knocked the j5 Deflector
        print(rig.beam_check(("j8", "N"), path=PATH).message)
