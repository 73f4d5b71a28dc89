"""What a first game of Sharks with Lasers explains (``Game.lessons``, the table option "First
game"), in the words of the Dutch edition's rulebook (sharks-with-lasers.nl.txt).

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

GOAL = Lesson("goal", Text("Reaching the island alive"), Text(
    "The first player whose agent is on the last row, beside the island's beach, at the end of a round "
    "wins; a tie goes to the fewest deaths, then to the playing order. Whoever has died fewer than three "
    "times while every other player has died three times or more wins at once. A round is three phases: "
    "placing agents, playing cards, resolving actions; then everyone takes their cards back and the "
    "starting player card passes clockwise."),
    Text("Winning the game; The game"))
START = Lesson("start", Text("Placing the agents"), Text(
    "One at a time, counterclockwise, starting with the player to the right of the starting player, "
    "each player places their agent on any free space of the agents' start zone. The starting player "
    "places their agent last, and then the game begins."), Text("Game start"))
PLAY = Lesson("play", Text("Playing cards"), Text(
    "Starting with the starting player and going clockwise, each player does one thing: play a card "
    "face down on their own agent (no more than two a round), play a card face down on one of the "
    "sharks, or pass. Once a player passes, every other player has one last action. Do not tell anyone "
    "which card you played."), Text("Phase II - Playing cards"),
    begins=("phase",))
RESOLVE = Lesson("resolve", Text("Resolving actions"), Text(
    "The cards are turned over and resolved in three steps: each agent's first action, clockwise from "
    "the starting player; then the sharks, white, grey and black, the card played first first; then "
    "each agent's second action. A laser beam hits the first figure in its way: an agent without a "
    "shield does not survive."), Text("Phase III - Resolving actions"),
    begins=("revealed",))
PLACE = Lesson("place", Text("Placing agents again"), Text(
    "A dead agent is back on the boat. Each player whose agent died in the last round places it on any "
    "free space of the agents' start zone, starting with the starting player and going clockwise."),
    Text("Phase I - Placing agents"),
    begins=("round",))
PRE = Lesson("pre", Text("Before the round: special cards"), Text(
    "Before phase I each player holding a special card, from the starting player clockwise, may play "
    "one that acts before the round: Shark-o-Porter, Tractor Beam, Shark Scare or Current Generator; "
    "it is done at once and discarded. Everyone is asked in turn, so nobody learns who holds one; "
    "the other special cards are played in phase II instead of a card."),
    Text("Special actions"))
CARDS = Lesson("cards", Text("What the cards do"), Text(
    "Played on your agent, a card moves it one space forward, left or right (an agent never turns), or "
    "gives it a shield against one laser shot, but only as its first action. Played on a shark, a card "
    "moves it one space the way it faces, turns it left, right or 180 degrees, or fires its laser. A "
    "shark that would swim onto the beach or the boat turns around instead; one that leaves the board "
    "over open water comes back on the opposite side."),
    Text("Resolving actions"),
    begins=("phase",))
DYING = Lesson("dying", Text("Dying and collisions"), Text(
    "An agent hit by a laser without a shield, or on the same space as a shark, dies: its other actions "
    "are lost, it goes back on the boat and its death counter turns one symbol on. A figure moving onto "
    "another of its kind pushes it one space the same way; a push that would put an agent off the board "
    "does not happen, and the whole move has no effect."),
    Text("Dying; Collisions"),
    begins=("revealed", "fried", "eaten", "pushed", "blocked"))
ALL = (GOAL, START, CARDS, PLAY, RESOLVE, DYING, PRE, PLACE)
"""Every lesson, in the order a game meets them (docs/sharks-with-lasers.md "First game")."""

WHY: Mapping[str, tuple[str, ...]] = {
    "placed": ("start", "place"),
    "no_room": ("place", "start"),   # the start zone is full: an agent is placed only on a free space
    # special cards: dealt and asked for before the round; Shark Spy, Shark Freeze and the Laser Blast
    # Deflector are played in phase II, the Deflector's and a diagonal move's choice come in phase III
    "dealt": ("pre",),
    "asked": ("pre",),
    "spy": ("pre", "play"),
    "frozen": ("pre", "resolve"),
    "deflected": ("pre", "resolve"),
    "choice": ("pre", "dying", "resolve"),
    "phase": ("play", "resolve"),   # the play begins, every card is played, the cards are turned over
    "played": ("play",),
    "passed": ("play",),
    "revealed": ("resolve", "pre"),   # a card turned in phase III, or a special card played before the round
    "gear": ("cards", "resolve"),   # a protection played as the agent's first action
    "shield": ("cards", "resolve"),
    "no_effect": ("cards", "dying", "pre"),   # too late (second action), a blank card, a frozen card
    "moved": ("cards", "pre"),   # a card's move, or the Shark-o-Porter before the round
    "turned": ("cards",),
    "wrapped": ("cards",),
    "beam": ("resolve", "cards", "dying"),
    "fried": ("dying", "resolve"),
    "eaten": ("dying",),
    "lost": ("dying",),
    "counter": ("dying", "goal"),
    "pushed": ("dying",),   # collisions
    "blocked": ("dying", "cards"),   # a push or a move that would put an agent off the board
    "round": ("goal", "place"),   # cards back to hand, the starting player card passes; then placing again
    "tie": ("goal",),
    "winner": ("goal",),
}
"""Issue 37, point 6 ("every told step on the TV offers 'Why?'"): each public event type the table
screen tells -> the lessons (keys of ``ALL``) whose rule decided it, the most relevant first."""
NO_RULE: frozenset[str] = frozenset()
"""Public event types no lesson explains (mapped to ``()`` in ``WHY``): none."""

WHY_PLAY: Mapping[str, tuple[str, ...]] = {
    "agent": ("play", "cards"),
    "shark": ("play", "cards"),
    "pass": ("play",),
    "place": ("start", "place"),
    "done": ("pre",),
    "specials": ("cards",),    # the real special cards drawn, entered
    "spy": ("pre", "cards"),
    "porter": ("pre",),
    "scare": ("pre",),
    "tractor": ("pre",),
    "current": ("pre",),
}
"""Each kind of play a phone makes -> the lessons that say its rule (a refused play's "Why?")."""


def teach(view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event]) -> tuple[Lesson, ...]:
    out: list[Lesson] = []
    phase = view.get("phase")
    if phase == "setup":
        # the cards while the other agents are placed: one lesson at a time on the table screen, and
        # the table knows them before the first card is played
        out += [CARDS] if any(ev.get("type") == "placed" for ev in events) else [GOAL, START]
    if any(ev.get("type") == "round" for ev in events):
        out += [RESOLVE, DYING]
    elif any(ev.get("type") in DYING.begins[1:] for ev in events):
        out.append(DYING)   # a figure died or was pushed before any round was resolved (a special card)
    if phase == "pre":
        out.append(PRE)
    if phase == "place":
        out.append(PLACE)
    if phase == "play":
        out += [CARDS, PLAY]
    return tuple(out)
