"""What a first game of Sharks with Lasers explains (``Game.lessons``, the table option "First
game"), in the words of the Dutch edition's rulebook (sharks-with-lasers.nl.txt).

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

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
ALL = (START, PLAY, RESOLVE, PRE, PLACE)
"""Every lesson, in the order a game meets them (docs/sharks-with-lasers.md "First game")."""


def teach(view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event]) -> tuple[Lesson, ...]:
    out: list[Lesson] = []
    phase = view.get("phase")
    if phase == "setup":
        out.append(START)
    if any(ev.get("type") == "round" for ev in events):
        out.append(RESOLVE)
    if phase == "pre":
        out.append(PRE)
    if phase == "place":
        out.append(PLACE)
    if phase == "play":
        out.append(PLAY)
    return tuple(out)
