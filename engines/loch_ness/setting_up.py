"""Setting up the real box: the steps the table screen shows and each seat's own part, built from
the start position :func:`engines.loch_ness.placing.set_up` made (never a second copy of the setup,
which could drift from the one the game plays).

The rulebook's "Begin van het spel" (and "Versie voor gevorderden" when the advanced version is
played), with the counts of the position: the tool cards (open and sorted, or in face-down
stacks), the discovery cards on the sites and in the piles, the boats in the harbour, reputation,
bagpipe tokens, Nessie. What the rulebook does not print (which tools have 7 cards, the split of
the water and land cards, who begins) is said to be this table's choice, never a printed rule.
A player's own coloured cards (advanced) are in that player's part only.

``marks`` name what the table renderer outlines (web/static/games/loch-ness.js, ``SETUP_MARKS``).
"""

from __future__ import annotations

from engines.core import DIGITAL, ChanceMode, SetupStep
from engines.loch_ness.board import SAMPLE_NAME, route_mark
from engines.loch_ness.decks import SEVEN, default_decks
from engines.loch_ness.state import LochNessState
from engines.loch_ness.table import BOATS, RESERVE, Table
from engines.loch_ness.words import TOOLS, find_phrase, tool_phrase
from engines.text import Text, plural

START = Text("Start of the game")
ADVANCED = Text("Advanced version")


def steps(state: LochNessState, chance: ChanceMode = DIGITAL) -> tuple[SetupStep, ...]:
    """The table's steps for the position the game starts from (() once it is over). ``chance`` is
    the table's mode, which the game keeps in its state too: with digital chance the companion holds
    the discovery cards (and, advanced, the tool stacks), so those stay in the box and the screens
    show them; with physical chance the table shuffles and lays the real ones."""
    t = state.table
    if t.phase == "over":
        return ()
    return (_board(t), _tools(t), _discoveries(t), _piles(t), _players(t), _nessie(t))


def part(state: LochNessState, seat: int) -> tuple[Text, ...]:
    """What ``seat`` takes: its boats, reputation, bagpipes and (advanced) its coloured cards."""
    t = state.table
    if not 0 <= seat < t.players or t.phase == "over":
        return ()
    boats = t.boats_of(seat)
    home = sum(1 for b in boats if t.where[b] == t.board.harbour)
    out = [
        plural(home, "Put {count} boat of your colour in the harbour; your other {reserve} wait beside the "
               "board.",
               "Put {count} boats of your colour in the harbour; your other {reserve} wait beside the board.",
               reserve=sum(1 for b in boats if t.where[b] == RESERVE)),
        Text("Your boats carry no tools yet: they take them in town."),
        Text("Set your score marker to {count} and take {pipes} bagpipe tokens.",
             {"count": t.reputation[seat], "pipes": t.bagpipes[seat]}),
    ]
    if seat == t.start_player:
        out.append(Text("You begin: take the start player card."))
    hand = t.hands[seat]
    if hand and t.chance == DIGITAL:
        out.append(plural(len(hand),
                          "Your discovery card, to lay on a site with your phone (the card stays in the "
                          "box): {list}.",
                          "Your {count} discovery cards, to lay on the sites with your phone one at a time "
                          "(the cards stay in the box): {list}.",
                          list=_listed([find_phrase(c[0]) for c in hand])))
    elif hand:
        out.append(plural(len(hand), "Your discovery card to lay face down: {list}.",
                          "Your {count} discovery cards to lay face down, one at a time: {list}.",
                          list=_listed([find_phrase(c[0]) for c in hand])))
    return tuple(out)


def _listed(items: list[Text]) -> Text:
    out = items[0] if items else Text("none")
    for item in items[1:]:
        out = Text("{list}, {item}", {"list": out, "item": item})
    return out


