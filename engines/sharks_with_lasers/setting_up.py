"""How to set up the real box for a start position (docs/engines.md "Setting up and teaching"), read
from the position itself: the board and the sharks, each player's agent and action cards (and the
two special cards when the table plays with them), who starts (rulebook: Voorbereiding, Start).

The marks the table drawing knows (web/static/games/sharks-with-lasers.js): ``"sharks"`` and
``"start_zone"``.
"""

from __future__ import annotations

from collections import Counter

from engines.core import DIGITAL, ChanceMode, SetupStep
from engines.sharks_with_lasers.board import NAMED, Layout, square_name
from engines.sharks_with_lasers.cards import CARDS
from engines.sharks_with_lasers.state import SharksState
from engines.sharks_with_lasers.table import Table
from engines.sharks_with_lasers.words import card_name, shark
from engines.text import N_, Text, plural

SETUP_SECTION = N_("Rulebook, Preparation")   # its section: "VOORBEREIDING" (Fzzzt!: "Spelvoorbereiding")
START_SECTION = N_("Rulebook, Start")


def card_lines(cards: list[str] | tuple[str, ...]) -> tuple[Text, ...]:
    """A line per kind of card: how many, and its name (the base cards first, as printed)."""
    counts = Counter(cards)
    order = sorted(counts, key=lambda c: (CARDS[c].special, c))
    return tuple(Text("{count}× {card}", {"count": counts[c], "card": card_name(c)}) for c in order)


def base_cards(t: Table, seat: int) -> list[str]:
    return [c for c in t.hands[seat] if not CARDS[c].special]


def steps(state: SharksState, chance: ChanceMode = DIGITAL) -> tuple[SetupStep, ...]:
    """The table's steps; ``chance`` is the table's mode, which the game keeps in its state too:
    with digital chance the special cards stay in the box, with physical chance they are drawn."""
    t = state.table
    setup, start = Text(SETUP_SECTION), Text(START_SECTION)
    lay = t.layout
    sharks = tuple(Text("{shark} on {square}", {"shark": shark(i), "square": square_name(lay, sq)})
                   for i, (sq, _) in enumerate(t.sharks))
    hand = base_cards(t, 0)
    steps = [
        SetupStep("board", Text("The board and the sharks"), (
            Text("Lay out the board for {count} players ({width} by {height} squares).",
                 {"count": t.players, "width": lay.width, "height": lay.height}),
            *sharks,
            Text("Every shark faces the boat."),
            *_guessed(lay)), ("sharks",), setup),
        SetupStep("agents", Text("Agents and action cards"), (
            plural(len(hand), "Each player takes an agent figure, a death counter card and {count} action "
                   "card in its colour:", "Each player takes an agent figure, a death counter card and "
                   "{count} action cards in its colour:"),
            *card_lines(hand)), (), setup),
    ]
    if t.specials and t.chance == DIGITAL:   # its deal is not one a real draw gives (review G5)
        steps.append(SetupStep("specials", Text("Special cards"), (
            Text("The special action cards stay in the box: the companion dealt each player two, which "
                 "only that player's phone shows."),), (), setup))
    elif t.specials:
        steps.append(SetupStep("specials", Text("Special cards"), (
            Text("Shuffle the special action cards; each player draws two and keeps them secret."),
            Text("Each phone asks its player which two they drew.")), (), setup))
    steps.append(SetupStep("start", Text("Who starts"), (
        Text("{seat} starts and takes the start player card.", {"seat": t.start}),
        Text("The agents go on the start zone one at a time, anticlockwise, beginning with the player to "
             "the right of the start player; the start player places last."),
        Text("The start zone: {squares}.",
             {"squares": ", ".join(square_name(lay, sq) for sq in lay.start_zone)})),
        ("start_zone",), start))
    return tuple(steps)


def _guessed(lay: Layout) -> tuple[Text, ...]:
    """A board of layouts.json is the project's default, not the box's (the rulebook's pictures of
    the boards are lost: docs/data/sharks-with-lasers.md 1.2): the table is told so, and where to
    correct it; a board the table wrote itself says nothing."""
    if NAMED.get(lay.name) != lay:
        return ()
    return (Text("The board's size, the sharks' squares and the start zone are the project's guess (the "
                 "rulebook's pictures are lost); the host corrects them with the Board option."),)


def part(state: SharksState, seat: int) -> tuple[Text, ...]:
    t = state.table
    out = [Text("Take your agent figure, your death counter card and these action cards:"),
           *card_lines(base_cards(t, seat))]
    specials = [c for c in t.hands[seat] if CARDS[c].special]
    if specials:
        out.append(Text("Your special cards (secret): {first} and {second}.",
                        {"first": card_name(specials[0]), "second": card_name(specials[-1])}))
    elif t.specials:
        out.append(Text("Draw two special cards and keep them secret; your phone asks which."))
    if seat == t.start:
        out.append(Text("You start: take the start player card; you place your agent last."))
    return tuple(out)
