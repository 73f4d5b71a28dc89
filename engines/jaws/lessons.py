"""What a first game of Jaws explains (``Game.lessons``, the table option "First game"), in the words
of the German edition's rulebook (jaws.de.txt): Act 1's phases, then Act 2's.

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

GOAL = Lesson("goal", Text("The shark against the crew"), Text(
    "One player is the shark; the others are the crew and share Quint, Brody and Hooper. In Act 1 the "
    "shark secretly eats swimmers around Amity while the crew rescues them and tries to attach 2 barrels "
    "to it: Act 1 ends at once with the second barrel, or when the shark's swimmer track reaches 9 (7 "
    "when Act 1 is played alone). Act 1 decides how many cards each side gets in Act 2, on the Orca, "
    "where the crew wins by eliminating the shark and the shark by eliminating all three crew members or "
    "destroying the Orca."),
    Text("Overview; End of Act 1"))
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
ABILITIES = Lesson("abilities", Text("The shark's abilities"), Text(
    "The shark has four ability tiles, each to be used once a game; it tells the crew that it played "
    "one, never which. Feeding Frenzy eats every swimmer on its space in one action, Evasive Moves sets "
    "off no motion detector this round, Out of Sight lets it answer the binoculars and the fish finder "
    "with not there (or neither there nor nearby) even when it is, and Speed Burst moves it up to 3 "
    "spaces in one action."),
    Text("Act 1: Abilities"),
    begins=("shark_turn",))
SEARCH = Lesson("search", Text("Finding the shark"), Text(
    "The shark must answer the crew truthfully (unless it played Out of Sight): Brody's binoculars, on "
    "one of the 4 beaches, ask whether it is in the water there, and Hooper's fish finder whether it is "
    "on that space, nearby (on an adjacent space) or neither there nor nearby; once a round each. Quint "
    "throws a barrel onto his own space or an adjacent one: on the shark's space it is attached to the "
    "shark, elsewhere it floats, and its motion detector goes off when the shark is on that space."),
    Text("Act 1: Phase 3: The crew; Motion detectors"))
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
FIGHT = Lesson("fight", Text("Weapons and wounds"), Text(
    "A melee or entangle weapon needs its target chip on its user's space or an adjacent one; a ranged "
    "weapon may aim at any water space. An attack wounds the shark once for every hit above the evade "
    "value on its resurface card, and an entangle weapon sticks to it without dice until a shake-off "
    "symbol. The shark's dice wound a crew member in the water once per hit, or damage or destroy a boat "
    "space, and everyone on it falls into the water. Whoever's wound track reaches X is eliminated."),
    Text("Act 2: Phase 3: Crew preparations; Phase 5: The crew attacks; Phase 6: The shark attacks"))
GEAR = Lesson("gear", Text("Accessories"), Text(
    "Gear cards with no symbol in the top left corner are accessories, used besides a weapon. Bait, "
    "played once the shark has chosen (one a round), makes it reveal a resurface chip it did not choose; "
    "ammunition is discarded instead of a pistol or rifle after a shot, so the weapon stays; the shark "
    "cage, played before the shark rolls, keeps its user from wounds this round."),
    Text("Act 2: Phase 3: Accessories"))
ALL = (GOAL, START, EVENT, ABILITIES, SHARK, SEARCH, CREW, ORCA, FIGHT, GEAR, DECIDE, PREP, ATTACK, BITE)
"""Every lesson, in the order a game meets them (docs/jaws.md "First game")."""

WHY: Mapping[str, tuple[str, ...]] = {
    # Act 1: the secret start, the event card and what it does
    "shark_start": ("start",),
    "event_card": ("event",),
    "swimmers": ("event",),
    "beach_closed": ("crew", "event"),   # the beach Brody closed gets no swimmers, then opens again
    "beach_opened": ("crew", "event"),
    "choice": ("event",),   # an event card asks the crew (Mayor Vaughn, the dock, Michael, hoax, helicopter)
    "mayor": ("event",),
    "michael": ("event",),
    "knocked": ("event", "shark"),   # an event card lets the shark knock a captain into the water
    "climbed": ("event", "crew"),
    # the shark's phase, as it tells it
    "shark_turn": ("shark", "abilities"),
    "shark_ate": ("shark", "goal"),
    "sensors": ("search", "shark"),   # the motion detectors of the floating barrels
    "ability": ("abilities",),
    # the crew's phase
    "moved": ("crew", "event"),   # a crew member's move, or one an event card makes (dock, hoax, helicopter)
    "rescued": ("crew",),
    "collected": ("crew", "search"),
    "handed": ("crew", "search"),
    "delivered": ("crew",),
    "closed": ("crew",),
    "binoculars": ("search",),
    "finder": ("search",),
    "hit": ("search", "goal"),
    "miss": ("search",),
    "crew_done": ("crew",),
    "act_over": ("goal",),
    "revealed": ("goal", "shark"),   # Act 1 over: the path it kept secret is shown
    # Act 2: carried over from Act 1, the Orca built and boarded
    "act2": ("orca",),
    "carry": ("goal", "orca"),
    "dealt": ("goal", "decide"),   # the shark's ability cards, as many as Act 1 gave it
    "own_gear": ("fight", "gear"),
    "gear_in": ("gear", "fight", "goal"),
    "tile_numbers": ("bite", "fight"),
    "track": ("fight",),
    "placed": ("orca",),
    # a round: the resurface options, the shark's secret choice, the crew's preparations
    "round2": ("decide",),
    "option": ("decide",),
    "reshuffle": ("decide",),   # the resurface deck used up: its cards are what the options come from
    "decide": ("decide",),
    "locked": ("prep",),
    "moved2": ("prep",),
    "weapon": ("prep", "fight"),
    "target": ("prep", "fight"),
    "bait": ("gear", "prep"),
    "shown": ("gear", "decide"),   # bait: a chip the shark did not choose
    "ready": ("prep",),
    # the shark resurfaces and plays its ability card; the crew attacks
    "surfaced": ("attack", "decide"),
    "ability2": ("decide",),
    "shaken": ("fight",),   # the shake-off symbol on the resurface card frees it of entangle weapons
    "retarget": ("fight", "prep"),
    "on_target": ("attack",),
    "attacks": ("attack", "fight"),
    "held": ("attack",),
    "roll_asked": ("attack", "bite"),   # the crew's dice or the shark's
    "rolled": ("attack", "bite"),
    "crew_hit": ("fight", "attack"),
    "entangled": ("fight",),
    "discarded": ("gear", "fight"),   # a pistol or rifle goes after a shot unless ammunition is discarded
    "ammo": ("gear",),
    # the shark attacks; its ability cards (Ramming Speed, Maul Again, Second Helping, Domino Effect, Big
    # Mouth, Making Waves) change the attack: no lesson tells each card, the decision lesson says it plays one
    "no_bite": ("bite",),
    "bite": ("bite",),
    "cage_asked": ("gear",),
    "caged": ("gear",),
    "ram_asked": ("bite", "decide"),
    "rammed": ("bite", "decide"),
    "maul_asked": ("bite", "decide"),
    "mauled": ("bite", "decide"),
    "bitten": ("bite", "fight"),
    "cage_saves": ("gear",),
    "second_asked": ("bite", "decide"),
    "second": ("bite", "decide"),
    "domino_asked": ("bite", "decide"),
    "domino": ("bite", "decide"),
    "tile_held": ("fight", "bite"),
    "tile_damaged": ("fight", "bite"),
    "tile_destroyed": ("fight", "bite"),
    "fell": ("fight", "decide"),   # off a destroyed space, or Making Waves
    "big_mouth": ("fight", "decide"),
    "extras": ("bite", "fight"),   # one die against each crew member in the water next to the shark
    "extra_hit": ("bite", "fight"),
    "eliminated": ("fight", "orca"),
    "dived": ("decide", "prep"),   # the round is over: the next begins with new options, target chips back
    "game_over": ("orca", "goal"),
    # the host corrects a gear card it entered by mistake: no rule decided that
    "gear_out": (),
}
"""Issue 37, point 6 ("every told step on the TV offers 'Why?'"): each public event type the table
screen tells -> the lessons (keys of ``ALL``) whose rule decided it, the most relevant first."""
NO_RULE: frozenset[str] = frozenset({"gear_out"})
"""Public event types no lesson explains (mapped to ``()`` in ``WHY``): ``gear_out`` puts back a gear
card the host entered by mistake (the real cards): a correction of what was entered, not a step of play."""

WHY_PLAY: Mapping[str, tuple[str, ...]] = {
    # Act 1: the shark's plan and the crew's actions
    "start": ("start",), "move": ("shark", "crew"), "eat": ("shark",), "end": ("shark", "crew"),
    "burst": ("abilities",), "frenzy": ("abilities",), "evade": ("abilities",), "hide": ("abilities",),
    "rescue": ("crew",), "binoculars": ("search",), "finder": ("search",), "throw": ("search", "crew"),
    "close": ("crew",), "collect": ("crew",), "deliver": ("crew",), "knock": ("event", "crew"),
    "climb": ("event", "crew"), "back": ("shark", "crew"), "lock": ("shark",),
    # Act 2: the shark's decision, the crew's preparations and attacks, the shark's bite
    "surface": ("decide",), "choose": ("decide",), "reveal": ("decide", "attack"),
    "place": ("orca", "prep"), "ready": ("prep",), "target": ("prep", "fight"), "weapon": ("prep", "fight"),
    "give": ("prep", "gear"), "hold": ("attack",), "attack": ("attack", "fight"), "ammo": ("gear", "fight"),
    "bait": ("gear",), "cage": ("gear",), "bite": ("bite",), "ram": ("bite", "decide"),
    "maul": ("bite", "decide"), "domino": ("bite", "decide"), "second": ("bite", "decide"),
    # what the table enters from the real box (a phone or the host page): the cards, tiles, tracks,
    # the gear shared out, the dice's hits
    "card": ("event",), "resurface": ("decide",), "tile": ("orca",), "track": ("orca",),
    "carry": ("orca",), "gear": ("prep", "gear"), "hits": ("attack", "fight"),
}
"""Each kind of play a phone makes -> the lessons that say its rule (a refused play's "Why?")."""

_ACT1 = {"start": START, "event": EVENT, "shark": SHARK, "crew": CREW}
_BOX = ("carry", "tiles", "tracks", "gear")   # Act 2's preparation before the crew boards
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
        if lesson is not None and orca.get("phase") not in _BOX:
            out.append(FIGHT)   # from the crew's boarding on: where it stands decides what it can reach
        if lesson is not None and orca.get("phase") not in (*_BOX, "place"):
            out.append(GEAR)   # from the first resurface options on, before the crew prepares
        if lesson is not None and lesson not in out:
            out.append(lesson)
        return tuple(out)
    if view.get("phase") == "start":
        out.append(GOAL)
    if view.get("card") is not None and view.get("phase") in ("shark", "crew"):
        out.append(EVENT)   # the card was turned (digital chance turns it inside the play)
    lesson = _ACT1.get(str(view.get("phase")))
    if lesson is SHARK:
        out.append(ABILITIES)   # what the shark may play in its phase, before its first turn
    if lesson is CREW:
        out.append(SEARCH)   # what the crew's searches and barrels tell, before its first turn
    if lesson is not None and lesson not in out:
        out.append(lesson)
    return tuple(out)