def _board(t: Table) -> SetupStep:
    # the sample board's name is the project's words, said in the table's language; a table's own
    # board keeps the name the table gave it
    name: Text | str = Text(SAMPLE_NAME) if t.board.placeholder else t.board.name
    lines = [Text("Lay out the board: {name}.", {"name": name})]
    if t.board.placeholder:
        lines.append(Text("This is the sample board, a made-up placeholder: with your own board, enter it in "
                          "the map editor first."))
    return SetupStep("board", Text("The board"), tuple(lines), ("board",), START)


def _tools(t: Table) -> SetupStep:
    counts = t.decks.tools
    sevens = [tool_phrase(c) for c, n in zip(TOOLS, counts, strict=True) if n == SEVEN]
    listed = _listed([Text("{tool} {count}", {"tool": tool_phrase(c), "count": n})
                      for c, n in zip(TOOLS, counts, strict=True)])
    note = Text("The rulebook does not print which three tools have 7 cards: this table counts 7 for {list}.",
                {"list": _listed(sevens)})
    if not t.advanced:
        lines: tuple[Text, ...] = (
            plural(sum(counts), "Lay the {count} tool card out sorted and face up: {list}.",
                   "Lay the {count} tool cards out sorted and face up: {list}.", list=listed), note)
        return SetupStep("tools", Text("The tool cards"), lines, ("supply",), START)
    sizes = ", ".join(str(len(s)) for s in t.stacks)
    if t.chance == DIGITAL:
        held = (plural(len(t.stacks),
                       "The companion shuffled the {cards} tool cards into {count} stack ({sizes}): the "
                       "tool cards stay in the box.",
                       "The companion shuffled the {cards} tool cards into {count} stacks ({sizes}): the "
                       "tool cards stay in the box.", cards=sum(counts), sizes=sizes),
                Text("A boat that takes tools chooses a stack and picks one or two of its cards on its "
                     "owner's phone; only that phone shows them until they are used."), note)
        return SetupStep("tools", Text("The tool cards"), held, ("stacks",), ADVANCED)
    lines = (plural(len(t.stacks),
                    "Shuffle the {cards} tool cards and lay them face down in {count} stack ({sizes}).",
                    "Shuffle the {cards} tool cards and lay them face down in {count} stacks ({sizes}).",
                    cards=sum(counts), sizes=sizes),
             Text("A boat that takes tools chooses a stack and picks one or two of its cards; they stay "
                  "hidden in the boat until used."), note)
    return SetupStep("tools", Text("The tool cards"), lines, ("stacks",), ADVANCED)


def _discoveries(t: Table) -> SetupStep:
    board = t.board
    water = sum(len(t.face_down[s]) for s in board.sites if board.back[s] == "water")
    land = sum(len(t.face_down[s]) for s in board.sites if board.back[s] == "land")
    lines: list[Text] = []
    if t.chance == DIGITAL and t.advanced:
        lines.append(Text("The discovery cards stay in the box. Starting with the player left of the start "
                          "player, each player lays one card of their own colour on a site with their phone, "
                          "until every site is full; some sites take two."))
    elif t.chance == DIGITAL:
        lines.append(Text("The discovery cards stay in the box: the companion lays {water} water cards and "
                          "{land} land cards face down on the sites (some take two), as the table screen "
                          "shows.", {"water": water, "land": land}))
    elif t.advanced:
        lines.append(Text("Each player takes the {count} discovery cards of their own colour. Starting with "
                          "the player left of the start player, each lays one face down on a site of their "
                          "choice, until every site is full; some sites take two cards.",
                          {"count": max(len(h) for h in t.hands)}))
    else:   # physical chance: the real cards, shuffled and laid; the explorer enters each one turned
        lines.append(Text("Shuffle the water (blue) and the land (green) discovery cards apart."))
        lines.append(Text("Lay a blue card face down on each dive site and a green card on each island site: "
                          "{water} water cards and {land} land cards; some sites take two.",
                          {"water": water, "land": land}))
    left_out = sum(g.count for g in t.decks.groups) - sum(g.count for g in t.decks.in_play(t.players))
    if left_out:
        lines.append(plural(left_out, "With 3 players the {count} card marked IV is not used.",
                            "With 3 players the {count} cards marked IV are not used."))
    if t.chance == DIGITAL:
        lines.append(Text("A card turned is shown on the screens; a find goes aboard from the box."))
    return SetupStep("discoveries", Text("The discovery cards"), tuple(lines), ("sites",),
                     ADVANCED if t.advanced else START)


