"""The things of Loch Ness: tools, discoveries, terrains, and the words for them.

Each kind has a one-letter code (the position notation), a word (JSON: actions, views) and a
phrase (a msgid, so a Dutch phone reads "verrekijker", not "binoculars"). Points are the
rulebook's score table ("Doedelzak-fiche ... Foto van een jong monster: 8 punten").

>>> TOOL_WORD["d"], FIND_CODE["young"], POINTS["Y"]
('diving_suit', 'Y', 8)
>>> str(find_phrase("T")), str(tool_phrase("b"))
('tracks', 'binoculars')
"""

from __future__ import annotations

from engines.text import Text

# --------------------------------------------------------------------------- tools

MOTOR, SHOVEL, CAMERA, BINOCULARS, DIVING_SUIT, THIEF, WEAPON = "m", "s", "c", "b", "d", "t", "w"
TOOLS = MOTOR + SHOVEL + CAMERA + BINOCULARS + DIVING_SUIT + THIEF + WEAPON
"""motor, shovel, camera, binoculars, diving suit, thief, weapon: the rulebook's seven tools."""
TOOL_WORD: dict[str, str] = {"m": "motor", "s": "shovel", "c": "camera", "b": "binoculars",
                             "d": "diving_suit", "t": "thief", "w": "weapon"}
TOOL_CODE: dict[str, str] = {w: c for c, w in TOOL_WORD.items()}
_TOOL_PHRASE: dict[str, str] = {"m": "motor", "s": "shovel", "c": "camera", "b": "binoculars",
                                "d": "diving suit", "t": "thief", "w": "weapon"}

# --------------------------------------------------------------------------- discoveries

FINDS = "TNEYCAOX"
"""tracks, nest, egg shells, young monster, treasure chest, activists, octopus, Nessie."""
OBSERVATION = "V"
"""An observation of Nessie (binoculars): counts as a discovery card on the boat, 6 points."""
FIND_WORD: dict[str, str] = {"T": "tracks", "N": "nest", "E": "egg_shells", "Y": "young_monster",
                             "C": "treasure_chest", "A": "activists", "O": "octopus", "X": "nessie",
                             "V": "observation"}
FIND_CODE: dict[str, str] = {w: c for c, w in FIND_WORD.items()}
# short aliases a phone or a test may use
FIND_CODE.update({"young": "Y", "eggs": "E", "chest": "C"})
_FIND_PHRASE: dict[str, str] = {"T": "tracks", "N": "a nest", "E": "egg shells", "Y": "a young monster",
                                "C": "a treasure chest", "A": "environmental activists",
                                "O": "an octopus", "X": "Nessie", "V": "an observation of Nessie"}

_ABOARD_PHRASE: dict[str, str] = {"Y": "a photo of a young monster"}
"""A find as a boat carries it, where that is not the card turned: a young monster is photographed
("Als de speler een camera heeft kan hij een foto maken en deze meenemen op de boot"; the score table:
"Foto van een jong monster: 8 punten")."""
PHOTOGRAPHED = frozenset(_ABOARD_PHRASE)
"""Finds the boat photographs instead of taking the card's subject aboard."""

POINTS: dict[str, int] = {"T": 6, "N": 4, "E": 1, "Y": 8, "C": 2, "V": 6}
"""Reputation for a find handed in at the harbour (a chest: 2 at the end if never spent)."""
NEEDS: dict[str, str] = {"T": CAMERA, "Y": CAMERA, "N": SHOVEL}
"""The tool a find needs to be taken: a camera for tracks and a young monster, a shovel for a nest."""
TAKEABLE = "TNEYC"
"""Finds that stay face up when not taken; activists, the octopus and Nessie act and leave."""

# --------------------------------------------------------------------------- terrain

TERRAINS = ("water", "island", "harbour", "front")
"""Lake water, an island, the harbour, and the water space in front of the harbour."""
BACKS = ("water", "land")
"""The two backs of the discovery cards: water cards go to dive sites, land cards to islands."""


def tool_phrase(code: str) -> Text:
    return Text(_TOOL_PHRASE[code])


def find_phrase(code: str) -> Text:
    return Text(_FIND_PHRASE[code])


def aboard_phrase(code: str) -> Text:
    """The find as it lies aboard: a photo of a young monster, else the card itself."""
    return Text(_ABOARD_PHRASE.get(code) or _FIND_PHRASE[code])


# The msgids above, written out so the catalogue extractor finds them as whole literals.
_MSGIDS = (
    Text("motor"), Text("shovel"), Text("camera"), Text("binoculars"), Text("diving suit"),
    Text("thief"), Text("weapon"), Text("tracks"), Text("a nest"), Text("egg shells"),
    Text("a young monster"), Text("a treasure chest"), Text("environmental activists"),
    Text("an octopus"), Text("Nessie"), Text("an observation of Nessie"), Text("a photo of a young monster"),
)
