"""What a first game of Loch Ness explains (``Game.lessons``, the table option "First game"), in the
words of the Dutch edition's rulebook (loch-ness.nl.txt).

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

PLACE = Lesson("place", Text("Laying out the finds"), Text(
    "Each player holds the discovery cards of their own colour. Starting with the player to the left of "
    "the starting player, each player lays one card on a location of their choice, until every "
    "location is filled; some locations need two cards."), Text("Advanced version"))
TURN = Lesson("turn", Text("Each turn: every boat"), Text(
    "Play goes clockwise. In your turn each of your boats has its go: it may move or look around. A "
    "boat moves up to three spaces, four with a motor, and never onto or through Nessie's space."),
    Text("Course of play; Moving"))
TOWN = Lesson("town", Text("Looking around in town"), Text(
    "A boat in the harbour may first hand in discovery cards for reputation points and put back tools; "
    "then it may pick one or two tools, two cost 2 reputation points. A boat holds at most three tools, "
    "and after looking around it may not sail out straight away."), Text("Looking around in town"),
    begins=("town",))
EXPLORE = Lesson("explore", Text("Exploring"), Text(
    "A boat moored at an island may explore it; at a diving site it needs a diving suit aboard. The card "
    "lying there is turned over for everyone to see, and the boat may take it aboard if it has the right "
    "tool: a camera for tracks and a young monster, a shovel for a nest."),
    Text("Looking around outside the harbour"),
    begins=("explores",))
CONFLICT = Lesson("conflict", Text("Robbing and attacking"), Text(
    "A boat that ends in the same area as a boat of another colour may rob it (with a thief aboard) or "
    "attack it, not both. The robbed boat's owner stops the theft by showing a thief of their own; in an "
    "attack, a boat that shows a weapon against one that does not knocks that boat on its side."),
    Text("Stealing; Attacking a boat"),
    begins=("steal", "attack"))
END_TURN = Lesson("end_turn", Text("End of the turn: treasure chests and bagpipes"), Text(
    "When your boats have had their go, your turn ends. A treasure chest brought back to the harbour "
    "gives one boat one more go (one chest a turn). A bagpipe token (three each) moves Nessie to a "
    "neighbouring lake space, never the one before the harbour: every boat there is eaten, and its "
    "owner gets 2 reputation points."), Text("End of the turn"))
ENDGAME = Lesson("endgame", Text("Nessie attacks the harbour"), Text(
    "The end is in sight: Nessie attacks the harbour. Each player has two more turns, and after each "
    "turn Nessie moves on one space and eats every boat on it; no more bagpipes or observations, and "
    "boats in the harbour may no longer sail out."), Text("End of the game"))
TOOLS = Lesson("tools", Text("What the tools do"), Text(
    "A motor lets a boat sail four spaces, a shovel digs up a nest, a camera photographs tracks and a "
    "young monster, and a diving suit lets a boat explore a diving site. With binoculars a boat that ends "
    "next to Nessie may observe her: it takes an observation card, worth 6 reputation points in the "
    "harbour. A thief lets a boat rob another, and a weapon gives the upper hand in an attack."),
    Text("Course of play; Observing Nessie"))
FINDS = Lesson("finds", Text("What the discovery cards are worth"), Text(
    "Handed in at the harbour, tracks are worth 6 reputation points, a nest 4, egg shells 1 (always taken "
    "along) and a young monster 8. A treasure chest brought back gives a boat an extra go, or 2 points at "
    "the end if unused. Activists cost 1 point, an octopus sinks the boat, and a Nessie card brings "
    "Nessie onto the boat's space, where she eats every boat; a boat holds at most three discovery "
    "cards and may never throw one away."),
    Text("Looking around outside the harbour"),
    begins=("explores",))
AFTER = Lesson("after", Text("After the turn: boats and new cards"), Text(
    "A boat taken off the board goes back to the harbour: its discovery cards leave the game and its "
    "tools go back to their piles. A player with no boat in the harbour and fewer than three on the board "
    "puts a new boat in the harbour at the end of their turn. Then every empty island and diving site "
    "gets a new discovery card from the piles."),
    Text("End of the turn"),
    begins=("new_boat", "home", "refilled"))
FINAL = Lesson("final", Text("The final count"), Text(
    "The end comes when no discovery card is left to fill an empty place, or when a card with Nessie is "
    "turned over for the third time. Once Nessie reaches the space before the harbour, the game ends and "
    "everyone hands in their discovery cards: in full on boats in the harbour, for half on boats outside. "
    "The highest reputation wins."),
    Text("End of the game"))
STACKS = Lesson("stacks", Text("The tool stacks"), Text(
    "In the advanced version the tool cards lie face down in three stacks, two with 3 players. A boat "
    "looking around in town picks one stack, looks through it and takes one or two tools from it; they "
    "stay face down aboard until they are used, and a tool put back goes face down on any stack."),
    Text("Advanced version"))
ALL = (FINDS, PLACE, STACKS, TURN, AFTER, END_TURN, TOOLS, TOWN, EXPLORE, CONFLICT, ENDGAME, FINAL)
"""Every lesson, in the order a game meets them (docs/loch-ness.md "First game")."""

WHY: Mapping[str, tuple[str, ...]] = {
    # the setting up: the finds laid out (told by the advanced version's lesson, the one that lays them)
    "setup": ("place", "stacks", "finds"),
    "placed": ("place",),
    "placed_all": ("place",),
    "turn": ("turn",),
    "upright": ("conflict", "turn"),   # knocked on its side in an attack: it has no go this turn
    "moved": ("turn",),
    # looking around in town: finds handed in, tools put back, taken (from a stack) and shown
    "town": ("town",),
    "town_join": ("town",),
    "handed_in": ("town", "finds"),
    "chests_kept": ("finds", "end_turn"),
    "returned": ("town", "stacks"),
    "gave": ("town", "tools"),   # a tool moved between two boats looking around in town together
    "stack": ("stacks", "town"),
    "tool": ("town", "tools", "stacks"),
    "shown": ("stacks", "tools"),   # a face-down tool turned up as it is used
    # outside the harbour: exploring and what the card turned does
    "explores": ("explore", "finds"),
    "dived": ("explore", "tools"),
    "turned": ("explore", "finds"),
    "took": ("explore", "tools", "finds"),
    "activists": ("finds",),
    "sunk": ("finds",),
    "surfaced": ("finds", "final"),   # a Nessie card; the third one brings the end in sight
    "nessie_card_late": ("endgame", "finds"),
    "observed": ("tools",),
    # robbing and attacking
    "steal": ("conflict",),
    "blocked": ("conflict",),
    "unblocked": ("conflict",),
    "empty": ("conflict",),
    "drew_tool": ("conflict",),
    "stole": ("conflict", "tools"),
    "attack": ("conflict", "tools"),
    "defended": ("conflict",),
    "undefended": ("conflict",),
    "knocked": ("conflict",),
    # the turn's end
    "chest": ("end_turn", "finds"),
    "bagpipe": ("end_turn",),
    "eaten": ("end_turn", "finds", "endgame"),   # by a bagpipe, a Nessie card, or her last swim
    "home": ("after",),
    "tools_back": ("after", "stacks"),
    "new_boat": ("after",),
    "refilled": ("after",),
    # the end
    "end_in_sight": ("final", "endgame"),
    "harbour_attack": ("endgame",),
    "nessie_swims": ("endgame",),
    "game_over": ("final",),
}
"""Issue 37, point 6 ("every told step on the TV offers 'Why?'"): each public event type the table
screen tells -> the lessons (keys of ``ALL``) whose rule decided it, the most relevant first."""
NO_RULE: frozenset[str] = frozenset()
"""Public event types no lesson explains (mapped to ``()`` in ``WHY``): none."""

WHY_PLAY: Mapping[str, tuple[str, ...]] = {
    "move": ("turn",),
    "town": ("town",),
    "return": ("town", "tools"),
    "tool": ("town", "tools"),
    "stack": ("stacks", "town"),
    "take": ("explore", "finds"),
    "join": ("town",),
    "give": ("town",),
    "done": ("turn",),
    "explore": ("explore",),
    "bottom": ("explore",),
    "observe": ("explore",),
    "attack": ("conflict",),
    "steal": ("conflict",),
    "defend": ("conflict",),
    "bagpipe": ("end_turn",),
    "chest": ("end_turn",),
    "end_turn": ("end_turn",),
    "place": ("place",),
    "turned": ("explore",),    # the card turned, entered (real cards)
    "drawn": ("conflict",),    # a thief's draw, entered (real cards)
}
"""Each kind of play a phone makes -> the lessons that say its rule (a refused play's "Why?")."""


def teach(view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event]) -> tuple[Lesson, ...]:
    out: list[Lesson] = []
    phase, step = view.get("phase"), view.get("step")
    endgame = view.get("endgame") or {}
    kinds = {str(ev.get("type")) for ev in events}
    if phase == "place":
        # the finds laid out: what each is worth; once the first card lies, the tool stacks (one lesson
        # new at a time on the table screen, and known before a boat first looks around in town)
        out += [FINDS, STACKS, PLACE] if "placed" in kinds and view.get("advanced") else [FINDS, PLACE]
    if phase == "turn":
        if endgame.get("stage") in ("in_sight", "last_turns"):
            out += [ENDGAME, FINAL]
        if "explores" in kinds:
            out.append(EXPLORE)   # explored without a choice to make: told with the card turned
        if kinds & {"steal", "attack"}:
            out.append(CONFLICT)   # the conflict was told (the robbed or attacked player was not asked)
        if kinds & set(FINDS.begins) or step in ("explore", "card"):
            out.append(FINDS)
        done = step == "act" and _boats_done(view)   # only the turn's end is left: chests, bagpipes
        if kinds & set(AFTER.begins):
            out.append(AFTER)   # told when it happens: the turn's end has its own lesson (end_turn)
        if step == "town":
            out.append(TOOLS)   # the tools are chosen here
        lesson = {"town": TOWN, "explore": EXPLORE, "card": EXPLORE, "thief": CONFLICT,
                  "defend": CONFLICT}.get(str(step), END_TURN if done else TURN)
        out += [lesson] if lesson not in out else []
    return tuple(out)


def _boats_done(view: Mapping[str, Any]) -> bool:
    """Every boat of the seat to act has had its go (or cannot: sunk, on its side)."""
    turn = view.get("turn")
    players = view.get("players") or []
    boats = next((p.get("boats") or [] for p in players if p.get("seat") == turn), [])
    return bool(boats) and all(b.get("acted") or b.get("side") or b.get("where") is None for b in boats)