def _piles(t: Table) -> SetupStep:
    """The discovery cards not on a site (a step of its own: with the sites, one step was more than
    the table screen's side holds in Dutch or German)."""
    water, land = len(t.piles[0]), len(t.piles[1])
    if t.chance == DIGITAL:
        lines = [_held_piles(t, water, land)]
    elif t.advanced:
        # the coloured cards not laid in the placement round join the piles then (LN2: the step
        # counted only the cards without a colour, 11 + 11, where the piles came to hold 30)
        slots = sum(t.board.site[s] for s in t.board.sites)
        left = sum(len(h) for h in t.hands) - slots
        lines = [plural(left, "The {count} coloured card left over once every site is full is shuffled with "
                        "the cards without a colour ({water} water cards and {land} land cards): together "
                        "they are the piles beside the board.",
                        "The {count} coloured cards left over once every site is full are shuffled with "
                        "the cards without a colour ({water} water cards and {land} land cards): together "
                        "they are the piles beside the board.", water=water, land=land)]
    else:
        lines = [Text("The rest make two piles on the board: {water} water cards and {land} land cards.",
                      {"water": water, "land": land})]
    if t.decks.groups == default_decks().groups:
        lines.append(Text("The rulebook does not print how many water and land cards there are: these are "
                          "the project's guess, which a board of your own may correct."))
    lines.append(Text("Lay the observation cards apart beside the board."))
    return SetupStep("piles", Text("Piles"), tuple(lines), ("piles",), ADVANCED if t.advanced else START)


def _held_piles(t: Table, water: int, land: int) -> Text:
    """Digital chance: the companion's piles (advanced: the coloured cards left over join them)."""
    if not t.advanced:
        return Text("The companion keeps the other discovery cards as two piles: {water} water cards and "
                    "{land} land cards.", {"water": water, "land": land})
    left = sum(len(h) for h in t.hands) - sum(t.board.site[s] for s in t.board.sites)
    return plural(left,
                  "The {count} coloured card left over once every site is full joins the cards without a "
                  "colour ({water} water cards and {land} land cards) in the companion's two piles.",
                  "The {count} coloured cards left over once every site is full join the cards without a "
                  "colour ({water} water cards and {land} land cards) in the companion's two piles.",
                  water=water, land=land)


def _players(t: Table) -> SetupStep:
    harbour = t.board.harbour
    home = sum(1 for b in range(t.players * BOATS) if t.where[b] == harbour)
    lines = (
        plural(home, "Each player puts one boat of their colour in the harbour: {count} boat.",
               "Each player puts one boat of their colour in the harbour: {count} boats."),
        Text("Each player sets their score marker to {count}.", {"count": t.reputation[0]}),
        Text("Each player takes {count} bagpipe tokens.", {"count": t.bagpipes[0]}),
        Text("The rulebook lets the best swimmer begin; here {seat} begins and takes the start player card.",
             {"seat": t.start_player}),
    )
    return SetupStep("players", Text("The players"), lines, ("harbour", "boats", "reputation"), START)


def _nessie(t: Table) -> SetupStep:
    board = t.board
    mark = route_mark(t.players)
    start = board.route_from(t.players)[0]
    lines = (
        Text("Nessie goes on the space with her picture: {space}.", {"space": board.ids[t.nessie]}),
        Text("With {count} players her endgame route starts at the space marked {mark}: {space}.",
             {"count": t.players, "mark": mark, "space": board.ids[start]}),
    )
    return SetupStep("nessie", Text("Nessie"), lines, ("nessie", "route"), START)


__all__ = ["part", "steps"]
