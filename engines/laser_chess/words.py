"""The words Laser Chess's sentences put together (msgids of their own, nested as Text parameters, so
that a Dutch or German phone translates the whole sentence, not all but the nouns)."""

from __future__ import annotations

from engines.laser_chess import board as B
from engines.text import N_, Text

PIECE_WORDS = {B.LASER: Text("Laser"), B.KING: Text("King"), B.DEFENDER: Text("Defender"),
               B.SWITCH: Text("Switch"), B.DEFLECTOR: Text("Deflector")}
COMPASS = {"N": Text("north"), "E": Text("east"), "S": Text("south"), "W": Text("west")}
COLOUR_NAMES = (Text("Blue"), Text("Red"))  # a side, as a noun: "Blue tokens may never enter a3"
SETUP_NAMES = {"ace": N_("Ace (the classic)"), "curiosity": N_("Curiosity"), "grail": N_("Grail"),
               "mercury": N_("Mercury"), "sophie": N_("Sophie"), "imhotep": N_("Imhotep")}
"""The starting setups by name, as the host's option and the setting-up steps say them."""
