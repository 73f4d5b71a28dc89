"""How to set up the real box for a start position (docs/engines.md "Setting up and teaching"), read
from the position itself: the mechanic cards the player count uses, who is chief, the starting
hands, the conveyor deck and its first row (rulebook: Spelvoorbereiding, Voorbereiding).

The marks the table drawing knows (web/static/games/fzzzt.js): ``"mechanics"``, ``"hands"``,
``"deck"`` and ``"conveyor"``.
"""

from __future__ import annotations

from engines.core import DIGITAL, ChanceMode, SetupStep
from engines.fzzzt.state import FzzztState
from engines.fzzzt.table import ROW, FzzztTable
from engines.text import N_, Text, plural

SETUP_SECTION = N_("Rulebook, Setup")
ROUND_SECTION = N_("Rulebook, Bidding rounds: Preparation")


def conveyor_count(state: FzzztTable) -> int:
    """The conveyor cards once the mechanics are dealt: the deck (the row face down in it) and the
    cards turned face up."""
    return len(state.deck) + len(state.open)


def steps(state: FzzztState, chance: ChanceMode = DIGITAL) -> tuple[SetupStep, ...]:
    """The table's steps. With digital chance the companion holds the conveyor deck (its shuffle is
    one no real shuffle gives), so the robot cards stay in the box and the screens show them; with
    physical chance the table shuffles and deals the real cards and the host enters what came up.
    ``chance`` is the table's mode, which this game also keeps in its own state."""
    if state.chance == DIGITAL:
        return _digital(state)
    setup, preparation = Text(SETUP_SECTION), Text(ROUND_SECTION)
    steps = [
        SetupStep("mechanics", Text("Mechanic cards"), (
            _used(state), Text("Shuffle them and deal one to each player."), _chief(state)),
            ("mechanics",), setup),
        SetupStep("hands", Text("Starting hands"), (
            Text("Each player takes the three robot cards with their mechanic number on them (power 1, "
                 "2 and 3)."),
            plural(4, "With the mechanic card that is {count} card in hand.",
                   "With the mechanic card that is {count} cards in hand.")), ("hands",), setup),
        SetupStep("deck", Text("The conveyor deck"), (
            plural(conveyor_count(state), "The chief mechanic shuffles the other {count} card: the "
                   "conveyor deck, face down at one end of the table.", "The chief mechanic shuffles the "
                   "other {count} cards: the conveyor deck, face down at one end of the table.")
            if _dealt(state) else Text("The chief mechanic shuffles the other cards: the conveyor deck, face "
                                       "down at one end of the table."),), ("deck",), setup),
    ]
    row = [plural(ROW, "Lay the top {count} card face down in a row beside the deck: the conveyor.",
                  "Lay the top {count} cards face down in a row beside the deck: the conveyor.")]
    if state.open:
        row.append(Text("Turn face up, from the head of the conveyor (farthest from the deck): {cards}.",
                        {"cards": state.phrases(state.open)}))
    else:
        row.append(Text("Turn the card at the head of the conveyor (farthest from the deck) face up; its "
                        "conveyor number says how many cards lie open."))
    steps.append(SetupStep("conveyor", Text("The conveyor"), tuple(row), ("conveyor",), preparation))
    return tuple(steps)


def _digital(state: FzzztState) -> tuple[SetupStep, ...]:
    """Digital chance: the companion dealt the mechanic cards (public: each player takes the one
    named) and holds every robot card; nobody shuffles, and nobody looks through a deck for a card."""
    setup, preparation = Text(SETUP_SECTION), Text(ROUND_SECTION)
    return (
        SetupStep("mechanics", Text("Mechanic cards"), (
            _used(state), Text("The companion dealt them: each player takes the mechanic card their phone "
                               "names."), _chief(state)), ("mechanics",), setup),
        SetupStep("hands", Text("Starting hands"), (
            Text("The robot cards and the production units stay in the box: the companion holds them, and "
                 "each phone shows its player's hand."),
            Text("Each starting hand is the three robot cards with the player's mechanic number (power 1, 2 "
                 "and 3)."),), ("hands",), setup),
        SetupStep("deck", Text("The conveyor deck"), (
            plural(conveyor_count(state), "The companion shuffled the other {count} card: the conveyor deck, "
                   "which the table screen shows.", "The companion shuffled the other {count} cards: the "
                   "conveyor deck, which the table screen shows."),), ("deck",), setup),
        SetupStep("conveyor", Text("The conveyor"), (
            plural(ROW, "The table screen lays the top {count} card face down as the conveyor.",
                   "The table screen lays the top {count} cards face down as the conveyor."),
            *([Text("Face up, from the head of the conveyor: {cards}.", {"cards": state.phrases(state.open)})]
              if state.open else []),
        ), ("conveyor",), preparation),
    )


def _dealt(state: FzzztState) -> bool:
    return state.phase != "mechanics"


def _used(state: FzzztState) -> Text:
    used = ", ".join(str(k) for k in range(1, state.n + 1))
    return Text("Use mechanic cards {numbers}; the others stay in the box.", {"numbers": used})


def _chief(state: FzzztState) -> Text:
    if _dealt(state):
        return Text("{seat} drew mechanic card 1: the chief mechanic takes the wrench and starts the first "
                    "bidding round.", {"seat": state.chief})
    return Text("The host enters who drew which card; card 1 makes the chief mechanic.")


def part(state: FzzztState, seat: int) -> tuple[Text, ...]:
    if state.phase == "mechanics" or seat >= len(state.mechanics):
        return (Text("Take the mechanic card you are dealt; the host enters it."),)
    number = state.mechanics[seat]
    out = [Text("You drew mechanic card {number}.", {"number": number})]
    if seat == state.chief:
        out.append(Text("You are the chief mechanic: take the wrench. You start the first bidding round "
                        "and turn the conveyor cards."))
    out.append(Text("Your hand: {cards}.", {"cards": state.phrases(state.hands[seat])}))
    return tuple(out)
