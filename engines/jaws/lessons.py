"""What a first game of Jaws explains (``Game.lessons``, the table option "First game"), in the words
of the German edition's rulebook (jaws.de.txt): Act 1's phases, then Act 2's.

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

START = Lesson("start", Text("The shark's secret start"), Text(
    "The shark chooses one of the 12 water spaces to start on and notes it on its movement plan; it "
    "does not tell the crew. The shark figure does not go on the board: it comes into play only in "
    "certain situations."), Text("Act 1: Setup, 5"))
EVENT = Lesson("event", Text("Phase 1: Event"), Text(
    "Each round begins with the top Amity event card: the swimmers it asks for go from the supply onto "
    "the water of the beaches whose letters stand beside the swimmer symbol. Then its text is read "
    "aloud and followed; some events act at once, others later in the round."), Text("Act 1: Phase 1: Event"),
    begins=("event_card",))
SHARK = Lesson("shark", Text("Phase 2: The shark"), Text(
    "The shark may take up to 3 actions and one ability, in any order: move 1 space through the water "
    "to an adjacent space (not diagonally, not over land) or eat 1 swimmer on its space. It keeps its "
    "actions secret and tells the crew only the swimmers eaten, the motion detectors set off and "
    "whether it played an ability."), Text("Act 1: Phase 2: The shark"),
    begins=("shark_turn",))
CREW = Lesson("crew", Text("Phase 3: The crew"), Text(
    "Each crew member may take up to 4 actions: move, rescue swimmers, and their own: Quint's barrels, "
    "Brody's binoculars and closing a beach, Hooper's fish finder. The crew takes its turns in any "
    "order, but a crew member who has begun a turn finishes it before the next one begins."),
    Text("Act 1: Phase 3: The crew"))
ORCA = Lesson("orca", Text("Act 2: The Orca"), Text(
    "The shark now tries to eliminate all 3 crew members or destroy the Orca; the crew's goal is to "
    "eliminate the shark. Each crew member places their figure on a boat space of their choice; several "
    "may stand on the same space."), Text("Act 2: Preparation"),
    begins=("act2",))
DECIDE = Lesson("decide", Text("Phase 2: The shark's decision"), Text(
    "Three resurface cards lie open at A, B and C: the zones where the shark may come up this round. "
    "The shark secretly chooses one by laying a large resurface chip face down, and may put one special "
    "ability card from its hand face down under it."), Text("Act 2: Phase 2: The shark's decision"),
    begins=("decide",))
PREP = Lesson("prep", Text("Phase 3: Crew preparations"), Text(
    "Each crew member may move up to 2 spaces (from water onto the boat costs 2), chooses a weapon and "
    "places target chips on the zones where they expect the shark. Now that the shark has chosen, the "
    "crew may talk it over."), Text("Act 2: Phase 3: Crew preparations"),
    begins=("locked",))
ATTACK = Lesson("attack", Text("Phase 5: The crew attacks"), Text(
    "Every crew member whose target chip lies on the zone where the shark came up may attack it, in any "
    "order; whoever chose a wrong zone may not attack. Roll the number of dice the weapon card shows and "
    "add up the hits."), Text("Act 2: Phase 5: The crew attacks"),
    begins=("surfaced",))
BITE = Lesson("bite", Text("Phase 6: The shark attacks"), Text(
    "The shark attacks either the boat or one crew member in the water. To attack the boat it must be "
    "next to the boat space it aims at; a space that takes too much damage is destroyed."),
    Text("Act 2: Phase 6: The shark attacks"),
    begins=("bite", "bitten", "rammed"))
ALL = (START, EVENT, SHARK, CREW, ORCA, DECIDE, PREP, ATTACK, BITE)
"""Every lesson, in the order a game meets them (docs/jaws.md "First game")."""

_ACT1 = {"start": START, "event": EVENT, "shark": SHARK, "crew": CREW}
_ACT2 = {"carry": ORCA, "tiles": ORCA, "tracks": ORCA, "gear": ORCA, "place": ORCA, "turn": ORCA,
         "decide": DECIDE, "prep": PREP, "bait": PREP, "attack": ATTACK, "roll": ATTACK, "ammo": ATTACK,
         "ram": BITE, "bite": BITE, "cage": BITE, "maul": BITE, "domino": BITE, "second": BITE}


def teach(view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event]) -> tuple[Lesson, ...]:
    out: list[Lesson] = []
    if view.get("act") == 2:
        orca = view.get("orca") or {}
        lesson = _ACT2.get(str(orca.get("phase")))
        if lesson is not None and lesson is not ORCA:
            out.append(ORCA)   # whatever Act 2 begins with, its preparation is told first
        if lesson is not None:
            out.append(lesson)
        return tuple(out)
    if view.get("card") is not None and view.get("phase") in ("shark", "crew"):
        out.append(EVENT)   # the card was turned (digital chance turns it inside the play)
    lesson = _ACT1.get(str(view.get("phase")))
    if lesson is not None and lesson not in out:
        out.append(lesson)
    return tuple(out)
