"""The setup check: fire the laser once for each laser of a start position, name a misplaced token.

Uses the example rig (hardware/example_rig.toml) and Laser Chess's Ace setup. On mock pins the
simulator plays the board: first as the setup says, then as a table might really set it up, with
Blue's Deflector on j5 left in the box. On a Pi, set up Ace on the board and run it.
Run from the repository root: python docs/examples/setup_check.py
"""

import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engines
from companion.hardware_link import HardwareLink
from engines.laser_chess import board as B
from hardware import build
from hardware.config import example_rig

game = engines.get("laser-chess")
state = game.start(players=2, seed=0, options={"setup": "ace"})

with build(example_rig()) as rig:
    link = HardwareLink(SimpleNamespace(), rig, start=False)  # no service: only its setup check
    check = link.check_setup(game, state)
    print("as set up:", "agrees" if check.ok else " ".join(str(line) for line in check.lines))
    if rig.mock:
        real = bytearray(state.board)
        real[B.parse_square("j5")] = 0               # the j5 Deflector left in the box
        rig.set_real_position(replace(state, board=bytes(real)))
        check = link.check_setup(game, state)
        for line in check.lines:
            print(line)
        print("suspects:", ", ".join(check.suspects))
