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
