"""What a first game of Laser Chess explains (``Game.lessons``, the table option "First game"), in
the words of the German edition's rulebook (laser-chess.de.txt).

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

TURN = Lesson("turn", Text("Each turn: one action"), Text(
    "Blue begins; you take turns and move only your own pieces. On your turn you do one thing: move a "
    "piece one square in any direction (straight or diagonal), turn a piece 90 degrees, or turn your "
    "Laser to face the board's first column or first row."), Text("Course of play, 1 and 2"))
LASER = Lesson("laser", Text("The laser fires"), Text(
    "At the end of every turn the player's laser fires. Every piece the beam hits so that it is "
    "captured leaves the board, even one of your own. The game ends at once when a King is hit."),
    Text("Course of play, 3"),
    begins=("laser",))
CAPTURE = Lesson("capture", Text("Which side the beam hits"), Text(
    "A Deflector's mirror turns the beam 90 degrees; hit on a side without the mirror it is captured. "
    "A Defender's front blocks the beam, but hit on a side or the back it is captured. A Switch turns "
    "the beam with both sides and is never captured; it may swap places with a Deflector or Defender "
    "next to it."), Text("Explanation of the pieces"),
    begins=("laser",))
MOVES = Lesson("moves", Text("Where a piece may go"), Text(
    "A piece steps only onto an empty square; a Switch may instead swap places with a Deflector or "
    "Defender of either colour next to it. The squares marked in the other player's colour are closed to "
    "your pieces. The Lasers stay in their corners all game and cannot be captured."),
    Text("Movement rules; Explanation of the pieces: Laser, Switch"))
END = Lesson("end", Text("How the game ends"), Text(
    "The player whose King is hit loses at once, even when their own laser hits it. When the same "
    "position comes for the third time, the player to move may declare a draw; nobody has to."),
    Text("End of the game"),
    begins=("laser",))
ALL = (MOVES, TURN, LASER, CAPTURE, END)
"""Every lesson, in the order a game meets them (docs/laser-chess.md "First game")."""

WHY: Mapping[str, tuple[str, ...]] = {
    "move": ("turn", "moves"),   # a step, a turn, a Switch's swap or the Laser turned: one action a turn
    "laser": ("laser", "capture"),
    "game_over": ("end", "laser"),
    "draw_declared": ("end",),
}
"""Issue 37, point 6 ("every told step on the TV offers 'Why?'"): each public event type the table
screen tells -> the lessons (keys of ``ALL``) whose rule decided it, the most relevant first."""
NO_RULE: frozenset[str] = frozenset()
"""Public event types no lesson explains (mapped to ``()`` in ``WHY``): none."""

WHY_PLAY: Mapping[str, tuple[str, ...]] = {
    "move": ("moves", "turn"),
    "rotate": ("turn",),
    "swap": ("moves", "turn"),
    "declare_draw": ("end",),
}
"""Each kind of play a phone makes -> the lessons that say its rule (a refused play's "Why?")."""


def teach(view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event]) -> tuple[Lesson, ...]:
    out: list[Lesson] = []
    if view.get("last_beam") is not None or any(ev.get("type") == "laser" for ev in events):
        out.append(LASER)
    # which side the beam takes: with the first shot, the first time a beam meets the pieces
    # (docs/laser-chess.md "Rules a first game needs": the table needs it then, issue 37, point 5)
    if view.get("removed") or view.get("last_beam") is not None:
        out.append(CAPTURE)
    if view.get("removed") or view.get("can_declare_draw"):
        out.append(END)   # with the first piece taken: a King is taken the same way
    if awaiting and not int(view.get("ply") or 0):
        out.append(MOVES)   # before the first move: what the first turn's moves may do
    if awaiting:
        out.append(TURN)   # the decision now comes last (the phone of the seat to move says it)
    return tuple(out)
